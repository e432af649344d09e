import Testing
@testable import SeekKit
import SeekBytes

/// Untimed text counted where it lies (`Matcher.countInLines`, `hasTimestampedLine`)
/// against parsing it into cues and counting those.
@Suite struct LineCountTests {
    static let lineBreaks = ["\n", "\r\n", "\r"]

    static func randomText(seed: UInt64, lineBreaks: [String] = lineBreaks) -> String {
        var random = SeededRandom(seed: seed &* 31 &+ 7)
        var text = ""
        for _ in 0..<Int.random(in: 15...40, using: &random) {
            let trapRate = Int.random(in: 0...3, using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: text += ""
            case 1: text += "  \t "
            default:
                text += (0..<Int.random(in: 1...12, using: &random)).map { _ in
                    Int.random(in: 0..<10, using: &random) < trapRate
                        ? DifferentialTests.traps.filter { !$0.contains("\n") && !$0.contains("\r") }
                            .randomElement(using: &random)!
                        : DifferentialTests.plain.filter { $0 != "\n" }.randomElement(using: &random)!
                }.joined()
            }
            text += lineBreaks.randomElement(using: &random)!
        }
        if Bool.random(using: &random) { text += "tail without a break" }
        return text
    }

    @Test func countInLinesIsTheParsedTextsCount() {
        for seed: UInt64 in 0..<8 { Self.countInLinesIsTheParsedTextsCount(seed: seed) }
    }

    static func countInLinesIsTheParsedTextsCount(seed: UInt64) {
        let text = Self.randomText(seed: seed)
        let bytes = Array(text.utf8)
        let transcript = TimestampedTextParser.parse(bytes, fileName: "t.txt").transcript
        var compared = 0
        var found = 0
        for keyword in DifferentialTests.keywords + ["the home", "预算 ", " the", "   "] {
            for caseSensitive in [false, true] {
                let matcher = Matcher(keyword: keyword, caseSensitive: caseSensitive)
                guard let inPlace = bytes.withByteView({ matcher.countInLines($0) }) else { continue }
                let expected = MatchIndex.count(transcript: transcript, query: Query(keyword, caseSensitive: caseSensitive))
                #expect(inPlace == expected, "keyword \(keyword.debugDescription) seed \(seed)")
                compared += 1
                found += expected
            }
        }
        #expect(compared > 40 && found > 20, "seed \(seed)")
    }

    @Test func onlyKeywordsOfMoreThanSpacesAreCountedInPlace() {
        let bytes = Array("a\n   \nb".utf8)
        #expect(bytes.withByteView { Matcher(keyword: " ").countInLines($0) } == nil)
        #expect(bytes.withByteView { Matcher(keyword: "σ").countInLines($0) } == 0)
        #expect(bytes.withByteView { Matcher(keyword: "a").countInLines($0) } == 1)
    }

    static let lineStarts = [
        "[00:01] hello", "00:01 hello", "12:30:15 meeting", "(00:01:02) x", "\\[00:01\\] x", "-00:01 x",
        "2024 was a year", "[note] x", "(laughs)", "- dash", "99 problems", "1:2 x", "\\x", "plain", "", "   00:01 x",
        "00:01", "0:00:00.5 a", "[00:01", "预算 00:01",
    ]

    @Test func findsTimestampedLinesAsTheParserDoes() {
        for line in Self.lineStarts { Self.findsTimestampedLinesAsTheParserDoes(line: line) }
    }

    static func findsTimestampedLinesAsTheParserDoes(line: String) {
        for lineBreak in lineBreaks {
            for (before, after) in [("", ""), ("first line" + lineBreak, ""), ("a" + lineBreak + lineBreak, lineBreak + "b"),
                                    (" \t" + lineBreak, lineBreak + "  ")] {
                let bytes = Array((before + line + after).utf8)
                let parsed = bytes.withByteView { TimestampedTextParser.parseUntimed($0) }
                let counted = bytes.withByteView { TimestampedTextParser.untimedCueCount($0) }
                #expect(counted == parsed?.transcript.count, "\((before + line + after).debugDescription)")
            }
        }
    }

    @Test func cueCountIsTheParsersOnRandomText() {
        for seed: UInt64 in 0..<8 {
            // With every kind of line break (eight bytes at a time), and with line feeds only (`memchr`).
            for text in [Self.randomText(seed: seed), Self.randomText(seed: seed, lineBreaks: ["\n"])] {
                let bytes = Array(text.utf8)
                let parsed = bytes.withByteView { TimestampedTextParser.parseUntimed($0) }
                #expect(parsed != nil, "seed \(seed)")
                #expect(bytes.withByteView { TimestampedTextParser.untimedCueCount($0) } == parsed?.transcript.count,
                        "seed \(seed)")
            }
        }
    }
}
