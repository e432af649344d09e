import Testing
@testable import SeekKit

@Suite struct TextDecoderTests {
    static func decode(_ bytes: [UInt8], as name: String? = nil) throws -> (String, String, Int) {
        let encoding = name.flatMap(TextEncoding.init(name:))
        let decoded = try TextDecoder.decode(bytes, encoding: encoding, fileName: "x.srt")
        return (String(decoding: decoded.utf8, as: UTF8.self), decoded.encoding.name, decoded.warnings.count)
    }

    @Test func detects() throws {
        let cases: [([UInt8], String, String, Int)] = [
            ([0x68, 0x69], "hi", "UTF-8", 0),
            ([0xEF, 0xBB, 0xBF, 0x68, 0x69], "hi", "UTF-8", 0),
            ([0xFF, 0xFE, 0x68, 0x00, 0xE9, 0x00], "hé", "UTF-16LE", 0),
            ([0xFE, 0xFF, 0x00, 0x68, 0x00, 0xE9], "hé", "UTF-16BE", 0),
            ([0xFF, 0xFE, 0x3D, 0xD8, 0x1B, 0xDE], "😛", "UTF-16LE", 0),
            ([0xFF, 0xFE, 0x00, 0x00, 0x68, 0x00, 0x00, 0x00], "h", "UTF-32LE", 0),
            ([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x01, 0xF6, 0x1B], "😛", "UTF-32BE", 0),
            ([0x68, 0x00, 0x69, 0x00, 0x21, 0x00, 0x0A, 0x00], "hi!\n", "UTF-16LE", 0),
            ([0x63, 0x61, 0x66, 0xE9], "café", "windows-1252", 1),
            ([0x93, 0x68, 0x69, 0x94, 0x20, 0x80], "\u{201C}hi\u{201D} €", "windows-1252", 1),
            ([0xC4, 0xE3, 0xBA, 0xC3, 0x0A, 0xCA, 0xC0, 0xBD, 0xE7], "你好\n世界", "GB18030", 1),
            ([0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0x2C, 0x20, 0xEC, 0xE8, 0xF0, 0x21], "Привет, мир!", "windows-1251", 1),
            ([0x63, 0x61, 0x66, 0xE9, 0x20, 0xE0, 0x20, 0x6C, 0xE0, 0x20, 0xE9, 0x74, 0xE9], "café à là été", "windows-1252", 1),
            ([0xC3, 0xA9, 0xC3, 0xA9, 0x20, 0xFF], "éé \u{FFFD}", "UTF-8", 1),
            ([0xE2, 0x82, 0x20, 0xE2, 0x82, 0xAC, 0xE2, 0x82, 0xAC], "\u{FFFD} €€", "UTF-8", 1),
        ]
        for (bytes, text, encoding, warnings) in cases {
            let (decoded, name, count) = try Self.decode(bytes)
            #expect(decoded == text && name == encoding && count == warnings,
                    "\(bytes): \(decoded.debugDescription) as \(name), \(count) warning(s)")
        }
    }

    @Test func chosenEncoding() throws {
        let cases: [([UInt8], String, String, String)] = [
            ([0x93, 0xE9], "latin1", "\u{93}é", "ISO-8859-1"),
            ([0x93, 0xE9], "cp1252", "\u{201C}é", "windows-1252"),
            ([0xB1, 0xF5], "iso-8859-2", "ąő", "ISO-8859-2"),
            ([0xB9, 0x9C], "windows-1250", "ąś", "windows-1250"),
            ([0xC4, 0xE3], "gb2312", "你", "GB18030"),
            ([0xC0, 0xC1], "windows-1251", "АБ", "windows-1251"),
            ([0xEF, 0xBB, 0xBF, 0x68], "UTF_8", "h", "UTF-8"),
            ([0x68, 0x00], "utf-16le", "h", "UTF-16LE"),
            ([0xFE, 0xFF, 0x00, 0x68], "utf-16", "h", "UTF-16BE"),
            ([0xB1], "ISO8859_2", "ą", "ISO-8859-2"),
            ([0xB9], "cp1250", "ą", "windows-1250"),
            ([0xB9], "Windows1250", "ą", "windows-1250"),
            ([0x00, 0x68], "UTF-16BE", "h", "UTF-16BE"),
            ([0xD0, 0xD2, 0xC9], "koi8-r", "при", "KOI8-R"),
            ([0xEF, 0xF0, 0xE8], "cp1251", "при", "windows-1251"),
            ([0xE1, 0xE4, 0xF9], "windows-1255", "בהש", "windows-1255"),
            ([0x82, 0xA0, 0x8A, 0xBF], "shift_jis", "あ漢", "Shift_JIS"),
            ([0x82, 0xA0, 0x8A, 0xBF], "cp932", "あ漢", "Shift_JIS"),
            ([0xC7, 0xD1, 0xB1, 0xDB], "euc-kr", "한글", "EUC-KR"),
            ([0xA4, 0xA4, 0xA4, 0xE5], "big5", "中文", "Big5"),
            ([0x81, 0x30, 0x81, 0x30, 0x94, 0x39, 0xFC, 0x36], "gb18030", "\u{80}😀", "GB18030"),
            ([0x80], "windows-874", "€", "windows-874"),
            ([0x9C, 0xF1], "x-mac-cyrillic", "Ьс", "x-mac-cyrillic"),
        ]
        for (bytes, name, text, reported) in cases {
            let (decoded, encoding, _) = try Self.decode(bytes, as: name)
            #expect(decoded == text && encoding == reported, "\(bytes) as \(name): \(decoded.debugDescription), \(encoding)")
        }
    }

    @Test func unknownEncodingNames() {
        for name in ["klingon", "utf-9", "", "iso-8859-99"] {
            #expect(TextEncoding(name: name) == nil, "\(name)")
            #expect(throws: Diagnostic(file: "a.srt", message: "unknown encoding '\(name)'")) {
                try TranscriptLoader.load([0x61], fileName: "a.srt", options: LoadOptions(encoding: name))
            }
        }
    }

    @Test func binaryIsRefused() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0, 0x5C, 0x72, 0xA8]
        #expect(throws: Diagnostic.self) { try Self.decode(png) }
    }

    /// One byte in eight a control character makes binary data; tabs, line breaks and
    /// escapes do not, at every place in a word.
    @Test func controlBytesMakeBinary() {
        for byte in 0..<0x20 {
            for offset in 0..<8 {
                let text = Array(repeating: Array("abcdefg".utf8), count: 100).flatMap { line in
                    var line = line
                    line.insert(UInt8(byte), at: offset % line.count)
                    return line
                }
                let allowed = (0x09...0x0D).contains(byte) || byte == 0x1B
                if allowed {
                    #expect(throws: Never.self, "byte \(byte) at \(offset)") { try Self.decode(text) }
                } else {
                    #expect(throws: Diagnostic.self, "byte \(byte) at \(offset)") { try Self.decode(text) }
                }
            }
        }
    }

    @Test func strayNULIsNotBinary() throws {
        let text = Array("WEBVTT\n\n00:00.000 --> 00:01.000\n".utf8) + [0] + Array("text".utf8)
        let (decoded, _, _) = try Self.decode(text)
        #expect(decoded.hasSuffix("\u{FFFD}text"))
    }

    /// The byte order mark goes (a second one, read as U+FEFF, too); a lone surrogate and an odd
    /// last byte become U+FFFD; UTF-16 and UTF-32 in either byte order.
    @Test func wideEncodingsKeepTheirEdges() throws {
        let cases: [([UInt8], String, String)] = [
                ([0xFF, 0xFE, 0xFF, 0xFE, 0x68, 0x00, 0x69], "h\u{FFFD}", "UTF-16LE"),
                ([0xFE, 0xFF, 0x00, 0x68, 0xD8, 0x3D, 0x00, 0x69], "h\u{FFFD}i", "UTF-16BE"),
                ([0xFF, 0xFE, 0x00, 0xDC, 0x68, 0x00], "\u{FFFD}h", "UTF-16LE"),
                ([0xFF, 0xFE, 0x00, 0x00, 0x68, 0x00, 0x00, 0x00, 0x00, 0xD8, 0x00, 0x00, 0x69, 0x00], "h\u{FFFD}\u{FFFD}",
                 "UTF-32LE"),
                ([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x68], "\u{FFFD}h", "UTF-32BE"),
        ]
        for (bytes, text, encoding) in cases {
            let (decoded, name, _) = try Self.decode(bytes)
            #expect(decoded == text && name == encoding, "\(bytes) gave \(decoded.debugDescription) as \(name)")
        }
    }
}
