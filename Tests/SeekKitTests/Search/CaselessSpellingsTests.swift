import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// Characters without case (Thai, Lao, kana, Hangul, Hebrew, Arabic, Devanagari) searched by their bytes:
/// their forms against the Regex, the boundary checks against the standard library's grapheme breaking, and
/// whole searches against the reference.
@Suite struct CaselessSpellingsTests {
    @Test func formsOfSomeCharacters() {
        let cases: [(Character, [String]?)] = [
            ("ก", ["ก"]), ("\u{E27}\u{E31}", ["\u{E27}\u{E31}"]), ("\u{E14}\u{E35}", ["\u{E14}\u{E35}"]),
            ("が", ["が", "か\u{3099}"]), ("か", ["か"]), ("ア", ["ア"]),
            ("각", ["각", "가\u{11A8}", "\u{1100}\u{1161}\u{11A8}"]),
            ("\u{958}", ["\u{958}", "\u{915}\u{93C}"]), ("\u{915}\u{93C}", ["\u{958}", "\u{915}\u{93C}"]),
            ("क", ["क"]), ("\u{622}", ["\u{622}", "\u{627}\u{653}"]), ("א", ["א"]),
            ("。", ["。"]), ("\u{37E}", [";", "\u{37E}"]),
            // (The Regex does not take the Greek question mark for `;`, though it takes `;` for the question mark.)
            (";", nil),
            // Two marks with a combining class side by side (either order is the same character), Thai's AM
            // alone (it joins the character before), a pictograph, a leading jamo (it joins a vowel after it).
            ("\u{E14}\u{E38}\u{E48}", nil), ("\u{E33}", nil), ("👍", nil), ("\u{1100}", nil),
        ]
        for (character, expected) in cases {
            let found = CharacterSpellings.caselessForms(of: character, caseSensitive: false)
            #expect(found.map(Set.init) == expected.map(Set.init), "\(String(character).unicodeScalars.map { String($0.value, radix: 16) })")
            if let expected {
                #expect(CharacterSpellings.forms(of: character, caseSensitive: true).map(Set.init) == Set(expected))
            }
        }
    }

