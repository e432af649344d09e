import Testing
@testable import SeekKit

/// `--ignore-accents`: what is folded, and matches mapped back to the text's own offsets.
@Suite struct AccentFoldingTests {
    @Test func folds() {
        let cases: [(String, String)] = [
            ("café", "cafe"), ("Cafe\u{301}", "Cafe"), ("Ångström", "Angstrom"), ("ṩ", "s"), ("naïve", "naive"),
            ("it’s", "it's"), ("‘quoted’", "'quoted'"), ("“Noir”", "\"Noir\""), ("a – b — c − d", "a - b - c - d"),
            ("ｓｅｅｋ", "seek"), ("ＳＥＥＫ１２", "SEEK12"), ("ｶ", "カ"), ("a\u{3000}b", "a b"), ("a\u{A0}b", "a b"),
            ("预算", "预算"), ("ガ", "ガ"), ("Straße", "Straße"), ("\u{301}", ""), ("plain ASCII ~!", "plain ASCII ~!"),
        ]
        for (text, folded) in cases {
            #expect(AccentFolding.fold(text) == folded, "\(text)")
        }
    }

    static let rows: [(keyword: String, text: String, expected: [Range<Int>])] = [
        ("cafe", "Le café, la cafe\u{301}!", [3..<8, 13..<19]),
        ("café", "cafe", [0..<4]),
        ("it's", "it’s and it's", [0..<6, 11..<15]),
        ("seek", "ｓｅｅｋ here", [0..<12]),
        ("e", "é", [0..<2]),
        ("well-known", "well–known", [0..<12]),
        ("预算", "今年的预算", [9..<15]),
        ("\u{301}", "café", []),
    ]

    @Test func referenceFoldsBothSides() {
        for row: Int in Self.rows.indices {
            let row = Self.rows[row]
            #expect(ReferenceMatcher(keyword: row.keyword, ignoresAccents: true).ranges(in: row.text[...]) == row.expected, "\(row)")
            #expect(Matcher(keyword: row.keyword, ignoresAccents: true).ranges(in: row.text[...]) == row.expected, "\(row)")
        }
    }

    @Test func foldedWholeWords() {
        let text = "le café cafés"[...]
        #expect(ReferenceMatcher(keyword: "cafe", wholeWords: true, ignoresAccents: true).ranges(in: text) == [3..<8])
        #expect(Matcher(keyword: "cafe", wholeWords: true, ignoresAccents: true).ranges(in: text) == [3..<8])
    }

    @Test func exactMatchingStaysTheDefault() {
        #expect(Matcher(keyword: "cafe").ranges(in: "café"[...]).isEmpty)
        #expect(Matcher(keyword: "it's").ranges(in: "it’s"[...]).isEmpty)
    }
}
