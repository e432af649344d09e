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
    ]
    static let pieces = ["б", "Б", "ю", "Ю", "д", "k", "K", "\u{212A}", "i", "I", "a", "A", " ", "\n", "σ", "Σ", "x", "ä",
                         "\u{1E00}", "\u{10400}", "e", "b", "з"]

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
