import Testing
@testable import SeekKit

@Suite struct TimestampedTextParserTests {
    struct Expected: Equatable, Sendable {
        var start: Int?
        var end: Int?
        var text: String
        var line: Int
        var speaker: String? = nil
    }

    static func parse(_ input: String) -> [Expected] {
        let transcript = TimestampedTextParser.parse(Array(input.utf8), fileName: "notes.txt").transcript
        return transcript.map { Expected(start: $0.start, end: $0.end, text: $0.text, line: $0.line, speaker: $0.speaker) }
    }

    @Test func timestampForms() {
        let cases: [(String, Int)] = [
            ("[00:06:32] Hello", 392_000),
            ("[00:06:32.500] Hello", 392_500),
            ("[00:06:32,5] Hello", 392_500),
            ("(01:02:03) Hello", 3_723_000),
            ("06:32 Hello", 392_000),
            ("\\[00:01:02.03\\] Hello", 62_030),
            ("[06:32]Hello", 392_000),
            ("[01:02:03:04] Hello", 93_784_000),
            ("[-00:00:05:00] Hello", -300_000),
        ]
        for (line, start) in cases {
            let cues = Self.parse(line)
            #expect(cues == [Expected(start: start, end: nil, text: "Hello", line: 1)], "\(line)")
        }
    }

    @Test func notTimestamps() {
        let cases: [String] = [
            "1030 Hello",
            "[laughter] Hello",
            "06:32pm Hello",
            "[00:61] Hello",
            "12:3 Hello",
            "[00:06:32 Hello",
        ]
        for line in cases {
            #expect(Self.parse(line) == [Expected(start: nil, end: nil, text: line, line: 1)], "\(line)")
        }
    }

    @Test func continuationLinesAndEnds() {
        let input = "Intro line\n\n[00:00:01] CDR: Roger.\nmore words\n\n[00:00:05]\n_page : 3\nCC: Copy.\n[00:00:09] Last"
        #expect(Self.parse(input) == [
            Expected(start: nil, end: nil, text: "Intro line", line: 1),
            Expected(start: 1000, end: 5000, text: "CDR: Roger.\nmore words", line: 3, speaker: "CDR"),
            Expected(start: 5000, end: 9000, text: "CC: Copy.", line: 8, speaker: "CC"),
            Expected(start: 9000, end: nil, text: "Last", line: 9),
        ])
    }

    @Test func spacelogCommentsAndContinuedMetadataAreNotText() {
        let input = """
        # This is a comment
        [-00:00:00:10]
        _page: 1
        CAPCOM: 10, 9, 8.

        [00:00:00:03]
        # A metaline continues on indented lines
        _labels: {
            "funny"  : 12,
            "stupid" : null
            }
        CMP: Okay, Jim.
          Indented logline.
        [00:00:00:05]
        CDR: Yaw program.
        """
        #expect(Self.parse(input) == [
            Expected(start: -10_000, end: 3000, text: "CAPCOM: 10, 9, 8.", line: 4),
            Expected(start: 3000, end: 5000, text: "CMP: Okay, Jim.\nIndented logline.", line: 12, speaker: "CMP"),
            Expected(start: 5000, end: nil, text: "CDR: Yaw program.", line: 15, speaker: "CDR"),
        ])
    }

    @Test func outsideMissionTimesHashLinesAndIndentedLinesAreText() {
        let input = "[00:00:01] Intro\n# Chapter one\n_page: 1\n  indented\n[00:00:05] Next"
        #expect(Self.parse(input) == [
            Expected(start: 1000, end: 5000, text: "Intro\n# Chapter one\nindented", line: 1),
            Expected(start: 5000, end: nil, text: "Next", line: 5),
        ])
    }

    @Test func continuationText() {
        let cases: [(String, String)] = [
            ("[00:01] a\nb\nc\n[00:09] z", "a\nb\nc"),
            ("[00:01] a\n\nb\n\nc\n[00:09] z", "a\nb\nc"),
            ("[00:01]\na\nb\n[00:09] z", "a\nb"),
            ("[00:01]\n\na\n_x: y\nb\n[00:09] z", "a\nb"),
            ("[00:01] a\r\nb\r\nc\r\n[00:09] z\r\n", "a\nb\nc"),
            ("[00:01] a\rb\r\r[00:02] c", "a\nb"),
        ]
        for (input, text) in cases {
            #expect(Self.parse(input).first?.text == text, "\(input)")
        }
    }

    @Test func aFewLinesStartingLikeATimeLeaveTheTextUntimed() {
        let input = "Notes\n10:30 we met\nthen more\nand more\n"
        #expect(Self.parse(input) == [
            Expected(start: nil, end: nil, text: "Notes", line: 1),
            Expected(start: nil, end: nil, text: "10:30 we met", line: 2),
            Expected(start: nil, end: nil, text: "then more", line: 3),
            Expected(start: nil, end: nil, text: "and more", line: 4),
        ])
        // A film's line read as plain text: "25 million dead," after a TMPlayer time reads as a day's time.
        let prose = (1...40).map { "line \($0) of prose" } + ["00:27:28:25 million dead,", "00:31:02 and later"]
        #expect(Self.parse(prose.joined(separator: "\n")).allSatisfy { $0.start == nil })
    }

    @Test func timesOnEnoughLinesMakeTheTextTimestamped() {
        // Two times among 40 lines: one line in 20.
        let lines = ["[00:00:01] start"] + (1...37).map { "line \($0)" } + ["[00:05:00] later", "end"]
        let cues = Self.parse(lines.joined(separator: "\n"))
        #expect(cues.map(\.start) == [1000, 300_000])
        // Two in 41 lines is too few.
        let sparse = Self.parse((lines + ["one more"]).joined(separator: "\n"))
        #expect(sparse.count == 41 && sparse.allSatisfy { $0.start == nil })
        // A text of one timed line is timestamped.
        #expect(Self.parse("10:30 we met\n").map(\.start) == [630_000])
    }

    @Test func untimedFileIsOneCuePerLineAsWritten() {
        let input = "  indented line  \n\nJerod Santo: Hi there\r\n\tlast"
        #expect(Self.parse(input) == [
            Expected(start: nil, end: nil, text: "  indented line  ", line: 1),
            Expected(start: nil, end: nil, text: "Jerod Santo: Hi there", line: 3, speaker: "Jerod Santo"),
            Expected(start: nil, end: nil, text: "\tlast", line: 4),
        ])
    }

    @Test func emptyInputIsEmpty() {
        #expect(Self.parse("").isEmpty)
        #expect(Self.parse("\n \n\t\n").isEmpty)
    }
}
