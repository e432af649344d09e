import SeekBytes
import Foundation

/// A file's text as UTF-8 bytes, ready for the parsers.
public struct DecodedText: Sendable {
    /// Valid UTF-8 with no byte order mark; NUL characters are replaced by U+FFFD.
    public var utf8: [UInt8]
    /// The encoding the bytes were read as.
    public var encoding: TextEncoding
    /// What the user should know about the decoding (legacy fallback, replaced bytes).
    public var warnings: [Diagnostic]
}

/// Turns a file's bytes into UTF-8 text: byte order marks, UTF-16/32, legacy encodings.
///
/// Without an encoding from the user, the decoder goes by, in order:
/// 1. a byte order mark (UTF-8, UTF-16LE/BE, UTF-32LE/BE);
/// 2. NUL bytes: ASCII text in UTF-16 without a BOM (every other byte NUL) is read
///    as UTF-16; other files with many NUL or control bytes are refused as binary;
/// 3. valid UTF-8 is UTF-8;
/// 4. invalid UTF-8 that is still mostly UTF-8 (more valid multi-byte sequences than
///    invalid bytes) is UTF-8 with U+FFFD for the bad bytes;
/// 5. otherwise the legacy encoding `LegacyEncodingDetector` finds most plausible
///    (Windows-1250 to 1258, ISO-8859-2, KOI8-R, Mac Cyrillic, Windows-874, GB18030,
///    Big5, Shift_JIS, EUC-KR), with a warning that names it.
///
/// A stray NUL in text is not binary: it becomes U+FFFD, as WebVTT asks.
public enum TextDecoder {
    /// Decodes `bytes`, read as `encoding` when given, else detected.
    ///
    /// - Throws: `Diagnostic` for binary files and for bytes the chosen encoding rejects.
    /// - Complexity: O(n); valid UTF-8 without a BOM or NUL is returned without copying.
    public static func decode(
        _ bytes: [UInt8], encoding: TextEncoding? = nil, fileName: String
    ) throws(Diagnostic) -> DecodedText {
        var warnings: [Diagnostic] = []
        let chosen: TextEncoding
        var body = bytes[...]
        if let encoding {
            chosen = sameFamily(byteOrderMark(bytes)?.0, as: encoding) ?? encoding
            body = strippingBOM(of: chosen, from: bytes)
        } else if let (bomEncoding, length) = byteOrderMark(bytes) {
            chosen = bomEncoding
            body = bytes[length...]
        } else if let guess = try sniffNULs(bytes, fileName: fileName) {
            chosen = guess
        } else {
            let plain = bytes.withUnsafeBufferPointer { UTF8Validation.isValidWithoutNULsInPieces($0) }
            if plain { return DecodedText(utf8: bytes, encoding: .utf8, warnings: []) }
            // A text whose first 256 KiB are plainly not UTF-8 needs no count of the rest.
            let head = UTF8Scan(bytes.prefix(262_144))
            let scan = head.invalid > 16 && head.invalid > 4 * head.multibyte ? head : UTF8Scan(bytes)
            if scan.invalid == 0 {
                return DecodedText(utf8: scan.nuls == 0 ? bytes : replacingNULs(bytes),
                                   encoding: .utf8, warnings: [])
            }
            if scan.multibyte > scan.invalid {
                chosen = .utf8
                warnings.append(Diagnostic(
                    file: fileName,
                    message: "\(scan.invalid) invalid UTF-8 byte(s) replaced by U+FFFD"))
            } else {
                chosen = .legacy(LegacyEncodingDetector.detect(bytes))
                warnings.append(Diagnostic(
                    file: fileName, message: "decoded as \(chosen.name) (not UTF-8); use --encoding to choose"))
            }
        }
        var utf8 = try transcode(body, from: chosen, fileName: fileName, warnings: &warnings)
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8.removeFirst(3) }
        if utf8.contains(0) { utf8 = replacingNULs(utf8) }
        return DecodedText(utf8: utf8, encoding: chosen, warnings: warnings)
    }

    /// Refuses binary data by the start of a file (its first 64 KiB), before the rest is read:
    /// the same judgement `decode` makes without an encoding from the user.
    ///
    /// - Throws: `Diagnostic` when `head` has no byte order mark and is mostly NUL and control bytes.
    public static func refuseBinaryHead(_ head: [UInt8], fileName: String) throws(Diagnostic) {
        if byteOrderMark(head) != nil { return }
        _ = try sniffNULs(head, fileName: fileName)
    }

    /// Whether `bytes` have no byte order mark and do not look like UTF-16 or binary data:
    /// the checks before `decode` looks at the whole text, which then is plain UTF-8 if
    /// `isValidWithoutNULs`.
    static func startsLikePlainUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let head = Array(bytes.prefix(65_536))
        guard byteOrderMark(head) == nil else { return false }
        do {
            return try sniffNULs(head, fileName: "") == nil
        } catch {
            return false
        }
    }

    /// Whether `bytes` are valid UTF-8 without NUL. Pieces of a text cut before ASCII
    /// bytes can be checked one by one.
    static func isValidWithoutNULs(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Validation.isValidWithoutNULs(bytes)
    }

    /// The encoding a byte order mark at the start of `bytes` names, and the mark's length.
    static func byteOrderMark(_ bytes: [UInt8]) -> (TextEncoding, Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return (.utf32LittleEndian, 4) }
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        return nil
    }

    /// The BOM's encoding when it is the asked-for UTF-16 or UTF-32 in the other byte order.
    private static func sameFamily(_ bomEncoding: TextEncoding?, as encoding: TextEncoding) -> TextEncoding? {
        switch (bomEncoding, encoding) {
        case (.utf16BigEndian?, .utf16LittleEndian), (.utf16LittleEndian?, .utf16BigEndian),
             (.utf32BigEndian?, .utf32LittleEndian), (.utf32LittleEndian?, .utf32BigEndian):
            return bomEncoding
        default:
            return nil
        }
    }

    private static func strippingBOM(of encoding: TextEncoding, from bytes: [UInt8]) -> ArraySlice<UInt8> {
        guard let (bomEncoding, length) = byteOrderMark(bytes), bomEncoding == encoding else { return bytes[...] }
        return bytes[length...]
    }

    /// UTF-16 without a BOM, or a refusal for binary data, judged on the first 64 KiB.
    private static func sniffNULs(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> TextEncoding? {
        let sample = bytes.prefix(65_536)
        var nulsAtEven = 0
        var nulsAtOdd = 0
        var controls = 0
        sample.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                // Bytes below 0x20, exactly; tabs and line breaks (0x09...0x0D) need no look.
                let word = WordBytes.load(buffer, at: offset, padding: 0x20)
                let low = WordBytes.below(word, 0x20)
                if low & ~(WordBytes.below(word, 0x0E) & ~WordBytes.below(word, 0x09)) != 0 {
                    var marks = low
                    while marks != 0 {
                        let position = offset + marks.trailingZeroBitCount / 8
                        marks &= marks - 1
                        switch base[position] {
                        case 0: if position & 1 == 0 { nulsAtEven += 1 } else { nulsAtOdd += 1 }
                        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B: break
                        default: controls += 1
                        }
                    }
                }
                offset += 8
            }
        }
        let nuls = nulsAtEven + nulsAtOdd
        let half = sample.count / 2
        if nuls * 4 >= sample.count && half > 0 {
            if nulsAtOdd * 10 >= half * 9 && nulsAtEven * 20 < half { return .utf16LittleEndian }
            if nulsAtEven * 10 >= half * 9 && nulsAtOdd * 20 < half { return .utf16BigEndian }
        }
        if (nuls + controls) * 16 > sample.count {
            throw Diagnostic(file: fileName, message: "binary file (NUL and control bytes); not a subtitle or transcript")
        }
        return nil
    }

    private static func transcode(
        _ body: ArraySlice<UInt8>, from encoding: TextEncoding, fileName: String, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> [UInt8] {
        switch encoding {
        case .utf8:
            let scan = UTF8Scan(body)
            if scan.invalid == 0 { return Array(body) }
            if warnings.isEmpty {
                warnings.append(Diagnostic(
                    file: fileName, message: "\(scan.invalid) invalid UTF-8 byte(s) replaced by U+FFFD"))
            }
            return repairingUTF8(body)
        case .utf16LittleEndian, .utf16BigEndian:
            return decodeUTF16(body, bigEndian: encoding == .utf16BigEndian)
        case .utf32LittleEndian, .utf32BigEndian:
            return decodeUTF32(body, bigEndian: encoding == .utf32BigEndian)
        case .latin1:
            return decodeSingleByte(body, high: nil)
        case .legacy(let legacy):
            let (utf8, invalid) = body.withUnsafeBufferPointer { legacy.codePage.decode($0) }
            if invalid > 0 {
                warnings.append(Diagnostic(
                    file: fileName, message: "\(invalid) byte(s) not valid in \(legacy.name) replaced by U+FFFD"))
            }
            return utf8
        case .foundation(let name, let rawValue):
            guard let text = String(bytes: body, encoding: String.Encoding(rawValue: rawValue)) else {
                throw Diagnostic(file: fileName, message: "cannot be decoded as \(name)")
            }
            return Array(text.utf8)
        }
    }

    // MARK: - Byte-level decoders

    private static func decodeUTF16(_ body: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        var index = body.startIndex
        func unit(at position: Int) -> UInt32 {
            let first = UInt32(body[position])
            let second = UInt32(body[position + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        while index + 1 < body.endIndex {
            let value = unit(at: index)
            index += 2
            if (0xD800..<0xDC00).contains(value), index + 1 < body.endIndex {
                let low = unit(at: index)
                if (0xDC00..<0xE000).contains(low) {
                    index += 2
                    UTF8Writer.append(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00), to: &output)
                    continue
                }
            }
            UTF8Writer.append((0xD800..<0xE000).contains(value) ? 0xFFFD : value, to: &output)
        }
        if index < body.endIndex { UTF8Writer.append(0xFFFD, to: &output) }
        return output
    }

    private static func decodeUTF32(_ body: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(body.count / 2)
        var index = body.startIndex
        while index + 3 < body.endIndex {
            let bytes = (0..<4).map { UInt32(body[index + $0]) }
            index += 4
            let value = bigEndian
                ? bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3]
                : bytes[3] << 24 | bytes[2] << 16 | bytes[1] << 8 | bytes[0]
            let valid = value < 0x110000 && !(0xD800..<0xE000).contains(value)
            UTF8Writer.append(valid ? value : 0xFFFD, to: &output)
        }
        if index < body.endIndex { UTF8Writer.append(0xFFFD, to: &output) }
        return output
    }

    /// Windows-1252's code points for bytes 0x80–0x9F (its only difference from Latin-1).
    static let windows1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    private static func decodeSingleByte(_ body: ArraySlice<UInt8>, high: [UInt32]?) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(body.count + body.count / 8)
        for byte in body {
            if byte < 0x80 {
                output.append(byte)
            } else if let high, byte < 0xA0 {
                UTF8Writer.append(high[Int(byte) - 0x80], to: &output)
            } else {
                UTF8Writer.append(UInt32(byte), to: &output)
            }
        }
        return output
    }

    private static func replacingNULs(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            if byte == 0 { output.append(contentsOf: UTF8Writer.replacementCharacter) } else { output.append(byte) }
        }
        return output
    }

    /// UTF-8 with each maximal invalid subsequence replaced by U+FFFD.
    private static func repairingUTF8(_ body: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(body.count + 16)
        var index = body.startIndex
        while index < body.endIndex {
            let (length, valid) = UTF8Scan.sequence(in: body, at: index)
            if valid { output.append(contentsOf: body[index..<index + length]) }
            else { output.append(contentsOf: UTF8Writer.replacementCharacter) }
            index += length
        }
        return output
    }
}

