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
        let reading = try bytes.withByteView { (view) throws(Diagnostic) in
            try Self.reading(view, encoding: encoding, fileName: fileName, warnings: &warnings)
        }
        switch reading {
        case .asIs(let hasNULs):
            return DecodedText(utf8: hasNULs ? replacingNULs(bytes) : bytes, encoding: .utf8, warnings: [])
        case .transcoded(let chosen, let start):
            var (utf8, invalid) = try transcode(bytes[start...], from: chosen, fileName: fileName)
            warnInvalid(invalid, in: chosen, fileName: fileName, warnings: &warnings)
            if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8.removeFirst(3) }
            if utf8.contains(0) { utf8 = replacingNULs(utf8) }
            return DecodedText(utf8: utf8, encoding: chosen, warnings: warnings)
        }
    }

    /// How `decode` reads a file's bytes.
    enum Reading: Equatable {
        /// Valid UTF-8, kept as it is (its NULs, if any, replaced).
        case asIs(hasNULs: Bool)
        /// Transcoded from an encoding, starting after a byte order mark.
        case transcoded(TextEncoding, start: Int)
    }

    /// How to read `bytes` (the encoding given, else the one found), with the warnings the
    /// choice itself gives (a legacy encoding guessed, invalid UTF-8 repaired).
    ///
    /// - Complexity: O(n): a UTF-8 check of the whole text unless its start plainly is not UTF-8.
    ///
    /// - Parameter releasing: told of each range of `bytes` looked at once it has been, when its
    ///   pages can go (a file's map, read again when touched): the bytes are then looked at 16 MiB
    ///   at a time, so that a file is never all in memory to choose its encoding.
    static func reading(
        _ bytes: ByteView, encoding: TextEncoding?, fileName: String, warnings: inout [Diagnostic],
        releasing: ((Range<Int>) -> Void)? = nil
    ) throws(Diagnostic) -> Reading {
        let mark = byteOrderMark(bytes.extracting(first: 4))
        if let encoding {
            let chosen = sameFamily(mark?.0, as: encoding) ?? encoding
            return .transcoded(chosen, start: mark.map { $0.0 == chosen ? $0.1 : 0 } ?? 0)
        }
        if let (bomEncoding, length) = mark { return .transcoded(bomEncoding, start: length) }
        if let guess = try sniffNULs(bytes.extracting(first: 65_536), fileName: fileName) {
            return .transcoded(guess, start: 0)
        }
        let isValid = forEachChunk(of: bytes, releasing: releasing) { UTF8Validation.isValidWithoutNULsInPiecesSkippingASCII($0) }
        if isValid { return .asIs(hasNULs: false) }
        // A text whose first 256 KiB are plainly not UTF-8 needs no count of the rest.
        let head = UTF8Scan(bytes.extracting(first: 262_144))
        var scan = (invalid: head.invalid, multibyte: head.multibyte, nuls: head.nuls)
        if !(head.invalid > 16 && head.invalid > 4 * head.multibyte) {
            scan = (0, 0, 0)
            _ = forEachChunk(of: bytes, releasing: releasing) { chunk in
                let counts = UTF8Scan(chunk)
                scan = (scan.invalid + counts.invalid, scan.multibyte + counts.multibyte, scan.nuls + counts.nuls)
                return true
            }
        }
        if scan.invalid == 0 { return .asIs(hasNULs: scan.nuls > 0) }
        if scan.multibyte > scan.invalid {
            warnings.append(Diagnostic(
                file: fileName,
                message: "\(scan.invalid) invalid UTF-8 byte(s) replaced by U+FFFD"))
            return .transcoded(.utf8, start: 0)
        }
        let legacy = LegacyEncodingDetector.detect(bytes.extracting(first: LegacyEncodingDetector.sampleLength + 1).array)
        warnings.append(Diagnostic(
            file: fileName, message: "decoded as \(legacy.name) (not UTF-8); use --encoding to choose"))
        return .transcoded(.legacy(legacy), start: 0)
    }

    /// How many bytes `forEachChunk` looks at a time when their pages can go.
    static let chunkSize = 1 << 24

    /// `body` on `bytes` whole, or with `releasing`, a chunk of about `chunkSize` bytes at a time
    /// (cut before an ASCII byte, which no UTF-8 sequence, valid or not, runs across), each chunk
    /// let go once `body` has looked at it, until `body` returns `false`.
    ///
    /// - Returns: whether `body` returned `true` for every chunk.
    static func forEachChunk(
        of bytes: ByteView, releasing: ((Range<Int>) -> Void)?, _ body: (ByteView) -> Bool
    ) -> Bool {
        guard let releasing, bytes.count > 2 * chunkSize else { return body(bytes) }
        var start = 0
        while start < bytes.count {
            var end = Swift.min(start + chunkSize, bytes.count)
            while end < bytes.count && bytes[end] >= 0x80 { end += 1 }
            let goesOn = body(bytes.extracting(start..<end))
            releasing(start..<end)
            guard goesOn else { return false }
            start = end
        }
        return true
    }

    /// The warning for `invalid` bytes or sequences that `encoding` did not assign, once per file
    /// (invalid UTF-8 found while choosing the encoding has its warning already).
    static func warnInvalid(
        _ invalid: Int, in encoding: TextEncoding, fileName: String, warnings: inout [Diagnostic]
    ) {
        guard invalid > 0 else { return }
        switch encoding {
        case .utf8 where warnings.isEmpty:
            warnings.append(Diagnostic(file: fileName, message: "\(invalid) invalid UTF-8 byte(s) replaced by U+FFFD"))
        case .legacy(let legacy):
            warnings.append(Diagnostic(
                file: fileName, message: "\(invalid) byte(s) not valid in \(legacy.name) replaced by U+FFFD"))
        default:
            break
        }
    }

    /// Refuses binary data by the start of a file (its first 64 KiB), before the rest is read:
    /// the same judgement `decode` makes without an encoding from the user.
    ///
    /// - Throws: `Diagnostic` when `head` has no byte order mark and is mostly NUL and control bytes.
    public static func refuseBinaryHead(_ head: [UInt8], fileName: String) throws(Diagnostic) {
        try head.withByteView { (view) throws(Diagnostic) in
            if byteOrderMark(view) != nil { return }
            _ = try sniffNULs(view, fileName: fileName)
        }
    }

    /// The head of a text whose control bytes `isPlainUTF8` judges (the rest may hold any).
    static let plainHeadLength = 65_536

    /// Whether `bytes` have no byte order mark and do not look like UTF-16 or binary data:
    /// the checks before `decode` looks at the whole text, which then is plain UTF-8 if
    /// `isValidWithoutNULs`.
    static func startsLikePlainUTF8(_ bytes: ByteView) -> Bool {
        let head = bytes.extracting(first: plainHeadLength)
        guard byteOrderMark(head) == nil else { return false }
        do {
            return try sniffNULs(head, fileName: "") == nil
        } catch {
            return false
        }
    }

    /// `startsLikePlainUTF8(bytes) && isValidWithoutNULs(bytes)`, in one pass where it can: in
    /// UTF-8 without NUL the UTF-16 guesses cannot hold, so only the head's control bytes are left
    /// to judge, and they are looked for as the UTF-8 is checked (and counted only when there are some).
    ///
    /// - Complexity: O(n), a large text's pieces after its head on all cores.
    static func isPlainUTF8(_ bytes: ByteView) -> Bool {
        guard byteOrderMark(bytes.extracting(first: 4)) == nil else { return false }
        let (valid, controls) = UTF8Validation.isValidWithoutNULs(bytes, controlBytesInFirst: plainHeadLength)
        return valid && (!controls || startsLikePlainUTF8(bytes))
    }

    /// Whether `bytes` are valid UTF-8 without NUL. Pieces of a text cut before ASCII
    /// bytes can be checked one by one.
    static func isValidWithoutNULs(_ bytes: ByteView) -> Bool {
        UTF8Validation.isValidWithoutNULs(bytes)
    }

    /// The encoding a byte order mark at the start of `bytes` names, and the mark's length.
    static func byteOrderMark(_ bytes: some Collection<UInt8>) -> (TextEncoding, Int)? {
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

    /// UTF-16 without a BOM, or a refusal for binary data, judged on the first 64 KiB.
    private static func sniffNULs(_ bytes: ByteView, fileName: String) throws(Diagnostic) -> TextEncoding? {
        let sample = bytes.extracting(first: 65_536)
        // Text without a NUL or another control byte is neither UTF-16 nor binary: no count.
        guard sample.hasControlBytes else { return nil }
        let counts = ControlByteCounts(sample)
        let (nulsAtEven, nulsAtOdd, controls) = (counts.nulsAtEven, counts.nulsAtOdd, counts.controls)
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

    /// `body` in UTF-8 from `encoding`, and how many bytes or sequences became U+FFFD for being
    /// invalid UTF-8 or unassigned in a legacy encoding.
    static func transcode(
        _ body: ArraySlice<UInt8>, from encoding: TextEncoding, fileName: String
    ) throws(Diagnostic) -> (utf8: [UInt8], invalid: Int) {
        switch encoding {
        case .utf8:
            let scan = UTF8Scan(body)
            return scan.invalid == 0 ? (Array(body), 0) : (repairingUTF8(body), scan.invalid)
        case .utf16LittleEndian, .utf16BigEndian:
            return (WideUnicodeDecoder.decodeUTF16(body, bigEndian: encoding == .utf16BigEndian), 0)
        case .utf32LittleEndian, .utf32BigEndian:
            return (WideUnicodeDecoder.decodeUTF32(body, bigEndian: encoding == .utf32BigEndian), 0)
        case .latin1:
            return (decodeSingleByte(body, high: nil), 0)
        case .legacy(let legacy):
            return legacy.codePage.decode(body)
        case .foundation(let name, let rawValue):
            guard let text = String(bytes: body, encoding: String.Encoding(rawValue: rawValue)) else {
                throw Diagnostic(file: fileName, message: "cannot be decoded as \(name)")
            }
            return (Array(text.utf8), 0)
        }
    }

    // MARK: - Byte-level decoders

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

    static func replacingNULs(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            if byte == 0 { output.append(contentsOf: UTF8Writer.replacementCharacter) } else { output.append(byte) }
        }
        return output
    }

    /// UTF-8 with each maximal invalid subsequence replaced by U+FFFD (the standard library's repair).
    private static func repairingUTF8(_ body: ArraySlice<UInt8>) -> [UInt8] {
        Array(String(decoding: body, as: UTF8.self).utf8)
    }
}
