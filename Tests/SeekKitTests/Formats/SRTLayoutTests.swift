import Testing
@testable import SeekKit
import SeekBytes

/// Plainly written SRT read without the parser (`SRTLayout`) and counted where it lies
/// (`Matcher.countInSpans`), against the parser and `MatchIndex.count`.
@Suite struct SRTLayoutTests {
    /// Lines that break the plain shape in a way the parser reads differently.
    static let trapLines = [
        "   ", "\t", "00:00:09,000 --> 00:00:10,000", "5 --> 6", "-->", "1:2 --> 3", "42", "  indented text",
        "a > b", "<i>italic</i>", "{\\an8}top", "fish &amp; chips", "&", "<", "x\ry", "00:01,000 --> 00:02,000",
    ]

    /// An SRT text of plain blocks, a few lines of which (about `trapRate` in 100) are traps.
    static func randomSRT(seed: UInt64, trapRate: Int) -> String {
        var random = SeededRandom(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 1)
        var text = ""
        for number in 1...Int.random(in: 5...40, using: &random) {
            func trap() -> Bool { Int.random(in: 0..<100, using: &random) < trapRate }
            if Bool.random(using: &random) || number == 1 { text += "\(number)\n" }
            let hours = ["00", "1", "123", "999999"].randomElement(using: &random)!
            let separator = Bool.random(using: &random) ? "," : "."
            text += "\(hours):00:0\(number % 10)\(separator)000 --> \(hours):00:1\(number % 10)\(separator)500\n"
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
                text += (line.allSatisfy { $0 == " " || $0 == "\t" } ? "x" + line : line) + "\n"
            }
            text += trap() ? "" : String(repeating: "\n", count: Int.random(in: 1...2, using: &random))
        }
        if Bool.random(using: &random) { text.removeLast() }
        return text
    }

    /// Whatever the layout accepts, the parser reads the same way: the same cues with
    /// the same texts, the same line count and no warning.
    @Test func layoutAgreesWithTheParser() {
        for seed: UInt64 in 0..<40 {
            let accepted = Self.expectParsersReading(Self.randomSRT(seed: seed, trapRate: seed < 20 ? 0 : Int(seed % 8) + 1))
            if seed < 20 { #expect(accepted, "plain SRT declined, seed \(seed)") }
        }
    }

    @Test func everyTrapLineIsReadLikeTheParser() {
        for line in Self.trapLines {
            for position in ["", "a few words before ", "and a longer run of words before it: "] {
                _ = Self.expectParsersReading("1\n00:00:01,000 --> 00:00:02,000\n\(position)\(line)\nafter\n\n")
                _ = Self.expectParsersReading("1\n00:00:01,000 --> 00:00:02,000\nbefore\n\(position)\(line)")
            }
        }
    }

    /// Compares the layout of `text`, if it has one, with what the parser reads; returns
    /// whether it had one.
    static func expectParsersReading(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let layout = bytes.withByteView({ SRTLayout($0) }) else { return false }
        let parsed = bytes.withByteView { SRTParser.parse($0, fileName: "t.srt") }
        #expect(parsed.warnings.all.isEmpty, "\(text.debugDescription)")
        #expect(bytes.withByteView { SRTLayout.lines(in: $0) } == parsed.lines, "\(text.debugDescription)")
        #expect(layout.spans.count == parsed.transcript.count, "\(text.debugDescription)")
        guard layout.spans.count == parsed.transcript.count else { return true }
        bytes.withByteView { buffer in
            for (index, span) in layout.spans.enumerated() {
                let raw = buffer.extracting(span)
                let cueText = layout.marked.contains(index)
                    ? SRTParser.cleanText(buffer, span) : String(decoding: raw, as: UTF8.self)
                #expect(cueText == String(parsed.transcript.text(at: index)), "\(text.debugDescription) cue \(index)")
                #expect(layout.marked.contains(index) == (SRTParser.needsCleaning(raw) || LineBreakBlanks.occur(in: raw)),
                        "\(text.debugDescription)")
            }
        }
        return true
    }

    /// A layout stopped after `cueLimit` cues is the whole layout's first cues, and stops where
    /// a piece may start: the layout of the rest is the whole layout's other cues. What it did
    /// not reach (a trap, a CR) does not matter; a CR in what it laid out declines it.
    @Test func aLayoutStoppedAfterSomeCuesIsTheStartOfTheWholeLayout() throws {
        var stopped = 0
        for seed: UInt64 in 0..<30 {
            let bytes = Array(Self.randomSRT(seed: seed &+ 900, trapRate: 0).utf8)
            try bytes.withByteView { buffer in
                let whole = try #require(SRTLayout(buffer), "seed \(seed)")
                for limit in [1, 3, whole.spans.count / 2, whole.spans.count, whole.spans.count + 1] where limit > 0 {
                    let first = try #require(SRTLayout(buffer, cueLimit: limit), "seed \(seed), \(limit) cues")
                    #expect(first.spans == Array(whole.spans.prefix(limit)), "seed \(seed), \(limit) cues")
                    #expect(first.marked == whole.marked.filter { $0 < limit }, "seed \(seed), \(limit) cues")
                    #expect((first.end == buffer.count) == (limit >= whole.spans.count), "seed \(seed), \(limit) cues")
                    guard first.end < buffer.count else { continue }
                    stopped += 1
                    let rest = try #require(SRTLayout(buffer.extracting(first.end...)), "seed \(seed), \(limit) cues")
                    #expect(rest.spans.map { ($0.lowerBound + first.end)..<($0.upperBound + first.end) }
                            == Array(whole.spans.dropFirst(limit)), "seed \(seed), \(limit) cues")
                    var broken = bytes
                    if let text = first.spans.last(where: { !$0.isEmpty }) {
                        broken.insert(0x0D, at: text.lowerBound + 1)
                        #expect(broken.withByteView { SRTLayout($0, cueLimit: limit) } == nil, "seed \(seed), \(limit) cues")
                        broken = bytes
                    }
                    broken.insert(contentsOf: Array("x\ry\n\n".utf8), at: first.end)
                    #expect(broken.withByteView { SRTLayout($0, cueLimit: limit)?.spans } == first.spans,
                            "seed \(seed), \(limit) cues")
                }
            }
        }
        #expect(stopped > 50)
    }

    @Test func plainTextWithTrapsIsSometimesAcceptedAndSometimesNot() {
        let accepted = (40..<80).filter { seed in
            Array(Self.randomSRT(seed: UInt64(seed), trapRate: 3).utf8).withByteView { SRTLayout($0) } != nil
        }
        #expect(!accepted.isEmpty && accepted.count < 40)
    }

    @Test func shapesThePlainReadingWouldGetWrongAreDeclined() {
        let cases = [
            "1\n00:00:01,000 --> 00:00:02,000\nfirst\n00:00:03,000 --> 00:00:04,000\nsecond\n\n",
            "1\n00:00:01,000 --> 00:00:02,000\nfirst\n2\n00:00:03,000 --> 00:00:04,000\nsecond\n\n",
            "1\n00:00:01,000 --> 00:00:02,000\nfirst\n   \nstill first\n\n",
            "1\n00:00:01,000 --> 00:00:02,000\nfirst\n5 --> 6\n\n",
            "1 \n00:00:01,000 --> 00:00:02,000\nfirst\n\n",
            "1\n2\n00:00:01,000 --> 00:00:02,000\nfirst\n\n",
            "1\n00:01,000 --> 00:02,000\nfirst\n\n",
            "1\n1000000:00:01,000 --> 1000000:00:02,000\nfirst\n\n",
            "1\n00:00:01,000 --> 1000000:00:02,000\nfirst\n\n",
            "1\n0:00:01,000 --> 0:00:02,5000\nfirst\n\n",
            "1\n0:00:01,000 -> 0:00:02,500\nfirst\n\n",
            "1\n00:00:01,000 --> 00:00:02,000 X1:10\nfirst\n\n",
            "1\r\n00:00:01,000 --> 00:00:02,000\r\nfirst\r\n\r\n",
            "1\n00:00:01,000 --> 00:00:02,000",
            "words first\n\n",
        ]
        for text in cases {
            #expect(Array(text.utf8).withByteView { SRTLayout($0) } == nil, "\(text.debugDescription)")
        }
    }

    @Test func plainShapesAreRead() throws {
        let cases = [
            ("1\n00:00:01,000 --> 00:00:02,000\nfirst line\nsecond\n\n\n2\n100:00:01.000 --> 100:00:02.000\n\n", 2, 9),
            ("00:00:01,000 --> 00:00:02,000\na > b &amp; c\n\n3\n00:00:01,000 --> 00:00:02,000\nlast", 2, 6),
            ("\n\n", 0, 2),
            ("9\n99:59:59,000 --> 100:00:01,000\nx\n\n1:00:00.000 --> 999999:00:00,000\n\n", 2, 6),
        ]
        for (text, cues, lines) in cases {
            let bytes = Array(text.utf8)
            let layout = try #require(bytes.withByteView { SRTLayout($0) }, "\(text.debugDescription)")
            #expect(layout.spans.count == cues && bytes.withByteView { SRTLayout.lines(in: $0) } == lines, "\(text.debugDescription)")
            #expect(lines == bytes.withByteView { SRTParser.parse($0, fileName: "t.srt").lines },
                    "\(text.debugDescription)")
        }
    }

    /// A timing line the templates of one width of hours take (`UsualTimingLine`) ends where
    /// `timingLineEnd` says it does, and every usual line of that width in both times is taken.
    @Test func theUsualLineOfAWidthEndsWhereTheTimingLineReaderSays() {
        var taken = 0
        for startWidth in 1...7 {
            for endWidth in 1...7 {
                let start = String(repeating: "1", count: startWidth) + ":02:03,004"
                let end = String(repeating: "9", count: endWidth) + ":59:59.999"
                let usual = "\(start) --> \(end)"
                let lines = [
                    usual, usual + " X1:10", usual + " ", "\(start) -> \(end)", "\(start) --> \(end)0", "\(start)  --> \(end)",
                    "\(start) --> \(end.dropLast())", "\(start.replacing(",", with: ";")) --> \(end)",
                    "\(start) -->\t\(end)", "\(start) --x \(end)", "x" + usual, " " + usual,
                ] + (0..<usual.utf8.count).map { place in
                    String(usual.prefix(place)) + "x" + String(usual.dropFirst(place + 1))
                }
                for line in lines {
                    for after in ["\ntext\n\n", "\n", ""] {
                        let bytes = Array((line + after).utf8)
                        bytes.withByteView { buffer in
                            let expected = SRTLayout.timingLineEnd(buffer, at: 0, TimingTemplates.shared)
                            for width in 1...5 {
                                let found = UsualTimingLine(hours: width, TimingTemplates.shared).lineEnd(buffer, at: 0)
                                #expect(found == nil || found == expected, "\(line.debugDescription) + \(after.debugDescription), width \(width)")
                                if line == usual, startWidth == width, endWidth == width, expected != nil {
                                    #expect(found == expected, "\(line.debugDescription) + \(after.debugDescription)")
                                    taken += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(taken == 10)
    }

    @Test func theUsualWidthIsTakenFromALineWithBothHoursAlike() {
        var usual = UsualTimingLine(hours: 2, TimingTemplates.shared)
        let cases: [(line: String, width: Int)] = [
            ("123:00:00,000 --> 123:00:01,000", 3), ("99:59:59,000 --> 100:00:01,000", 3), ("1:00:00,000 --> 1:00:01,000", 1),
            ("123456:00:00,000 --> 123456:00:01,000", 1), ("12345:00:00,000 --> 12345:00:01,000", 5),
        ]
        for (line, width) in cases {
            usual.adapt(toLineOf: line.utf8.count, TimingTemplates.shared)
            #expect(usual.hours == width, "\(line)")
        }
    }

    /// Counting in place gives `MatchIndex.count` of the parsed file, on plain pieces and
    /// on pieces left to the parser, for every keyword the byte scan takes.
    @Test func countsInPlaceEqualTheIndexCount() throws {
        for seed: UInt64 in 0..<12 { try Self.countsInPlaceEqualTheIndexCount(seed: seed) }
    }

    static func countsInPlaceEqualTheIndexCount(seed: UInt64) throws {
        let bytes = Array(Self.randomSRT(seed: seed &+ 100, trapRate: seed < 8 ? 0 : 10).utf8)
        let transcript = SRTParser.parse(bytes, fileName: "t.srt").transcript
        var found = 0
        for keyword in DifferentialTests.keywords + ["the home", "00:00", "-->", " "] {
            for caseSensitive in [false, true] {
                let query = Query(keyword, caseSensitive: caseSensitive)
                let expected = MatchIndex.count(transcript: transcript, query: query)
                for pieceSize in [1, 200] {
                    let counted = try bytes.withByteView { buffer in
                        try TranscriptLoader.countMatches(inPlace: buffer, fileName: "t.srt", options: LoadOptions(),
                                                          query: query, pieceSize: pieceSize)
                    }
                    #expect(counted.matches == expected, "\(keyword.debugDescription) seed \(seed) pieces of \(pieceSize)")
                }
                found += expected
            }
        }
        #expect(found > 50, "seed \(seed)")
    }
}
