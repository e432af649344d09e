import Foundation

/// The forms of a character without case: Thai, Lao, kana, Hangul, Arabic, Hebrew, Devanagari, ...,
/// the characters of one scalar or of a base and its marks that no case mapping reaches.
///
/// Such a character is matched, case-insensitive or not, by the texts canonically equivalent to it, and
/// by nothing else: those whose canonical decomposition is its own. When no two marks with a combining
/// class stand side by side in that decomposition (they could be written in either order), each such
/// text writes the decomposition's scalars in order, some runs of them composed into one scalar: `が` is
/// `が` or `か` and the voiced sound mark, `각` is `각`, `가` and `ᆨ`, or its three jamo. A run composes
/// into the scalar Unicode's composition gives it, or into one of the few that composition leaves out
/// (`nonRecomposing`: the Devanagari `क़`, the CJK compatibility ideographs, ...).
extension CharacterSpellings {
    /// The pages of 256 scalars that hold the scalars with a canonical decomposition that composition does
    /// not give back (singletons such as the Ohm sign, and composition exclusions); `CaselessSpellingsTests`
    /// checks on the running standard library that every such scalar lies in one of them.
    static let nonRecomposingPages: [UInt32] = [
        0x03, 0x09, 0x0A, 0x0B, 0x0F, 0x1F, 0x20, 0x21, 0x23, 0x2A, 0xF9, 0xFA, 0xFB, 0x1D1, 0x2F8, 0x2F9, 0x2FA,
    ]

    /// The scalars with a canonical decomposition that composition does not give back, under that
    /// decomposition's scalar values.
    static let nonRecomposing: [[UInt32]: [Unicode.Scalar]] = {
        var index: [[UInt32]: [Unicode.Scalar]] = [:]
        for page in nonRecomposingPages {
            for value in page << 8..<(page + 1) << 8 {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let decomposed = String(scalar).decomposedStringWithCanonicalMapping
                guard !decomposed.unicodeScalars.elementsEqual([scalar]),
                      !decomposed.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual([scalar])
                else { continue }
                index[decomposed.unicodeScalars.map(\.value), default: []].append(scalar)
            }
        }
        return index
    }()

    /// Every scalar some case mapping of a cased scalar writes (a text holding one may equal a caseless
    /// character once case mapped: `İ` lowercased is `i` and a dot above).
    static let caseMappingScalars: Set<UInt32> = {
        var scalars: Set<UInt32> = []
        for pages in casedPages {
            for value in pages.lowerBound << 8..<(pages.upperBound + 1) << 8 {
                guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else { continue }
                let properties = scalar.properties
                for mapping in [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping] {
                    for mapped in mapping.unicodeScalars { scalars.insert(mapped.value) }
                    for mapped in mapping.decomposedStringWithCanonicalMapping.unicodeScalars { scalars.insert(mapped.value) }
                }
            }
        }
        return scalars
    }()

    /// The texts the Regex equates with `character` when it has no case (see above), each checked
    /// against the Regex; `nil` for any other character, or one whose forms could join what stands
    /// around them in ways `FastPlan.isOnBoundaries` does not look for.
    static func caselessForms(of character: Character, caseSensitive: Bool) -> [String]? {
        let decomposed = Array(String(character).decomposedStringWithCanonicalMapping.unicodeScalars)
        guard let first = decomposed.first, let last = decomposed.last, decomposed.count <= 8,
              canStartCaselessCharacter(first), !joinsWhatFollows(last) else { return nil }
        for (index, scalar) in decomposed.enumerated() {
            guard !scalar.properties.changesWhenCaseMapped, !caseMappingScalars.contains(scalar.value),
                  !(0x11000..<0x20000).contains(scalar.value), !(0xE000...0xF8FF).contains(scalar.value),
                  scalar.properties.generalCategory != .unassigned else { return nil }
            if index > 0, scalar.properties.canonicalCombiningClass != .notReordered,
               decomposed[index - 1].properties.canonicalCombiningClass != .notReordered { return nil }
        }
        // Each way of cutting the decomposition into runs, each run written as one of its scalars.
        var written: [[[Unicode.Scalar]]] = Array(repeating: [], count: decomposed.count + 1)
        written[decomposed.count] = [[]]
        for start in stride(from: decomposed.count - 1, through: 0, by: -1) {
            for end in start + 1...decomposed.count {
                for scalar in composed(Array(decomposed[start..<end])) {
                    written[start] += written[end].map { [scalar] + $0 }
                }
            }
        }
        var regex = Regex<AnyRegexOutput>(verbatim: String(character))
        if !caseSensitive { regex = regex.ignoresCase() }
        var forms: [String] = []
        for scalars in written[0] {
            var form = ""
            form.unicodeScalars.append(contentsOf: scalars)
            guard (try? regex.wholeMatch(in: form)) != nil else { return nil }
            if !forms.contains(where: { $0.unicodeScalars.elementsEqual(form.unicodeScalars) }) { forms.append(form) }
        }
        return forms.isEmpty ? nil : forms
    }

    /// The scalars whose canonical decomposition is `run` (itself, for a run of one).
    private static func composed(_ run: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var scalars = nonRecomposing[run.map(\.value)] ?? []
        if run.count == 1 { return [run[0]] + scalars }
        var text = ""
        text.unicodeScalars.append(contentsOf: run)
        let composed = text.precomposedStringWithCanonicalMapping.unicodeScalars
        if composed.count == 1, let scalar = composed.first,
           String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(run),
           !scalars.contains(scalar) {
            scalars.insert(scalar, at: 0)
        }
        return scalars
    }

    /// Whether `scalar` may begin a caseless character in a keyword: a letter without case, a number or
    /// punctuation, never joining the character before it on its own (no mark, no vowel or final jamo,
    /// not Thai's or Lao's AM, which extend the character before).
    static func canStartCaselessCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E33, 0x0EB3, 0x1160...0x11FF, 0xD7B0...0xD7FF: return false
        default: break
        }
        if isPrepended(scalar.value) || scalar.properties.isGraphemeExtend { return false }
        switch scalar.properties.generalCategory {
        case .otherLetter, .modifierLetter, .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// Whether the character after `scalar` may join it: a zero width joiner (before a pictograph), a
    /// leading jamo (before a vowel or a syllable), a regional indicator, a prepended mark.
    static func joinsWhatFollows(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200D, 0x1100...0x115F, 0xA960...0xA97F, 0x1F1E6...0x1F1FF: return true
        default: return isPrepended(scalar.value)
        }
    }

    /// Unicode's prepended concatenation marks and the other scalars of the grapheme cluster break
    /// property Prepend below U+11000 (they join the character after them).
    static func isPrepended(_ value: UInt32) -> Bool {
        switch value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E: return true
        default: return value >= 0x11000 && value < 0x20000
        }
    }
}
