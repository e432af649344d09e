/// Counts one byte value in a range of text, sixteen bytes at a time.
public enum ByteCounting {
    /// How many bytes of `bytes[range]` equal `byte` (line feeds, for line numbers).
    ///
    /// - Complexity: O(n), sixteen bytes per step.
    @inlinable
    package static func count(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside the text")
        guard let base = bytes.baseAddress else { return 0 }
        let target = SIMD16<UInt8>(repeating: byte)
        let zero = SIMD16<UInt8>(repeating: 0)
        var total = 0
        var index = range.lowerBound
        let end = range.upperBound
        while end - index >= 16 {
            // At most 255 steps before the byte-wide sums could wrap.
            let stop = index + Swift.min((end - index) / 16, 255) * 16
            var sums = SIMD16<UInt8>(repeating: 0)
            while index < stop {
                assert(index + 16 <= end)
                let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                sums &+= zero.replacing(with: 1, where: chunk .== target)
                index += 16
            }
            total += Int(SIMD16<UInt16>(truncatingIfNeeded: sums).wrappedSum())
        }
        while index < end {
            if base[index] == byte { total += 1 }
            index += 1
        }
        return total
    }
}
