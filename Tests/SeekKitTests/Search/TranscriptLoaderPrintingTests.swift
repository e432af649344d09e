import Testing
@testable import SeekKit
import SeekBytes

/// Blocks printed straight from a plain SRT file's bytes (`TranscriptLoader.printMatching`) must be
/// the bytes the command prints from the whole file's transcript, with the same warnings.
@Suite struct TranscriptLoaderPrintingTests {
    static let printers = [ResultPrinter(color: false), ResultPrinter(color: false, fileName: "dir/a\u{7}b 预算.srt")]

    /// What the command prints for `query` from the whole transcript: `appendBlock` of each matching cue.
    private func expectedBlocks(_ loaded: LoadedTranscript, query: Query, printer: ResultPrinter) -> [UInt8] {
        let index = MatchIndex(transcript: loaded.transcript, query: query)
        var out: [UInt8] = []
        for cue in index.matchingCues { printer.appendBlock(cue: cue, of: loaded.transcript, index: index, to: &out) }
        return out
    }

    /// `printMatching`'s result: what it wrote (flushed and left in `out`), the warnings `starting`
    /// was told (`nil` when it was not), and whether `starting` came before the first flush.
    private func printed(
        _ bytes: [UInt8], fileName: String, query: Query, printer: ResultPrinter, pieceSize: Int, pieceHeld: Int
    ) throws -> (result: PrintedMatching, written: [UInt8], started: [[Diagnostic]], startedFirst: Bool) {
        var written: [UInt8] = []
        var started: [[Diagnostic]] = []
        var startedFirst = true
        var out: [UInt8] = []
        let result = try bytes.withByteView { view in
            try TranscriptLoader.printMatching(
                inPlace: view, fileName: fileName, options: LoadOptions(), query: query, printer: printer,
                pieceSize: pieceSize, pieceHeld: pieceHeld, checked: .unchecked, releasing: nil,
                starting: { started.append($0) }, to: &out,
                flush: { bytes in
                    if started.isEmpty { startedFirst = false }
                    #expect(bytes.count >= ResultPrinter.flushThreshold)
                    written += bytes
                    bytes.removeAll()
                })
        }
        return (result, written + out, started, startedFirst)
    }

    @Test(arguments: [1, 40, 1_500, 1 << 20])
    func printedBlocksAreThoseOfTheWholeTranscript(pieceSize: Int) throws {
        var printedFiles = 0
        for (input, name) in TranscriptLoaderMatchingTests.inputs {
            let bytes = Array(input.utf8)
            let whole: LoadedTranscript
            do {
                whole = try TranscriptLoader.load(bytes, fileName: name)
            } catch {
                #expect(throws: error) {
                    try printed(bytes, fileName: name, query: Query("budget"), printer: Self.printers[0],
                                pieceSize: pieceSize, pieceHeld: 1)
                }
                continue
            }
            for (n, query) in (TranscriptLoaderMatchingTests.queries + [Query("a"), Query("e\u{301}")]).enumerated() {
                // Each query with one printer, and blocks held by the pieces written at once one
                // at a time, a few at a time or all.
                let printer = Self.printers[n % 2]
                for pieceHeld in [[1, 300, 1 << 20][n % 3]] {
                    do {
                        let found = try printed(bytes, fileName: name, query: query, printer: printer,
                                                pieceSize: pieceSize, pieceHeld: pieceHeld)
                        let expected = expectedBlocks(whole, query: query, printer: printer)
                        let label = "\(name) \(query.keywords) pieces of \(pieceSize), \(pieceHeld) held"
                        switch found.result {
                        case .printed(let counted):
                            printedFiles += 1
                            #expect(found.written == expected, "\(label)")
                            #expect(counted.matches == MatchIndex(transcript: whole.transcript, query: query).count,
                                    "\(label)")
                            #expect(counted.warnings == whole.warnings && counted.format == whole.format, "\(label)")
                            #expect(found.started == [whole.warnings] && found.startedFirst, "\(label)")
                        case .searched(let loaded, let index):
                            #expect(found.written.isEmpty && found.started.isEmpty, "\(label)")
                            #expect(loaded.warnings == whole.warnings, "\(label)")
                            #expect(Array(index) == Array(MatchIndex(transcript: loaded.transcript, query: query)),
                                    "\(label)")
                            #expect(expectedBlocks(loaded, query: query, printer: printer) == expected, "\(label)")
                        }
                    }
                }
            }
        }
        #expect(printedFiles >= 15)
    }

    /// Plain SRT searched for one keyword in place is printed where it lies, not loaded; colour,
    /// several keywords, whole words, a scope and other formats are not.
    @Test func onlyPlainSRTForOneKeywordIsPrintedInPlace() throws {
        let srt = Array(TranscriptLoaderMatchingTests.plainSRT(cues: 300, seed: 1).utf8)
        let text = Array(TranscriptLoaderMatchingTests.untimedText(lines: 300, seed: 1).utf8)
        let cases: [([UInt8], String, Query, ResultPrinter, Bool)] = [
            (srt, "t.srt", Query("budget"), ResultPrinter(color: false), true),
            (srt, "t.srt", Query("预算"), ResultPrinter(color: false, fileName: "t.srt"), true),
            (srt, "t.srt", Query("budget"), ResultPrinter(color: true), false),
            (srt, "t.srt", Query(keywords: ["budget", "town"]), ResultPrinter(color: false), false),
            (srt, "t.srt", Query("budget", wholeWords: true), ResultPrinter(color: false), false),
            (srt, "t.srt", Query("budget", scope: Scope(from: 50_000, to: 90_000)), ResultPrinter(color: false), false),
            (text, "t.txt", Query("budget"), ResultPrinter(color: false), false),
        ]
        for (bytes, name, query, printer, inPlace) in cases {
            let found = try printed(bytes, fileName: name, query: query, printer: printer, pieceSize: 1_500, pieceHeld: 300)
            if case .printed = found.result {
                #expect(inPlace, "\(name) \(query.keywords)")
                #expect(!found.written.isEmpty)
            } else {
                #expect(!inPlace, "\(name) \(query.keywords)")
            }
        }
    }
}
