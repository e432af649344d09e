#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks UTF-8 text line by line without copying: LF, CRLF and a lone CR all end a line.
///
/// Files without any CR are scanned with `memchr`, which is several times faster
/// than a byte loop on long files.
public struct LineScanner {
    @usableFromInline package let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the text has a CR anywhere; without one, consecutive lines are contiguous
    /// with exactly one LF between them.
    @usableFromInline package let hasCarriageReturns: Bool

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if let base = bytes.baseAddress, bytes.count > 0 {
            hasCarriageReturns = memchr(base, 0x0D, bytes.count) != nil
        } else {
            hasCarriageReturns = false
        }
    }

    package init(_ view: ByteView) { self.init(view.buffer) }

    /// The text, as a view.
    @inlinable
    package var view: ByteView { ByteView(bytes) }

    package var count: Int { bytes.count }

    /// The end (exclusive, before the line break) of the line starting at `start`,
    /// and where the next line starts (`count` at the end of the text).
    ///
    /// - Complexity: O(line length).
    @inlinable @inline(__always)
    package func line(from start: Int) -> (end: Int, next: Int) {
        let count = bytes.count
        guard start < count, let base = bytes.baseAddress else { return (count, count) }
        if !hasCarriageReturns {
            guard let found = memchr(base + start, 0x0A, count - start) else { return (count, count) }
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            return (end, end + 1)
        }
        var index = start
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A { return (index, index + 1) }
            if byte == 0x0D {
                return (index, index + 1 < count && bytes[index + 1] == 0x0A ? index + 2 : index + 1)
            }
            index += 1
        }
        return (count, count)
    }

    /// Whether `byte` ends a line (LF or CR).
    @inlinable @inline(__always)
    package static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    /// Whether `start..<end` holds only spaces and tabs.
    @inlinable @inline(__always)
    package func isBlank(_ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte != 0x20 && byte != 0x09 { return false }
            index += 1
        }
        return true
    }

    /// Whether `start..<end` of `bytes` holds `-->`.
    ///
    /// - Complexity: O(end - start), using `memchr` to jump from one `>` to the next.
    package static func containsArrow(_ bytes: ByteView, _ start: Int, _ end: Int) -> Bool {
        containsArrow(bytes.buffer, start, end)
    }

    /// Whether `start..<end` of `bytes` holds `-->`.
    package static func containsArrow(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var from = start + 2
        while from < end {
            guard let found = memchr(base + from, Int32(UInt8(ascii: ">")), end - from) else { return false }
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if bytes[index - 1] == UInt8(ascii: "-") && bytes[index - 2] == UInt8(ascii: "-") { return true }
            from = index + 1
        }
        return false
    }

    /// The text of `start..<end`.
    package func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
