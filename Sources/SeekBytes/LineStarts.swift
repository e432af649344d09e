/// Counts the line feeds of a text sixty-four bytes at a time, stopping only at the lines
/// whose first byte asks for a closer look.
public enum LineStarts {
    /// The number of line feeds in `bytes[range]`; `look(start)` is called, in order, for
    /// each line start in the range (`range.lowerBound`, and each place after a line feed
    /// before `range.upperBound`) whose byte is at most `atMost` or in `band` (an empty line
    /// starts with its line feed). When `look` returns false the walk stops and `nil` is returned.
    ///
    /// - Precondition: `atMost` and `band.upperBound` are below 0xFF.
    /// - Complexity: O(n), sixty-four bytes per step, plus what `look` costs.
    package static func countLineFeeds(
        in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lookingAtStartsAtMost atMost: UInt8,
        orIn band: ClosedRange<UInt8>, look: (Int) -> Bool
    ) -> Int? {
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range inside the text")
        precondition(atMost < 0xFF && band.upperBound < 0xFF, "a line start's byte can be told from no line start")
        guard let base = bytes.baseAddress, !range.isEmpty else { return 0 }
        @inline(__always) func needsLook(_ byte: UInt8) -> Bool { byte <= atMost || band.contains(byte) }
        if needsLook(base[range.lowerBound]), !look(range.lowerBound) { return nil }
        let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
        let limit = SIMD16<UInt8>(repeating: atMost)
        let bandLow = SIMD16<UInt8>(repeating: band.lowerBound)
        let bandWidth = SIMD16<UInt8>(repeating: band.upperBound - band.lowerBound)
        let zero = SIMD16<UInt8>(repeating: 0)
        var total = 0
        var index = range.lowerBound
        let end = range.upperBound
        @inline(__always) func chunk(at offset: Int) -> (feeds: SIMD16<UInt8>, looks: SIMD2<UInt64>) {
            assert(offset + 17 <= end)
            let chunk = UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self)
            let next = UnsafeRawPointer(base + offset + 1).loadUnaligned(as: SIMD16<UInt8>.self)
            let feeds = chunk .== lineFeed
            let looks = feeds .& ((next .<= limit) .| (next &- bandLow .<= bandWidth))
            // A line feed's lane is all ones: taken off the sums, it adds one. The looks as two words.
            return (unsafeBitCast(feeds, to: SIMD16<UInt8>.self), unsafeBitCast(looks, to: SIMD2<UInt64>.self))
        }
        // Calls `look` for the line starts a chunk's `looks` mark, in order; false when one says stop.
        @inline(__always) func lookAt(_ looks: SIMD2<UInt64>, chunkAt offset: Int) -> Bool {
            var halves = looks
            for half in 0..<2 {
                while halves[half] != 0 {
                    let lane = halves[half].trailingZeroBitCount / 8
                    if !look(offset + half * 8 + lane + 1) { return false }
                    halves[half] &= ~(0xFF << UInt64(lane * 8))
                }
            }
            return true
        }
        // In a step's fast test, the byte after each line feed is complemented and every other
        // lane is zero: a start is looked at when its complement is at least `~atMost` (the most
        // over the step tells), or less `~band.upperBound` is at most the band's width (the
        // least tells; a zero lane wraps to `band.upperBound + 1`, above the width).
        // (`pointwiseMin` and `pointwiseMax` are left calls; these compile to one instruction.)
        @inline(__always) func min(_ x: SIMD16<UInt8>, _ y: SIMD16<UInt8>) -> SIMD16<UInt8> {
            x.replacing(with: y, where: y .< x)
        }
        @inline(__always) func max(_ x: SIMD16<UInt8>, _ y: SIMD16<UInt8>) -> SIMD16<UInt8> {
            x.replacing(with: y, where: y .> x)
        }
        let leastComplement = SIMD16<UInt8>(repeating: ~atMost)
        let bandTop = SIMD16<UInt8>(repeating: ~band.upperBound)
        @inline(__always) func starts(at offset: Int) -> (feeds: SIMD16<UInt8>, complements: SIMD16<UInt8>) {
            assert(offset + 17 <= end)
            let chunk = UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self)
            let next = UnsafeRawPointer(base + offset + 1).loadUnaligned(as: SIMD16<UInt8>.self)
            let feeds = unsafeBitCast(chunk .== lineFeed, to: SIMD16<UInt8>.self)
            return (feeds, feeds & ~next)
        }
        // Sixty-four bytes a step, each sixteen with the sixteen after it (the first byte of
        // the line a line feed ends before): the line starts to look at are rare, tested once a
        // step by the most and least complement. The steps run in a loop that calls nothing: a
        // step with a start to look at ends it, and has its chunks' looks worked out exactly and
        // handed to `look` outside (a call inside, which may change every vector register, had the
        // loop keep its sums and constants on the stack: a fifth more instructions a step).
        while end - index >= 65 {
            let stop = index + Swift.min((end - index - 1) / 64, 63) * 64
            var sums = zero
            var looking = false
            while index < stop {
                let (feeds0, complements0) = starts(at: index)
                let (feeds1, complements1) = starts(at: index + 16)
                let (feeds2, complements2) = starts(at: index + 32)
                let (feeds3, complements3) = starts(at: index + 48)
                sums &-= (feeds0 &+ feeds1) &+ (feeds2 &+ feeds3)
                let most = max(max(complements0, complements1), max(complements2, complements3))
                let least = min(min(complements0 &- bandTop, complements1 &- bandTop),
                                min(complements2 &- bandTop, complements3 &- bandTop))
                let marks = (max(most, leastComplement) .== most) .| (min(least, bandWidth) .== least)
                let (low, high) = marks.words
                if low | high != 0 {
                    looking = true
                    break
                }
                index += 64
            }
            total += Int(SIMD16<UInt16>(truncatingIfNeeded: sums).wrappedSum())
            if looking {
                // The step at `index`, its line feeds counted: its looks, chunk by chunk.
                for offset in stride(from: index, to: index + 64, by: 16) {
                    guard lookAt(chunk(at: offset).looks, chunkAt: offset) else { return nil }
                }
                index += 64
            }
        }
        while end - index >= 17 {
            let (feeds, looks) = chunk(at: index)
            total += Int(SIMD16<UInt16>(truncatingIfNeeded: zero &- feeds).wrappedSum())
            guard lookAt(looks, chunkAt: index) else { return nil }
            index += 16
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
