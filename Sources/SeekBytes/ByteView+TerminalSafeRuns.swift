extension ByteView {
    /// The first place in `start..<end` whose byte may begin a character a terminal must not be
    /// sent as it is, or `end`: a control byte (below 0x20, or 0x7F) or a lead byte from 0xC2
    /// to 0xE2 (where the C1 controls, the line and paragraph separators and the bidirectional
    /// controls start), or `a` or `b` (a JSON writer's quote and backslash). Every other byte is
    /// written as it is, so a writer copies the run before it whole.
    ///
    /// - Complexity: O(end - start), sixteen bytes a step.
    @inlinable
    package func terminalSafeRunEnd(from start: Int, to end: Int, orAt a: UInt8 = 0x7F, _ b: UInt8 = 0x7F) -> Int {
        assert(start >= 0 && start <= end && end <= count, "a range inside the view")
        let space = SIMD16<UInt8>(repeating: 0x20)
        let delete = SIMD16<UInt8>(repeating: 0x7F)
        let first = SIMD16<UInt8>(repeating: a)
        let second = SIMD16<UInt8>(repeating: b)
        let leadStart = SIMD16<UInt8>(repeating: 0xC2)
        let leadSpan = SIMD16<UInt8>(repeating: 0xE2 - 0xC2 + 1)
        var place = start
        while place + 16 <= end {
            let chunk = load(at: place, as: SIMD16<UInt8>.self)
            let suspect = (chunk .< space) .| (chunk .== delete) .| ((chunk &- leadStart) .< leadSpan)
                .| (chunk .== first) .| (chunk .== second)
            if let lane = suspect.firstTrueLane { return place + lane }
            place += 16
        }
        while place < end {
            let byte = self[place]
            if byte < 0x20 || byte == 0x7F || (0xC2...0xE2).contains(byte) || byte == a || byte == b { return place }
            place += 1
        }
        return end
    }
}
