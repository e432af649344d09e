import Testing
@testable import SeekKit

@Suite struct ASSParserTests {
    static let header = """
    [Script Info]
    ScriptType: v4.00+

    [V4+ Styles]
    Format: Name, Fontname, Fontsize
    Style: Default,Arial,20

    [Events]
    Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

    """

    static func parse(_ events: String, header: String = header) -> (cues: [Cue], warnings: [String]) {
        let result = ASSParser.parse(Array((header + events).utf8), fileName: "a.ass")
        return (Array(result.transcript), result.warnings.map(\.description))
    }

    @Test(arguments: [
        ("Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,Hello", "Hello"),
        ("Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,Senator, we're making\\Nour approach",
         "Senator, we're making\nour approach"),
        ("Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,soft\\nbreak", "soft\nbreak"),
        ("Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,we're {\\b1}making{\\b0} our", "we're making our"),
        ("Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{\\pos(10,20)\\an8}Top", "Top"),
        ("Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,a\\hb", "a\u{A0}b"),
        ("Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{comment}said {\\i1}it", "said it"),
        ("Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{\\p1}m 0 0 l 100 0 100 100{\\p0}Sign", "Sign"),
        ("Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,unclosed { brace", "unclosed { brace"),
        ("Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,  padded  ", "padded"),
    ])
    func text(_ line: String, _ expected: String) {
        let (cues, warnings) = Self.parse(line)
        #expect(cues.map(\.text) == [expected])
        #expect(cues.first?.start == 1000)
        #expect(cues.first?.end == 2500)
        #expect(warnings.isEmpty)
    }

    @Test func drawingOnlyLinesAndCommentsAreNoCues() {
        let (cues, _) = Self.parse("""
        Comment: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,a note
        Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\p1}m 0 0 l 10 10{\\p0}
        Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,kept
        """)
        #expect(cues.map(\.text) == ["kept"])
        #expect(cues.map(\.line) == [12])
    }

    /// An SRT transcript written out as ASS keeps its speakers in the text (`>> ALICE:`), the
    /// Name fields empty: its turns are read as the SRT's are, so both give the same matches.
    @Test func labelsInTheTextCarryTurnsWhenNoNameFieldIsUsed() {
        let events = """
        Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,>> ALICE: Hi, my name is Alice
        Dialogue: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,>> JOHN: and we own a bakery.
        Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,>> ALICE: Today we bake
        Dialogue: 0,0:00:04.00,0:00:05.00,Default,,0,0,0,,our famous cookies!

        """
        let (cues, _) = Self.parse(events)
        #expect(cues.map(\.speaker) == ["ALICE", "JOHN", "ALICE", "ALICE"])
        #expect(cues.map(\.text) == ["Hi, my name is Alice", "and we own a bakery.", "Today we bake", "our famous cookies!"])
        let srt = SRTParser.parse(Array("""
        1
        00:00:01,000 --> 00:00:02,000
        >> ALICE: Hi, my name is Alice

        2
        00:00:02,000 --> 00:00:03,000
        >> JOHN: and we own a bakery.

        3
        00:00:03,000 --> 00:00:04,000
        >> ALICE: Today we bake

        4
        00:00:04,000 --> 00:00:05,000
        our famous cookies!

        """.utf8), fileName: "a.srt").transcript
        let carried = Array(SpeakerTurns.carried(srt))
        #expect(carried.map(\.text) == cues.map(\.text))
        #expect(carried.map(\.speaker) == cues.map(\.speaker))

        let named = Self.parse(events.replacingOccurrences(of: ",Default,,", with: ",Default,Narrator,")).cues
        #expect(named.map(\.speaker) == ["Narrator", "Narrator", "Narrator", "Narrator"])
        #expect(named.first?.text == ">> ALICE: Hi, my name is Alice")
    }

    @Test func nameIsTheSpeakerAndStyleIsKept() {
        let (cues, _) = Self.parse("Dialogue: 0,0:00:01.00,0:00:02.00,Signs,Omar,0,0,0,,Hi, there\n")
        #expect(cues.first?.speaker == "Omar")
        #expect(cues.first?.style == "Signs")
        #expect(cues.first?.text == "Hi, there")
    }

    @Test func fieldOrderComesFromTheFormatLine() {
        let header = "[Events]\nFormat: Start, End, Style, Text\n"
        let (cues, warnings) = Self.parse("Dialogue: 0:00:05.00,0:00:06.00,S1,The quick, brown fox\n", header: header)
        #expect(cues.map(\.text) == ["The quick, brown fox"])
        #expect(cues.first?.start == 5000)
        #expect(cues.first?.style == "S1")
        #expect(cues.first?.speaker == nil)
        #expect(warnings.isEmpty)
    }

