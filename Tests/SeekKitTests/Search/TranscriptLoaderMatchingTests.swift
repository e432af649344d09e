import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// Search first, parse later: loading only the cues that hold a match must print and export
/// exactly what loading the whole file does.
@Suite struct TranscriptLoaderMatchingTests {
    static let pieceSizes = [1, 40, 1_500, 1 << 20]

    /// Plain SRT (the kind read only around its matches), with markup, references, speakers,
    /// Chinese, combining marks and a Kelvin sign here and there.
    static func plainSRT(cues: Int, seed: UInt64) -> String {
        let names = ["ALICE", "BOB", "CAROL", "DAVE", "ERIN", "FRANK", "GRACE", "HEIDI", "IVAN", "JUDY", "KEN",
                     "LIAM", "MIA", "NOAH", "OLGA", "PAUL", "QUINN", "RUTH", "SAM", "TINA", "URSULA"]
        var generator = Generator(state: seed)
        var text = ""
        for number in 1...cues {
            let start = number * 2_000
            if generator.next() % 7 != 0 { text += "\(number)\n" }
            text += "\(Timestamp.format(start)) --> \(Timestamp.format(start + 1_500))\n"
            switch generator.next() % 10 {
            case 0: text += "the budget is <i>fine</i>\n"
            case 1: text += "budget &amp; more\nstill the bud<b>get</b>\n"
            case 2: text += "预算 budget 预算\nsecond line\n"
            case 3: text += "a budget\u{301} with a mark\n"
            case 4: text += "BUDGET\u{212A} and home\ntown\n"
            // A film's rare labels, never the same name twice: no speaker turns.
            case 5 where number % 10 == 0: text += "\(names[number / 10 % names.count]): the budget\n"
            case 6: text += "home town, budget budget\n"
            default: text += "just words \(number)\n"
            }
            text += generator.next() % 5 == 0 ? "\n\n" : "\n"
        }
        return text
    }

    /// Plain SRT whose blocks the layout reads by themselves (`SRTParser.readLaidOut`) in every
    /// shape it lets through: cue numbers with leading zeros (kept as written), `0`, 18 digits, or
    /// none; blanks around a line break (cleaned); markup; hours of one to six digits.
    static func oddlyNumberedSRT(cues: Int, seed: UInt64) -> String {
        var generator = Generator(state: seed)
        var text = ""
        for number in 1...cues {
            switch generator.next() % 6 {
            case 0: text += "00\(number)\n"
            case 1: text += "0\n"
            case 2: text += "\(100_000_000_000_000_000 + number)\n"
            case 3: break
            default: text += "\(number)\n"
            }
            let hours = String(repeating: "1", count: 1 + Int(generator.next() % 6))
            let decimal = generator.next() % 2 == 0 ? "," : "."
            text += "\(hours):02:03\(decimal)456 --> \(hours):02:04,\(100 + number % 900)\n"
            switch generator.next() % 6 {
            case 0: text += "the budget \nhome town\n"
            case 1: text += "budget\n\thome\t\n town\n"
            case 2: text += "<i>budget</i> {\\an8}home\ntown &lt;3\n"
            case 3: text += "BOB: budget\n"
            default: text += "budget home town \(number)\n"
            }
            text += "\n"
        }
        return text
    }

    static func untimedText(lines: Int, seed: UInt64) -> String {
        var generator = Generator(state: seed)
        var text = ""
        for number in 0..<lines {
            switch generator.next() % 6 {
            case 0: text += "\n"
            case 1: text += "  \t\n"
            case 2: text += "line \(number): the budget, BUDGET\n"
            case 3: text += "预算和预算 budget home town\n"
            case 4: text += "e\u{301}budget\n"
            default: text += "plain line \(number)\n"
            }
        }
        return text
    }

    static var inputs: [(String, String)] {
        (1...3).map { (plainSRT(cues: 300, seed: $0), "t.srt") }
            + (1...2).map { (oddlyNumberedSRT(cues: 200, seed: $0), "t.srt") }
            + (1...2).map { (untimedText(lines: 400, seed: $0), "t.txt") }
            + [(untimedText(lines: 50, seed: 5) + "no line feed at the end budget", "t.txt")]
            + TextPiecesTests.srtInputs.map { ($0, "t.srt") } + TextPiecesTests.textInputs.map { ($0, "t.txt") }
    }

    static let queries = [
        Query("budget"), Query("home town"), Query("预算"), Query("BUDGET", caseSensitive: true), Query("k"),
        Query(keywords: ["budget", "town"]), Query("budget", wholeWords: true),
        Query("budget", scope: Scope(from: 50_000, to: 90_000)),
    ]

