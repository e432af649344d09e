import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// A file that is not read as it lies is searched where its decoded text lies when that text is not
/// much larger (`TranscriptLoader.decodedText`): the text, loaded with the decoding's warnings first,
/// must read as the file does.
@Suite struct DecodedTextSearchTests {
    static let srt = "1\n00:00:01,000 --> 00:00:02,000\nCafé budget, déjà vu\n\n2\n00:00:03,000 --> 00:00:04,000\nno\n"

    /// Windows-1252 (é as one byte), UTF-16 both ways with their marks, UTF-8 with a Latin-1 byte,
    /// with LF and CR LF line breaks, SRT and untimed text.
    static var files: [(bytes: [UInt8], name: String)] {
        var files: [([UInt8], String)] = []
        for text in [srt, srt.replacingOccurrences(of: "\n", with: "\r\n")] {
            let latin1 = text.unicodeScalars.map { UInt8($0.value) }
            files.append((latin1, "t.srt"))
            files.append(([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "t.srt"))
            files.append(([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, "t.srt"))
            var spoiled = Array(text.utf8)
            spoiled.insert(0xE9, at: spoiled.count - 3)
            files.append((spoiled, "t.srt"))
            files.append((latin1, "t.txt"))
        }
        return files
    }

    @Test func aDecodedTextReadsAsTheFileDoes() throws {
        for (bytes, name) in Self.files {
            let text = bytes.withByteView {
                TranscriptLoader.decodedText($0, fileName: name, options: LoadOptions(), pages: .lost) { _ in }
            }
            let decoded = try #require(text, "\(name) \(bytes.prefix(4))")
            var read = try TranscriptLoader.load(decoded.utf8, fileName: name)
            read.warnings = decoded.warnings + read.warnings
            read.encoding = decoded.encoding.name
            let whole = try TranscriptLoader.load(bytes, fileName: name)
            #expect(CRLFSearchTests.summary(read) == CRLFSearchTests.summary(whole), "\(name) \(bytes.prefix(4))")
            #expect(!decoded.warnings.isEmpty || bytes.first == 0xFF || bytes.first == 0xFE)
        }
    }

    /// Left alone: UTF-8 read as it lies, an encoding asked for, and a text that outgrows the file by
    /// more than a quarter (Cyrillic in windows-1251: two bytes of UTF-8 a letter).
    @Test func filesReadOtherwiseAreLeftAlone() {
        let cyrillic = Array(repeating: [UInt8]([0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0x20, 0xEC, 0xE8, 0xF0, 0x0A]), count: 2_000)
            .flatMap { $0 }
        for (bytes, options) in [
            (Array(Self.srt.utf8), LoadOptions()),
            (Self.srt.unicodeScalars.map { UInt8($0.value) }, LoadOptions(encoding: "windows-1252")),
            (cyrillic, LoadOptions()),
        ] {
            #expect(bytes.withByteView {
                TranscriptLoader.decodedText($0, fileName: "t.txt", options: options, pages: .lost) { _ in }
            } == nil)
        }
    }
}
