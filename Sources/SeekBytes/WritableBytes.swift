/// A fixed run of writable bytes (the storage a parser writes cue texts into), filled from
/// the front: what code outside SeekBytes holds instead of `UnsafeMutableBufferPointer<UInt8>`.
/// Every write is asserted to stay inside it in debug builds.
@frozen
public struct WritableBytes {
    @usableFromInline let bytes: UnsafeMutableBufferPointer<UInt8>

    /// Bytes to write into, valid as long as `buffer` is.
    @inlinable
    package init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { bytes = buffer }

    /// Runs `body` with `capacity` fresh bytes, given back when it returns.
    @inlinable
    package static func withAllocated<Result>(capacity: Int, _ body: (WritableBytes) -> Result) -> Result {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        return body(WritableBytes(buffer))
    }

    /// How many bytes there are.
    @inlinable
    public var count: Int { bytes.count }

    /// The byte at `index`.
    @inlinable
    public subscript(_ index: Int) -> UInt8 {
        @inline(__always) get {
            assert(index >= 0 && index < bytes.count, "a byte outside the buffer")
            return bytes[index]
        }
        @inline(__always) nonmutating set {
            assert(index >= 0 && index < bytes.count, "a byte outside the buffer")
            bytes[index] = newValue
        }
    }

    /// Copies the first `count` bytes of `source` to `index`; `source` may lie in these same bytes,
    /// overlapping the copy (`update(from:count:)` copies overlapping regions as `memmove` does).
    @inlinable
    package func copy(_ source: ByteView, count: Int, to index: Int) {
        assert(count >= 0 && count <= source.count && index >= 0 && index + count <= bytes.count, "a copy inside both")
        guard count > 0, let from = source.buffer.baseAddress, let to = bytes.baseAddress else { return }
        (to + index).update(from: from, count: count)
    }

    /// The first `count` bytes, to read.
    @inlinable
    package func prefix(_ count: Int) -> ByteView {
        assert(count >= 0 && count <= bytes.count, "a prefix inside the buffer")
        return ByteView(UnsafeBufferPointer(rebasing: bytes[..<count]))
    }
}
