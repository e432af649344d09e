import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// Plainly written WebVTT read without the parser (`WebVTTLayout`) and counted where it lies
/// (`TranscriptLoader.countPlainWebVTT`), against the parser and `MatchIndex.count`.
@Suite struct WebVTTLayoutTests {
    /// Lines that break the plain shape, or that the parser reads in a way of its own.
    static let trapLines = [
        "   ", "\t", "00:00:09.000 --> 00:00:10.000", "5 --> 6", "-->", "NOTE a note", "STYLE", "42",
        "  indented text", "a > b", "<i>italic</i>", "<v Ann>hello", "<00:00:01.500>timed", "fish &amp; chips",
        "&", "<", "x\ry", "00:01.000 --> 00:02.000", "{\\an8}top", "WEBVTT",
    ]

    /// A WebVTT text of plain blocks (identifiers, settings, notes), a few lines of which
    /// (about `trapRate` in 100) are traps.
    static func randomVTT(seed: UInt64, trapRate: Int) -> String {
        var random = SeededRandom(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 7)
        var text = ["WEBVTT\n\n", "WEBVTT - a title\nKind: captions\n\n", "WEBVTT\n\n\n"].randomElement(using: &random)!
        for number in 1...Int.random(in: 5...40, using: &random) {
            func trap() -> Bool { Int.random(in: 0..<100, using: &random) < trapRate }
            if Int.random(in: 0..<10, using: &random) == 0 { text += "NOTE number \(number)\nstill the note\n\n" }
            if Bool.random(using: &random) { text += ["c\(number)\n", "\(number)\n", "a cue id\n"].randomElement(using: &random)! }
            let timing = ["00:00:0\(number % 10).000 --> 00:00:1\(number % 10).500",
                          "01:02:0\(number % 10).250 --> 01:02:1\(number % 10).000 align:start position:10%",
                          "02:0\(number % 10).000 --> 02:1\(number % 10).000",
                          "123:00:00.000\t-->\t123:00:01.000"].randomElement(using: &random)!
            text += timing + "\n"
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                if trap() {
                    text += trapLines.randomElement(using: &random)! + "\n"
                    continue
                }
                let line = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                    Int.random(in: 0..<10, using: &random) == 0
                        ? DifferentialTests.traps.filter { !$0.contains("\r") }.randomElement(using: &random)!
                        : DifferentialTests.plain.filter { $0 != "\n" }.randomElement(using: &random)!
                }.joined()
                // No blank at either end: plain text (a blank next to a line break is taken off, `LineBreakBlanks`).
                let isBlank = { (character: Character?) in character == " " || character == "\t" }
                text += (isBlank(line.first) ? "x" : "") + line + (isBlank(line.last) ? "x" : "") + "\n"
            }
            text += trap() ? "" : String(repeating: "\n", count: Int.random(in: 1...2, using: &random))
        }
        if Bool.random(using: &random) { text.removeLast() }
        return text
    }

    /// Whatever the layout accepts, the parser reads the same way: the same cues with the
    /// same identifiers, times and texts, and no warning.
    @Test func layoutAgreesWithTheParser() throws {
        for seed: UInt64 in 0..<40 {
            let accepted = try Self.expectParsersReading(Self.randomVTT(seed: seed, trapRate: seed < 20 ? 0 : Int(seed % 8) + 1))
            if seed < 20 { #expect(accepted, "plain WebVTT declined, seed \(seed)") }
        }
    }

    @Test func everyTrapLineIsReadLikeTheParser() throws {
        for line in Self.trapLines {
            for position in ["", "a few words before ", "and a longer run of words before it: "] {
                _ = try Self.expectParsersReading("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\(position)\(line)\nafter\n\n")
                _ = try Self.expectParsersReading("WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nbefore\n\(position)\(line)")
                _ = try Self.expectParsersReading("WEBVTT\n\(position)\(line)\n\n00:00:01.000 --> 00:00:02.000\nafter\n")
                _ = try Self.expectParsersReading("WEBVTT\n\n\(position)\(line)\n00:00:01.000 --> 00:00:02.000\nafter\n")
            }
        }
    }

    /// Compares the layout of `text`, if it has one, with what the parser reads; returns
    /// whether it had one.
    static func expectParsersReading(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let bytes = Array(text.utf8)
        guard let layout = bytes.withByteView({ WebVTTLayout($0) }) else { return false }
        let parsed = try WebVTTParser.parse(bytes, fileName: "t.vtt")
        let transcript = parsed.transcript
        #expect(parsed.warnings.isEmpty, "\(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(layout.spans.count == transcript.count, "\(text.debugDescription)", sourceLocation: sourceLocation)
        guard layout.spans.count == transcript.count else { return true }
        bytes.withByteView { buffer in
            for index in layout.spans.indices {
                let cue = layout.cue(index, in: buffer)
                let id = cue.id.map { buffer.string(in: $0) }
                let times = WebVTTParser.timings(buffer, cue.timing.lowerBound, cue.timing.upperBound)
                #expect(layout.text(of: index, in: buffer) == String(transcript.text(at: index))
                        && id == transcript.id(at: index) && times?.0 == transcript.start(at: index)
                        && times?.1 == transcript.end(at: index),
                        "\(text.debugDescription) cue \(index)", sourceLocation: sourceLocation)
                #expect(layout.marked.contains(index) == (WebVTTParser.needsCleaning(buffer.extracting(cue.text))
                                                           || LineBreakBlanks.occur(in: buffer.extracting(cue.text))),
                        "\(text.debugDescription) cue \(index)", sourceLocation: sourceLocation)
            }
        }
        return true
    }

    @Test func plainTextWithTrapsIsSometimesAcceptedAndSometimesNot() {
        let accepted = (40..<80).filter { seed in
            Array(Self.randomVTT(seed: UInt64(seed), trapRate: 3).utf8).withByteView { WebVTTLayout($0) } != nil
        }
        #expect(!accepted.isEmpty && accepted.count < 40)
    }

    @Test func shapesThePlainReadingWouldGetWrongAreDeclined() {
        let cases = [
            "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfirst\n00:00:03.000 --> 00:00:04.000\nsecond\n\n",
            "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfirst\nsecond --> third\n\n",
            "WEBVTT\n00:00:01.000 --> 00:00:02.000\nfirst\n\n",
            "WEBVTT\n\nan id\nanother line\n00:00:01.000 --> 00:00:02.000\nfirst\n\n",
            "WEBVTT\n\nwords without a timing line\n\n",
            "WEBVTT\n\nNOTE a note\nthat goes on\n00:00:01.000 --> 00:00:02.000\n\n",
            "WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nfirst\n\n",
            "WEBVTT\n\n00:00:01.000 --> 00:00:02.0000\nfirst\n\n",
            "WEBVTT\n\n00:60:01.000 --> 00:00:02.000\nfirst\n\n",
            "WEBVTT\r\n\r\n00:00:01.000 --> 00:00:02.000\r\nfirst\r\n\r\n",
            "WEBVTTX\n\n00:00:01.000 --> 00:00:02.000\nfirst\n\n",
            "00:00:01.000 --> 00:00:02.000\nfirst\n\n",
        ]
        for text in cases {
            #expect(Array(text.utf8).withByteView { WebVTTLayout($0) } == nil, "\(text.debugDescription)")
        }
    }

    @Test func plainShapesAreRead() throws {
        let cases = [
            ("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfirst line\nsecond\n\n\nc2\n01:00.000 --> 02:00.000 line:0\n\n", 2),
            ("WEBVTT Title\nKind: captions\n\nNOTE\n\nSTYLE\n::cue { color: red }\n\n00:00:01.000 --> 00:00:02.000\n<v Ann>a &amp; b", 1),
            ("WEBVTT\n\n\n", 0),
            ("WEBVTT", 0),
            ("WEBVTT\n\nNOTE\n00:00:01.000 --> 00:00:02.000\nthe note is an identifier\n", 1),
            ("WEBVTT\n\n99:59:59.000 --> 100:00:01.000\nx\n\n1:00:00.000 --> 999999:00:00.000", 2),
        ]
        for (text, cues) in cases {
            let bytes = Array(text.utf8)
            let layout = try #require(bytes.withByteView { WebVTTLayout($0) }, "\(text.debugDescription)")
            #expect(layout.spans.count == cues, "\(text.debugDescription)")
            #expect(try Self.expectParsersReading(text))
        }
    }

    /// Counting in place gives `MatchIndex.count` of the loaded file, the plain files counted
    /// where they lie, for every keyword the byte scan takes.
    @Test func countsInPlaceEqualTheIndexCount() throws {
        for seed: UInt64 in 0..<12 {
            let bytes = Array(Self.randomVTT(seed: seed &+ 100, trapRate: seed < 8 ? 0 : 10).utf8)
            let transcript = try TranscriptLoader.load(bytes, fileName: "t.vtt").transcript
            var found = 0
            for keyword in DifferentialTests.keywords + ["the home", "00:00", "-->", " ", "amp", "v Ann"] {
                for caseSensitive in [false, true] {
                    let query = Query(keyword, caseSensitive: caseSensitive)
                    let expected = MatchIndex.count(transcript: transcript, query: query)
                    let counted = try bytes.withByteView { buffer in
                        try TranscriptLoader.countMatches(inPlace: buffer, fileName: "t.vtt", query: query)
                    }
                    #expect(counted.matches == expected, "\(keyword.debugDescription) seed \(seed)")
                    if seed < 8 && TranscriptLoader.inPlaceMatcher(for: query) != nil {
                        let fast = bytes.withByteView { TranscriptLoader.countPlainWebVTT($0, query: query) }
                        #expect(fast?.matches == expected, "\(keyword.debugDescription) seed \(seed)")
                    }
                    found += expected
                }
            }
            #expect(found > 50, "seed \(seed)")
        }
    }

    /// Rolling captions and speaker turns change the cues' texts: such files are left to the parser.
    @Test func rollingCaptionsAndTurnsAreLeftToTheParser() throws {
        let rolling = "WEBVTT\n\n" + (1...12).map { "00:00:\(10 + $0).000 --> 00:00:\(11 + $0).000\nline \($0)\nline \($0 + 1)\n" }
            .joined(separator: "\n")
        let talking = "WEBVTT\n\n" + (1...12).map { "00:00:\(10 + $0).000 --> 00:00:\(11 + $0).000\n\($0 % 2 == 0 ? "ANN" : "BOB"): line \($0)\n" }
            .joined(separator: "\n")
        for text in [rolling, talking] {
            let bytes = Array(text.utf8)
            #expect(bytes.withByteView { WebVTTLayout($0) } != nil)
            let query = Query("line")
            #expect(bytes.withByteView { TranscriptLoader.countPlainWebVTT($0, query: query) } == nil)
            let expected = MatchIndex.count(transcript: try TranscriptLoader.load(bytes, fileName: "t.vtt").transcript, query: query)
            let counted = try bytes.withByteView { try TranscriptLoader.countMatches(inPlace: $0, fileName: "t.vtt", query: query) }
            #expect(counted.matches == expected)
        }
    }

    /// A long plain file whose cues after the first 200 (those that decide rolling captions and
    /// speaker turns) hold voices, word times and references, which the parser cleans.
    static func longVTT(seed: UInt64) -> String {
        var random = SeededRandom(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 3)
        var text = "WEBVTT\n\n"
        for number in 1...260 {
            if Bool.random(using: &random) { text += "cue \(number)\n" }
            let start = number * 3_000
            text += "\(Timestamp.format(start).replacingOccurrences(of: ",", with: ".")) --> "
                + "\(Timestamp.format(start + 2_500).replacingOccurrences(of: ",", with: "."))\n"
            let words = ["the budget", "home town", "预算", "BUDGET\u{212A}", "just words \(number)", "a budget\u{301}"]
            let tagged = ["<v Ann>the budget</v>", "<00:\(number / 20 + 10):00.500>the <c.x>budget</c>",
                          "fish &amp; budget", "<i>home</i> town", "<v.loud Bob Smith>home town"]
            let line = number > 200 && Int.random(in: 0..<3, using: &random) == 0
                ? tagged.randomElement(using: &random)! : words.randomElement(using: &random)!
            text += line + (Bool.random(using: &random) ? "\nsecond line\n" : "\n")
            text += Int.random(in: 0..<5, using: &random) == 0 ? "\n\n" : "\n"
        }
        return text
    }

    /// Loading only the matching cues of a plain file gives the whole file's matching cues
    /// (numbers, identifiers, times, speakers, lines, word times) and the same JSON Lines.
    @Test func matchingCuesAreTheWholeFilesMatchingCues() throws {
        let inputs = (0..<3).map { Self.longVTT(seed: $0) } + (0..<6).map { Self.randomVTT(seed: $0 &+ 200, trapRate: 0) }
        var readAlone = 0
        for (i, input) in inputs.enumerated() {
            let bytes = Array(input.utf8)
            let whole = try TranscriptLoader.load(bytes, fileName: "t.vtt")
            for query in [Query("budget"), Query("home town"), Query("预算"), Query("k"), Query("BUDGET", caseSensitive: true)] {
                let part = try bytes.withByteView { buffer in
                    try TranscriptLoader.loadMatching(inPlace: buffer, fileName: "t.vtt", query: query)
                }
                let wholeIndex = MatchIndex(transcript: whole.transcript, query: query)
                let partIndex = MatchIndex(transcript: part.transcript, query: query)
                let expected = wholeIndex.matchingCues.map { whole.transcript[$0] }
                #expect(partIndex.matchingCues.map { part.transcript[$0] } == expected, "input \(i) \(query.keywords)")
                var wholeJSON: [UInt8] = []
                var partJSON: [UInt8] = []
                for record in MatchRecords(file: "f", transcript: whole.transcript, index: wholeIndex) {
                    JSONLinesWriter.append(record, to: &wholeJSON)
                }
                for record in MatchRecords(file: "f", transcript: part.transcript, index: partIndex) {
                    JSONLinesWriter.append(record, to: &partJSON)
                }
                #expect(partJSON == wholeJSON, "input \(i) \(query.keywords)")
                let matcher = try #require(TranscriptLoader.inPlaceMatcher(for: query))
                if bytes.withByteView({ TranscriptLoader.loadMatchingPlainWebVTT($0, matcher: matcher, warnings: []) }) != nil {
                    readAlone += 1
                }
            }
        }
        #expect(readAlone >= 30, "\(readAlone) loads read only the matching cues")
    }

    /// About `cues` cues of WebVTT in random shapes: identifiers, settings, runs of empty lines,
    /// `NOTE`, `STYLE` and `REGION` blocks, "budget" in the cues `matching`, and after cue `tail`
    /// (when given) one of the things only the parser reads: CR line endings, a block whose timing
    /// line it cannot read (a warning), a cue it cleans, a text line holding `-->`. `labelled` cues
    /// start with `ANN:` or `BOB:`, speaker turns that the parser takes off the text.
    static func piecesVTT(seed: UInt64, cues: Int, matching: Set<Int>, tail: Int?, labelled: Bool = false) -> String {
        var random = SeededRandom(seed: seed &* 0xD1B5_4A32_D192_ED03 &+ 11)
        let tailKind = Int.random(in: 0..<4, using: &random)
        var text = ["WEBVTT\n\n", "WEBVTT - pieces\nKind: captions\nLanguage: en\n\n", "WEBVTT\n\n\n\n"]
            .randomElement(using: &random)!
        var lineBreak = "\n"
        for cue in 0..<cues {
            if cue == tail {
                switch tailKind {
                case 0: lineBreak = "\r\n"
                case 1: text += "00:00:01.000 --> soon\nbroken\n\n"
                case 2: text += "00:00:01.000 --> 00:00:02.000\n<i>clean me</i>\n\n"
                default: text += "00:00:01.000 --> 00:00:02.000\na --> b\n\n"
                }
            }
            switch Int.random(in: 0..<30, using: &random) {
            case 0: text += "NOTE a note\nover two lines" + lineBreak + lineBreak
            case 1: text += "STYLE" + lineBreak + "::cue { color: red }" + lineBreak + lineBreak
            case 2: text += "REGION" + lineBreak + "id:fred width:40%" + lineBreak + lineBreak
            default: break
            }
            if Bool.random(using: &random) { text += ["c\(cue)", "\(cue + 1)"].randomElement(using: &random)! + lineBreak }
            let start = cue * 2_000
            text += "\(Timestamp.format(start).replacingOccurrences(of: ",", with: ".")) --> "
                + "\(Timestamp.format(start + 1_500).replacingOccurrences(of: ",", with: "."))"
                + (Int.random(in: 0..<4, using: &random) == 0 ? " align:start line:10%" : "") + lineBreak
            let words = ["the", "home", "town", "a", "words", "预算", "Budge", "budge t"]
            for line in 0..<Int.random(in: 1...2, using: &random) {
                var said = (0..<Int.random(in: 2...9, using: &random)).map { _ in words.randomElement(using: &random)! }
                if line == 0 && matching.contains(cue) { said.insert("BUDGET", at: said.count / 2) }
                if line == 0 && labelled { said.insert(cue % 2 == 0 ? "ANN:" : "BOB:", at: 0) }
                text += said.joined(separator: " ") + lineBreak
            }
            text += String(repeating: lineBreak, count: Int.random(in: 1...3, using: &random))
        }
        return text
    }

    /// Counting only until enough matches are found (`-l`, `-q`) lays the file out piece by
    /// piece: it finds `enough` exactly when the whole count does, never more than it, and
    /// without an early stop it is the whole count, with its warnings. The pieces answer
    /// without the parser whenever the file is plain up to where they stop.
    @Test func countingUntilEnoughAgreesWithTheWholeCount() throws {
        var answeredInPieces = 0
        var stoppedBeforeAWarning = 0
        for seed: UInt64 in 0..<24 {
            var random = SeededRandom(seed: seed &+ 500)
            let cues = Int.random(in: 150...450, using: &random)
            let matching: Set<Int> = switch seed % 4 {
            case 0: []
            case 1: [Int.random(in: 0..<5, using: &random)]
            case 2: [cues - 1 - Int.random(in: 0..<3, using: &random)]
            default: Set((0..<3).map { _ in Int.random(in: 0..<cues, using: &random) })
            }
            let tail = seed % 3 == 0 ? nil : Int.random(in: 0..<cues, using: &random)
            let labelled = seed % 5 == 4
            let bytes = Array(Self.piecesVTT(seed: seed, cues: cues, matching: matching, tail: tail, labelled: labelled).utf8)
            let loaded = try TranscriptLoader.load(bytes, fileName: "t.vtt")
            for query in [Query("budget"), Query("budget", caseSensitive: true), Query("预算"), Query("ann")] {
                let expected = MatchIndex.count(transcript: loaded.transcript, query: query)
                for pieceSize in [64, 2_000, TextPieces.pieceSize] {
                    let label = "seed \(seed), \(query.keywords), pieces of \(pieceSize)"
                    try bytes.withByteView { (buffer) throws(Diagnostic) in
                        let whole = try TranscriptLoader.countMatches(inPlace: buffer, fileName: "t.vtt", options: LoadOptions(),
                                                                      query: query, pieceSize: pieceSize)
                        #expect(whole.matches == expected && whole.warnings == loaded.warnings, "\(label)")
                        for enough in [1, 2] {
                            let some = try TranscriptLoader.countMatches(inPlace: buffer, fileName: "t.vtt", options: LoadOptions(),
                                                                         query: query, pieceSize: pieceSize, enough: enough)
                            #expect(min(some.matches, enough) == min(expected, enough) && some.matches <= expected, "\(label)")
                            if some.matches < enough { #expect(some.warnings == loaded.warnings, "\(label)") }
                            if some.warnings.count < loaded.warnings.count { stoppedBeforeAWarning += 1 }
                            let pieces = TranscriptLoader.countPlainWebVTT(buffer, query: query, pieceSize: pieceSize, enough: enough)
                            if let pieces {
                                #expect(min(pieces.matches, enough) == min(expected, enough) && pieces.matches <= expected, "\(label)")
                                #expect(pieces.cues <= loaded.transcript.count, "\(label)")
                                answeredInPieces += 1
                            } else if tail == nil && !labelled {
                                Issue.record("a plain file was not counted in pieces, \(label)")
                            }
                        }
                    }
                }
            }
        }
        #expect(answeredInPieces > 150, "\(answeredInPieces) counts answered in pieces")
        #expect(stoppedBeforeAWarning > 0, "no count stopped before a broken block")
    }

    /// The corpus's WebVTT files (skipped when absent): whatever the layout accepts the parser
    /// reads the same way, and most real files are accepted.
    @Test func corpusFilesAreReadLikeTheParser() throws {
        guard let corpus = CorpusFiles.directory else { return }
        let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".vtt") }.sorted() ?? []
        var accepted = 0
        for name in files {
            guard let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(name).path),
                  let text = String(data: data, encoding: .utf8), !text.hasPrefix("\u{FEFF}") else { continue }
            if (try? Self.expectParsersReading(text)) == true { accepted += 1 }
        }
        #expect(files.isEmpty || accepted * 2 > files.count, "\(accepted) of \(files.count) accepted")
    }
}
