import Foundation

/// The ways a keyword character can be written in text and still be matched by
/// `ReferenceMatcher`: its case variants and the characters Unicode equates with them
/// (`б`, `Б`; `k`, `K` and the Kelvin sign; `ω`, `Ω` and the Ohm sign).
///
/// Nothing here is a copied table: the candidates come from the standard library's case
/// mappings, and each is kept only if the Regex itself matches it.
enum CharacterSpellings {
    /// Where the scalars that change when case mapped end (`CharacterSpellingsTests`
    /// checks, on the running standard library, that none lies beyond).
    static let casedScalarsEnd: UInt32 = 0x20000

    /// The pages of 256 scalars (a scalar's value shifted right by 8) that hold a scalar that
    /// changes when case mapped; the others are not looked at (`CharacterSpellingsTests` checks,
    /// on the running standard library, that every such scalar lies in one of them): asking
    /// each scalar below `casedScalarsEnd` was most of the cost of making `byCaseMapping`.
    static let casedPages: [ClosedRange<UInt32>] = [
        0x00...0x05, 0x10...0x10, 0x13...0x13, 0x1C...0x1F, 0x21...0x21, 0x24...0x24, 0x2C...0x2D,
        0xA6...0xA7, 0xAB...0xAB, 0xFB...0xFB, 0xFF...0xFF, 0x104...0x105, 0x10C...0x10D, 0x118...0x118,
        0x16E...0x16E, 0x1E9...0x1E9,
    ]

    /// Every scalar that changes when case mapped, under its lowercase and under its
    /// uppercase mapping (`String` keys: canonically equivalent mappings meet).
    static let byCaseMapping: [String: [Unicode.Scalar]] = {
        var index: [String: [Unicode.Scalar]] = [:]
        for pages in casedPages {
            for value in pages.lowerBound << 8..<(pages.upperBound + 1) << 8 {
                guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else { continue }
                index[scalar.properties.lowercaseMapping, default: []].append(scalar)
                index[scalar.properties.uppercaseMapping, default: []].append(scalar)
            }
        }
        return index
    }()

    /// The scalars each of which, standing alone as a character, the Regex equates with
    /// `character`; `nil` when a character of several scalars could be equated with it too
    /// (a character with a canonical decomposition such as `é`, or a caseless one beyond
    /// ASCII), or when a spelling could join the character before it (a combining mark).
    ///
    /// A printable ASCII character other than a letter, `;` and `` ` `` is only itself.
    /// A cased character whose case mappings are single scalars without decomposition is
    /// matched only by single scalars: those whose lowercase or uppercase mapping is one of
    /// its own, and those the Regex confirms.
    static func spellings(of character: Character, caseSensitive: Bool) -> [Unicode.Scalar]? {
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return nil }
        let properties = scalar.properties
        if (0x20...0x7E).contains(scalar.value) && !properties.isAlphabetic {
            return FastPlan.hasEquivalents(scalar) ? nil : [scalar]
        }
        guard properties.changesWhenCaseMapped, isLetter(scalar) else { return nil }
        let lower = properties.lowercaseMapping
        let upper = properties.uppercaseMapping
        var candidates: [Unicode.Scalar] = [scalar]
        for mapping in [lower, upper] {
            guard let only = singleUndecomposed(mapping) else { return nil }
            candidates.append(only)
            candidates += byCaseMapping[mapping] ?? []
        }
        guard singleUndecomposed(String(scalar)) != nil else { return nil }
        var regex = Regex<AnyRegexOutput>(verbatim: String(character))
        if !caseSensitive { regex = regex.ignoresCase() }
        var spellings: [Unicode.Scalar] = []
        for candidate in candidates where !spellings.contains(candidate) {
            guard (try? regex.wholeMatch(in: String(candidate))) != nil else { continue }
            guard isLetter(candidate) else { return nil }
            spellings.append(candidate)
        }
        return spellings.isEmpty ? nil : spellings
    }

    /// The texts each of which, standing alone as a character, the Regex equates with `character`:
    /// its `spellings` when it has some; for a cased letter that decomposes into a letter with
    /// spellings and one combining mark without case (`й` is `и` and a breve, `é` is `e` and an
    /// acute), the single scalars the Regex equates with it (`й`, `Й`) and each spelling of the
    /// letter followed by the mark that it equates with it (`и` or `И` and a breve); `nil` otherwise.
    ///
    /// Canonically equivalent scalars (a Greek letter with oxia or with tonos) are each other's case
    /// variants' case variants, so that the index of case mappings holds them all.
    static func forms(of character: Character, caseSensitive: Bool) -> [String]? {
        if let spellings = spellings(of: character, caseSensitive: caseSensitive) { return spellings.map { String($0) } }
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first, scalar.properties.changesWhenCaseMapped, isLetter(scalar)
        else { return caselessForms(of: character, caseSensitive: caseSensitive) }
        let decomposed = Array(String(character).decomposedStringWithCanonicalMapping.unicodeScalars)
        guard decomposed.count == 2, decomposed[1].properties.canonicalCombiningClass != .notReordered,
              !decomposed[1].properties.changesWhenCaseMapped,
              // The letter's spellings in either case: the Regex matching case takes the Kelvin sign and a
              // cedilla for `Ķ`, though not the Kelvin sign alone for `K`.
              let bases = spellings(of: Character(decomposed[0]), caseSensitive: false) else { return nil }
        var candidates = [String(scalar)]
        for mapping in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping] {
            candidates += (byCaseMapping[mapping] ?? []).map { String($0) }
        }
        candidates += bases.map { String($0) + String(decomposed[1]) }
        var regex = Regex<AnyRegexOutput>(verbatim: String(character))
        if !caseSensitive { regex = regex.ignoresCase() }
        var forms: [String] = []
        for candidate in candidates where !forms.contains(where: { $0.unicodeScalars.elementsEqual(candidate.unicodeScalars) }) {
            guard (try? regex.wholeMatch(in: candidate)) != nil else { continue }
            let first = candidate.unicodeScalars.first!
            guard isLetter(first), candidate.unicodeScalars.count == 1 || bases.contains(first) else { return nil }
            forms.append(candidate)
        }
        return forms.isEmpty ? nil : forms
    }

    /// The one scalar of `text` when it has one and no canonical decomposition.
    private static func singleUndecomposed(_ text: String) -> Unicode.Scalar? {
        let scalars = text.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first,
              text.decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual([scalar]) else { return nil }
        return scalar
    }

    /// Letters with case: characters of their own, never joining the one before.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter: return scalar.properties.canonicalCombiningClass == .notReordered
        default: return false
        }
    }
}
