extension ByteSearch {
    /// The first index in `start..<bytes.count` of a byte equal to `a`, `b` or `c`, or
    /// equal to `d` after an OR with `dMask` (`0x3E` with `0x02` finds both `<` and `>`);
    /// `bytes.count` when there is none.
    ///
    /// - Complexity: O(distance to the byte found), sixteen bytes per step.
    package static func firstIndex(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, of a: UInt8, _ b: UInt8, _ c: UInt8,
        orMasked d: UInt8, mask dMask: UInt8
    ) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        assert(start >= 0 && start <= bytes.count, "a start inside the text")
        let count = bytes.count
        let first = SIMD16<UInt8>(repeating: a)
        let second = SIMD16<UInt8>(repeating: b)
        let third = SIMD16<UInt8>(repeating: c)
        let fourth = SIMD16<UInt8>(repeating: d)
        let mask = SIMD16<UInt8>(repeating: dMask)
        var index = start
        while count - index >= 16 {
            assert(index + 16 <= count)
            let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let hits = (chunk .== first) .| (chunk .== second) .| (chunk .== third) .| ((chunk | mask) .== fourth)
            // The mask's lanes are all ones or all zeros: read as two words.
            let halves = unsafeBitCast(hits, to: SIMD2<UInt64>.self)
            if halves[0] | halves[1] != 0 {
                return index + (halves[0] != 0 ? halves[0].trailingZeroBitCount / 8 : 8 + halves[1].trailingZeroBitCount / 8)
            }
            index += 16
        }
        while index < count {
            let byte = base[index]
            if byte == a || byte == b || byte == c || byte | dMask == d { return index }
            index += 1
        }
        return count
    }
}
