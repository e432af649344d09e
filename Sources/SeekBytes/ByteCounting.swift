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
        let zero = SIMD16<UInt8>(repeating: 0)
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
        while end - index >= 16 {
            let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            total += Int(SIMD16<UInt16>(truncatingIfNeeded: zero.replacing(with: 1, where: chunk .== target)).wrappedSum())
            index += 16
        }
        while index < end {
            if base[index] == byte { total += 1 }
            index += 1
        }
        return total
    }
}
