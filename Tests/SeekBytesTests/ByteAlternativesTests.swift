import Testing
@testable import SeekBytes

/// The alternatives finder stops at exactly the matches a place-by-place check finds.
@Suite struct ByteAlternativesTests {
    static let keywords: [(places: [[String]], name: String)] = [
        ([["б", "Б"], ["ю", "Ю"], ["д", "Д"]], "бюд"),
        ([["k", "K", "\u{212A}"], ["i", "I"]], "ki, Kelvin"),
        ([["a", "A"], [" ", "\n"], ["б", "Б"]], "a б"),
        ([["σ", "Σ"]], "σ"),
        ([["x"]], "x"),
        ([["a", "ä", "\u{1E00}", "\u{10400}", "e"], ["b"]], "five spellings"),
        ([["a", "A", "c", "C"], ["b"]], "four spellings, two bits apart"),
        ([["a", "A", "c"], ["x", "b"]], "three spellings, two bits apart"),
        ([["あ"], ["り"], ["が", "か\u{3099}"], ["と"]], "kana, one of two lengths"),
        ([["ส"], ["ว\u{E31}"], ["ส"]], "Thai"),
    ]
    static let pieces = ["б", "Б", "ю", "Ю", "д", "k", "K", "\u{212A}", "i", "I", "a", "A", " ", "\n", "σ", "Σ", "x", "ä",
                         "\u{1E00}", "\u{10400}", "e", "b", "з", "c", "C", "あ", "り", "が", "か", "\u{3099}", "と", "い",
                         "ส", "ว", "\u{E31}", "ก"]

    /// A probe is compared once, masked, exactly when its values are every byte a few bits make of one.
    @Test(arguments: [
        ([0xB1, 0x91], true), ([0x41, 0x43, 0x61, 0x63], true), ([0x6B], true), ([0x41, 0x43, 0x61], false),
        ([0x4B, 0x6B, 0xE2], false), ([0x00, 0xFF], false), ([0x00, 0x03], false), ([0x01, 0x02], false),
    ] as [([UInt8], Bool)])
    func aProbeIsMaskedWhenItsValuesAreAllThatSomeBitsMake(values: [UInt8], isMasked: Bool) {
        let probe = ByteAlternatives.Probe(offset: 0, values: values)
        #expect((probe.cube != nil) == isMasked)
        for byte in UInt8.min...UInt8.max {
            #expect(probe.cube.map { byte | $0.bits == $0.value } ?? probe.admits(byte) == values.contains(byte))
        }
    }

    /// The probes of a keyword of three-byte characters lie on the characters' last bytes, which tell them
    /// apart, not on the byte after a lead byte, which the hiragana share two values of (and Thai one).
    @Test func probesOfThreeByteCharactersAreTheirLastBytes() {
        let finder = ByteAlternatives([["あ"], ["り"], ["が", "か\u{3099}"]].map { $0.map { Array($0.utf8) } })
        #expect(Set([finder.firstProbe.offset, finder.secondProbe.offset]) == [2, 5])
    }

    @Test func findsEveryMatchAPlaceByPlaceCheckFinds() {
        var random = SeededRandom(seed: 19)
        for length in [0, 1, 5, 16, 17, 40, 300] {
            let text = Array((0..<length).map { _ in Self.pieces.randomElement(using: &random)! }.joined().utf8)
            for (places, name) in Self.keywords {
                let spellings = places.map { $0.map { Array($0.utf8) } }
                let finder = ByteAlternatives(spellings)
                var expected: [Range<Int>] = []
                var start = 0
                while start < text.count {
                    var position = start
                    for place in spellings {
                        guard let spelling = place.first(where: { text[position...].starts(with: $0) }) else {
                            position = -1
                            break
                        }
                        position += spelling.count
                    }
                    if position >= 0 {
                        expected.append(start..<position)
                        start = position
                    } else {
                        start += 1
                    }
                }
                var found: [Range<Int>] = []
                text.withByteView { buffer in
                    var place = 0
                    while let match = finder.next(in: buffer, from: place, to: buffer.count) {
                        found.append(match)
                        place = match.upperBound
                    }
                }
                #expect(found == expected, "\(name) in \(String(decoding: text, as: UTF8.self).debugDescription)")
            }
        }
    }
}