    @Test func ssaV4MarkedFieldReadsTheSame() {
        let header = "[Events]\nFormat: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
        let (cues, _) = Self.parse("Dialogue: Marked=0,0:00:12.44,0:00:14.96,Default,,0,0,0,,I've spent\n", header: header)
        #expect(cues.first?.start == 12440)
        #expect(cues.first?.end == 14960)
    }

    @Test func cuesAreOrderedByStartTime() {
        let (cues, _) = Self.parse("""
        Dialogue: 0,0:00:05.00,0:00:06.00,Default,,0,0,0,,second
        Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,first
        Dialogue: 0,0:00:05.00,0:00:07.00,Default,,0,0,0,,third
        """)
        #expect(cues.map(\.text) == ["first", "second", "third"])
        #expect(cues.map(\.line) == [11, 10, 12])
        #expect(cues.map(\.ordinal) == [1, 2, 3])
    }

    @Test func brokenLinesAreSkippedWithTheirLine() {
        let (cues, warnings) = Self.parse("""
        Dialogue: 0,0:00:xx.00,0:00:02.00,Default,,0,0,0,,bad time
        Dialogue: 0,0:00:01.00
        Dialogue: 0,0:00:03.00,0:00:02.00,Default,,0,0,0,,backwards
        """)
        #expect(cues.map(\.text) == ["backwards"])
        #expect(warnings.count == 3)
        #expect(warnings[0].hasPrefix("a.ass:10: unreadable time"))
        #expect(warnings[1].hasPrefix("a.ass:11: a Dialogue: line with"))
        #expect(warnings[2].hasPrefix("a.ass:12: a Dialogue: line ends before"))
    }

    @Test func missingFormatLineAssumesTheUsualOrder() {
        let (cues, warnings) = Self.parse("Dialogue: 0,0:00:01.00,0:00:02.00,Default,Ann,0,0,0,,Hi\n", header: "[Events]\n")
        #expect(cues.map(\.text) == ["Hi"])
        #expect(cues.first?.speaker == "Ann")
        #expect(warnings == ["a.ass:2: no Format: line before the first Dialogue:; the usual field order is assumed"])
    }

    @Test func otherSectionsAreSkipped() {
        let header = "[Script Info]\nTitle: x\n[Fonts]\nfontname: a.ttf\nDialogue: 0,0:00:01.00,0:00:02.00,D,,0,0,0,,not an event\n"
            + "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
        let (cues, _) = Self.parse("Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,event\n[Graphics]\nDialogue: x\n",
                                   header: header)
        #expect(cues.map(\.text) == ["event"])
    }

    @Test func dialogueLinesWithoutAnEventsSectionAreReadWithAWarning() {
        let (cues, warnings) = Self.parse("""
        Dialogue: 0,0:00:00.00,0:00:01.23,Default,Olly,First{ignored}.
        Dialogue: 0,0:00:04:56,0:00:08:90,Default,Olly,Third, with a comma.
        """, header: "")
        #expect(cues.map(\.text) == ["First.", "Third, with a comma."])
        #expect(cues.map(\.start) == [0, 4560])
        #expect(cues.map(\.speaker) == ["Olly", "Olly"])
        #expect(warnings == ["a.ass:1: Dialogue: lines with no [Events] section; read as events with the usual fields"])
    }

    @Test func withoutAnEventsSectionStylesAndFontsStillHoldNoEvents() {
        let header = "[Script Info]\nTitle: x\n[V4+ Styles]\nFormat: Name, Fontname\n[Fonts]\n"
            + "Dialogue: 0,0:00:01.00,0:00:02.00,D,,0,0,0,,in fonts\n[Other]\n"
        let (cues, warnings) = Self.parse("Dialogue: 0,0:00:03.00,0:00:04.00,D,,0,0,0,,read\n", header: header)
        #expect(cues.map(\.text) == ["read"])
        #expect(warnings == ["a.ass:8: Dialogue: lines with no [Events] section; read as events with the usual fields"])
    }

    @Test func withoutAFormatLineALineWithoutMarginsHasTheShortFields() {
        let (cues, _) = Self.parse("""
        Dialogue: 0,0:00:01.00,0:00:02.00,Default,Ann,0,0,0,,Usual, with a comma
        Dialogue: 0,0:00:03.00,0:00:04.00,Default,Bob,Short, with a comma, and more, and more, and more, and more
        """, header: "[Events]\n")
        #expect(cues.map(\.text) == ["Usual, with a comma", "Short, with a comma, and more, and more, and more, and more"])
        #expect(cues.map(\.speaker) == ["Ann", "Bob"])
    }

    @Test func noEventsIsAFailureOnLoad() {
        #expect(throws: Diagnostic.self) {
            try TranscriptLoader.load(Array("[Script Info]\nTitle: x\n".utf8), fileName: "a.ass")
        }
    }
}
