import Testing
@testable import SeekKit
import SeekBytes

/// A UTF-8 file that starts with a byte order mark is searched as its bytes after the mark
/// (`TranscriptLoader.textAfterByteOrderMark`), which must read exactly as the file does.
@Suite struct ByteOrderMarkSearchTests {
    static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// SRT and WebVTT texts with their traps (`CRLFSearchTests.texts`), some with CR LF line breaks,
    /// and untimed text with characters of other scripts.
    static var texts: [(String, String)] {
        CRLFSearchTests.texts
            + CRLFSearchTests.texts.prefix(20).map { ($0.0.replacingOccurrences(of: "\n", with: "\r\n"), $0.1) }
            + [("Préface\nこんにちは budget\n\nΚαλημέρα\n", "t.txt"), ("\u{FEFF}\n1\n00:00:01,000 --> 00:00:02,000\nHi\n", "t.srt")]
    }

    @Test func theBytesAfterAMarkReadAsTheFileDoes() throws {
        var taken = 0
        for (text, name) in Self.texts {
            let marked = Self.mark + Array(text.utf8)
            let start = marked.withByteView { TranscriptLoader.textAfterByteOrderMark($0, options: LoadOptions()) }
            // A second mark (U+FEFF first in the text) is kept as a character: such a file is left alone.
            #expect(start == (text.unicodeScalars.first == "\u{FEFF}" ? nil : 3), "\(name): \(text.prefix(40))")
            guard let start else { continue }
            taken += 1
            let whole = Result { try TranscriptLoader.load(marked, fileName: name) }
            let after = Result { try TranscriptLoader.load(Array(marked[start...]), fileName: name) }
            switch (whole, after) {
            case (.success(let a), .success(let b)):
                #expect(CRLFSearchTests.summary(a) == CRLFSearchTests.summary(b), "\(name): \(text.prefix(40))")
            case (.failure(let a), .failure(let b)):
                #expect(a.localizedDescription == b.localizedDescription)
            default:
                Issue.record("one loaded, the other not: \(whole), \(after)")
            }
        }
        #expect(taken >= 100)
    }

    /// Left alone: text after the mark that is not valid UTF-8 (which the mark reads as UTF-8 with
    /// replacements, and the bytes alone might not), or holds a NUL, an encoding asked for, no mark,
    /// a mark alone, and a UTF-16 mark.
    @Test func filesWhoseTextMightReadOtherwiseAreLeftAlone() {
        let srt = Array("1\n00:00:01,000 --> 00:00:02,000\nHi there\n".utf8)
        for (bytes, options, checkingText) in [
            (Self.mark + srt + [0xE9, 0x0A], LoadOptions(), true),
            (Self.mark + [0xC3] + srt, LoadOptions(), true),
            (Self.mark + srt + [0x00, 0x0A], LoadOptions(), true),
            (Self.mark + srt, LoadOptions(encoding: "utf-8"), true),
            (Self.mark + srt, LoadOptions(encoding: "utf-8"), false),
            (srt, LoadOptions(), false),
            (Self.mark, LoadOptions(), false),
            (Self.mark + Self.mark + srt, LoadOptions(), false),
            ([0xFF, 0xFE, 0x31, 0x00, 0x0A, 0x00], LoadOptions(), false),
        ] {
            #expect(bytes.withByteView {
                TranscriptLoader.textAfterByteOrderMark($0, options: options, checkingText: checkingText)
            } == nil, "\(bytes.prefix(8))")
        }
        // Unchecked, the text after the mark is taken whatever it holds (for an ASCII start's matches).
        let spoiled = Self.mark + srt + [0xE9, 0x0A]
        #expect(spoiled.withByteView {
            TranscriptLoader.textAfterByteOrderMark($0, options: LoadOptions(), checkingText: false)
        } == 3)
    }
}
