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

    /// Several keywords counted by the automaton in the lines where they lie
    /// (`KeywordAutomaton.countInLines`) give what the index gives on the parsed lines.
    @Test func severalKeywordsCountedInLinesAreTheParsedTextsCount() {
        // Keywords the automaton searches (others leave the count to the parsed lines).
        let pool = (KeywordAutomatonTests.keywords + DifferentialTests.keywords + ["the home", "a ", "to be or"])
            .filter { FastPlan(keyword: $0, caseSensitive: false) != nil }
        var compared = 0
        var found = 0
        for seed: UInt64 in 0..<8 {
            var random = SeededRandom(seed: seed &+ 77)
            for text in [Self.randomText(seed: seed), Self.randomText(seed: seed, lineBreaks: ["\n"])] {
                let bytes = Array(text.utf8)
                let transcript = TimestampedTextParser.parse(bytes, fileName: "t.txt").transcript
                for caseSensitive in [false, true] {
                    for size in [2, 3, 8] {
                        let keywords = (0..<size).map { _ in pool.randomElement(using: &random)! }
                        let query = Query(keywords: keywords, caseSensitive: caseSensitive)
                        guard let automaton = TranscriptLoader.lineCountingAutomaton(for: query) else { continue }
                        let expected = MatchIndex.count(transcript: transcript, query: query)
                        #expect(bytes.withByteView { automaton.countInLines($0) } == expected,
                                "keywords \(keywords) caseSensitive \(caseSensitive) seed \(seed)")
                        compared += 1
                        found += expected
                    }
                }
            }
        }
        #expect(compared > 40 && found > 100, "compared \(compared), found \(found)")
    }

    /// Blank lines are no cues: a keyword of spaces is counted only in lines with more than
    /// blanks; keywords the automaton does not search, a scope or one keyword leave the count
    /// to the parsed lines.
    @Test func blankLinesAreNoCuesAndOtherQueriesAreLeftToTheParsedLines() {
        let bytes = Array("a\n  \n\t \nb c\n".utf8)
        let query = Query(keywords: ["a", " "])
        let transcript = TimestampedTextParser.parse(bytes, fileName: "t.txt").transcript
        #expect(MatchIndex.count(transcript: transcript, query: query) == 2)
        #expect(bytes.withByteView { TranscriptLoader.lineCountingAutomaton(for: query)?.countInLines($0) } == 2)
        #expect(TranscriptLoader.lineCountingAutomaton(for: Query(keywords: ["a", "σ"])) == nil)
        #expect(TranscriptLoader.lineCountingAutomaton(for: Query(keywords: ["a", ""])) == nil)
        #expect(TranscriptLoader.lineCountingAutomaton(for: Query(keywords: ["a", "b"], scope: Scope(speaker: "Ana"))) == nil)
    }

    /// A text of several pieces counted for several keywords where it lies gives the parsed
    /// text's count, on pieces cut small and on the whole.
    @Test func severalKeywordsAreCountedInPiecesAsTheParsedText() throws {
        var text = ""
        for seed: UInt64 in 0..<40 { text += Self.randomText(seed: seed) + "\n" }
        let bytes = Array(text.utf8)
        let transcript = TimestampedTextParser.parse(bytes, fileName: "t.txt").transcript
        for keywords in [["the", "e"], ["home", "预算", "\u{212A}"], ["a b", "b a", "ab", "cafe"], ["é", "s", "ss"]] {
            for caseSensitive in [false, true] {
                let query = Query(keywords: keywords, caseSensitive: caseSensitive)
                let expected = MatchIndex.count(transcript: transcript, query: query)
                for pieceSize in [512, 1 << 20] {
                    let counted = try bytes.withByteView { view in
                        try TranscriptLoader.countMatches(inPlace: view, fileName: "t.txt", options: LoadOptions(),
                                                          query: query, pieceSize: pieceSize)
                    }
                    #expect(counted.matches == expected && counted.format == .text,
                            "\(keywords) caseSensitive \(caseSensitive) pieceSize \(pieceSize)")
                }
            }
        }
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
