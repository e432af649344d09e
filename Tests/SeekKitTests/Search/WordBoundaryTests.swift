import Testing
@testable import SeekKit
import SeekBytes

/// Whole words (`-w`): the Regex `\b` definition, its ASCII fast path, and the two kept equal.
@Suite struct WordBoundaryTests {
    /// Each row is a rule of Unicode's default word boundaries as the reference applies it.
    static let rows: [(keyword: String, text: String, expected: [Range<Int>], rule: String)] = [
        ("the", "the theme, bathe THE", [0..<3, 17..<20], "letters join letters"),
        ("it", "it's it", [5..<7], "an apostrophe between letters joins them (WB6/7)"),
        ("e", "e.g e", [4..<5], "a full stop between letters joins them"),
        ("a", "a:b a", [4..<5], "a colon between letters joins them"),
        ("3", "3.4 3,5 3", [8..<9], "full stop and comma between digits join them (WB11/12)"),
        ("a", "a_b a-b", [4..<5], "underscore joins, hyphen breaks (WB13a/b)"),
        ("a1", "a1 a1b 1a1", [0..<2], "letters and digits join (WB9/10)"),
        (" the", " the cat", [0..<4], "the start of the text is a boundary"),
        (" ", "a  b", [], "spaces join spaces (WB3d)"),
        ("ab ab", "xab ab ab", [4..<9], "a whole word hidden behind an overlapping occurrence"),
        ("的", "我的家", [3..<6], "every ideograph is a word"),
        ("家乡", "你的家乡在哪里", [6..<12], "ideographs next to ideographs"),
        ("x", "x\u{301} x", [4..<5], "a combining mark makes another character"),
        ("café", "café cafés", [0..<5], "non-ASCII letters join"),
        ("budget", "the\nbudget\nvote", [4..<10], "a line break reads as a space"),
        (",", "a, b", [1..<2], "punctuation is a word of its own"),
    ]

    @Test func referenceDefinesWholeWords() {
        for row: Int in Self.rows.indices {
            let row = Self.rows[row]
            #expect(ReferenceMatcher(keyword: row.keyword, wholeWords: true).ranges(in: row.text[...]) == row.expected,
                    "\(row.rule)")
            #expect(Matcher(keyword: row.keyword, wholeWords: true).ranges(in: row.text[...]) == row.expected,
                    "\(row.rule) (fast)")
        }
    }

    @Test func overlappingKeywordsAreNoticed() {
        let cases: [(String, Bool)] = [
            ("the", true), ("abab", false), ("aba", false), ("Abca", false), ("ab ab", false), ("abc", true),
            ("a", true), ("预算", true),
        ]
        for (keyword, noBorder) in cases {
            #expect(WordBoundary.hasNoBorder(keyword) == noBorder, "\(keyword)")
        }
    }

    @Test func asciiBoundariesAreDecidedWithoutTheReference() {
        let text = Array("it's a_b 3.4 e.g.".utf8)
        text.withByteView { bytes in
            #expect(WordBoundary.isBoundary(bytes, at: 0) == true)
            #expect(WordBoundary.isBoundary(bytes, at: 2) == false)
            #expect(WordBoundary.isBoundary(bytes, at: 4) == true)
            #expect(WordBoundary.isBoundary(bytes, at: 6) == false)
            #expect(WordBoundary.isBoundary(bytes, at: 10) == false)
            #expect(WordBoundary.isBoundary(bytes, at: text.count) == true)
        }
        let mixed = Array("caf\u{E9} x".utf8)
        mixed.withByteView { bytes in
            #expect(WordBoundary.isBoundary(bytes, at: 3) == nil)
            #expect(WordBoundary.isBoundary(bytes, at: 6) == nil)
            #expect(WordBoundary.isBoundary(bytes, at: 7) == true)
        }
    }

    @Test func indexFindsWholeWordsAcrossTheTranscript() {
        let transcript = searchTranscript(["the theme", "bathe", "THE end", "其他的人"])
        let index = MatchIndex(transcript: transcript, query: Query("the", wholeWords: true))
        #expect((1..<index.count + 1).map { index[$0].cue } == [0, 2])
        let cjk = MatchIndex(transcript: transcript, query: Query("的", wholeWords: true))
        #expect(cjk.count == 1)
    }
}
