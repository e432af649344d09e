import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// Blocks printed straight from a plain SRT or untimed text file's bytes (`TranscriptLoader.printMatching`) must be
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
        _ bytes: [UInt8], fileName: String, query: Query, printer: ResultPrinter, pieceSize: Int, pieceHeld: Int,
        batchBytes: Int? = nil
    ) throws -> (result: PrintedMatching, written: [UInt8], started: [[Diagnostic]], startedFirst: Bool) {
        var written: [UInt8] = []
        var started: [[Diagnostic]] = []
        var startedFirst = true
        var out: [UInt8] = []
        let result = try bytes.withByteView { view in
            try TranscriptLoader.printMatching(
                inPlace: view, fileName: fileName, options: LoadOptions(), query: query, printer: printer,
                pieceSize: pieceSize, pieceHeld: pieceHeld, batchBytes: batchBytes, checked: .unchecked, releasing: nil,
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

    /// The JSON Lines and CSV writings of records (`MatchWriting`), and the file name they give.
    static let recordWritings: [MatchWriting] = [
        .jsonLines(file: "t.srt"), .csv(file: "dir/a,\"b\" 预算.srt", guardingFormulas: false),
        .csv(file: "=t.srt", guardingFormulas: true),
    ]

    /// What the command exports for `query` from the whole transcript: each of `MatchRecords`
    /// written as `writing` says.
    private func expectedRecords(_ loaded: LoadedTranscript, query: Query, writing: MatchWriting) -> [UInt8] {
        let index = MatchIndex(transcript: loaded.transcript, query: query)
        var out: [UInt8] = []
        switch writing {
        case .jsonLines(let file):
            for record in MatchRecords(file: file, transcript: loaded.transcript, index: index) {
                JSONLinesWriter.append(record, to: &out)
            }
        case .csv(let file, let guarded):
            for record in MatchRecords(file: file, transcript: loaded.transcript, index: index) {
                CSVWriter.append(record, to: &out, guardingFormulas: guarded)
            }
        case .blocks: Issue.record("blocks are not records")
        }
        return out
    }

    /// Records written straight from a plain SRT or untimed text file's bytes are those of the whole file's
    /// transcript: cue numbers, identifiers (leading zeros, `0`, none), times, speakers (labels),
    /// cleaned texts, every match's offsets in three units and its line, positions and totals.
    @Test(arguments: [1, 40, 1_500, 1 << 20])
    func exportedRecordsAreThoseOfTheWholeTranscript(pieceSize: Int) throws {
        var exportedFiles = 0
        for (input, name) in TranscriptLoaderMatchingTests.inputs {
            let bytes = Array(input.utf8)
            guard let whole = try? TranscriptLoader.load(bytes, fileName: name) else { continue }
            for (n, query) in (TranscriptLoaderMatchingTests.queries + [Query("a"), Query("e\u{301}")]).enumerated() {
                let writing = Self.recordWritings[n % Self.recordWritings.count]
                let pieceHeld = [1, 300, 1 << 20][n % 3]
                // The pieces written at once: one at a time, a few, or all (the budget for a small file).
                let batchBytes = [1, 2_000, nil][n / 3 % 3]
                var written: [UInt8] = []
                var out: [UInt8] = []
                let result = try bytes.withByteView { view in
                    try TranscriptLoader.printMatching(
                        inPlace: view, fileName: name, options: LoadOptions(), query: query, writing: writing,
                        pieceSize: pieceSize, pieceHeld: pieceHeld, batchBytes: batchBytes, checked: .unchecked,
                        releasing: nil, starting: { _ in }, to: &out, flush: { written += $0; $0.removeAll() })
                }
                written += out
                let expected = expectedRecords(whole, query: query, writing: writing)
                let label = "\(name) \(query.keywords) pieces of \(pieceSize), \(pieceHeld) held, \(String(describing: batchBytes)) at once"
                switch result {
                case .printed(let counted):
                    exportedFiles += 1
                    // Compared as a flag: a difference in bytes makes a long message.
                    let same = written == expected
                    #expect(same, "\(label): they part at byte \(zip(written, expected).prefix { $0 == $1 }.count)")
                    #expect(counted.matches == MatchIndex(transcript: whole.transcript, query: query).count, "\(label)")
                case .searched(let loaded, _):
                    #expect(written.isEmpty, "\(label)")
                    #expect(expectedRecords(loaded, query: query, writing: writing) == expected, "\(label)")
                case .notPlainUTF8:
                    Issue.record("\(label): only bytes whose start alone was checked can be found not plain")
                }
            }
        }
        #expect(exportedFiles >= 15)
    }

    /// A piece's pages are let go once it is searched, unless its matching cues lie on most of its
    /// pages and take little memory beside them: then only once they are written. Either way each
    /// piece is let go once its cues are written, and what is written is the same.
    @Test func piecesWhoseCuesAreWrittenFromMostOfTheirPagesKeepThemUntilThen() throws {
        let pieceSize = 1 << 16
        // Six pieces or so of SRT cues of about 60 bytes: a match in every 64th cue (about 17 a
        // piece: kept), in every eighth (about 140: let go), in none (let go).
        for (every, keeps) in [(64, true), (8, false), (0, false)] {
            var srt = ""
            for i in 1...6_000 {
                let text = every > 0 && i % every == 0 ? "a budget line, number \(i)" : "another line, number \(i)"
                srt += "\(i)\n00:00:01,000 --> 00:00:02,000\n\(text)\n\n"
            }
            let bytes = Array(srt.utf8)
            // (Told from the threads that search the pieces.)
            let releases = Releases()
            var out: [UInt8] = []
            var written: [UInt8] = []
            let result = try bytes.withByteView { view in
                try TranscriptLoader.printMatching(
                    inPlace: view, fileName: "t.srt", options: LoadOptions(), query: Query("budget"),
                    writing: .blocks(Self.printers[0]), pieceSize: pieceSize, pieceHeld: 1 << 20, checked: .unchecked,
                    releasing: { releases.add($0) }, starting: { _ in releases.start() }, to: &out,
                    flush: { written += $0; $0.removeAll() })
            }
            written += out
            let (released, releasedBeforeStart) = releases.ranges
            guard case .printed = result else {
                Issue.record("every \(every): printed in place")
                continue
            }
            let pieces = Set(released)
            #expect(pieces.count >= 4 && pieces.map(\.count).reduce(0, +) == bytes.count, "every \(every)")
            #expect(releasedBeforeStart.count == (keeps ? 0 : pieces.count), "every \(every)")
            let whole = try TranscriptLoader.load(bytes, fileName: "t.srt")
            #expect(written == expectedBlocks(whole, query: Query("budget"), printer: Self.printers[0]), "every \(every)")
        }
    }

    /// With only their start checked (`InPlaceCheck.start`), the bytes are checked as they are read:
    /// plain ones print what bytes checked whole print, from any start; a byte that is not UTF-8
    /// or a NUL anywhere past the start (in the first cues looked at, in a piece, in the last cue)
    /// gets `.notPlainUTF8`, with nothing written and `starting` not told, whether the keyword is
    /// searched where the bytes lie or the file is searched whole (two keywords).
    @Test func bytesCheckedFromTheirStartAreCheckedAsTheyAreRead() throws {
        var srt = ""
        for i in 1...3_000 {
            srt += "\(i)\n00:00:01,000 --> 00:00:02,000\n\(i % 9 == 0 ? "a budget line" : "another line"), number \(i) é\n\n"
        }
        let plain = Array(srt.utf8)
        func run(_ bytes: [UInt8], _ checked: InPlaceCheck, _ query: Query) throws
            -> (result: PrintedMatching, written: [UInt8], started: Bool) {
            var out: [UInt8] = []
            var written: [UInt8] = []
            var started = false
            let result = try bytes.withByteView { view in
                try TranscriptLoader.printMatching(
                    inPlace: view, fileName: "t.srt", options: LoadOptions(), query: query,
                    writing: .blocks(Self.printers[0]), pieceSize: 1 << 13, pieceHeld: 1 << 20, checked: checked,
                    releasing: nil, starting: { _ in started = true }, to: &out, flush: { written += $0; $0.removeAll() })
            }
            return (result, written + out, started)
        }
        // Starts before an ASCII byte: the first, one in the first cues, one in a later piece, the end.
        let starts = [0, 100, plain.count / 2 - plain[..<(plain.count / 2)].reversed().prefix { $0 != 0x0A }.count,
                      plain.count]
        for query in [Query("budget"), Query(keywords: ["budget", "number 7"])] {
            let whole = try run(plain, .unchecked, query)
            for start in starts {
                let found = try run(plain, .start(start), query)
                switch (found.result, whole.result) {
                case (.printed(let counted), .printed(let expected)):
                    #expect(counted.matches == expected.matches && found.written == whole.written, "start \(start)")
                case (.searched(_, let index), .searched(_, let expected)):
                    #expect(Array(index) == Array(expected), "start \(start)")
                default:
                    Issue.record("start \(start), \(query.keywords): \(found.result) for \(whole.result)")
                }
            }
            // One byte spoiled past the start: an é's lead made 0xFF, or an "another"'s a made NUL.
            for (place, spoiled) in [(20_000, 0xFF), (90_000, 0xFF), (150_000, 0x00), (plain.count - 8, 0xFF)] as [(Int, UInt8)] {
                var bytes = plain
                let target: [UInt8] = spoiled == 0 ? Array("another".utf8) : [0xC3, 0xA9]
                guard let at = (place..<bytes.count - target.count).first(where: { bytes[$0..<$0 + target.count].elementsEqual(target) })
                else {
                    Issue.record("nothing to spoil after \(place)")
                    continue
                }
                bytes[at] = spoiled
                let found = try run(bytes, .start(0), query)
                guard case .notPlainUTF8 = found.result else {
                    Issue.record("\(query.keywords), spoiled at \(at): \(found.result)")
                    continue
                }
                #expect(found.written.isEmpty && !found.started, "spoiled at \(at)")
                if case .notPlainUTF8 = try run(bytes, .unchecked, query).result {
                    Issue.record("checked whole, spoiled at \(at): read as another encoding, not refused")
                }
            }
        }
    }

    /// The ranges `releasing` is told, all and those before `starting`, from any thread.
    private final class Releases: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [Range<Int>] = []
        private var beforeStart: [Range<Int>] = []
        private var started = false

        func add(_ range: Range<Int>) {
            lock.withLock {
                all.append(range)
                if !started { beforeStart.append(range) }
            }
        }

        func start() { lock.withLock { started = true } }

        var ranges: (all: [Range<Int>], beforeStart: [Range<Int>]) { lock.withLock { (all, beforeStart) } }
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
                // Each query with one printer, blocks held by the pieces written at once one at a
                // time, a few at a time or all, and those pieces one at a time, a few, or all.
                let printer = Self.printers[n % 2]
                for pieceHeld in [[1, 300, 1 << 20][n % 3]] {
                    do {
                        let batchBytes = [1, 2_000, nil][n / 3 % 3]
                        let found = try printed(bytes, fileName: name, query: query, printer: printer,
                                                pieceSize: pieceSize, pieceHeld: pieceHeld, batchBytes: batchBytes)
                        let expected = expectedBlocks(whole, query: query, printer: printer)
                        let label = "\(name) \(query.keywords) pieces of \(pieceSize), \(pieceHeld) held, \(String(describing: batchBytes)) at once"
                        switch found.result {
                        case .printed(let counted):
                            printedFiles += 1
                            let same = found.written == expected
                            #expect(same, "\(label): they part at byte \(zip(found.written, expected).prefix { $0 == $1 }.count)")
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
                        case .notPlainUTF8:
                            Issue.record("\(label): only bytes whose start alone was checked can be found not plain")
                        }
                    }
                }
            }
        }
        #expect(printedFiles >= 15)
    }

    /// A block's times read as words (`SRTParser.LaidOutBlock`, the usual line with one to six
    /// digits of hours) are the parser's: with each byte of the index and timing lines changed to
    /// each of a few bytes, whatever block it reads is one the parser reads alone, with the same times.
    @Test func laidOutTimesAreTheParsersWithAnyByteChanged() throws {
        let lines = ["12\n01:02:03,456 --> 04:05:06.789\n", "00:00:00.000 --> 99:59:59,999\n",
                     "7\n123:59:58,100 --> 1:00:00,000\n", "9:08:07.654 --> 123456:59:59,100\n",
                     "1234567:00:00,000 --> 1234567:00:01,000\n"]
        let replacements: [UInt8] = [0x30, 0x35, 0x39, 0x2F, 0x3A, 0x3B, 0x2C, 0x2E, 0x20, 0x2D, 0x3E, 0x0A, 0x61, 0xFF]
        var read = 0
        for line in lines {
            let original = Array(line.utf8)
            for place in -1..<original.count - 1 {
                for byte in place < 0 ? [0] : replacements {
                    var block = original
                    if place >= 0 { block[place] = byte }
                    block += Array("the text\n".utf8)
                    let laidOut = block.withByteView { SRTParser.LaidOutBlock($0, block: 0..<block.count) }
                    if place < 0 { #expect((laidOut != nil) == !line.hasPrefix("1234567"), "\(line)") }
                    guard let laidOut else { continue }
                    read += 1
                    let parsed = SRTParser.parse(block, fileName: "t.srt")
                    let label = "\(line) with byte \(place) \(byte)"
                    #expect(parsed.warnings.isEmpty && parsed.transcript.count == 1, "\(label)")
                    guard parsed.transcript.count == 1 else { continue }
                    #expect(parsed.transcript.start(at: 0) == laidOut.start && parsed.transcript.end(at: 0) == laidOut.end,
                            "\(label)")
                    #expect(block[laidOut.text] == Array("the text".utf8)[...], "\(label)")
                }
            }
        }
        #expect(read > 50)
    }

    /// A piece of untimed text with more matching lines than one in `PrintedBlocks.bytesPerLine`
    /// bytes (a piece under 64 KiB judged as one of 64 KiB) is declined as its lines are found,
    /// printed or exported; one with that many is taken, its lines and matches those found
    /// without a limit.
    @Test func untimedTextDenseInMatchingLinesIsDeclinedAsItsLinesAreFound() {
        let limit = (1 << 16) / PrintedBlocks.bytesPerLine
        let matcher = Matcher(keyword: "budget")
        for matching in [limit - 1, limit, limit + 1] {
            let text = (0..<300).map { $0 < matching ? "the budget and the Budget\n" : "nothing here\n" }.joined()
            let bytes = Array(text.utf8)
            bytes.withByteView { piece in
                for keeping in [false, true] {
                    let blocks = PrintedBlocks(untimedText: piece, matcher: matcher, keepingMatches: keeping)
                    #expect((blocks != nil) == (matching <= limit), "\(matching) lines, keeping \(keeping)")
                    if let blocks {
                        #expect(blocks.cues.blocks.count == matching && blocks.cues.matchCount == 2 * matching,
                                "\(matching) lines, keeping \(keeping)")
                    }
                }
                var counted = 0
                let limited = matcher.linesWithMatches(piece, counting: &counted, limit: limit)
                var all = 0
                let unlimited = matcher.linesWithMatches(piece, counting: &all)
                #expect(unlimited?.count == matching && all == 2 * matching)
                #expect(limited == (matching <= limit ? unlimited : nil) && counted == (matching <= limit ? all : 0))
            }
        }
    }

    /// Plain SRT and untimed text searched for one keyword in place are printed where they lie, not
    /// loaded; colour, several keywords, whole words, a scope and other formats are not.
    @Test func onlyPlainSRTOrTextForOneKeywordIsPrintedInPlace() throws {
        let srt = Array(TranscriptLoaderMatchingTests.plainSRT(cues: 300, seed: 1).utf8)
        let text = Array(TranscriptLoaderMatchingTests.untimedText(lines: 300, seed: 1).utf8)
        let cases: [([UInt8], String, Query, ResultPrinter, Bool)] = [
            (srt, "t.srt", Query("budget"), ResultPrinter(color: false), true),
            (srt, "t.srt", Query("预算"), ResultPrinter(color: false, fileName: "t.srt"), true),
            (srt, "t.srt", Query("budget"), ResultPrinter(color: true), false),
            (srt, "t.srt", Query(keywords: ["budget", "town"]), ResultPrinter(color: false), false),
            (srt, "t.srt", Query("budget", wholeWords: true), ResultPrinter(color: false), false),
            (srt, "t.srt", Query("budget", scope: Scope(from: 50_000, to: 90_000)), ResultPrinter(color: false), false),
            (text, "t.txt", Query("budget"), ResultPrinter(color: false), true),
            (text, "t.txt", Query("budget"), ResultPrinter(color: true), false),
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
