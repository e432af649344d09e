/// Counts one byte value in a range of text, sixty-four bytes at a time.
public enum ByteCounting {
    /// How many bytes of `bytes[range]` equal `byte` (line feeds, for line numbers).
    ///
    /// - Complexity: O(n), sixty-four bytes per step.
    @inlinable
    package static func count(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside the text")
        guard let base = bytes.baseAddress else { return 0 }
        let target = SIMD16<UInt8>(repeating: byte)
        var total = 0
        var index = range.lowerBound
        let end = range.upperBound
        // Sixty-four bytes a step: a lane of all ones where the byte stands, taken off the sums, adds one.
        while end - index >= 64 {
            // At most 63 steps (four to a lane each) before the byte-wide sums could wrap.
            let stop = index + Swift.min((end - index) / 64, 63) * 64
            var sums = SIMD16<UInt8>(repeating: 0)
            while index < stop {
                assert(index + 64 <= end)
                @inline(__always) func hits(at offset: Int) -> SIMD16<UInt8> {
                    unsafeBitCast(UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self) .== target,
                                  to: SIMD16<UInt8>.self)
                }
                sums &-= (hits(at: index) &+ hits(at: index + 16)) &+ (hits(at: index + 32) &+ hits(at: index + 48))
                index += 64
            }
            total += Int(SIMD16<UInt16>(truncatingIfNeeded: sums).wrappedSum())
        }
        // Then sixteen at a time, and the last few as the end of the sixteen bytes before `end`
        // (of a range that short, byte by byte), each lane of all ones counted in its word.
        @inline(__always) func hitWords(at offset: Int) -> (low: UInt64, high: UInt64) {
            (UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self) .== target).words
        }
        while end - index >= 16 {
            let (low, high) = hitWords(at: index)
            total += lanesSet(low) + lanesSet(high)
            index += 16
        }
        if index < end && end >= 16 {
            var (low, high) = hitWords(at: end - 16)
            // The lanes before `index` were counted.
            let counted = 16 - (end - index)
            if counted >= 8 {
                low = 0
                high >>= UInt64(8 * (counted - 8))
            } else {
                low >>= UInt64(8 * counted)
            }
            return total + lanesSet(low) + lanesSet(high)
        }
        while index < end {
            if base[index] == byte { total += 1 }
            index += 1
        }
        return total
    }

    /// How many of a word's eight bytes are all ones (the others being zero).
    @inlinable @inline(__always)
    static func lanesSet(_ word: UInt64) -> Int {
        Int(((word & 0x0101_0101_0101_0101) &* 0x0101_0101_0101_0101) >> 56)
    }
}