    @Test(arguments: pieceSizes)
    func matchingCuesPrintAndExportAsTheWholeFile(pieceSize: Int) throws {
        for whole in Self.wholeOutputs {
            try expectSameOutput(whole, pieceSize: pieceSize)
        }
    }

    /// What the whole parse of an input gives: its transcript (or error), and what it prints and
    /// exports for each of `queries`.
    struct WholeOutput: Sendable {
        var bytes: [UInt8]
        var fileName: String
        var loaded: Result<LoadedTranscript, Diagnostic>
        var expected: [(cues: [Cue], json: [UInt8], blocks: String)]
    }

    /// `inputs` loaded whole and their outputs, worked out once for all the piece sizes (none of
    /// it depends on the piece size).
    static let wholeOutputs: [WholeOutput] = inputs.map { input, name in
        let bytes = Array(input.utf8)
        let loaded = Result { () throws(Diagnostic) in try TranscriptLoader.load(bytes, fileName: name) }
        let expected = (try? loaded.get()).map { whole in queries.map { output(whole.transcript, query: $0) } } ?? []
        return WholeOutput(bytes: bytes, fileName: name, loaded: loaded, expected: expected)
    }

    @Test func plainFilesAreReadOnlyAroundTheirMatches() throws {
        for (input, name) in [(Self.plainSRT(cues: 500, seed: 7), "t.srt"), (Self.untimedText(lines: 500, seed: 7), "t.txt")] {
            let bytes = Array(input.utf8)
            let whole = try TranscriptLoader.load(bytes, fileName: name)
            let part = try bytes.withByteView { buffer in
                try TranscriptLoader.loadMatching(inPlace: buffer, fileName: name, options: LoadOptions(),
                                                  query: Query("home town"), pieceSize: 1_000)
            }
            #expect(part.transcript.count > 0 && part.transcript.count < whole.transcript.count / 2, "\(name)")
        }
    }

    /// Each matching block of a plain piece, read where the layout found it (`readLaidOut`), gives
    /// the cue the parser gives for the block alone (`readAlone`): number as written, times, text, line.
    @Test func laidOutBlocksReadAsTheParserReadsThemAlone() throws {
        for (seed, input) in [(1, Self.oddlyNumberedSRT(cues: 300, seed: 1)), (2, Self.oddlyNumberedSRT(cues: 300, seed: 2)),
                              (3, Self.plainSRT(cues: 300, seed: 3))] {
            let bytes = Array(input.utf8)
            let matcher = try #require(TranscriptLoader.inPlaceMatcher(for: Query("budget")))
            try bytes.withByteView { piece in
                let layout = try #require(SRTLayout(piece), "input \(seed)")
                let matching = try #require(MatchingCues(srt: piece, layout: layout, matcher: matcher), "input \(seed)")
                #expect(matching.blocks.count > 100, "input \(seed)")
                var laidOut = true
                let read = CueCollector.collect(inputBytes: piece.count) { cues in
                    for block in matching.blocks where laidOut {
                        cues.lineOffset = block.linesBefore
                        laidOut = SRTParser.readLaidOut(piece, block: block.bytes, marked: block.isMarked, into: &cues)
                    }
                }
                var parsedAlone = false
                let parsed = CueCollector.collect(inputBytes: piece.count) { cues in
                    parsedAlone = SRTParser.readAlone(matching.blocks.map { (piece.extracting($0.bytes), $0.linesBefore) },
                                                      fileName: "t.srt", into: &cues)
                }
                #expect(laidOut && parsedAlone, "input \(seed)")
                #expect(read.count == matching.blocks.count, "input \(seed)")
                #expect(Array(read) == Array(parsed), "input \(seed)")
            }
        }
    }

