extension ByteView {
    /// The end of a block of plain lines starting at `start`: the first line feed followed by
    /// another, when nothing before it is one of `BlockEvents`' places; `nil` when something is,
    /// or when no such line feed lies sixteen bytes or more before the end of the view.
    ///
    /// Plain means that every line feed before the end stands between two bytes other than a
    /// space, a tab or a line feed, and that no markup byte (`{`, `&`, `<`, `>`) stands before
    /// it. Where it gives an end, `BlockEvents` from `start` has no place before it but, maybe,
    /// a blank right before it (which ends no line that another follows). The scan passes the
    /// line feeds between lines without starting again after them.
    ///
    ///     // "it's\nbudget time\n\n2\n…": the line feed after "time".
    ///     if let end = bytes.plainBlockEnd(from: textStart) { … } else { /* look at each place */ }
    ///
    /// The byte before `start` is not looked at: `start` must not be a line feed.
    ///
    /// - Complexity: O(n) in the bytes passed, sixteen at a time, with a few steps per line feed.
    @inlinable @inline(__always)
    package func plainBlockEnd(from start: Int) -> Int? {
        assert(start >= 0 && start <= count, "a place inside the view")
        assert(start == count || self[start] != 0x0A, "a block that starts with a line")
        let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
        let brace = SIMD16<UInt8>(repeating: UInt8(ascii: "{"))
        let ampersand = SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
        let angle = SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
        let angleMask = SIMD16<UInt8>(repeating: 0x02)
        let count = self.count
        var position = start
        // Sixteen bytes and the one after them lie in the view (a line feed's next byte is read).
        while position &+ 17 <= count {
            let chunk = load(at: position, as: SIMD16<UInt8>.self)
            let hits = SIMD2<UInt64>(lanes: (chunk .== lineFeed) .| (chunk .== brace) .| (chunk .== ampersand)
                .| ((chunk | angleMask) .== angle))
            var low = hits[0] & 0x8080_8080_8080_8080
            var high = hits[1] & 0x8080_8080_8080_8080
            while low | high != 0 {
                let lane = low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ high.trailingZeroBitCount &>> 3
                if low != 0 { low &= low &- 1 } else { high &= high &- 1 }
                let place = position &+ lane
                guard self[place] == 0x0A, place > start else { return nil }
                let next = self[place &+ 1]
                if next == 0x0A { return place }
                let before = self[place &- 1]
                if next == 0x20 || next == 0x09 || before == 0x20 || before == 0x09 { return nil }
            }
            position &+= 16
        }
        return nil
    }
}
