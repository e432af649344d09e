import Testing
@testable import SeekKit
import SeekBytes

/// An SRT or WebVTT file with CR LF line breaks is searched as its bytes without the carriage returns
/// (`TranscriptLoader.lineFeedBytes(ofCRLF:…)`), which must read exactly as the file does.
@Suite struct CRLFSearchTests {
    /// SRT texts with line feeds: plain ones, oddly numbered ones, and random ones with traps
    /// (tags, references, blank lines of spaces, arrows in the text, carriage returns of their own);
    /// and random WebVTT texts with their traps.
    static var texts: [(String, String)] {
        TranscriptLoaderMatchingTests.inputs.filter { $0.1 == "t.srt" }
            + (0..<40).map { (SRTLayoutTests.randomSRT(seed: $0, trapRate: Int($0 % 4)), "t.srt") }
            + (0..<40).map { (WebVTTLayoutTests.randomVTT(seed: $0, trapRate: Int($0 % 4)), "t.vtt") }
    }

    /// What a load gives, cue by cue, and its format, encoding and warnings.
    static func summary(_ loaded: LoadedTranscript) -> [String] {
        let transcript = loaded.transcript
        return ["\(loaded.format) \(loaded.encoding) \(loaded.warnings.map { "\($0)" })"]
            + transcript.indices.map { cue in
                "\(transcript.ordinal(at: cue)) \(String(describing: transcript.id(at: cue))) \(transcript.line(at: cue)) "
                    + "\(String(describing: transcript.start(at: cue)))-\(String(describing: transcript.end(at: cue))) "
                    + "\(String(describing: transcript.speaker(at: cue))): \(transcript.text(at: cue))"
            }
    }

    @Test func aCRLFFileReadsAsItsBytesWithoutCarriageReturns() throws {
        var converted = 0
        for (text, name) in Self.texts {
            let crlf = Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
            let lines = crlf.withByteView {
                TranscriptLoader.lineFeedBytes(ofCRLF: $0, fileName: name, options: LoadOptions())
            }
            // Every carriage return of a text without its own stands before a line feed.
            if !text.utf8.contains(0x0D) && text.utf8.contains(0x0A) {
                #expect(lines == Array(text.utf8))
            }
            guard let lines else { continue }
            converted += 1
            let whole = Result { try TranscriptLoader.load(crlf, fileName: name) }
            let read = Result { try TranscriptLoader.load(lines, fileName: name) }
            switch (whole, read) {
            case (.success(let a), .success(let b)):
                #expect(Self.summary(a) == Self.summary(b))
            case (.failure(let a), .failure(let b)):
                #expect(a.localizedDescription == b.localizedDescription)
            default:
                Issue.record("one loaded, the other not: \(whole), \(read)")
            }
        }
        #expect(converted >= 80)
        // Not converted: a first line break without a CR, a lone CR, another format, an encoding asked for.
        for (bytes, name, options) in [
            (Array("1\n00:00:01,000 --> 00:00:02,000\r\nHi\r\n".utf8), "t.srt", LoadOptions()),
            (Array("1\r\n00:00:01,000 --> 00:00:02,000\rHi\r\n".utf8), "t.srt", LoadOptions()),
            (Array("Hi\r\nthere\r\n".utf8), "t.txt", LoadOptions()),
            (Array("1\r\n00:00:01,000 --> 00:00:02,000\r\nHi\r\n".utf8), "t.srt", LoadOptions(encoding: "windows-1252")),
            // UTF-16 whose bytes hold 0D 0A (U+0A0D, U+0D0A) and no other 0D.
            ([0xFF, 0xFE, 0x31, 0x00, 0x0D, 0x0A, 0x0D, 0x0A, 0x0A, 0x00], "t.srt", LoadOptions()),
        ] {
            #expect(bytes.withByteView { TranscriptLoader.lineFeedBytes(ofCRLF: $0, fileName: name, options: options) } == nil)
        }
    }
}
