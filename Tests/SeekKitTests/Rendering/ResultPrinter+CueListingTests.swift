import Testing
@testable import SeekKit

@Suite struct ResultPrinterCueListingTests {
    static let texts = [
        "plain words", "", "tab\there", "esc \u{1B}[31m red", "two\nlines", "ends in a break\n", "\n\nfirst breaks",
        "bell\u{07} del\u{7F} nel\u{85} c1\u{9B}", "line \u{2028} and \u{2029} separators", "bidi \u{202E}txet\u{2066}",
        "café 家乡 \u{1B}\n\u{1B}",
    ]

    /// `--cues` shows a cue's text as the highlighter's lines without a highlight, continuation
    /// lines indented under the text's start, with and without colour.
    @Test func listingIsTheHighlightersLines() {
        let transcript = Transcript(Self.texts.enumerated().map { i, text in Cue(ordinal: i + 1, text: text, line: i + 1) })
        for color in [false, true] {
            let printer = ResultPrinter(color: color)
            for cue in transcript.indices {
                let number = String(cue + 1)
                let header = Highlighter.ansi([Segment(text: number, style: Palette.timestamp, source: 0..<0),
                                               Segment(text: " ", style: .plain, source: 0..<0)], color: color)
                let indent = String(repeating: " ", count: number.count + 1)
                let lines = Highlighter.lines(of: transcript.text(at: cue), highlights: [])
                let expected = header + lines.map { Highlighter.ansi($0, color: color) }.joined(separator: "\n" + indent) + "\n"
                #expect(printer.cueListing(cue: cue, of: transcript) == expected, "\(Self.texts[cue].debugDescription) \(color)")
            }
        }
    }

    /// Long random texts (many line breaks, unsafe scalars at the ends of the rounds the bytes
    /// are written in, other scripts) are written as the highlighter's lines, as a block with and
    /// without a file name and as a listing with and without colour.
    @Test func longRandomTextsAreTheHighlightersLines() {
        let pieces = ["word ", "\n", "\n\n", "é", "家乡", "\u{1B}", "\t", "\u{85}", "\u{A0}", "\u{2028}", "\u{202E}",
                      "\u{2019}", "\u{7F}", "Ж", String(repeating: "x", count: 40)]
        var random = SeededRandom(seed: 13)
        var texts: [String] = []
        for count in [17, 40, 300, 5_000] {
            texts.append((0..<count).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        texts.append(String(repeating: "line\n", count: 40))
        texts.append(String(repeating: "x", count: ResultPrinter.flushThreshold / 2 - 1) + "\u{85}\u{2028}é\n"
                     + String(repeating: "y", count: ResultPrinter.flushThreshold) + "\u{1B}")
        let transcript = Transcript(texts.enumerated().map { i, text in
            Cue(ordinal: i + 1, start: 1_000 * i, end: 1_000 * i + 500, text: text, line: i + 1)
        })
        let index = MatchIndex(transcript: transcript, query: Query("word"))
        for fileName in [nil, "a file.srt"] {
            let printer = ResultPrinter(color: false, fileName: fileName)
            for cue in transcript.indices {
                var out: [UInt8] = []
                printer.appendBlock(cue: cue, of: transcript, index: index, to: &out)
                #expect(String(decoding: out, as: UTF8.self) == printer.block(cue: cue, of: transcript, index: index),
                        "cue \(cue) \(fileName ?? "")")
            }
        }
        for color in [false, true] {
            let printer = ResultPrinter(color: color)
            for cue in transcript.indices {
                let number = String(cue + 1)
                let start = Timestamp.format(transcript.start(at: cue)!)
                let end = Timestamp.format(transcript.end(at: cue)!)
                let header = Highlighter.ansi([Segment(text: number, style: Palette.timestamp, source: 0..<0),
                                               Segment(text: " ", style: .plain, source: 0..<0),
                                               Segment(text: "[" + start + " → " + end + "]", style: Palette.timestamp,
                                                       source: 0..<0),
                                               Segment(text: " ", style: .plain, source: 0..<0)], color: color)
                let indent = String(repeating: " ", count: number.count + 1 + start.count + end.count + 6)
                let lines = Highlighter.lines(of: transcript.text(at: cue), highlights: [])
                let expected = header + lines.map { Highlighter.ansi($0, color: color) }.joined(separator: "\n" + indent) + "\n"
                #expect(printer.cueListing(cue: cue, of: transcript) == expected, "cue \(cue) \(color)")
            }
        }
    }

    /// A cue as long as a file is handed on as it is written, never held whole in the output
    /// buffer: what is flushed, joined, is the listing (and the block).
    @Test func aGiantCueIsFlushedAsItIsWritten() {
        let text = String(repeating: "a b \u{1B} c\nd ", count: 20_000) + String(repeating: "x", count: 200_000)
        let transcript = Transcript([Cue(ordinal: 1, start: 1_000, end: 2_000, text: text, line: 1)])
        let index = MatchIndex(transcript: transcript, query: Query("zzz"))
        for color in [false, true] {
            let printer = ResultPrinter(color: color)
            var written: [UInt8] = []
            var largest = 0
            var out: [UInt8] = []
            let flush = { (buffer: inout [UInt8]) in
                largest = max(largest, buffer.count)
                written += buffer
                buffer.removeAll(keepingCapacity: true)
            }
            printer.appendCueListing(cue: 0, of: transcript, to: &out, flush: flush)
            written += out
            #expect(String(decoding: written, as: UTF8.self) == printer.cueListing(cue: 0, of: transcript))
            #expect(largest <= 2 * ResultPrinter.flushThreshold && largest >= ResultPrinter.flushThreshold,
                    "\(largest) bytes held at once")
            guard !color else { continue }
            (written, largest, out) = ([], 0, [])
            printer.appendBlock(cue: 0, of: transcript, index: index, to: &out, flush: flush)
            written += out
            #expect(String(decoding: written, as: UTF8.self) == printer.block(cue: 0, of: transcript, index: index))
            #expect(largest <= 2 * ResultPrinter.flushThreshold && largest >= ResultPrinter.flushThreshold,
                    "\(largest) bytes held at once")
        }
    }
}
