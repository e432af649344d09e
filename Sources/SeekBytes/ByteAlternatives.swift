/// Finds a sequence of places, each filled by one of a few byte strings: a keyword whose
/// characters each have several spellings in UTF-8 (`б` or `Б`, `k`, `K` or the Kelvin sign).
///
/// Candidates are found sixteen places at a time by two probe bytes at fixed distances from a
/// match's start, each compared with up to four values (or, when its values are those a few bits
/// make of one byte, as the cases of a Cyrillic letter's last byte are, masked and compared
/// once); each candidate is then checked place by place. The alternatives of one place must be prefix-free (distinct whole UTF-8 scalars
/// are), so at most one of them fits at any point.
///
///     let finder = ByteAlternatives([[Array("б".utf8), Array("Б".utf8)], [Array("ю".utf8), Array("Ю".utf8)]])
///     // finder.next(in: text, from: 0, to: text.count) finds "бю", "БЮ", "Бю" and "бЮ"
public struct ByteAlternatives: Sendable {
    /// Each place's spellings.
    @usableFromInline let places: [[[UInt8]]]
    /// Two bytes every match holds at fixed distances from its start, each one of up to four values.
    @usableFromInline let firstProbe: Probe
    @usableFromInline let secondProbe: Probe

    /// A byte at a fixed distance from a match's start and the values it may take (four
    /// lanes, repeated when fewer); no values means any byte.
    @usableFromInline struct Probe: Sendable {
        @usableFromInline var offset: Int
        @usableFromInline var values: [UInt8]
        /// When the values are every byte that a few bits (`bits`) set make `value`, all of them
        /// and no other (`б` and `Б` end in B1 and 91, one bit apart; so do Cyrillic letters'
        /// cases): then a byte is one of them when `byte | bits == value`, one compare.
        @usableFromInline var cube: (bits: UInt8, value: UInt8)?

        init(offset: Int, values: [UInt8]) {
            self.offset = offset
            self.values = values
            guard let first = values.first else { return }
            let bits = values.reduce(0) { $0 | ($1 ^ first) }
            if values.count == 1 << bits.nonzeroBitCount { cube = (bits, first | bits) }
        }

        @inline(__always)
        func admits(_ byte: UInt8) -> Bool { values.isEmpty || values.contains(byte) }
    }

    /// - Parameter places: for each place, its spellings; none may be empty, and neither may `places`.
    package init(_ places: [[[UInt8]]]) {
        precondition(!places.isEmpty && places.allSatisfy { !$0.isEmpty && $0.allSatisfy { !$0.isEmpty } },
                     "every place has spellings")
        self.places = places
        // The bytes at fixed offsets: those of the places before the first whose spellings differ in length.
        var fixed: [(offset: Int, values: Set<UInt8>, commonness: Int)] = []
        var offset = 0
        for place in places {
            let length = place[0].count
            guard place.allSatisfy({ $0.count == length }) else {
                // A place of unequal lengths still fixes its first byte.
                let values = Set(place.map { $0[0] })
                fixed.append((offset, values, Self.commonness(values)))
                break
            }
            for index in 0..<length {
                let values = Set(place.map { $0[index] })
                // The byte after the lead byte of a character of three or four bytes tells few characters
                // apart: the hiragana share two values there, the Thai letters one.
                let isSecond = index > 0 && place.allSatisfy { $0[index - 1] >= 0xE0 }
                fixed.append((offset + index, values, Self.commonness(values) + (isSecond ? 40 * values.count : 0)))
            }
            offset += length
        }
        let usable = fixed.filter { $0.values.count <= 4 }
        let ranked = usable.sorted { ($0.commonness, $0.offset) < ($1.commonness, $1.offset) }
        func probe(_ entry: (offset: Int, values: Set<UInt8>, commonness: Int)?) -> Probe {
            guard let entry else { return Probe(offset: 0, values: []) }
            return Probe(offset: entry.offset, values: entry.values.sorted())
        }
        firstProbe = probe(ranked.first)
        secondProbe = probe(ranked.dropFirst().first ?? ranked.first)
    }

