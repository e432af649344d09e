/// Makes a `String` from pieces of UTF-8 copied out of other bytes, written straight into the
/// string's own storage: no array in between, no second copy.
///
///     let text = StringAssembly.make(capacity: source.count) { output in
///         output.append(source, 0..<5)
///         output.append(0x0A)
///     }
public enum StringAssembly {
    /// The string `body` writes; it may write at most `capacity` bytes. Pieces should be whole
    /// UTF-8 (the string is validated once, as `String(unsafeUninitializedCapacity:)` does).
    ///
    /// - Complexity: O(bytes written).
    @inlinable
    package static func make(capacity: Int, _ body: (inout Output) -> Void) -> String {
        String(unsafeUninitializedCapacity: Swift.max(capacity, 1)) { buffer in
            var output = Output(buffer)
            body(&output)
            return output.count
        }
    }

    /// Where `make`'s body writes: bytes appended one after another, never past the capacity.
    public struct Output {
        @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
        /// How many bytes are written.
        @usableFromInline package private(set) var count = 0

        @inlinable
        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

        /// Appends one byte.
        @inlinable
        package mutating func append(_ byte: UInt8) {
            precondition(count < buffer.count, "StringAssembly wrote past its capacity")
            buffer[count] = byte
            count += 1
        }

        /// Appends `bytes[range]`.
        @inlinable
        package mutating func append(_ bytes: ByteView, _ range: Range<Int>) {
            append(bytes.buffer, range)
        }

        /// Appends `bytes[range]`.
        @inlinable
        package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a range outside the bytes")
            precondition(count + range.count <= buffer.count, "StringAssembly wrote past its capacity")
            guard !range.isEmpty, let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
            (target + count).initialize(from: source + range.lowerBound, count: range.count)
            count += range.count
        }
    }
}
