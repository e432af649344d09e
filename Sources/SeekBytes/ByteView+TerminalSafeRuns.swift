extension ByteView {
    /// The first place in `start..<end` whose byte may begin a character a terminal must not be
    /// sent as it is, or `end`: a control byte (below 0x20, or 0x7F), the lead byte 0xC2 (where
    /// the C1 controls start) or 0xE2 (where the line and paragraph separators and the
    /// bidirectional controls start), or `a` or `b` (a JSON writer's quote and backslash). Every
    /// other byte is written as it is, so a writer copies the run before it whole; a lead byte of
    /// another script (Cyrillic, CJK…) does not end a run.
    ///
    /// - Complexity: O(end - start), sixteen bytes a step; the last few bytes are looked at in
    ///   one sixteen-byte chunk of the view that holds them, when the view has sixteen bytes.
    @inlinable
    package func terminalSafeRunEnd(from start: Int, to end: Int, orAt a: UInt8 = 0x7F, _ b: UInt8 = 0x7F) -> Int {
        assert(start >= 0 && start <= end && end <= count, "a range inside the view")
        let space = SIMD16<UInt8>(repeating: 0x20)
        let delete = SIMD16<UInt8>(repeating: 0x7F)
        let first = SIMD16<UInt8>(repeating: a)
        let second = SIMD16<UInt8>(repeating: b)
        let c1Lead = SIMD16<UInt8>(repeating: 0xC2)
        let e2Lead = SIMD16<UInt8>(repeating: 0xE2)
        @inline(__always) func suspects(at place: Int) -> SIMDMask<SIMD16<Int8>> {
            let chunk = load(at: place, as: SIMD16<UInt8>.self)
            return (chunk .< space) .| (chunk .== delete) .| (chunk .== c1Lead) .| (chunk .== e2Lead)
                .| (chunk .== first) .| (chunk .== second)
        }
        var place = start
        while place &+ 16 <= end {
            if let lane = suspects(at: place).firstTrueLane { return place &+ lane }
            place &+= 16
        }
        guard place < end else { return end }
        guard count >= 16 else {
            while place < end {
                let byte = self[place]
                if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == a || byte == b { return place }
                place += 1
            }
            return end
        }
        // The chunk starting at `place`, or the view's last when that one would pass the view's
        // end; only the lanes of `place..<end` count.
        let chunkStart = Swift.min(place, count &- 16)
        let (low, high) = suspects(at: chunkStart).words
        let from = place &- chunkStart
        let to = end &- chunkStart
        let lowInside = low & Self.lanes(below: to) & ~Self.lanes(below: from)
        if lowInside != 0 { return chunkStart &+ lowInside.trailingZeroBitCount / 8 }
        let highInside = high & Self.lanes(below: to &- 8) & ~Self.lanes(below: from &- 8)
        if highInside != 0 { return chunkStart &+ 8 &+ highInside.trailingZeroBitCount / 8 }
        return end
    }

    /// The places among the sixteen bytes at `position` that are before `end` and where
    /// `terminalSafeRunEnd(from:to:)` stops (a control byte, DEL, 0xC2 or 0xE2), as bits: place
    /// `position + i` is bit i. A writer goes through a text a chunk at a time, line feeds and
    /// all, without starting a scan again after each stop.
    ///
    /// - Complexity: O(1): one sixteen-byte chunk of the view (its last sixteen bytes when fewer
    ///   follow `position`), or the bytes one by one when the view has fewer than sixteen.
    @inlinable @inline(__always)
    package func terminalStops(at position: Int, before end: Int) -> UInt32 {
        assert(position >= 0 && position < end && end <= count, "a chunk inside the view")
        guard count >= 16 else {
            var stops: UInt32 = 0
            for place in position..<Swift.min(end, position &+ 16) {
                let byte = self[place]
                if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 { stops |= 1 &<< UInt32(place &- position) }
            }
            return stops
        }
        let chunkStart = Swift.min(position, count &- 16)
        let chunk = lanes(at: chunkStart)
        // A lane below 0x20 is unchanged by a minimum with 0x1F.
        let controls = chunk.clamped(ByteLanes(repeating: 0), ByteLanes(repeating: 0x1F)).equal(chunk)
        let leads = chunk.equal(ByteLanes(repeating: 0x7F)) | chunk.equal(ByteLanes(repeating: 0xC2))
            | chunk.equal(ByteLanes(repeating: 0xE2))
        let stops = (controls | leads).highBits &>> UInt32(truncatingIfNeeded: position &- chunkStart)
        let left = end &- position
        return left >= 16 ? stops : stops & ((1 &<< UInt32(truncatingIfNeeded: left)) &- 1)
    }

    /// The bytes of a word's eight lanes that come before lane `lane` (any number: none below 0,
    /// all from 8 on), all ones.
    @inlinable @inline(__always)
    static func lanes(below lane: Int) -> UInt64 {
        lane <= 0 ? 0 : lane >= 8 ? .max : (1 &<< UInt64(truncatingIfNeeded: 8 &* lane)) &- 1
    }
}
