import Foundation
import SeekBytes

/// What `--ignore-accents` (`Query.ignoresAccents`) folds away, applied alike to keyword and text.
///
/// - Diacritics: a character whose canonical decomposition holds combining diacritical
///   marks (U+0300–036F, U+1AB0–1AFF, U+1DC0–1DFF, U+20D0–20FF, U+FE20–FE2F) becomes what is
///   left without them (`é` → `e`, `Å` → `A`, `ṩ` → `s`), and such marks standing alone go.
/// - Typographic punctuation: `‘ ’ ‚ ‛ ′ ʼ` → `'`, `“ ” „ ‟ ″` → `"`, the dashes and minus
///   `‐ ‑ ‒ – — ― −` → `-`, a no-break space → a space.
/// - Width forms: the full-width and half-width forms (U+FF00–FFEF) become their ordinary
///   characters (`ｓｅｅｋ` → `seek`, `ｶ` → `カ`), the ideographic space a space.
///
/// Everything else, ASCII included, is left as it is.
///
/// ```swift
/// AccentFolding.fold("Café “Ｎｏｉｒ” – it’s")   // "Cafe \"Noir\" - it's"
/// ```
public enum AccentFolding {
    /// `text` folded.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func fold(_ text: some StringProtocol) -> String {
        // Gathered as bytes, made a string once (appending scalar by scalar to a string costs several times more).
        var folded: [UInt8] = []
        folded.reserveCapacity(text.utf8.count)
        var cache: [Unicode.Scalar: String] = [:]
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                folded.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                folded.append(contentsOf: fold(scalar, cache: &cache).utf8)
            }
        }
        return String(decoding: folded, as: UTF8.self)
    }

    /// `text` (valid UTF-8) folded: `fold` of its string, read from its bytes.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func fold(_ text: ByteView) -> String {
        var folded: [UInt8] = []
        folded.reserveCapacity(text.count)
        var cache: [Unicode.Scalar: String] = [:]
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte < 0x80 {
                folded.append(byte)
                index += 1
                continue
            }
            let scalar = Unicode.Scalar(FastPlan.decode(text, at: index)) ?? "\u{FFFD}"
            folded.append(contentsOf: fold(scalar, cache: &cache).utf8)
            index += byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        }
        return String(decoding: folded, as: UTF8.self)
    }

    /// `text` folded, with where each folded UTF-8 byte came from: `starts[i]` is the offset in
    /// `text` of the character folded byte `i` came from, `ends[i]` the end of that character and
    /// of any diacritics after it that folded to nothing. Both arrays hold one more element for
    /// the end of the text.
    static func foldWithOffsets(_ text: some StringProtocol) -> (folded: String, starts: [Int], ends: [Int]) {
        // The folded bytes gathered in an array, made a string once (a string of each ASCII scalar appended
        // to the folded string cost most of a cue's search in this mode).
        var folded: [UInt8] = []
        var starts: [Int] = []
        var ends: [Int] = []
        let count = text.utf8.count
        folded.reserveCapacity(count)
        starts.reserveCapacity(count + 1)
        ends.reserveCapacity(count + 1)
        var cache: [Unicode.Scalar: String] = [:]
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                folded.append(UInt8(truncatingIfNeeded: scalar.value))
                starts.append(offset)
                offset += 1
                ends.append(offset)
                continue
            }
            let width = UTF8.width(scalar)
            let piece = fold(scalar, cache: &cache)
            if piece.isEmpty {
                if let last = ends.indices.last {
                    let end = ends[last]
                    var i = last
                    while i >= 0 && ends[i] == end {
                        ends[i] = offset + width
                        i -= 1
                    }
                }
            } else {
                for byte in piece.utf8 {
                    folded.append(byte)
                    starts.append(offset)
                    ends.append(offset + width)
                }
            }
            offset += width
        }
        starts.append(offset)
        ends.append(offset)
        return (String(decoding: folded, as: UTF8.self), starts, ends)
    }

    /// Whether `scalar` is a combining diacritical mark that folding drops.
    static func isDiacritic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }

    private static func fold(_ scalar: Unicode.Scalar, cache: inout [Unicode.Scalar: String]) -> String {
        if let punctuation = typographicFold(scalar) { return punctuation }
        if let known = cache[scalar] { return known }
        let folded = computeFold(scalar)
        cache[scalar] = folded
        return folded
    }

    /// The fold of typographic punctuation and spaces, `nil` for another scalar.
    @inline(__always)
    private static func typographicFold(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x02BC: "'"
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033: "\""
        case 0x2010...0x2015, 0x2212: "-"
        case 0x00A0, 0x3000: " "
        default: nil
        }
    }

    private static func computeFold(_ scalar: Unicode.Scalar) -> String {
        if let punctuation = typographicFold(scalar) { return punctuation }
        if isDiacritic(scalar) { return "" }
        var result = ""
        if (0xFF00...0xFFEF).contains(scalar.value) {
            for part in String(scalar).decomposedStringWithCompatibilityMapping.unicodeScalars where !isDiacritic(part) {
                result.unicodeScalars.append(part)
            }
            return result
        }
        let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
        guard decomposed.contains(where: isDiacritic) else { return String(scalar) }
        for part in decomposed where !isDiacritic(part) { result.unicodeScalars.append(part) }
        return result
    }
}
