import SeekBytes
/// Unicode's default word boundaries (UAX #29), decided from ASCII text alone.
///
/// Whole-word matching (`Query.wholeWords`) is defined by Regex's `\b` with
/// `.wordBoundaryKind(.default)`; this is its fast path where the two characters
/// on each side of a position are ASCII, so that the rules need nothing else:
/// letters, digits and `_` join (WB5, WB8–WB10, WB13a/b), `'` `.` `:` join letters
/// (WB6/7), `'` `.` `,` `;` join digits (WB11/12), spaces join spaces (WB3d), and
/// everything else breaks. Anything else returns `nil`, and the reference decides.
/// A line break reads as a space, as it does for matching.
enum WordBoundary {
    enum Kind {
        case letter, numeric, midLetter, midNumLet, singleQuote, midNum, extendNumLet, space, other
    }

    /// The word-break kind of an ASCII byte, or `nil` for a byte the fast path leaves alone
    /// (non-ASCII, or a carriage return).
    static func kind(_ byte: UInt8) -> Kind? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): .letter
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .numeric
        case UInt8(ascii: ":"): .midLetter
        case UInt8(ascii: "."): .midNumLet
        case UInt8(ascii: "'"): .singleQuote
        case UInt8(ascii: ","), UInt8(ascii: ";"): .midNum
        case UInt8(ascii: "_"): .extendNumLet
        case UInt8(ascii: " "), 0x0A: .space
        case 0x0D, 0x80...: nil
        default: .other
        }
    }

    /// Whether there is a word boundary before byte `offset` of `bytes` (one cue's text);
    /// `nil` when the text around it is not plain ASCII.
    ///
    /// - Complexity: O(1).
    static func isBoundary(_ bytes: ByteView, at offset: Int) -> Bool? {
        if offset <= 0 || offset >= bytes.count {
            return true
        }
        func kindAt(_ i: Int) -> Kind?? {
            i < 0 || i >= bytes.count ? .some(nil) : kind(bytes[i]).map { .some($0) }
        }
        guard let before = kind(bytes[offset - 1]), let after = kind(bytes[offset]),
              let beforeThat = kindAt(offset - 2), let afterThat = kindAt(offset + 1) else { return nil }
        return !joins(beforeThat, before, after, afterThat)
    }

    /// Whether the rules keep `before` and `after` in one word (`nil` kinds are the text's ends).
    private static func joins(_ beforeThat: Kind?, _ before: Kind, _ after: Kind, _ afterThat: Kind?) -> Bool {
        let lettersMid: Set<Kind> = [.midLetter, .midNumLet, .singleQuote]
        let numbersMid: Set<Kind> = [.midNum, .midNumLet, .singleQuote]
        switch (before, after) {
        case (.space, .space): return true
        case (.letter, .letter), (.numeric, .numeric), (.letter, .numeric), (.numeric, .letter): return true
        case (.letter, .extendNumLet), (.numeric, .extendNumLet), (.extendNumLet, .extendNumLet): return true
        case (.extendNumLet, .letter), (.extendNumLet, .numeric): return true
        default: break
        }
        if before == .letter && lettersMid.contains(after) && afterThat == .letter { return true }
        if beforeThat == .letter && lettersMid.contains(before) && after == .letter { return true }
        if before == .numeric && numbersMid.contains(after) && afterThat == .numeric { return true }
        if beforeThat == .numeric && numbersMid.contains(before) && after == .numeric { return true }
        return false
    }

    /// Whether no proper prefix of `keyword` equals a proper suffix (ignoring ASCII case), so that
    /// its occurrences never overlap and whole-word matches are exactly the occurrences on boundaries.
    static func hasNoBorder(_ keyword: String) -> Bool {
        let bytes = Array(keyword.utf8).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        guard bytes.count > 1 else { return true }
        for length in 1..<bytes.count where bytes[..<length].elementsEqual(bytes[(bytes.count - length)...]) {
            return false
        }
        return true
    }
}