    /// The index of the scalars composition leaves out looks only at the pages said to hold them: every
    /// assigned scalar with a canonical decomposition that composition does not give back lies in one of them,
    /// on this standard library.
    @Test func everyScalarCompositionLeavesOutLiesInAnIndexedPage() {
        var outside: [UInt32] = []
        var found = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value),
                  ![.unassigned, .privateUse, .surrogate].contains(scalar.properties.generalCategory) else { continue }
            let decomposed = String(scalar).decomposedStringWithCanonicalMapping
            guard !decomposed.unicodeScalars.elementsEqual([scalar]),
                  !decomposed.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual([scalar]) else { continue }
            found += 1
            if !CharacterSpellings.nonRecomposingPages.contains(value >> 8) { outside.append(value) }
        }
        #expect(outside.isEmpty, "\(outside.map { String($0, radix: 16) })")
        #expect(found == CharacterSpellings.nonRecomposing.values.reduce(0) { $0 + $1.count })
    }

    /// Blocks whose characters, alone and followed by each of the block's marks, have their forms checked.
    static let blocks: [ClosedRange<UInt32>] = [
        0x0E00...0x0E7F, 0x0E80...0x0EFF, 0x3040...0x309F, 0x30A0...0x30FF, 0x0590...0x05FF, 0x0600...0x06FF,
        0x0900...0x097F, 0xAC00...0xAC1F, 0xD788...0xD7A3,
    ]

    /// Every character of a block alone, and some of its letters (every ninth) followed by each of its marks:
    /// the texts the Regex matches among the block's scalars, those letter-and-mark pairs, the scalars
    /// composition leaves out and each form are exactly the character's forms, when it has some (and none is
    /// matched followed by a mark).
    @Test(arguments: blocks)
    func everyCaselessCharacterIsSpelledAsTheRegexMatchesIt(block: ClosedRange<UInt32>) {
        let scalars = block.compactMap(Unicode.Scalar.init).filter { $0.properties.generalCategory != .unassigned }
        let marks = scalars.filter { [.nonspacingMark, .spacingMark].contains($0.properties.generalCategory) }
        let bases = scalars.filter { !marks.contains($0) }
        var characters = scalars.map { String($0) }
        for base in stride(from: 0, to: bases.count, by: 9).map({ bases[$0] }) {
            characters += marks.map { String(base) + String($0) }
        }
        var text = characters.joined(separator: "\u{0}")
        for scalars in CharacterSpellings.nonRecomposing.values { for scalar in scalars { text += "\u{0}" + String(scalar) } }
        var withForms = 0
        for character in Set(characters) where character.count == 1 {
            guard let forms = CharacterSpellings.caselessForms(of: Character(character), caseSensitive: false) else { continue }
            withForms += 1
            let regex = Regex<AnyRegexOutput>(verbatim: character).ignoresCase()
            let candidates = text + forms.map { "\u{0}" + $0 }.joined()
            let matched = Set(candidates.ranges(of: regex).map { Array(candidates[$0].unicodeScalars) })
            #expect(matched == Set(forms.map { Array($0.unicodeScalars) }),
                    "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
            for form in forms {
                #expect(("x" + form + "\u{301}").firstMatch(of: regex) == nil, "\(form) with a mark")
            }
        }
        #expect(withForms > 20, "\(block): some characters have forms")
    }

    /// Letters that keywords' characters start with, and scalars they end with.
    static let firsts: [Unicode.Scalar] = ["ก", "ກ", "あ", "ア", "가", "\u{1100}", "ا", "क", "א", "日", "。", ";", "a"]
    static let lasts: [Unicode.Scalar] = [
        "ก", "\u{E35}", "\u{E31}", "\u{E48}", "\u{3099}", "が", "가", "각", "\u{1161}", "\u{11A8}", "ا", "\u{653}",
        "क", "\u{94D}", "\u{93C}", "\u{93E}", "א", "\u{5B4}", "日", "a",
    ]

    /// Whether `after` starts a character of its own after `before` (and what stands before it).
    static func breaks(_ before: [Unicode.Scalar], _ after: Unicode.Scalar) -> Bool {
        var text = ""
        text.unicodeScalars.append(contentsOf: before)
        let count = text.count
        text.unicodeScalars.append(after)
        return text.count == count + 1
    }

    /// `isSafeLeader`, on this standard library: no scalar it accepts joins a keyword's first letter after it,
    /// alone or after a consonant and a virama (which join the next consonant across marks and joiners).
    @Test func noSafeLeaderJoinsTheLetterAfterIt() {
        var accepted = 0
        for value in UInt32(0x80)..<0x11000 where FastPlan.isSafeLeader(value) {
            accepted += 1
            for first in Self.firsts {
                for context: [Unicode.Scalar] in [[], ["क", "\u{94D}"]] {
                    #expect(Self.breaks(context + [Unicode.Scalar(value)!], first),
                            "U+\(String(value, radix: 16)) before U+\(String(first.value, radix: 16))")
                }
            }
        }
        #expect(accepted > 40_000)
        #expect(!FastPlan.isSafeLeader(0x94D) && !FastPlan.isSafeLeader(0x200D) && !FastPlan.isSafeLeader(0x600))
    }

    /// The ranges `isSafeLeader` accepts at once are leaders by the properties too: for every scalar
    /// below U+11000 (none above is a leader), both ways answer alike, and the ranges change only the cost.
    @Test func leaderRangesAreWhatThePropertiesSay() {
        var differing: [UInt32] = []
        for value in UInt32(0)..<0x11000 where FastPlan.isSafeLeader(value) != FastPlan.isSafeLeaderByProperties(value) {
            differing.append(value)
        }
        #expect(differing.isEmpty, "\(differing.prefix(8).map { "U+" + String($0, radix: 16) })")
        #expect(FastPlan.isSafeLeader(0x3042) && !FastPlan.isSafeLeader(0x3099) && !FastPlan.isSafeLeader(0xFF9E))
        #expect(!FastPlan.isSafeLeader(0x11000) && !FastPlan.isSafeLeaderByProperties(0x11000))
    }

    /// `isSafeFollower`, on this standard library: no scalar it accepts joins a keyword's last scalar before it,
    /// unless that scalar joins whatever follows it (`CharacterSpellings.joinsWhatFollows`).
    @Test func noSafeFollowerJoinsTheScalarBeforeIt() {
        var accepted = 0
        for value in UInt32(0x80)..<0x30000 where FastPlan.isSafeFollower(value) {
            accepted += 1
            for last in Self.lasts where !CharacterSpellings.joinsWhatFollows(last) {
                for context: [Unicode.Scalar] in [[], ["क"]] {
                    #expect(Self.breaks(context + [last], Unicode.Scalar(value)!),
                            "U+\(String(value, radix: 16)) after U+\(String(last.value, radix: 16))")
                }
            }
        }
        #expect(accepted > 10_000)
    }

    /// Words of the texts: Thai with its marks in both orders, kana composed and not, Hangul syllables and
    /// jamo, Devanagari with viramas, nuktas and the letters composition leaves out, Arabic and Hebrew with
    /// their marks, marks alone, joiners, a prepended mark, line ends.
    static let words = [
        "สวัสดี", "ครับ", "สวัสดีครับ", "ดี", "\u{E14}\u{E38}\u{E48}", "\u{E14}\u{E48}\u{E38}", "\u{E31}", "\u{E35}", "\u{E48}",
        "น้ำ", "\u{E33}", "ຂອບໃຈ", "ありがとう", "が", "か\u{3099}", "か", "\u{3099}", "\u{309B}", "カ", "ガ",
        "안녕", "가", "각", "가\u{11A8}", "\u{1100}\u{1161}", "\u{1100}", "\u{1161}", "\u{11A8}",
        "नमस्ते", "क", "\u{94D}", "क्ष", "\u{958}", "\u{915}\u{93C}", "\u{93C}", "स्ते", "ते",
        "مرحبا", "ا", "\u{622}", "\u{627}\u{653}", "\u{653}", "ب", "שלום", "א", "\u{5B4}", "\u{FB2A}", "\u{5E9}\u{5C1}",
        "\u{200D}", "\u{200C}", "\u{301}", "\u{600}", "\r\n", "hello", "。", ";", "\u{37E}",
    ]
    static let keywords = [
        "สวัสดี", "ดี", "ครับ", "ส", "\u{E14}\u{E38}", "น้ำ", "ຂອບ", "ありがとう", "が", "か", "ガ", "안녕", "가", "각",
        "나", "क", "ते", "नमस्ते", "\u{958}", "ا", "\u{622}", "ب", "مرحبا", "א", "שלום", "\u{FB2A}", "。", ";",
    ]

    @Test func theseKeywordsAreSearchedWhereTheTextLies() {
        for keyword in Self.keywords {
            #expect(Matcher(keyword: keyword).searchesInPlace, "\(keyword)")
        }
    }

    /// The whole search, counting where the file lies, and each cue's matches against the reference, in
    /// an SRT, a WebVTT and a text file, read in pieces of one byte, of 700 and whole.
    @Test func caselessKeywordsCountAndMatchAsTheReference() throws {
        let inputs = [(SpellingPlanTests.srt(seed: 1, words: Self.words), "t.srt"),
                      (SpellingPlanTests.webVTT(seed: 2, words: Self.words), "t.vtt"),
                      (SpellingPlanTests.text(seed: 3, words: Self.words), "t.txt")]
        for (input, name) in inputs {
            let bytes = Array(input.utf8)
            let whole = try TranscriptLoader.load(bytes, fileName: name)
            for keyword in Self.keywords {
                let query = Query(keyword)
                let expected = searchReferenceScan(ReferenceMatcher(keyword: keyword), whole.transcript)
                #expect(searchScanned(Matcher(keyword: keyword), whole.transcript) == expected, "\(name) \(keyword)")
                for pieceSize in [1, 700, 1 << 20] {
                    let label = "\(name) \(keyword) pieces of \(pieceSize)"
                    let found = try SpellingPlanTests.searchedInPlace(bytes, name: name, query: query, pieceSize: pieceSize)
                    #expect(found.count == expected.count, "\(label)")
                    #expect(Set(expected.map { whole.transcript.ordinal(at: $0.cue) }) == Set(found.cues), "\(label)")
                    #expect(found.indexAgrees, "\(label)")
                }
            }
        }
    }

    @Test func caselessKeywordsMatchAsTheReferenceInEachCue() {
        var matched = 0
        for text in SpellingPlanTests.cueTexts(600, seed: 21, words: Self.words) {
            for keyword in Self.keywords {
                let expected = ReferenceMatcher(keyword: keyword).ranges(in: text[...])
                #expect(Matcher(keyword: keyword).ranges(in: text[...]) == expected, "\(keyword) in \(text.debugDescription)")
                matched += expected.count
            }
        }
        #expect(matched > 400)
    }
}
