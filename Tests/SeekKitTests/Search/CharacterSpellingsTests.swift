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
