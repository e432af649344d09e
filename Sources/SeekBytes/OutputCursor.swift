/// Writes bytes into room made at the end of a byte array (`[UInt8].appendWriting(atMost:_:)`),
/// each write a store and a step: no capacity or uniqueness check per write, as `append` makes.
/// Every write is asserted to stay inside the room in debug builds.
@frozen
public struct OutputCursor {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let end: Int
    /// Where the next byte goes, from the start of the array.
    @usableFromInline var position: Int

    @inlinable
    init(base: UnsafeMutablePointer<UInt8>, position: Int, end: Int) {
        self.base = base
        self.position = position
        self.end = end
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        assert(position < end, "a write inside the room made")
        base[position] = byte
        position &+= 1
    }

    /// Appends the bytes of `bytes`.
    @inlinable @inline(__always)
    package mutating func append(_ bytes: ByteView) {
        assert(position + bytes.count <= end, "a write inside the room made")
        if let source = bytes.buffer.baseAddress { (base + position).update(from: source, count: bytes.count) }
        position &+= bytes.count
    }

    /// Appends the bytes of a string literal.
    @inlinable @inline(__always)
    package mutating func append(_ literal: StaticString) {
        let count = literal.utf8CodeUnitCount
        assert(position + count <= end, "a write inside the room made")
        (base + position).update(from: literal.utf8Start, count: count)
        position &+= count
    }

    /// Appends `value` in decimal (at most 20 bytes).
    @inlinable
    package mutating func appendDecimal(_ value: Int) {
        var magnitude = value.magnitude
        if value < 0 { append(UInt8(ascii: "-")) }
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        assert(position + digits <= end, "a write inside the room made")
        var index = position + digits
        repeat {
            index -= 1
            base[index] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        position &+= digits
    }

    /// Appends milliseconds as `ByteWriting.appendTime` writes them (at most 32 bytes): written
    /// in place, hours of any width and a time before zero included.
    @inlinable
    package mutating func appendTime(_ milliseconds: Int) {
        let magnitude = milliseconds.magnitude
        let totalSeconds = magnitude / 1000
        let hours = totalSeconds / 3600
        if milliseconds < 0 { append(UInt8(ascii: "-")) }
        if hours < 100 {
            append(0x30 &+ UInt8(truncatingIfNeeded: hours / 10))
            append(0x30 &+ UInt8(truncatingIfNeeded: hours % 10))
        } else {
            appendDecimal(Int(hours))
        }
        assert(position + 10 <= end, "a write inside the room made")
        ByteWriting.fillClock(UnsafeMutableRawBufferPointer(start: base + position, count: 10), from: 0,
                              minutes: (totalSeconds / 60) % 60, seconds: totalSeconds % 60, millis: magnitude % 1000)
        position &+= 10
    }
}

extension Array where Element == UInt8 {
    /// Runs `body` with a cursor over room for `maximum` more bytes at the end, and keeps the
    /// bytes it wrote: for a writer that knows how much it may write, one growth check in all.
    /// The room is the array's capacity past its end, not filled first: what it costs is what
    /// `body` writes, however generous `maximum` is.
    ///
    /// - Precondition: `body` writes at most `maximum` bytes.
    @inlinable
    package mutating func appendWriting(atMost maximum: Int, _ body: (inout OutputCursor) -> Void) {
        if capacity < count + maximum { reserveCapacity(Swift.max(count + maximum, 2 * capacity)) }
        withoutActuallyEscaping(body) { body in
            append(contentsOf: WrittenRoom(maximum: maximum, body: body))
        }
    }
}

/// The bytes a writer puts into room at the end of an array: a sequence that `append(contentsOf:)`
/// asks to initialise the array's spare capacity (`_copyContents(initializing:)`, the standard
/// library's door for that), which it does by running the writer over it. It claims no length in
/// advance (`underestimatedCount` is zero), so the array keeps exactly what was written.
@usableFromInline
struct WrittenRoom: Sequence {
    @usableFromInline let maximum: Int
    @usableFromInline let body: (inout OutputCursor) -> Void

    @inlinable
    init(maximum: Int, body: @escaping (inout OutputCursor) -> Void) {
        self.maximum = maximum
        self.body = body
    }

    @inlinable
    var underestimatedCount: Int { 0 }

    /// Writing happens only through `_copyContents`; iterating yields nothing.
    @inlinable
    func makeIterator() -> EmptyCollection<UInt8>.Iterator { EmptyCollection<UInt8>.Iterator() }

    @inlinable
    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<UInt8>)
        -> (EmptyCollection<UInt8>.Iterator, UnsafeMutableBufferPointer<UInt8>.Index) {
        guard maximum > 0 else { return (makeIterator(), buffer.startIndex) }
        precondition(buffer.count >= maximum, "the array's spare capacity holds the room reserved")
        var cursor = OutputCursor(base: buffer.baseAddress!, position: 0, end: maximum)
        body(&cursor)
        precondition(cursor.position <= maximum, "a writer wrote past the room it asked for")
        return (makeIterator(), cursor.position)
    }
}
