/// Picks the legacy encoding that text which is not UTF-8 was most plausibly written in.
///
/// Each candidate decodes a sample of the text and earns points for what real text in
/// some language looks like, and loses points for what decoding in the wrong encoding
/// produces:
///
/// - single-byte encodings: letters that all belong to one alphabet
///   (`LanguageLetters.alphabets`) earn, letters outside the best one lose; unassigned
///   bytes and control characters lose heavily; so do a symbol between two letters
///   (`ezel§tt`), a capital right after a small letter (`пРИВЕТ`, what KOI8-R makes of
///   Windows-1251), a Greek, Cyrillic, Hebrew, Arabic or Thai letter next to an ASCII
///   letter or alone on a line with ASCII words (two of them side by side are a word of
///   that script, not a stray byte in Latin text), a letter standing alone (one byte is little
///   evidence), a combining mark after no letter, and, a little, two accented Latin
///   letters in a row;
/// - CJK encodings: invalid sequences lose heavily; the commonest characters earn most,
///   kana in Shift_JIS and Hangul in EUC-KR earn, characters from the common part of
///   each character set earn a little, rare and private-use ones nothing or less.
///
/// The best score wins; ties go to the earlier candidate, Windows-1252 first.
enum LegacyEncodingDetector {
    /// The encodings tried, in order of preference when scores tie.
    static let candidates: [LegacyEncoding] = [
        .windows1252, .windows1250, .iso8859_2, .windows1251, .koi8R, .macCyrillic, .windows1253,
        .windows1254, .windows1255, .windows1256, .windows1257, .windows1258, .windows874,
        .gb18030, .big5, .shiftJIS, .eucKR,
    ]

    /// How much of a text is looked at: enough for any subtitle file's flavour.
    static let sampleLength = 131_072

    /// The most plausible encoding of `bytes`.
    ///
    /// - Complexity: O(n) in the sample (at most `sampleLength` bytes) per candidate.
    static func detect(_ bytes: [UInt8]) -> LegacyEncoding {
        best(scores(bytes))
    }

    /// Each candidate's score, in candidate order (for `detect` and for tests).
    static func scores(_ bytes: [UInt8]) -> [(encoding: LegacyEncoding, score: Int)] {
        var end = min(bytes.count, sampleLength)
        if end < bytes.count, let lineEnd = bytes[..<end].lastIndex(of: 0x0A) { end = lineEnd + 1 }
        let sample = Array(bytes[..<end])
        let high = HighBytes(sample)
        return candidates.map { candidate in
            let score = candidate.isMultiByte
                ? multiByteScore(sample, candidate)
                : singleByteScore(sample, high, ByteClasses(candidate.codePage))
            return (candidate, score)
        }
    }

    /// The best of `scores`, the earliest on ties.
    static func best(_ scores: [(encoding: LegacyEncoding, score: Int)]) -> LegacyEncoding {
        var winner = scores[0]
        for entry in scores.dropFirst() where entry.score > winner.score { winner = entry }
        return winner.encoding
    }

    // MARK: - Single-byte encodings

    /// Where the sample's bytes of 0x80 and more are, and how often each occurs.
    struct HighBytes {
        var positions: [Int] = []
        var counts = [Int](repeating: 0, count: 256)
        /// For each position, whether its line has ASCII words (four letters or more, outside
        /// `<…>` and `{…}` tags): real Greek, Cyrillic, Hebrew, Arabic or Thai subtitles seldom do.
        var onLineWithASCIIWords: [Bool] = []

