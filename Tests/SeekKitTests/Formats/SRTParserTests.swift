import Testing
@testable import SeekKit

@Suite struct SRTParserTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var input: String
        /// (id, start, end, text)
        var cues: [Expected]
        var testDescription: String { name }
    }

    struct Expected: Equatable, Sendable {
        var id: String?
        var start: Int?
        var end: Int?
        var text: String
    }

    static func parse(_ input: String) -> (cues: [Cue], warnings: [Diagnostic]) {
        let result = SRTParser.parse(Array(input.utf8), fileName: "talk.srt")
        return (Array(result.transcript), result.warnings)
    }

    static let rows: [Row] = [
        Row(name: "typical block", input: "1\n00:00:01,000 --> 00:00:02,500\nHello\n\n",
            cues: [Expected(id: "1", start: 1000, end: 2500, text: "Hello")]),
        Row(name: "dot separator and no hours", input: "00:01.250 --> 00:02.000\nHi\n",
            cues: [Expected(start: 1250, end: 2000, text: "Hi")]),
        Row(name: "one fraction digit is tenths", input: "1\n00:00:01,5 --> 00:00:02,50\nx",
            cues: [Expected(id: "1", start: 1500, end: 2500, text: "x")]),
        Row(name: "hours of one to seven digits",
            input: "1:02:03,004 --> 123:00:00.500\na\n\n999999:59:59,999 --> 1000000:00:00,000\nb\n",
            cues: [Expected(start: 3_723_004, end: 442_800_500, text: "a"),
                   Expected(start: 3_599_999_999_999, end: 3_600_000_000_000, text: "b")]),
        Row(name: "no fraction", input: "00:00:01 --> 00:00:02\nx",
            cues: [Expected(start: 1000, end: 2000, text: "x")]),
        Row(name: "trailing coordinates", input: "7\n00:00:01,000 --> 00:00:02,000 X1:100 X2:200 Y1:10 Y2:20\nx",
            cues: [Expected(id: "7", start: 1000, end: 2000, text: "x")]),
        Row(name: "loose arrow", input: "00:00:01,000 - > 00:00:02,000\nx",
            cues: [Expected(start: 1000, end: 2000, text: "x")]),
        Row(name: "lines joined with LF", input: "1\n00:00:01,000 --> 00:00:02,000\nfirst\nsecond\n",
            cues: [Expected(id: "1", start: 1000, end: 2000, text: "first\nsecond")]),
        Row(name: "missing blank line before index",
            input: "1\n00:00:01,000 --> 00:00:02,000\nA\n2\n00:00:03,000 --> 00:00:04,000\nB\n",
            cues: [Expected(id: "1", start: 1000, end: 2000, text: "A"),
                   Expected(id: "2", start: 3000, end: 4000, text: "B")]),
        Row(name: "missing blank line and index",
            input: "00:00:01,000 --> 00:00:02,000\nA\n00:00:03,000 --> 00:00:04,000\nB",
            cues: [Expected(start: 1000, end: 2000, text: "A"), Expected(start: 3000, end: 4000, text: "B")]),
        Row(name: "extra blank lines", input: "\n\n1\n00:00:01,000 --> 00:00:02,000\nA\n\n\n\n2\n00:00:03,000 --> 00:00:04,000\nB",
            cues: [Expected(id: "1", start: 1000, end: 2000, text: "A"),
                   Expected(id: "2", start: 3000, end: 4000, text: "B")]),
        Row(name: "a number as text", input: "1\n00:00:01,000 --> 00:00:02,000\n42\n\n",
            cues: [Expected(id: "1", start: 1000, end: 2000, text: "42")]),
        Row(name: "empty text", input: "1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nB",
            cues: [Expected(id: "1", start: 1000, end: 2000, text: ""),
                   Expected(id: "2", start: 3000, end: 4000, text: "B")]),
        Row(name: "tags removed", input: "00:00:01,000 --> 00:00:02,000\n<i>Hi</i> <B>there</b> <font color=\"red\">you</FONT>",
            cues: [Expected(start: 1000, end: 2000, text: "Hi there you")]),
        Row(name: "override blocks removed", input: "00:00:01,000 --> 00:00:02,000\n{\\an8}Top {\\i1}it{\\i0}",
            cues: [Expected(start: 1000, end: 2000, text: "Top it")]),
        Row(name: "unknown tags and bare brackets kept", input: "00:00:01,000 --> 00:00:02,000\n1 < 2 <br> {x}",
            cues: [Expected(start: 1000, end: 2000, text: "1 < 2 <br> {x}")]),
        Row(name: "character references", input: "00:00:01,000 --> 00:00:02,000\nTom &amp; Jerry &#233; & co",
            cues: [Expected(start: 1000, end: 2000, text: "Tom & Jerry é & co")]),
        Row(name: "CRLF", input: "1\r\n00:00:01,000 --> 00:00:02,000\r\nA\r\nB\r\n\r\n",
            cues: [Expected(id: "1", start: 1000, end: 2000, text: "A\nB")]),
        Row(name: "lone CR", input: "1\r00:00:01,000 --> 00:00:02,000\rA\rB\r\r2\r00:00:03,000 --> 00:00:04,000\rC",
            cues: [Expected(id: "1", start: 1000, end: 2000, text: "A\nB"),
                   Expected(id: "2", start: 3000, end: 4000, text: "C")]),
        Row(name: "space-only line inside text", input: "1\n00:00:01,000 --> 00:00:02,000\n \nPronta?\n\n",
            cues: [Expected(id: "1", start: 1000, end: 2000, text: "\nPronta?")]),
        Row(name: "end before start kept", input: "00:00:05,000 --> 00:00:01,000\nx",
            cues: [Expected(start: 5000, end: 1000, text: "x")]),
        Row(name: "empty file", input: "", cues: []),
    ]

    @Test func parses() {
        for row in Self.rows {
            let cues = Self.parse(row.input).cues.map {
                Expected(id: $0.id, start: $0.start, end: $0.end, text: $0.text)
            }
            #expect(cues == row.cues, "\(row.name)")
        }
    }

    @Test func lineIsWhereTextStarts() {
        let cases = [
                ("1\n00:00:01,000 --> 00:00:02,000\nHello\n", 3),
                ("\n\n00:00:01,000 --> 00:00:02,000\n\nHello\n", 4),
                ("1\r\n00:00:01,000 --> 00:00:02,000\r\n\r\n", 3),
        ]
        for (input, line) in cases {
            #expect(Self.parse(input).cues.first?.line == line, "\(input.debugDescription)")
        }
    }

    @Test func speakerPrefix() {
        let cases: [(String, String?)] = [
            (">> JOHN: Hi there", "JOHN"),
            (">>Mary Ann: hello", "Mary Ann"),
            ("Travis: When you first get", "Travis"),
            ("Marcel van Lohuizen: Hey", "Marcel van Lohuizen"),
            ("[SPEAKER_00]: hola", "SPEAKER_00"),
            ("<i>Anna:</i> hi", "Anna"),
            ("Note: the time is 10:30", nil),
            ("Time: 10:30", nil),
            ("at 10:30: go", nil),
            ("http://example.com", nil),
            ("Règle numéro un: obéir", nil),
            ("Hide these tags: yes", nil),
            ("One two three four five: no", nil),
            ("[laughter] ok", nil),
        ]
        for (text, speaker) in cases {
            let cues = Self.parse("00:00:01,000 --> 00:00:02,000\n\(text)\n").cues
            #expect(cues.first?.speaker == speaker, "\(text)")
            #expect(cues.first?.text.hasSuffix(text.replacingOccurrences(of: "<i>", with: "")
                .replacingOccurrences(of: "</i>", with: "")) == true, "\(text)")
        }
    }

    @Test func unreadableBlockIsSkippedWithWarning() {
        let input = "garbage here\n\n1\n00:00:01,000 --> 00:00:02,000\nok\n"
        let (cues, warnings) = Self.parse(input)
        #expect(cues.map(\.text) == ["ok"])
        #expect(warnings.map(\.description) == [
            "talk.srt:1: expected a timing line like 00:00:01,000 --> 00:00:02,000",
        ])
    }

    @Test func absurdTimesRejectBlock() {
        let cases = [
            "1\n9999999:00:00,000 --> 00:00:01,000\nabsurd\n\n2\n00:00:01,000 --> 00:00:02,000\nok\n",
            "1\n" + String(repeating: "9", count: 300) + ":00:00,000 --> 00:00:01,000\nabsurd\n\n2\n00:00:01,000 --> 00:00:02,000\nok\n",
            "1\n-00:00:01,000 --> 00:00:01,000\nnegative\n\n2\n00:00:01,000 --> 00:00:02,000\nok\n",
        ]
        for input in cases {
            let (cues, warnings) = Self.parse(input)
            #expect(cues.map(\.text) == ["ok"] && warnings.count == 1 && warnings.first?.line == 2,
                    "\(input.prefix(60).debugDescription)")
        }
    }
}
