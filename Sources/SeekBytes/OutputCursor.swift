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

    /// Appends `count` copies of `byte`.
    @inlinable @inline(__always)
    package mutating func append(repeating byte: UInt8, count: Int) {
        guard count > 0 else { return }
        assert(position + count <= end, "a write inside the room made")
        (base + position).update(repeating: byte, count: count)
        position &+= count
    }

    /// Appends the bytes of a string literal.
    @inlinable @inline(__always)
    package mutating func append(_ literal: StaticString) {
        let count = literal.utf8CodeUnitCount
        assert(position + count <= end, "a write inside the room made")
        (base + position).update(from: literal.utf8Start, count: count)
        position &+= count
    }

    /// How many bytes have been written into the room so far.
    @inlinable
    package var written: Int { position }

    /// Appends `value` in decimal (at most 20 bytes): its digits counted by comparisons
    /// (`decimalDigits`), then written two at a time from the end (a division by 100 a pair
    /// instead of by 10 a digit, each pair one store).
    @inlinable
    package mutating func appendDecimal(_ value: Int) {
        var magnitude = value.magnitude
        if value < 0 { append(UInt8(ascii: "-")) }
        if magnitude < 10 {
            append(0x30 &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        let digits = Self.decimalDigits(magnitude)
        assert(position + digits <= end, "a write inside the room made")
        var index = position &+ digits
        while magnitude >= 100 {
            let rest = magnitude / 100
            index &-= 2
            storePair(magnitude &- rest &* 100, at: index)
            magnitude = rest
        }
        if magnitude >= 10 {
            index &-= 2
            storePair(magnitude, at: index)
        } else {
            index &-= 1
            base[index] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude)
        }
        assert(index == position, "as many digits written as counted")
        position &+= digits
    }

    /// Writes the two digits of `pair` (below 100) at `index` in one store, without moving
    /// `position`: the pair's two bytes of `digitPairs`, one load.
    @inlinable @inline(__always)
    mutating func storePair(_ pair: UInt, at index: Int) {
        assert(pair < 100 && index >= 0 && index + 2 <= end, "two digits inside the room made")
        let digits = UnsafeRawPointer(Self.digitPairs.utf8Start)
            .loadUnaligned(fromByteOffset: Int(bitPattern: pair &* 2), as: UInt16.self)
        UnsafeMutableRawPointer(base + index).storeBytes(of: digits, as: UInt16.self)
    }

    /// The two ASCII digits of every number below 100, in order (`00`, `01`, … `99`): a
    /// constant of the binary, read without a division.
    @inlinable @inline(__always)
    static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// How many decimal digits `value` (10 or more) has: up to eight by a few comparisons (the
    /// numbers an export writes most: positions, offsets, milliseconds), more by counting on.
    @inlinable @inline(__always)
    static func decimalDigits(_ value: UInt) -> Int {
        if value < 100_000_000 {
            if value < 10_000 { return value < 100 ? 2 : value < 1_000 ? 3 : 4 }
            return value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8)
        }
        // 10^19 is the largest power of ten a UInt holds; its 20 digits are the most there are.
        var digits = 9
        var power: UInt = 1_000_000_000
        while digits < 20 && value >= power {
            digits &+= 1
            if digits < 20 { power &*= 10 }
        }
        return digits
    }

    /// Appends milliseconds as `ByteWriting.appendTime` writes them (at most 32 bytes): written
    /// in place, hours of any width and a time before zero included.
    @inlinable
    package mutating func appendTime(_ milliseconds: Int) {
        let magnitude = milliseconds.magnitude
        let totalSeconds = magnitude / 1000
        let millis = magnitude &- totalSeconds &* 1000
        let totalMinutes = totalSeconds / 60
        let seconds = totalSeconds &- totalMinutes &* 60
        let hours = totalMinutes / 60
        let minutes = totalMinutes &- hours &* 60
        if milliseconds < 0 { append(UInt8(ascii: "-")) }
        if hours < 100 {
            assert(position + 2 <= end, "a write inside the room made")
            storePair(hours, at: position)
            position &+= 2
        } else if hours < 1000 {
            let hundreds = hours / 100
            append(0x30 &+ UInt8(truncatingIfNeeded: hundreds))
            assert(position + 2 <= end, "a write inside the room made")
            storePair(hours &- hundreds &* 100, at: position)
            position &+= 2
        } else {
            appendDecimal(Int(hours))
        }
        assert(position + 10 <= end, "a write inside the room made")
        let hundreds = millis / 100
        base[position] = UInt8(ascii: ":")
        storePair(minutes, at: position &+ 1)
        base[position &+ 3] = UInt8(ascii: ":")
        storePair(seconds, at: position &+ 4)
        base[position &+ 6] = UInt8(ascii: ".")
        base[position &+ 7] = 0x30 &+ UInt8(truncatingIfNeeded: hundreds)
        storePair(millis &- hundreds &* 100, at: position &+ 8)
        position &+= 10
    }
}

