/// Counts the line feeds of a text sixteen bytes at a time, stopping only at the lines
/// whose first byte asks for a closer look.
public enum LineStarts {
    /// The number of line feeds in `bytes[range]`; `look(start)` is called, in order, for
    /// each line start in the range (`range.lowerBound`, and each place after a line feed
    /// before `range.upperBound`) whose byte is at most `atMost` or equal to `also` or
    /// `orAlso` (an empty line starts with its line feed). When `look` returns false the
    /// walk stops and `nil` is returned.
    ///
    /// - Complexity: O(n), sixteen bytes per step, plus what `look` costs.
    package static func countLineFeeds(
        in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lookingAtStartsAtMost atMost: UInt8,
        also: UInt8, orAlso: UInt8, look: (Int) -> Bool
    ) -> Int? {
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range inside the text")
        guard let base = bytes.baseAddress, !range.isEmpty else { return 0 }
        @inline(__always) func needsLook(_ byte: UInt8) -> Bool { byte <= atMost || byte == also || byte == orAlso }
        if needsLook(base[range.lowerBound]), !look(range.lowerBound) { return nil }
        let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
        let limit = SIMD16<UInt8>(repeating: atMost)
        let first = SIMD16<UInt8>(repeating: also)
        let second = SIMD16<UInt8>(repeating: orAlso)
        let zero = SIMD16<UInt8>(repeating: 0)
        var total = 0
        var index = range.lowerBound
        let end = range.upperBound
        // Sixteen bytes and the sixteen after each (the first byte of the line a line feed ends before).
        while end - index >= 17 {
            let stop = index + Swift.min((end - index - 1) / 16, 255) * 16
            var sums = zero
            while index < stop {
                assert(index + 17 <= end)
                let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                let next = UnsafeRawPointer(base + index + 1).loadUnaligned(as: SIMD16<UInt8>.self)
                let feeds = chunk .== lineFeed
                sums &+= zero.replacing(with: 1, where: feeds)
                let looks = feeds .& ((next .<= limit) .| (next .== first) .| (next .== second))
                // The mask's lanes are all ones or all zeros: read as two words.
                var halves = unsafeBitCast(looks, to: SIMD2<UInt64>.self)
                if halves[0] | halves[1] != 0 {
                    for half in 0..<2 {
                        while halves[half] != 0 {
                            let lane = halves[half].trailingZeroBitCount / 8
                            if !look(index + half * 8 + lane + 1) { return nil }
                            halves[half] &= ~(0xFF << UInt64(lane * 8))
                        }
                    }
                }
                index += 16
            }
            total += Int(SIMD16<UInt16>(truncatingIfNeeded: sums).wrappedSum())
        }
        while index < end {
            if base[index] == 0x0A {
                total += 1
                if index + 1 < end, needsLook(base[index + 1]), !look(index + 1) { return nil }
            }
            index += 1
        }
        return total
    }
}
