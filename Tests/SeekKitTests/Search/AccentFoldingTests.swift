import Testing
@testable import SeekKit
import SeekBytes

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

    /// `foldWithOffsets` gives the folded text `fold` gives, and for each folded byte the character it came from
    /// (with the diacritics after it that folded to nothing), as a scalar-by-scalar fold would: on texts of
    /// every kind of piece folding meets, in many orders.
    @Test func offsetsAreThoseOfEachScalarsFold() {
        let pieces = ["a", "Z", " ", "\n", "é", "e\u{301}", "\u{301}", "\u{301}\u{302}", "’", "“", "—", "\u{A0}", "ｓ",
                      "ｶ", "预", "ガ", "ß", "б", "😀", "\u{20D0}", "Å", "\u{3000}", "ǅ", "x\u{1AB0}\u{1DC0}"]
        var state: UInt64 = 7
        for length in 0..<40 {
            for _ in 0..<25 {
                var text = ""
                for _ in 0..<length {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    text += pieces[Int(state >> 33) % pieces.count]
                }
                let (folded, starts, ends) = AccentFolding.foldWithOffsets(text)
                #expect(folded == AccentFolding.fold(text) && Array(folded.utf8) == Array(AccentFolding.fold(text).utf8))
                let fromBytes = Array(text.utf8).withByteView { AccentFolding.fold($0) }
                #expect(Array(fromBytes.utf8) == Array(folded.utf8), "\(text.debugDescription)")
                var expectedStarts: [Int] = []
                var expectedEnds: [Int] = []
                var offset = 0
                for scalar in text.unicodeScalars {
                    let width = String(scalar).utf8.count
                    let piece = AccentFolding.fold(String(scalar))
                    if piece.isEmpty, let last = expectedEnds.last {
                        for i in expectedEnds.indices where expectedEnds[i] == last { expectedEnds[i] = offset + width }
                    }
                    expectedStarts += Array(repeating: offset, count: piece.utf8.count)
                    expectedEnds += Array(repeating: offset + width, count: piece.utf8.count)
                    offset += width
                }
                #expect(starts == expectedStarts + [offset] && ends == expectedEnds + [offset], "\(text.debugDescription)")
            }
        }
    }

    /// `--ignore-accents` counted where a file lies (plain SRT and WebVTT; untimed text is counted from its
    /// cues) gives what the whole file's transcript gives: cues of ASCII, accents, curly quotes, decomposed
    /// letters, full-width forms and markup (cleaned before folding), with and without `-w` (counted from cues).
    @Test(arguments: [1, 700, 1 << 20])
    func foldedKeywordsCountAsTheWholeFile(pieceSize: Int) throws {
        let words = ["it's", "it’s", "IT’S", "its", "café", "cafe\u{301}", "CAFÉ", "<i>café</i>", "it&apos;s", "ｉｔ’ｓ",
                     "naïve", "—", "e\u{301}", "\u{301}", "cafe", "预算", "бюджет", "&amp;", "it’<b>s</b>"]
        for (input, name) in SpellingPlanTests.inputs(words: words) {
            let bytes = Array(input.utf8)
            let whole = try TranscriptLoader.load(bytes, fileName: name)
            for keyword in ["it's", "cafe", "café", "e", "naive", "s c", "-", "бюджет"] {
                for (caseSensitive, wholeWords) in [(false, false), (true, false), (false, true)] {
                    let query = Query(keyword, caseSensitive: caseSensitive, wholeWords: wholeWords, ignoresAccents: true)
                    let counted = try bytes.withByteView { (view) throws(Diagnostic) in
                        try TranscriptLoader.countMatches(inPlace: view, fileName: name, options: LoadOptions(),
                                                          query: query, pieceSize: pieceSize)
                    }
                    #expect(counted.matches == MatchIndex.count(transcript: whole.transcript, query: query),
                            "\(name) \(keyword) \(caseSensitive) \(wholeWords) pieces of \(pieceSize)")
                }
            }
        }
        #expect(TranscriptLoader.inPlaceMatcher(for: Query("it's", ignoresAccents: true), forCounting: true) != nil)
    }

    @Test func exactMatchingStaysTheDefault() {
        #expect(Matcher(keyword: "cafe").ranges(in: "café"[...]).isEmpty)
        #expect(Matcher(keyword: "it's").ranges(in: "it’s"[...]).isEmpty)
    }
}
