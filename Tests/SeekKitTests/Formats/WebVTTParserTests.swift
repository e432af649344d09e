import Testing
@testable import SeekKit

@Suite struct WebVTTParserTests {
    struct Expected: Equatable, Sendable, CustomTestStringConvertible {
        var id: String?
        var start: Int?
        var end: Int?
        var text: String
        var speaker: String?
        var testDescription: String { text.debugDescription }
    }

    static func parse(_ input: String) throws -> (cues: [Cue], warnings: [Diagnostic]) {
        let result = try WebVTTParser.parse(Array(input.utf8), fileName: "talk.vtt")
        return (Array(result.transcript), result.warnings)
    }

    static func expected(_ cues: [Cue]) -> [Expected] {
        cues.map { Expected(id: $0.id, start: $0.start, end: $0.end, text: $0.text, speaker: $0.speaker) }
    }

    @Test(arguments: [
        ("WEBVTT\n\n00:01.000 --> 00:02.000\nHello", [Expected(start: 1000, end: 2000, text: "Hello")]),
        ("WEBVTT - title\nKind: captions\n\nintro\n01:00:00.000 --> 01:00:01.500 align:start line:0%\nA\nB\n",
         [Expected(id: "intro", start: 3_600_000, end: 3_601_500, text: "A\nB")]),
        ("WEBVTT\n\nNOTE a comment\non two lines\n\n00:01.000 --> 00:02.000\nx",
         [Expected(start: 1000, end: 2000, text: "x")]),
        ("WEBVTT\n\nSTYLE\n::cue { color: red }\n\nREGION\nid:r1\n\n00:01.000 --> 00:02.000\nx",
         [Expected(start: 1000, end: 2000, text: "x")]),
        ("WEBVTT\n\n00:05.000 --> 00:01.000\nend before start",
         [Expected(start: 5000, end: 1000, text: "end before start")]),
        ("WEBVTT\n\n100:00:00.000 --> 100:00:01.000\nlong hours",
         [Expected(start: 360_000_000, end: 360_001_000, text: "long hours")]),
        ("WEBVTT\n\n00:01.000-->00:02.000\nno spaces", [Expected(start: 1000, end: 2000, text: "no spaces")]),
        ("WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nCRLF\r\n", [Expected(start: 1000, end: 2000, text: "CRLF")]),
        ("WEBVTT\n\n00:01.000 --> 00:02.000\nfirst\n00:03.000 --> 00:04.000\nsecond",
         [Expected(start: 1000, end: 2000, text: "first"), Expected(start: 3000, end: 4000, text: "second")]),
    ] as [(String, [Expected])])
    func blocks(_ input: String, _ cues: [Expected]) throws {
        #expect(Self.expected(try Self.parse(input).cues) == cues)
    }

    @Test(arguments: [
        ("<v Bob>Hi</v>", "Hi", "Bob"),
        ("<v.loud Mary   Jane>Hey", "Hey", "Mary Jane"),
        ("<v Ann>One</v> <v Ben>Two</v>", "One Two", "Ann"),
        ("<c.yellow.bg_blue>yellow</c>", "yellow", nil),
        ("<i>it</i><b>bold</b><u>under</u>", "itboldunder", nil),
        ("<lang en-GB>colour</lang>", "colour", nil),
        ("<ruby>漢<rt>kan</rt></ruby>", "漢kan", nil),
        ("one <00:00:01.500>two", "one two", nil),
        ("&amp; &lt; &gt; &nbsp; &lrm; &rlm;", "& < > \u{A0} \u{200E} \u{200F}", nil),
        ("&#65;&#x42;&#X43; &#0; &#x110000;", "ABC \u{FFFD} \u{FFFD}", nil),
        ("&eacute;t&eacute; &hellip; &notin; &not &notit;", "été … ∉ ¬ ¬it;", nil),
        ("&1; && &; &unknown;", "&1; && &; &unknown;", nil),
        ("unclosed <i tag", "unclosed ", nil),
        ("Travis: plain prefix", "Travis: plain prefix", "Travis"),
    ] as [(String, String, String?)])
    func cueText(_ payload: String, _ text: String, _ speaker: String?) throws {
        let cues = try Self.parse("WEBVTT\n\n00:01.000 --> 00:02.000\n\(payload)\n").cues
        #expect(cues.first?.text == text)
        #expect(cues.first?.speaker == speaker)
    }

    @Test(arguments: [
        "00:01.000 -> 00:02.000",
        "00:01.00 --> 00:02.000",
        "00:01.0000 --> 00:02.000",
        "0:01.000 --> 00:02.000",
        "00:60.000 --> 00:61.000",
        "00:01,000 --> 00:02,000",
        "99999999999:00:00.000 --> 00:02.000",
        String(repeating: "9", count: 300) + ":00:00.000 --> 00:02.000",
    ])
    func badTimingDropsBlock(_ timing: String) throws {
        let (cues, warnings) = try Self.parse("WEBVTT\n\n\(timing)\ndropped\n\n00:03.000 --> 00:04.000\nkept")
        #expect(cues.map(\.text) == ["kept"])
        #expect(warnings.first?.line == 3)
    }

    @Test(arguments: ["", "WEBVT\n", "\u{FEFF}WEBVTT", "WEBVTTX\n", " WEBVTT\n"])
    func missingSignatureThrows(_ input: String) {
        #expect(throws: Diagnostic.self) { try Self.parse(input) }
    }

    @Test func headerOnlyIsEmpty() throws {
        #expect(try Self.parse("WEBVTT\n").cues.isEmpty)
        #expect(try Self.parse("WEBVTT").cues.isEmpty)
    }

    @Test(arguments: [
        ("WEBVTT\n\nNOTE x\n\n   \n\n00:01.000 --> 00:02.000\nx", [Int]()),
        ("WEBVTT\n\nstray words\n\n00:01.000 --> 00:02.000\nx", [3]),
        ("WEBVTT\n\n00:01 --> 00:02\nx\n\n00:01.000 --> 00:02.000\nx", [3]),
    ])
    func warningsNameTheLine(_ input: String, _ lines: [Int]) throws {
        #expect(try Self.parse(input).warnings.compactMap(\.line) == lines)
    }

    /// `&nGt;` is the reference that grows most when decoded (5 bytes to 6): the
    /// transcript's storage, sized from the input, must still hold every byte.
    @Test(arguments: [1, 10, 5000])
    func growingReferencesFitTheStorage(_ count: Int) throws {
        let input = "WEBVTT\n\n00:00.000 --> 00:01.000\n" + String(repeating: "&nGt;", count: count)
        let result = try WebVTTParser.parse(Array(input.utf8), fileName: "a.vtt")
        let expected = String(repeating: "\u{226B}\u{20D2}", count: count)
        #expect(result.transcript.first?.text == expected)
        #expect(result.transcript.storage == expected + "\n")
    }

    @Test func lineNumbersPointAtText() throws {
        let cues = try Self.parse("WEBVTT\n\nid\n00:01.000 --> 00:02.000\nA\n\n00:03.000 --> 00:04.000\nB\n").cues
        #expect(cues.map(\.line) == [5, 8])
    }
}