        init(_ bytes: [UInt8]) {
            var lineStart = 0
            var asciiLetters = 0
            var inTag = false
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case 0x0A:
                    let mixed = asciiLetters >= 4
                    onLineWithASCIIWords.append(contentsOf: repeatElement(mixed, count: positions.count - lineStart))
                    lineStart = positions.count
                    asciiLetters = 0
                    inTag = false
                case 0x3C, 0x7B: inTag = true
                case 0x3E, 0x7D: inTag = false
                case 0x41...0x5A, 0x61...0x7A: if !inTag { asciiLetters += 1 }
                case 0x80...:
                    positions.append(index)
                    counts[Int(byte)] += 1
                default: break
                }
            }
            onLineWithASCIIWords.append(contentsOf: repeatElement(asciiLetters >= 4, count: positions.count - lineStart))
        }
    }

    /// What each byte is in one single-byte encoding.
    struct ByteClasses {
        enum Script: UInt8 { case none, latin, greek, cyrillic, hebrew, arabic, thai }

        struct Class {
            var isLetter = false
            /// A combining mark (counted as a letter too): it must follow a letter.
            var isMark = false
            /// A Thai vowel written before its consonant: a consonant must follow.
            var isLeadingVowel = false
            var isThaiConsonant = false
            var isUpper = false
            var isLower = false
            var script = Script.none
            var isBad = false
            var isSymbol = false
            /// Punctuation that real text is full of: curly quotes, dashes, the ellipsis.
            var isCommonPunctuation = false
            /// The letter's lower-case scalar, for the alphabets.
            var lowered: UInt32 = 0
        }

        var classes: [Class] = []

        init(_ page: LegacyCodePage) {
            for byte in 0..<256 {
                classes.append(byte < 0x80 ? Self.ascii(UInt8(byte)) : Self.classify(page.high[byte - 0x80]))
            }
        }

        static func ascii(_ byte: UInt8) -> Class {
            var result = Class()
            if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) {
                result.isLetter = true
                result.isUpper = byte <= 0x5A
                result.isLower = byte >= 0x61
                result.script = .latin
            }
            return result
        }

        static func classify(_ value: UInt32) -> Class {
            var result = Class()
            guard value != 0xFFFD, let scalar = Unicode.Scalar(value) else {
                result.isBad = true
                return result
            }
            let script: Script = switch value {
            case 0xC0...0x24F, 0x300...0x36F, 0x1E00...0x1EFF: .latin
            case 0x370...0x3FF: .greek
            case 0x400...0x52F: .cyrillic
            case 0x590...0x5FF: .hebrew
            case 0x600...0x6FF: .arabic
            case 0xE00...0xE7F: .thai
            default: .none
            }
            switch scalar.properties.generalCategory {
            case .control, .privateUse, .unassigned, .surrogate:
                result.isBad = true
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .nonspacingMark, .spacingMark:
                if script == .none {
                    result.isSymbol = true
                } else {
                    result.isLetter = true
                    result.isUpper = scalar.properties.isUppercase
                    result.isLower = scalar.properties.isLowercase
                    result.script = script
                    result.lowered = scalar.properties.lowercaseMapping.unicodeScalars.first!.value
                    result.isMark = scalar.properties.generalCategory == .nonspacingMark
                        || scalar.properties.generalCategory == .spacingMark
                    result.isLeadingVowel = (0xE40...0xE44).contains(value)
                    result.isThaiConsonant = (0xE01...0xE2E).contains(value)
                }
            default:
                result.isSymbol = true
                result.isCommonPunctuation = [0x2018, 0x2019, 0x201C, 0x201D, 0x201E, 0x2013, 0x2014, 0x2026,
                                              0xAB, 0xBB, 0xA0, 0xBF, 0xA1, 0xA3, 0x20AC].contains(value)
            }
            return result
        }
    }

    static func singleByteScore(_ bytes: [UInt8], _ high: HighBytes, _ table: ByteClasses) -> Int {
        let classes = table.classes
        var score = 0
        var best = (letters: Set<UInt32>(), points: Int.min)
        for alphabet in LanguageLetters.alphabets {
            var points = 0
            for byte in 0x80..<256 where high.counts[byte] > 0 && classes[byte].isLetter {
                let letter = classes[byte].lowered
                if alphabet.letters.contains(letter) {
                    points += (alphabet.common.contains(letter) ? 4 : 2) * high.counts[byte]
                }
            }
            if points > best.points { best = (alphabet.letters, points) }
        }
        score += best.points
        for byte in 0x80..<256 where high.counts[byte] > 0 {
            let count = high.counts[byte]
            let kind = classes[byte]
            if kind.isLetter && !best.letters.contains(kind.lowered) {
                score -= (LanguageLetters.latinLetters.contains(kind.lowered) ? 1 : 4) * count
            }
            if kind.isBad { score -= 12 * count }
            if kind.isCommonPunctuation { score += count }
        }
        let noClass = ByteClasses.Class()
        for (index, position) in high.positions.enumerated() {
            let current = classes[Int(bytes[position])]
            let previous = position > 0 ? classes[Int(bytes[position - 1])] : noClass
            let next = position + 1 < bytes.count ? classes[Int(bytes[position + 1])] : noClass
            if current.isSymbol && !current.isCommonPunctuation && previous.isLetter && next.isLetter {
                score -= 6
            }
            guard current.isLetter else { continue }
            if !previous.isLetter && !next.isLetter { score -= 4 }
            if current.isMark && (!previous.isLetter || previous.script != current.script) { score -= 6 }
            if current.isLeadingVowel && !next.isThaiConsonant { score -= 6 }
            if current.isUpper && previous.isLower && previous.isLetter { score -= 6 }
            let inWordOfItsScript = (previous.isLetter && previous.script == current.script)
                || (next.isLetter && next.script == current.script)
            if current.script != .latin && high.onLineWithASCIIWords[index] && !inWordOfItsScript { score -= 2 }
            if current.script != .latin && ((previous.isLetter && previous.script == .latin)
                                            || (next.isLetter && next.script == .latin)) {
                score -= 4
            }
            if current.script == .latin && position > 0 && bytes[position - 1] >= 0x80
                && previous.isLetter && previous.script == .latin {
                score -= 2
            }
        }
        return score
    }

    // MARK: - CJK encodings

    static func multiByteScore(_ bytes: [UInt8], _ encoding: LegacyEncoding) -> Int {
        let page = encoding.codePage
        var score = 0
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let (scalar, length) = page.character(in: bytes, at: index)
            let trail = length == 2 ? bytes[index + 1] : 0
            index += length
            score += points(scalar, lead: lead, trail: trail, length: length, encoding)
        }
        return score
    }

    /// What one decoded CJK character says for `encoding`.
    private static func points(_ scalar: UInt32, lead: UInt8, trail: UInt8, length: Int, _ encoding: LegacyEncoding) -> Int {
        switch scalar {
        case 0xFFFD: return -12
        case 0xE000...0xF8FF: return -6
        case 0x3041...0x309F: return encoding == .shiftJIS ? 8 : 1
        case 0x30A0...0x30FF: return encoding == .shiftJIS ? 6 : 1
        case 0xAC00...0xD7A3:
            guard encoding == .eucKR else { return 0 }
            if LanguageLetters.frequentHangul.contains(scalar) { return 10 }
            return trail >= 0xA1 ? 6 : 1
        case 0x4E00...0x9FFF:
            if encoding != .eucKR && LanguageLetters.frequentHan.contains(scalar) { return 10 }
            let common = switch encoding {
            case .gb18030: (0xB0...0xD7).contains(lead) && trail >= 0xA1
            case .big5: (0xA4...0xC6).contains(lead)
            case .shiftJIS: (0x88...0x9F).contains(lead)
            default: false
            }
            return common ? 2 : 0
        case 0x3000...0x303F, 0xFF01...0xFF5E: return 2
        default: return 0
        }
    }
}
