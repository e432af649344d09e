import SeekBytes

/// How many terminal columns text takes, measured the way terminals do.
///
/// Terminals (glibc's `wcwidth`, which tmux and most emulators follow) give each
/// Unicode scalar its own width and add them up: East Asian wide and fullwidth
/// characters take two columns, nonspacing and enclosing marks and format
/// characters none, and everything else one, including spacing marks such as
/// Devanagari `ा` and Thai SARA AM `ำ`. So a grapheme cluster is as wide as the
/// sum of its scalars, with two exceptions for emoji: a scalar joined by a
/// zero-width joiner adds nothing (tmux and modern emulators draw the sequence
/// as one emoji), and an emoji made to look like one by U+FE0F takes two.
/// Control characters take none: sanitise text before measuring it.
///
/// Where terminals disagree (a joined emoji sequence, which older emulators draw
/// as its parts side by side), `widest(_:)` gives the most any of them draws,
/// so a row measured with it never reaches past the right margin.
public enum DisplayWidth {
    /// The columns of one Unicode scalar on its own (0, 1 or 2), as glibc's `wcwidth`.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        if isZeroWidth(scalar) { return 0 }
        if (0x1F1E6...0x1F1FF).contains(value) { return 1 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The columns of one character (grapheme cluster), as tmux and glibc-based terminals draw it.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1 { return of(first) }
        if first.value == 0x0D { return 0 }
        var width = 0
        var joined = false
        var presentsAsEmoji = false
        for scalar in scalars {
            if scalar.value == 0x200D { joined = true; continue }
            if scalar.value == 0xFE0F && first.properties.isEmoji { presentsAsEmoji = true }
            if joined && scalar.properties.isEmoji { joined = false; continue }
            joined = false
            width += of(scalar)
        }
        return presentsAsEmoji ? max(width, 2) : width
    }

    /// The most columns any common terminal draws `character` in (at least `of(character)`).
    ///
    /// Differs from `of(_:)` only for emoji joined by U+200D, which some terminals draw part by part.
    public static func widest(_ character: Character) -> Int {
        let width = of(character)
        let scalars = character.unicodeScalars
        guard scalars.count > 1, scalars.contains(where: { $0.value == 0x200D }) else { return width }
        return max(width, scalars.reduce(0) { $0 + of($1) })
    }

    /// The columns of `text`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func of(_ text: some StringProtocol) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The most columns any common terminal draws `text` in (see `widest(_:)` for a character).
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func widest(_ text: some StringProtocol) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        var total = 0
        for character in text { total += widest(character) }
        return total
    }

    /// Whether `text` is printable ASCII alone (0x20...0x7E), one column a byte: read as bytes
    /// where they lie, not through the string's view one index at a time.
    static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        let isPrintable = { (byte: UInt8) in byte &- 0x20 < 0x5F }
        if let string = text as? String { return string.utf8.withByteView { $0.allSatisfy(isPrintable) } }
        if let substring = text as? Substring { return substring.utf8.withByteView { $0.allSatisfy(isPrintable) } }
        return text.utf8.allSatisfy(isPrintable)
    }

    /// The longest prefix of `text` that fits in `columns` in every terminal, never splitting a character.
    public static func prefix(_ text: String, fitting columns: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let width = widest(text[index])
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
