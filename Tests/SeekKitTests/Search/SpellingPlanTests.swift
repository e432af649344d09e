import Testing
@testable import SeekKit
import SeekBytes

/// Keywords searched by their characters' spellings (Cyrillic, Greek, Latin letters beyond
/// ASCII), counted and searched where a file lies, against the whole file loaded and searched.
@Suite struct SpellingPlanTests {
    /// Words of the texts: every spelling of the keywords' letters (the Kelvin and Ohm signs, the
    /// rounded `ᲀ`, the final sigma), decomposed letters, combining marks after a spelling, ASCII.
    static let words = [
        "бюджет", "БЮДЖЕТ", "Бюджет", "бЮдЖеТ", "мой", "МОЙ", "мои\u{306}", "моё", "вы", "ВЫ", "ᲀы", "ты", "в",
        "бюджет\u{301}", "\u{301}бюджет", "σοφός", "ΣΟΦΟΣ", "σοφοσ", "ς", "ω", "Ω", "\u{2126}", "ωμέγα", "κ", "Κ",
        "σοφο\u{301}ς", "σοφ\u{1F79}ς", "ΣΟΦΌΣ", "ωμε\u{301}γα", "ё", "Ё", "е\u{308}", "Е\u{308}", "й\u{301}", "и\u{306}\u{323}",
        "мо\u{439}", "мо\u{419}", "café", "cafe\u{301}", "CAFE\u{301}", "cafe\u{301}\u{301}", "e\u{323}\u{301}",
        "k", "K", "\u{212A}", "ǈ", "ǉ", "Ǉ", "æ", "Æ", "ø", "Ø", "ß", "ẞ", "straße", "ա", "Ա", "budget", "预算",
        "<i>бюджет</i>", "&amp;", "ты&nbsp;в",
    ]

    /// Keywords searched where the text lies by their characters' forms (`й` and `ό` are also written as
    /// a letter and an accent).
    static let keywords = [
        "бюджет", "Бюджет", "вы", "ты в", "мой", "в", "σ", "σοφός", "ω", "Ω", "κ", "ǈ", "æ", "ø", "ա", "ё", "й",
        "МОЙ", "ωμέγα", "café", "é",
    ]

    /// Cue texts of one to three lines of those words, a blank beside a line break now and then.
    static func cueTexts(_ count: Int, seed: UInt64, words: [String] = words) -> [String] {
        var generator = Generator(state: seed)
        return (0..<count).map { _ in
            var lines: [String] = []
            for _ in 0...(generator.next() % 3) {
                let words = (0...(generator.next() % 5)).map { _ in words[Int(generator.next() % UInt64(words.count))] }
                lines.append(words.joined(separator: " ") + (generator.next() % 9 == 0 ? " " : ""))
            }
            return lines.joined(separator: "\n")
        }
    }

    static func srt(seed: UInt64, words: [String] = words) -> String {
        cueTexts(150, seed: seed, words: words).enumerated().map { number, text in
            "\(number + 1)\n\(Timestamp.format(number * 2_000)) --> \(Timestamp.format(number * 2_000 + 1_500))\n\(text)\n\n"
        }.joined()
    }

    static func webVTT(seed: UInt64, words: [String] = words) -> String {
        "WEBVTT\n\n" + cueTexts(150, seed: seed, words: words).enumerated().map { number, text in
            let times = "\(Timestamp.format(number * 2_000)) --> \(Timestamp.format(number * 2_000 + 1_500))"
            return "\(times.replacingOccurrences(of: ",", with: "."))\n\(text)\n\n"
        }.joined()
    }

    static func text(seed: UInt64, words: [String] = words) -> String {
        cueTexts(200, seed: seed, words: words).map { $0 + "\n" }.joined()
    }

    static func inputs(words: [String] = words) -> [(String, String)] {
        (1...3).flatMap { seed in
            [(srt(seed: seed, words: words), "t.srt"), (webVTT(seed: seed, words: words), "t.vtt"),
             (text(seed: seed, words: words), "t.txt")]
        }
    }

    @Test func theseKeywordsAreSearchedWhereTheTextLies() {
        for keyword in Self.keywords {
            #expect(!Matcher(keyword: keyword).scansBytes && Matcher(keyword: keyword).searchesInPlace, "\(keyword)")
        }
        // No forms and no piece: the transcript is searched.
        for keyword in ["ß", "ǘ", "\u{385}"] { #expect(!Matcher(keyword: keyword).searchesInPlace, "\(keyword)") }
    }

    /// Counting where the file lies and searching for its matching cues give what the whole file's transcript gives.
    @Test(arguments: [1, 700, 1 << 20])
    func spelledKeywordsCountAndMatchAsTheWholeFile(pieceSize: Int) throws {
        for (input, name) in Self.inputs() {
            let bytes = Array(input.utf8)
            let whole = try TranscriptLoader.load(bytes, fileName: name)
            for keyword in Self.keywords {
                for caseSensitive in [false, true] {
                    let query = Query(keyword, caseSensitive: caseSensitive)
                    let expected = MatchIndex(transcript: whole.transcript, query: query)
                    let label = "\(name) \(keyword) \(caseSensitive) pieces of \(pieceSize)"
                    let found = try Self.searchedInPlace(bytes, name: name, query: query, pieceSize: pieceSize)
                    #expect(found.count == expected.count, "\(label)")
                    // The same cues match (a file may be loaded whole: then every cue is there).
                    #expect(expected.matchCues.map { whole.transcript.ordinal(at: Int($0)) } == found.cues, "\(label)")
                    #expect(found.indexAgrees, "\(label)")
                }
            }
        }
    }

    /// `query` counted where `bytes` lie and its matching cues searched for there, read in pieces of
    /// `pieceSize`: the count, the matching cues' ordinals, and whether the search's index is the one
    /// its transcript gives.
    static func searchedInPlace(
        _ bytes: [UInt8], name: String, query: Query, pieceSize: Int
    ) throws -> (count: Int, cues: [Int], indexAgrees: Bool) {
        let counted = try bytes.withByteView { (view) throws(Diagnostic) in
            try TranscriptLoader.countMatches(inPlace: view, fileName: name, options: LoadOptions(), query: query,
                                              pieceSize: pieceSize)
        }
        let (searched, index) = try bytes.withByteView { (view) throws(Diagnostic) in
            try TranscriptLoader.searchMatching(inPlace: view, fileName: name, options: LoadOptions(), query: query,
                                                pieceSize: pieceSize)
        }
        return (counted.matches, index.matchCues.map { searched.transcript.ordinal(at: Int($0)) },
                Array(index) == Array(MatchIndex(transcript: searched.transcript, query: query)))
    }

    /// The plain `Matcher` on one cue's text against the reference, on every cue text above.
    @Test func spelledKeywordsMatchAsTheReferenceInEachCue() {
        for text in Self.cueTexts(2_000, seed: 9) {
            for keyword in Self.keywords {
                for caseSensitive in [false, true] {
                    #expect(Matcher(keyword: keyword, caseSensitive: caseSensitive).ranges(in: text[...])
                            == ReferenceMatcher(keyword: keyword, caseSensitive: caseSensitive).ranges(in: text[...]),
                            "\(keyword) in \(text)")
                }
            }
        }
    }
}

private struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        return z ^ (z >> 27)
    }
}
