import Testing
@testable import SeekKit

/// The spellings of a keyword character: asked of the standard library and the Regex, checked here against both.
@Suite struct CharacterSpellingsTests {
    @Test func spellingsOfSomeCharacters() {
        let cases: [(Character, Bool, Set<Unicode.Scalar>?)] = [
            ("б", false, ["б", "Б"]), ("Б", true, ["Б"]), ("k", false, ["k", "K", "\u{212A}"]), ("k", true, ["k"]),
            (" ", false, [" "]), ("7", false, ["7"]), (";", false, nil), ("é", false, nil), ("й", false, nil),
            ("e\u{301}", false, nil), ("σ", false, ["σ", "Σ"]), ("，", false, nil), ("预", false, nil),
        ]
        for (character, caseSensitive, expected) in cases {
            let found = CharacterSpellings.spellings(of: character, caseSensitive: caseSensitive).map(Set.init)
            #expect(found == expected, "\(character) caseSensitive \(caseSensitive)")
        }
    }

    /// The index of case mappings stops where Unicode's cased scalars stop, on this standard library.
    @Test func noScalarBeyondTheIndexChangesWhenCaseMapped() {
        var beyond: [UInt32] = []
        for value in CharacterSpellings.casedScalarsEnd...0x10FFFF {
            if let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped { beyond.append(value) }
        }
        #expect(beyond.isEmpty)
    }

