import Testing
@testable import SeekKit

/// The definition of a match, one row per rule users rely on.
@Suite struct ReferenceMatcherTests {
    static let rules: [(keyword: String, text: String, expected: [Range<Int>], rule: String)] = [
        ("a.b", "axb a.b", [4..<7], "a dot is literal"),
        ("f(x)", "f(x) = fx", [0..<4], "parentheses are literal"),
        ("\\", "a\\b", [1..<2], "a backslash is literal"),
        ("*", "a*b**", [1..<2, 3..<4, 4..<5], "a star is literal"),
        ("e", "e\u{301}", [], "no match inside e + combining acute"),
        ("👍", "👍🏽 👍", [9..<13], "no match inside a skin-toned emoji"),
        ("café", "cafe\u{301}", [0..<6], "canonically equivalent spellings match"),
        ("cafe\u{301}", "café", [0..<5], "and the other way round"),
        ("σ", "ΟΔΟΣ", [6..<8], "sigma finds capital sigma"),
        ("k", "\u{212A}", [0..<3], "k finds the Kelvin sign"),
        ("ß", "ẞ", [0..<3], "sharp s finds capital sharp s"),
        ("ss", "ß", [], "but ss does not find sharp s"),
        ("s", "ſ", [], "long s is not s"),
        ("i", "ı", [], "dotless i is not i"),
        ("aa", "aaaa", [0..<2, 2..<4], "matches do not overlap"),
        ("HELLO", "hello Hello", [0..<5, 6..<11], "case is ignored"),
        ("your home", "where is your\nhome town", [9..<18], "a line break reads as a space"),
        ("预算", "今年的预算很紧", [9..<15], "Chinese"),
        ("", "anything", [], "an empty keyword matches nothing"),
    ]

    @Test func rule() {
        for row: (keyword: String, text: String, expected: [Range<Int>], rule: String) in Self.rules {
            #expect(ReferenceMatcher(keyword: row.keyword).ranges(in: row.text[...]) == row.expected, "\(row.rule)")
            #expect(Matcher(keyword: row.keyword).ranges(in: row.text[...]) == row.expected, "\(row.rule) (fast)")
        }
    }

    static let caseSensitiveRows: [(keyword: String, text: String, expected: [Range<Int>])] = [
        ("Hello", "hello Hello", [6..<11]),
        ("σ", "Σσ", [2..<4]),
        ("k", "K k", [2..<3]),
    ]

    @Test func caseSensitive() {
        for row: (keyword: String, text: String, expected: [Range<Int>]) in Self.caseSensitiveRows {
            #expect(ReferenceMatcher(keyword: row.keyword, caseSensitive: true).ranges(in: row.text[...]) == row.expected, "\(row)")
            #expect(Matcher(keyword: row.keyword, caseSensitive: true).ranges(in: row.text[...]) == row.expected, "\(row)")
        }
    }
}