/// Counts of what a UTF-8 validation pass found.
struct UTF8Scan {
    /// Valid sequences of two to four bytes.
    var multibyte = 0
    /// Invalid subsequences, each counted once.
    var invalid = 0
    var nuls = 0

    init(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in scanInPieces(buffer) }
        if done == nil { Array(bytes).withUnsafeBufferPointer { scanInPieces($0) } }
    }

    /// Scans large texts in pieces on all cores. Pieces are cut before an ASCII byte,
    /// which no sequence (valid or not) runs across, so the counts are the same.
    private mutating func scanInPieces(_ buffer: UnsafeBufferPointer<UInt8>) {
        let bounds = TextPieces.boundaries(count: buffer.count) { target in
            buffer[target...].firstIndex { $0 < 0x80 }
        }
        guard bounds.count > 2 else { return scan(buffer) }
        let pieces = TextPieces.map(bounds.count - 1) { i in
            var piece = UTF8Scan()
            piece.scan(UnsafeBufferPointer(rebasing: buffer[bounds[i]..<bounds[i + 1]]))
            return piece
        }
        for piece in pieces {
            multibyte += piece.multibyte
            invalid += piece.invalid
            nuls += piece.nuls
        }
    }

    private init() {}

    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        var index = 0
        let count = buffer.count
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let hasZero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                if word & 0x8080_8080_8080_8080 == 0 && hasZero == 0 {
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte < 0x80 {
                if byte == 0 { nuls += 1 }
                index += 1
                continue
            }
            // The common sequences, checked inline: two bytes, and three bytes whose lead
            // allows any continuation bytes (not 0xE0 or 0xED).
            if byte >= 0xE1 && byte <= 0xEF && byte != 0xED && index + 2 < count
                && base[index + 1] & 0xC0 == 0x80 && base[index + 2] & 0xC0 == 0x80 {
                multibyte += 1
                index += 3
                continue
            }
            if byte >= 0xC2 && byte <= 0xDF && index + 1 < count && base[index + 1] & 0xC0 == 0x80 {
                multibyte += 1
                index += 2
                continue
            }
            let (length, valid) = Self.sequence(in: buffer, at: index)
            if valid { multibyte += 1 } else { invalid += 1 }
            index += length
        }
    }

    /// The length of the UTF-8 sequence starting at `index`, and whether it is valid;
    /// an invalid sequence's length is its maximal valid prefix (at least 1).
    static func sequence<C: Collection<UInt8>>(in bytes: C, at index: C.Index) -> (Int, Bool) where C.Index == Int {
        let lead = bytes[index]
        let need: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0x00..<0x80: return (1, true)
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: need = 2
        case 0xED: need = 2; upper = 0x9F
        case 0xF0: need = 3; lower = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; upper = 0x8F
        default: return (1, false)
        }
        var length = 1
        while length <= need {
            let position = index + length
            guard position < bytes.endIndex else { return (length, false) }
            let byte = bytes[position]
            let (low, high) = length == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= low && byte <= high else { return (length, false) }
            length += 1
        }
        return (length, true)
    }
}