    /// Each block of a plain piece starts (`MatchingCues.blockStart`, from the cue before it) where
    /// the lines before its text say: at its timing line, or at the index line before that one when
    /// that line is not empty. Over random SRT with and without index lines, empty texts, runs of
    /// blank lines and traps, every cue of each piece the layout takes; and the matching blocks.
    @Test func blocksStartWhereTheLinesBeforeTheirTextsSay() throws {
        var inputs = (0..<60).map { SRTLayoutTests.randomSRT(seed: $0, trapRate: Int($0 % 4)) }
        inputs += [Self.oddlyNumberedSRT(cues: 300, seed: 1), Self.plainSRT(cues: 300, seed: 3),
                   "\n\n\n1\n00:00:01,000 --> 00:00:02,000\n\n\n\n00:00:03,000 --> 00:00:04,000\nbudget\n\n\n\n7\n"
                   + "00:00:05,000 --> 00:00:06,000\n\n12\n00:00:07,000 --> 00:00:08,000\nthe budget\n",
                   "00:00:01,000 --> 00:00:02,000\n\n00:00:03,000 --> 00:00:04,000\n\n5\n00:00:05,000 --> 00:00:06,000\n"]
        let matcher = try #require(TranscriptLoader.inPlaceMatcher(for: Query("budget")))
        var cuesLaidOut = 0
        var blocksFound = 0
        for (n, input) in inputs.enumerated() {
            let bytes = Array(input.utf8)
            bytes.withByteView { piece in
                guard let layout = SRTLayout(piece) else { return }
                func byItsLines(_ cue: Int) -> Int {
                    let text = layout.spans[cue]
                    var start = piece.lineStart(before: text.lowerBound - 1)
                    if start >= 2 && piece[start - 2] != 0x0A { start = piece.lineStart(before: start - 1) }
                    return start
                }
                for cue in layout.spans.indices {
                    #expect(MatchingCues.blockStart(of: cue, in: piece, layout: layout) == byItsLines(cue),
                            "input \(n), cue \(cue)")
                }
                cuesLaidOut += layout.spans.count
                for block in MatchingCues(srt: piece, layout: layout, matcher: matcher)?.blocks ?? [] {
                    #expect(block.bytes.lowerBound == byItsLines(block.ordinal - 1), "input \(n), cue \(block.ordinal)")
                    blocksFound += 1
                }
            }
        }
        #expect(cuesLaidOut > 1_000 && blocksFound > 100)
    }

    /// `loadMatching` against `load` (`whole`): the same matching cues (numbers, times, speakers,
    /// lines), the same JSON Lines and printed blocks, the same warnings and errors.
    private func expectSameOutput(_ input: WholeOutput, pieceSize: Int) throws {
        let (bytes, fileName) = (input.bytes, input.fileName)
        let whole: LoadedTranscript
        do {
            whole = try input.loaded.get()
        } catch {
            #expect(throws: error) {
                try bytes.withByteView { buffer in
                    try TranscriptLoader.loadMatching(inPlace: buffer, fileName: fileName, options: LoadOptions(),
                                                      query: Query("a"), pieceSize: pieceSize)
                }
            }
            return
        }
        for (query, expected) in zip(Self.queries, input.expected) {
            let part = try bytes.withByteView { buffer in
                try TranscriptLoader.loadMatching(inPlace: buffer, fileName: fileName, options: LoadOptions(),
                                                  query: query, pieceSize: pieceSize)
            }
            #expect(part.warnings == whole.warnings && part.format == whole.format && part.encoding == whole.encoding,
                    "\(fileName)")
            // The matches the search kept are those a search of the cues it loaded finds.
            let (searched, index) = try bytes.withByteView { buffer in
                try TranscriptLoader.searchMatching(inPlace: buffer, fileName: fileName, options: LoadOptions(),
                                                    query: query, pieceSize: pieceSize)
            }
            #expect(Array(searched.transcript) == Array(part.transcript), "\(fileName) \(query.keywords)")
            #expect(Array(index) == Array(MatchIndex(transcript: searched.transcript, query: query)),
                    "\(fileName) \(query.keywords), pieces of \(pieceSize)")
            let found = Self.output(part.transcript, query: query)
            #expect(found.cues == expected.cues, "\(fileName) \(query.keywords), pieces of \(pieceSize)")
            #expect(found.json == expected.json, "\(fileName) \(query.keywords), pieces of \(pieceSize)")
            #expect(found.blocks == expected.blocks, "\(fileName) \(query.keywords), pieces of \(pieceSize)")
        }
    }

    private static func output(_ transcript: Transcript, query: Query) -> (cues: [Cue], json: [UInt8], blocks: String) {
        let index = MatchIndex(transcript: transcript, query: query)
        var cues: [Cue] = []
        var blocks = ""
        let printer = ResultPrinter(color: false)
        for cue in index.matchCues.map(Int.init) where cues.last.map({ $0.ordinal != transcript.ordinal(at: cue) }) ?? true {
            cues.append(transcript[cue])
            blocks += printer.block(cue: cue, of: transcript, index: index)
        }
        var json: [UInt8] = []
        for record in MatchRecords(file: "f", transcript: transcript, index: index) {
            JSONLinesWriter.append(record, to: &json)
        }
        return (cues, json, blocks)
    }
}

private struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        return z ^ (z >> 27)
    }
}
