/// How many terminal columns text takes, measured the way terminals do.
///
/// East Asian wide and fullwidth characters take two columns; combining marks,
/// zero-width joiners and other format characters take none; an emoji sequence
/// (a grapheme cluster shown as one emoji) takes two. Control characters take
/// none: sanitise text before measuring it.
public enum DisplayWidth {
    /// The columns of one Unicode scalar on its own (0, 1 or 2).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        if isZeroWidth(scalar) { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The columns of one character (grapheme cluster).
    ///
    /// A cluster is as wide as its widest scalar; an emoji turned into emoji
    /// presentation by U+FE0F, a flag, or a ZWJ sequence takes two.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1 { return of(first) }
        if first.value == 0x0D { return 0 }
        var width = 0
        for scalar in scalars {
            if scalar.value == 0xFE0F && first.properties.isEmoji { return 2 }
            width = max(width, of(scalar))
        }
        if width < 2 && scalars.contains(where: { $0.value == 0x200D }) && first.properties.isEmoji { return 2 }
        return width
    }

    /// The columns of `text`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func of(_ text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The longest prefix of `text` that fits in `columns`, never splitting a character.
    public static func prefix(_ text: String, fitting columns: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let width = of(text[index])
            if used + width > columns { break }
            used += width
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        if value == 0x200B { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return true
        default:
            return false
        }
    }

    /// East Asian Width W or F (Unicode's EastAsianWidth.txt); emoji are found by their Emoji_Presentation property.
    private static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        for range in wideRanges where range.contains(value) { return true }
        return false
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,   // Hangul Jamo initial consonants
        0x2329...0x232A,   // angle brackets
        0x2E80...0x303E,   // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,   // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK compatibility
        0x3400...0x4DBF,   // CJK Extension A
        0x4E00...0x9FFF,   // CJK Unified Ideographs
        0xA000...0xA4CF,   // Yi
        0xA960...0xA97F,   // Hangul Jamo Extended-A
        0xAC00...0xD7A3,   // Hangul syllables
        0xF900...0xFAFF,   // CJK compatibility ideographs
        0xFE10...0xFE19,   // vertical forms
        0xFE30...0xFE6F,   // CJK compatibility forms, small form variants
        0xFF00...0xFF60,   // fullwidth forms
        0xFFE0...0xFFE6,   // fullwidth signs
        0x16FE0...0x16FE4, // ideographic symbols
        0x17000...0x18CFF, // Tangut, Khitan
        0x1AFF0...0x1B2FF, // Kana supplements, Nushu
        0x1F200...0x1F2FF, // enclosed ideographic supplement
        0x20000...0x2FFFD, // CJK Extensions B–F, compatibility supplement
        0x30000...0x3FFFD, // CJK Extensions G–H
    ]
}