    /// How often a set of bytes is met in text, roughly (lower is rarer): lead bytes of
    /// multi-byte characters and spaces are met at every word, trailing bytes tell letters apart.
    static func commonness(_ values: Set<UInt8>) -> Int {
        values.reduce(0) { total, byte in
            total + (byte == 0x20 || byte == 0x0A ? 100 : byte >= 0xC0 ? 90 : byte >= 0x80 ? 20 : 30)
        }
    }

    /// The first match that starts in `start..<limit` (it may end past `limit`, not past the
    /// text), or `nil`.
    ///
    /// - Complexity: O(limit - start) probes, sixteen places per step, plus a check of each candidate.
    package func next(in text: ByteView, from start: Int, to limit: Int) -> Range<Int>? {
        assert(start >= 0 && limit <= text.count, "places inside the text")
        var place = start
        while place < limit {
            place = candidate(in: text, from: place, to: limit)
            if place >= limit { return nil }
            if let end = matchEnd(in: text, at: place) { return place..<end }
            place += 1
        }
        return nil
    }

    /// Where a match starting at `start` ends, or `nil` when none starts there.
    package func matchEnd(in text: ByteView, at start: Int) -> Int? {
        assert(start >= 0 && start <= text.count, "a place inside the text")
        var position = start
        for place in places {
            guard let spelling = place.first(where: { spelling in
                position + spelling.count <= text.count
                    && spelling.indices.allSatisfy { text[position + $0] == spelling[$0] }
            }) else { return nil }
            position += spelling.count
        }
        return position
    }

    /// The first place in `start..<limit` whose probe bytes admit a match, or `limit`.
    private func candidate(in text: ByteView, from start: Int, to limit: Int) -> Int {
        let reach = Swift.max(firstProbe.offset, secondProbe.offset)
        let a = Self.lanes(firstProbe.values)
        let b = Self.lanes(secondProbe.values)
        var place = start
        let vectorEnd = Swift.min(limit, text.count - reach) - 16
        if let first = firstProbe.cube, let second = secondProbe.cube {
            let aBits = SIMD16<UInt8>(repeating: first.bits), aValue = SIMD16<UInt8>(repeating: first.value)
            let bBits = SIMD16<UInt8>(repeating: second.bits), bValue = SIMD16<UInt8>(repeating: second.value)
            while place <= vectorEnd {
                assert(place + reach + 16 <= text.count)
                let x = text.load(at: place + firstProbe.offset, as: SIMD16<UInt8>.self)
                let y = text.load(at: place + secondProbe.offset, as: SIMD16<UInt8>.self)
                let hits = ((x | aBits) .== aValue) .& ((y | bBits) .== bValue)
                if let lane = hits.firstTrueLane { return place + lane }
                place += 16
            }
        } else if !firstProbe.values.isEmpty {
            while place <= vectorEnd {
                assert(place + reach + 16 <= text.count)
                let x = text.load(at: place + firstProbe.offset, as: SIMD16<UInt8>.self)
                let y = text.load(at: place + secondProbe.offset, as: SIMD16<UInt8>.self)
                let hits = ((x .== a.0) .| (x .== a.1) .| (x .== a.2) .| (x .== a.3))
                    .& ((y .== b.0) .| (y .== b.1) .| (y .== b.2) .| (y .== b.3))
                if let lane = hits.firstTrueLane { return place + lane }
                place += 16
            }
        }
        // A match holds both probe bytes, so none starts where they would lie past the end.
        while place < limit && place + reach < text.count {
            if firstProbe.admits(text[place + firstProbe.offset]) && secondProbe.admits(text[place + secondProbe.offset]) {
                return place
            }
            place += 1
        }
        return limit
    }

    /// A probe's values as four vectors (the last repeated); any byte when there are none.
    @inline(__always)
    private static func lanes(_ values: [UInt8]) -> (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>) {
        func lane(_ index: Int) -> SIMD16<UInt8> {
            SIMD16(repeating: values.isEmpty ? 0 : values[Swift.min(index, values.count - 1)])
        }
        return (lane(0), lane(1), lane(2), lane(3))
    }
}