extension Array where Element == UInt8 {
    /// Runs `body` with a cursor over room for `maximum` more bytes at the end, and keeps the
    /// bytes it wrote: for a writer that knows how much it may write, one growth check in all.
    /// The room is the array's capacity past its end, not filled first: what it costs is what
    /// `body` writes, however generous `maximum` is. Nothing is allocated besides the array's
    /// growth (`body` is not kept anywhere, so it need not escape).
    ///
    /// - Precondition: `body` writes at most `maximum` bytes.
    @inlinable
    package mutating func appendWriting(atMost maximum: Int, _ body: (inout OutputCursor) -> Void) {
        guard maximum > 0 else { return }
        // Storage of this array alone (a copy shares it until then) with the room: grown
        // geometrically as `append` grows it.
        reserveCapacity(capacity < count + maximum ? Swift.max(count + maximum, 2 * capacity) : count + maximum)
        // The room lies past the array's last element, inside that storage; `WrittenRoom` then
        // tells `append(contentsOf:)` that the bytes written there are the new elements, and
        // checks that they are where it asks for them.
        var room: UnsafeMutablePointer<UInt8>?
        var written = 0
        withUnsafeMutableBufferPointer { elements in
            guard let base = elements.baseAddress else { return }
            room = base + elements.count
            var cursor = OutputCursor(base: base + elements.count, position: 0, end: maximum)
            body(&cursor)
            precondition(cursor.position <= maximum, "a writer wrote past the room it asked for")
            written = cursor.position
        }
        guard let room else { preconditionFailure("an array with room reserved has storage") }
        append(contentsOf: WrittenRoom(start: room, count: written))
    }
}

/// Bytes already written into an array's spare capacity (`[UInt8].appendWriting(atMost:_:)`):
/// a sequence that `append(contentsOf:)` asks to initialise that capacity
/// (`_copyContents(initializing:)`, the standard library's door for that), which it finds
/// done. It claims no length in advance (`underestimatedCount` is zero), so the array neither
/// grows nor moves before it asks.
@usableFromInline
struct WrittenRoom: Sequence {
    @usableFromInline let start: UnsafeMutablePointer<UInt8>
    @usableFromInline let count: Int

    @inlinable
    init(start: UnsafeMutablePointer<UInt8>, count: Int) {
        self.start = start
        self.count = count
    }

    @inlinable
    var underestimatedCount: Int { 0 }

    /// The bytes are there already; iterating yields nothing.
    @inlinable
    func makeIterator() -> EmptyCollection<UInt8>.Iterator { EmptyCollection<UInt8>.Iterator() }

    @inlinable
    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<UInt8>)
        -> (EmptyCollection<UInt8>.Iterator, UnsafeMutableBufferPointer<UInt8>.Index) {
        guard count > 0 else { return (makeIterator(), buffer.startIndex) }
        precondition(buffer.baseAddress == start && buffer.count >= count,
                     "the array's spare capacity is the room written")
        return (makeIterator(), count)
    }
}