    /// The index of case mappings looks only at the pages said to hold cased scalars: every scalar that changes
    /// when case mapped lies in one of them, on this standard library.
    @Test func everyScalarThatChangesWhenCaseMappedLiesInACasedPage() {
        var outside: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else { continue }
            if !CharacterSpellings.casedPages.contains(where: { $0.contains(value >> 8) }) { outside.append(value) }
        }
        #expect(outside.isEmpty)
        #expect(CharacterSpellings.casedPages.allSatisfy { $0.upperBound < CharacterSpellings.casedScalarsEnd >> 8 })
    }

    /// The blocks whose every letter `everyLetterIsSpelledAsTheRegexMatchesIt` checks: Latin-1, Latin Extended-A
    /// and -B, IPA, Greek, Cyrillic and its supplement, Armenian, Cyrillic Extended-C, Latin Extended Additional,
    /// Greek Extended, Cyrillic Extended-B, and the letter-like symbols (Ohm, Kelvin and Angstrom signs).
    static let letterBlocks: [ClosedRange<UInt32>] = [
        0x00B5...0x00FF, 0x0100...0x017F, 0x0180...0x024F, 0x0250...0x02AF, 0x0370...0x03FF, 0x0400...0x04FF,
        0x0500...0x052F, 0x0530...0x058F, 0x1C80...0x1C8F, 0x1E00...0x1EFF, 0x1F00...0x1FFF, 0xA640...0xA69F,
        0x2100...0x214F,
    ]

    /// Every scalar the Regex could equate with a letter standing alone, each a character of its own after a NUL:
    /// those that change when case mapped or folded, those with a canonical decomposition (Hangul syllables
    /// left out: they decompose into several jamo, none cased) and the one scalar such a decomposition may be
    /// (`;` for the Greek question mark), and every scalar of `letterBlocks`.
    static let candidates: String = {
        var text = ""
        for value in 0..<CharacterSpellings.casedScalarsEnd {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let isInBlocks = letterBlocks.contains { $0.contains(value) }
            let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
            let isDecomposed = !(0xAC00...0xD7A3).contains(value) && !decomposed.elementsEqual([scalar])
            guard isInBlocks || isDecomposed || properties.changesWhenCaseMapped || properties.changesWhenCaseFolded
            else { continue }
            text.unicodeScalars.append("\u{0}")
            text.unicodeScalars.append(scalar)
            if isDecomposed, decomposed.count == 1, let single = decomposed.first {
                text.unicodeScalars.append("\u{0}")
                text.unicodeScalars.append(single)
            }
        }
        return text
    }()

    /// `candidates`, and each of its scalars followed by `mark` after a NUL (a character of two scalars, or two).
    static func candidates(before mark: Unicode.Scalar) -> String {
        var text = candidates
        for scalar in candidates.unicodeScalars where scalar != "\u{0}" {
            text.unicodeScalars.append("\u{0}")
            text.unicodeScalars.append(scalar)
            text.unicodeScalars.append(mark)
        }
        return text
    }

    /// For every letter of `letterBlocks` with forms, in both case modes: the scalars the Regex matches alone, and
    /// (for a letter of a letter and a mark) the scalars followed by that mark it matches, are exactly its forms;
    /// a letter with spellings has those for forms; none followed by a combining mark is a match. (A letter without
    /// forms is searched by the reference.) Every basic Cyrillic and Greek letter has forms, and so does every letter
    /// of the Latin-1 block but `ß` (whose capital is `SS`).
    @Test(arguments: letterBlocks)
    func everyLetterIsSpelledAsTheRegexMatchesIt(block: ClosedRange<UInt32>) {
        var withMark: [Unicode.Scalar: String] = [:]
        for value in block {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for caseSensitive in [false, true] {
                let spellings = CharacterSpellings.spellings(of: Character(scalar), caseSensitive: caseSensitive)
                let forms = CharacterSpellings.forms(of: Character(scalar), caseSensitive: caseSensitive)
                let isBasic = (0x0410...0x044F).contains(value) || (0x0391...0x03A9).contains(value) && value != 0x03A2
                    || (0x03B1...0x03C9).contains(value) || (0x00C0...0x00FF).contains(value)
                    && scalar.properties.isAlphabetic && value != 0x00DF
                #expect(forms != nil || !isBasic, "\(scalar) has forms")
                if let spellings { #expect(forms == spellings.map { String($0) }, "\(scalar)") }
                guard let forms else { continue }
                var regex = Regex<AnyRegexOutput>(verbatim: String(scalar))
                if !caseSensitive { regex = regex.ignoresCase() }
                let decomposed = Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars)
                var text = Self.candidates
                if spellings == nil, decomposed.count == 2 {
                    let mark = decomposed[1]
                    text = withMark[mark] ?? Self.candidates(before: mark)
                    withMark[mark] = text
                }
                // (Scalars, not strings: `ι` and U+1FBE, canonically equivalent, are equal strings.)
                let matched = text.ranges(of: regex).map { Array(text[$0].unicodeScalars) }
                #expect(Set(matched) == Set(forms.map { Array($0.unicodeScalars) }),
                        "U+\(String(value, radix: 16)) \(scalar) caseSensitive \(caseSensitive)")
                for form in forms {
                    #expect(("x" + form + "\u{301}").firstMatch(of: regex) == nil, "\(form) with a mark")
                    #expect(("x" + form + "\u{323}").firstMatch(of: regex) == nil, "\(form) with a mark below")
                }
            }
        }
    }

    /// For letters of several scripts, every scalar up to the end of the index that the Regex matches alone is a
    /// spelling, and a spelling followed by a combining mark is no match.
    @Test func everyScalarTheRegexMatchesIsASpelling() {
        var everything = ""
        for value in 0..<CharacterSpellings.casedScalarsEnd {
            guard let scalar = Unicode.Scalar(value) else { continue }
            everything.unicodeScalars.append("\u{0}")
            everything.unicodeScalars.append(scalar)
        }
        for character: Character in ["в", "Ꙋ", "ω", "ι", "β", "s", "k", "ǈ", "𐐨", "ա"] {
            for caseSensitive in [false, true] {
                guard let spellings = CharacterSpellings.spellings(of: character, caseSensitive: caseSensitive) else {
                    Issue.record("\(character) has spellings")
                    continue
                }
                var regex = Regex<AnyRegexOutput>(verbatim: String(character))
                if !caseSensitive { regex = regex.ignoresCase() }
                let matched = everything.ranges(of: regex).map { String(everything[$0]) }
                #expect(Set(matched) == Set(spellings.map { String($0) }), "\(character) caseSensitive \(caseSensitive)")
                for spelling in spellings {
                    #expect(("x" + String(spelling) + "\u{301}").firstMatch(of: regex) == nil, "\(spelling) with a mark")
                }
            }
        }
    }
}
