import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// Parsing in pieces must give exactly what parsing the whole text gives: the same cues
/// (line numbers shifted by the lines before each piece), the same warnings in the same
/// order, and the same match counts, whatever the piece size.
@Suite struct TextPiecesTests {
    static let pieceSizes = [1, 7, 40, 300, 1_500]

    /// An SRT file with the traps the parser handles: missing and extra blank lines, lines
    /// of spaces inside a cue, index lines, tags, references, speakers, bad blocks.
    static func trickySRT(cues: Int, lineBreak: String, seed: UInt64) -> String {
        var generator = Generator(state: seed)
        var text = ""
        for number in 1...cues {
            let start = number * 2_000
            let kind = generator.next() % 12
            if kind != 0 { text += "\(number)\(lineBreak)" }
            if kind == 1 {
                text += "00:00:xx,000 --> 00:00:01,000\(lineBreak)broken block budget\(lineBreak)\(lineBreak)"
                continue
            }
            if kind == 2 {
                text += "not a timing line budget\(lineBreak)\(lineBreak)"
                continue
            }
            text += "\(Timestamp.format(start)) --> \(Timestamp.format(start + 1_500))\(lineBreak)"
            switch kind {
            case 3: text += "ALICE: the budget is <i>fine</i>\(lineBreak)"
            case 4: text += "Bob: budget &amp; more\(lineBreak)   \(lineBreak)still the budget\(lineBreak)"
            case 5: text += "{\\an8}Budget at the top\(lineBreak)"
            case 6: text += "no blank line follows budget\(lineBreak)"
            case 7: text += "预算 budget 预算\(lineBreak)second line\(lineBreak)"
            case 8: text += "   \(lineBreak)"
            default: text += "just words \(number) budget budget\(lineBreak)"
            }
            if kind != 6 { text += lineBreak }
            if kind == 9 { text += lineBreak + lineBreak }
        }
        return text
    }

    static func untimedText(lines: Int, lineBreak: String, seed: UInt64) -> String {
        var generator = Generator(state: seed)
        var text = ""
        for number in 0..<lines {
            switch generator.next() % 5 {
            case 0: text += lineBreak
            case 1: text += "  \t" + lineBreak
            case 2: text += "Speaker: the budget \(number), BUDGET" + lineBreak
            case 3: text += "预算和预算 budget" + lineBreak
            default: text += "plain line \(number)" + lineBreak
            }
        }
        return text
    }

    static var srtInputs: [String] {
        ["\n", "\r\n", "\r"].flatMap { lineBreak in
            (1...3).map { trickySRT(cues: 150, lineBreak: lineBreak, seed: $0) }
        } + [trickySRT(cues: 2_000, lineBreak: "\n", seed: 9)]
    }

    static var textInputs: [String] {
        ["\n", "\r\n"].flatMap { lineBreak in (1...3).map { untimedText(lines: 400, lineBreak: lineBreak, seed: $0) } }
    }

    static let queries = [
        Query("budget"), Query(keywords: ["budget", "预算", "get"]), Query("budget", caseSensitive: true),
        Query("budget", scope: Scope(speaker: "alice")), Query("budget", scope: Scope(from: 50_000, to: 90_000)),
    ]

