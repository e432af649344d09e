#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the next byte of a kind in a range of bytes (with `memchr`, or eight bytes at a time):
/// the scans parsers repeat over every byte of a file.
public enum ByteSearch {
    /// The index of the first `byte` in `bytes[from..<to]`, or `to` when there is none.
    ///
    /// - Complexity: O(result - from), with `memchr`.
    @inlinable
    package static func first(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        assert(from >= 0 && from <= to && to <= bytes.count, "range outside the bytes")
        guard from < to, let base = bytes.baseAddress,
              let found = memchr(base + from, Int32(byte), to - from) else { return to }
        let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        assert(index >= from && index < to, "memchr answered outside the range")
        return index
    }

    /// Whether `bytes[from..<to]` holds `byte`.
    @inlinable
    package static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        first(byte, in: bytes, from: from, to: to) < to
    }

    /// Whether the `count` bytes at `a` equal the `count` bytes at `b`.
    ///
    /// - Complexity: O(count), with `memcmp`.
    @inlinable
    package static func equal(in bytes: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, count: Int) -> Bool {
        assert(a >= 0 && b >= 0 && count >= 0 && a + count <= bytes.count && b + count <= bytes.count,
               "range outside the bytes")
        guard count > 0, let base = bytes.baseAddress else { return true }
        return memcmp(base + a, base + b, count) == 0
    }

    /// The index of the first byte in `bytes[from..<to]` that is below 0x21 (a space, tab, line
    /// break or other control) or equal to `byte`, or `to` when none is.
    ///
    /// - Complexity: O(result - from).
    @inlinable
    package static func firstSpaceOrByte(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        assert(from >= 0 && from <= to && to <= bytes.count, "range outside the bytes")
        var index = from
        while index + 8 <= to {
            let word = WordBytes.load(bytes, at: index, padding: 0)
            let marks = WordBytes.below(word, 0x21) | WordBytes.equal(word, byte)
            if marks != 0 { return index + marks.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < to {
            let value = bytes[index]
            if value < 0x21 || value == byte { return index }
            index += 1
        }
        return to
    }

    /// The index of the first byte in `bytes[from..<to]` equal to `a` or `b`, or `to`: eight
    /// bytes at a time, then one by one.
    ///
    /// - Complexity: O(result - from).
    @inlinable @inline(__always)
    package static func firstOfEither(_ a: UInt8, _ b: UInt8, in bytes: UnsafeBufferPointer<UInt8>,
                                      from: Int, to: Int) -> Int {
        assert(from >= 0 && from <= to && to <= bytes.count, "range outside the bytes")
        var index = from
        if let base = bytes.baseAddress {
            let (spreadA, spreadB) = (WordBytes.spread(a), WordBytes.spread(b))
            while index + 8 <= to {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // The lowest mark of `mayBeZero` is always a zero byte (a false one only follows a true one).
                let marks = WordBytes.mayBeZero(word ^ spreadA) | WordBytes.mayBeZero(word ^ spreadB)
                if marks != 0 { return index + marks.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < to {
            let value = bytes[index]
            if value == a || value == b { return index }
            index += 1
        }
        return to
    }

    /// `firstOf(_:_:_:_:in:from:to:)` sixteen bytes at a time: for runs of text (a paragraph's)
    /// long enough to pay for it. (Inlined into the scans of some parsers, SAMI's among them, it
    /// made them slower, so it is a function of its own.)
    ///
    /// - Complexity: O(result - from).
    @inlinable
    package static func firstOfInChunks(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8,
                                        in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        assert(from >= 0 && from <= to && to <= bytes.count, "range outside the bytes")
        var index = from
        if index + 16 <= to, let base = bytes.baseAddress {
            let (wantedA, wantedB) = (SIMD16<UInt8>(repeating: a), SIMD16<UInt8>(repeating: b))
            let (wantedC, wantedD) = (SIMD16<UInt8>(repeating: c), SIMD16<UInt8>(repeating: d))
            repeat {
                let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                let marks = ((chunk .== wantedA) .| (chunk .== wantedB)) .| ((chunk .== wantedC) .| (chunk .== wantedD))
                if let lane = marks.firstTrueLane { return index + lane }
                index += 16
            } while index + 16 <= to
        }
        return firstOf(a, b, c, d, in: bytes, from: index, to: to)
    }

    /// The index of the first byte in `bytes[from..<to]` equal to one of the four given, or `to`.
    ///
    /// - Complexity: O(result - from).
    @inlinable
    package static func firstOf(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, in bytes: UnsafeBufferPointer<UInt8>,
                                from: Int, to: Int) -> Int {
        assert(from >= 0 && from <= to && to <= bytes.count, "range outside the bytes")
        var index = from
        while index + 8 <= to {
            let word = WordBytes.load(bytes, at: index, padding: 0)
            let marks = WordBytes.equal(word, a) | WordBytes.equal(word, b) | WordBytes.equal(word, c)
                | WordBytes.equal(word, d)
            if marks != 0 { return index + marks.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < to {
            let value = bytes[index]
            if value == a || value == b || value == c || value == d { return index }
            index += 1
        }
        return to
    }

    /// The end of the run of text at `from` (which holds neither a space nor `stop`) that can be
    /// copied as it is when white space collapses: up to the first byte below 0x20, `stop`, or
    /// space that is followed by a space, a byte below 0x21 or `stop` (or ends the range).
    ///
    /// - Complexity: O(result - from).
    @inlinable
    package static func plainRunEnd(stop: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        assert(from >= 0 && from <= to && to <= bytes.count, "range outside the bytes")
        var index = from
        while index + 8 <= to {
            let word = WordBytes.load(bytes, at: index, padding: 0)
            let spaces = WordBytes.equal(word, 0x20)
            let stops = WordBytes.below(word, 0x20) | WordBytes.equal(word, stop)
            // A space ends the run when the byte after it could not continue it; the last byte's
            // follower is in the next word, so a space there is looked at one by one.
            let marks = stops | (spaces & ((stops | spaces) >> 8)) | (spaces & 0x8000_0000_0000_0000)
            if marks != 0 {
                let found = index + marks.trailingZeroBitCount / 8
                if bytes[found] != 0x20 || found + 1 >= to { return found }
                let next = bytes[found + 1]
                if next <= 0x20 || next == stop { return found }
                index = found + 2
                continue
            }
            index += 8
        }
        while index < to {
            let value = bytes[index]
            if value < 0x20 || value == stop { return index }
            if value == 0x20 {
                if index + 1 >= to { return index }
                let next = bytes[index + 1]
                if next <= 0x20 || next == stop { return index }
                index += 1
            }
            index += 1
        }
        return to
    }
}