    @Test(arguments: pieceSizes)
    func srtPiecesGiveTheWholeFilesCuesAndWarnings(pieceSize: Int) {
        for input in Self.srtInputs {
            let bytes = Array(input.utf8)
            let whole = SRTParser.parse(bytes, fileName: "t.srt")
            let pieces = bytes.withByteView { buffer in
                let bounds = TextPieces.boundaries(count: buffer.count, pieceSize: pieceSize) {
                    SRTParser.pieceEnd(in: buffer, from: $0)
                }
                return (bounds, (0..<bounds.count - 1).map { i in
                    SRTParser.parse(buffer.extracting(bounds[i]..<bounds[i + 1]), fileName: "t.srt")
                })
            }
            if input.contains("\n") { #expect(pieces.0.count > 2) }
            var cues: [Cue] = []
            var warnings = WarningLog(fileName: "t.srt")
            var lines = 0
            for piece in pieces.1 {
                let before = cues.count
                for var cue in piece.transcript {
                    cue.ordinal += before
                    cue.line += lines
                    cues.append(cue)
                }
                warnings.append(piece.warnings, lineOffset: lines)
                lines += piece.lines
            }
            #expect(cues == Array(whole.transcript))
            #expect(warnings.all == whole.warnings)
        }
    }

    @Test(arguments: pieceSizes)
    func untimedPiecesGiveTheWholeFilesCues(pieceSize: Int) {
        for input in Self.textInputs {
            let bytes = Array(input.utf8)
            let whole = TimestampedTextParser.parse(bytes, fileName: "t.txt").transcript
            var cues: [Cue] = []
            var lines = 0
            bytes.withByteView { buffer in
                let bounds = TextPieces.boundaries(count: buffer.count, pieceSize: pieceSize) {
                    TimestampedTextParser.pieceEnd(in: buffer, from: $0)
                }
                #expect(bounds.count > 2)
                for i in 0..<bounds.count - 1 {
                    let piece = TimestampedTextParser.parseUntimed(
                        buffer.extracting(bounds[i]..<bounds[i + 1]))
                    guard let piece else {
                        Issue.record("piece \(i) read as timestamped")
                        return
                    }
                    let before = cues.count
                    for var cue in piece.transcript {
                        cue.ordinal += before
                        cue.line += lines
                        cues.append(cue)
                    }
                    lines += piece.lines
                }
            }
            #expect(cues == Array(whole))
        }
    }

    @Test(arguments: pieceSizes)
    func countsInPiecesEqualTheIndexCount(pieceSize: Int) throws {
        let inputs = Self.srtInputs.map { ($0, "t.srt") } + Self.textInputs.map { ($0, "t.txt") }
            + [(Self.untimedText(lines: 300, lineBreak: "\n", seed: 4) + "[00:01:02] late timestamp budget\n", "t.txt")]
        for (input, name) in inputs {
            try expectSameCounts(Array(input.utf8), fileName: name, pieceSize: pieceSize)
        }
    }

    @Test func countsInPiecesOnTheSamplesAndCorpus() throws {
        let root = RepositoryFiles.root
        var files = try FileManager.default.contentsOfDirectory(atPath: root.path + "/Samples")
            .map { root.path + "/Samples/" + $0 }
        if let corpus = CorpusConformanceTests.corpus,
           let walker = FileManager.default.enumerator(atPath: corpus.path) {
            for case let path as String in walker where SubtitleFormat(fileName: path) != nil {
                files.append(corpus.path + "/" + path)
            }
        }
        var checked = 0
        for path in files where SubtitleFormat(fileName: path) != nil {
            guard let data = FileManager.default.contents(atPath: path), data.count < 4_000_000 else { continue }
            try expectSameCounts([UInt8](data), fileName: path, pieceSizes: [1, 64])
            checked += 1
        }
        #expect(checked >= 4)
    }

    @Test(arguments: [[UInt8]]([
        [0xEF, 0xBB, 0xBF] + Array("1\n00:00:01,000 --> 00:00:02,000\nbudget\n\n".utf8),
        Array("1\n00:00:01,000 --> 00:00:02,000\nbud\u{0}get budget\n\n".utf8),
        Array("plain budget\n".utf8) + [0xFF, 0xFE] + Array("\nmore budget\n".utf8),
        [0xFF, 0xFE] + Array("budget\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } as [UInt8],
        Array("\n  \n".utf8), Array("1\nno timing here\n\n2\nnor here\n\n".utf8),
        [0, 1, 2, 3, 0, 0, 0, 7, 8, 0, 0],
    ]))
    func countsInPlaceDecodeLikeLoad(bytes: [UInt8]) throws {
        for name in ["t.srt", "t.txt", "t.vtt"] {
            try expectSameCounts(bytes, fileName: name, pieceSize: 1)
        }
    }

    /// `countInPieces` (when it applies) and both `countMatches` against `load` and `MatchIndex`.
    private func expectSameCounts(_ bytes: [UInt8], fileName: String, pieceSize: Int) throws {
        try expectSameCounts(bytes, fileName: fileName, pieceSizes: [pieceSize])
    }

    /// The same for each of `pieceSizes`: what does not depend on the piece size (the whole load,
    /// the index's count, `countMatches` of the whole text) is worked out once.
    private func expectSameCounts(_ bytes: [UInt8], fileName: String, pieceSizes: [Int]) throws {
        let loaded: LoadedTranscript
        do {
            loaded = try TranscriptLoader.load(bytes, fileName: fileName)
        } catch {
            #expect(throws: error) { try TranscriptLoader.countMatches(bytes, fileName: fileName, query: Query("a")) }
            for pieceSize in pieceSizes {
                #expect(throws: error) {
                    try bytes.withByteView { buffer in
                        try TranscriptLoader.countMatches(inPlace: buffer, fileName: fileName, options: LoadOptions(),
                                                          query: Query("a"), pieceSize: pieceSize)
                    }
                }
            }
            return
        }
        let text = try PreparedText(bytes, fileName: fileName, options: LoadOptions())
        for query in Self.queries {
            let expected = MatchIndex(transcript: loaded.transcript, query: query).count
            let counted = try TranscriptLoader.countMatches(bytes, fileName: fileName, query: query)
            #expect(counted.matches == expected, "\(fileName)")
            #expect(counted.warnings == loaded.warnings, "\(fileName)")
            for pieceSize in pieceSizes {
                let inPlace = try bytes.withByteView { buffer in
                    try TranscriptLoader.countMatches(inPlace: buffer, fileName: fileName, options: LoadOptions(),
                                                      query: query, pieceSize: pieceSize)
                }
                #expect(inPlace.matches == expected, "\(fileName) in place, pieces of \(pieceSize)")
                #expect(inPlace.warnings == loaded.warnings, "\(fileName) in place, pieces of \(pieceSize)")
                #expect(inPlace.format == loaded.format && inPlace.encoding == loaded.encoding, "\(fileName)")
                guard !text.isBlank, let pieces = TranscriptLoader.countInPieces(text, query: query, pieceSize: pieceSize)
                else { continue }
                #expect(pieces.matches == expected, "\(fileName) in pieces of \(pieceSize)")
                #expect(pieces.cues == loaded.transcript.count, "\(fileName) in pieces of \(pieceSize)")
                #expect(text.warnings + pieces.warnings == loaded.warnings, "\(fileName) in pieces of \(pieceSize)")
            }
        }
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
