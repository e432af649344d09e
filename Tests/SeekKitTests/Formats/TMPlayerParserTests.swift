import Testing
@testable import SeekKit

@Suite struct TMPlayerParserTests {
    static func parse(_ input: String) -> (cues: [Cue], warnings: [String]) {
        let result = TMPlayerParser.parse(Array(input.utf8), fileName: "film.txt")
        return (Array(result.transcript), result.warnings.map(\.description))
    }

    @Test func eachLineIsACueEndingAtTheNextTime() {
        let (cues, warnings) = Self.parse("00:00:12:I've spent|nearly two decades\n00:00:14:observing\n0:27:28:25 million dead,\n")
        #expect(cues.map(\.text) == ["I've spent\nnearly two decades", "observing", "25 million dead,"])
        #expect(cues.map(\.start) == [12000, 14000, 1_648_000])
        #expect(cues.map(\.end) == [14000, 19000, 1_653_000])
        #expect(cues.map(\.line) == [1, 2, 3])
        #expect(warnings.isEmpty)
    }

    @Test func theFiveVarieties() {
        let inputs = [
            "00:00:50:Earth at a time|when dinosaurs\n00:00:53:\n00:00:54:a lush planet.\n00:00:56:\n",
            "0:00:50:Earth at a time|when dinosaurs\n0:00:53:\n0:00:54:a lush planet.\n0:00:56:\n",
            "00:00:50=Earth at a time|when dinosaurs\n00:00:53=\n00:00:54=a lush planet.\n00:00:56=\n",
            "0:00:50=Earth at a time|when dinosaurs\n0:00:53=\n0:00:54=a lush planet.\n0:00:56=\n",
            "00:00:50,1=Earth at a time\n00:00:50,2=when dinosaurs\n00:00:53,1=\n00:00:54,1=a lush planet.\n00:00:56,1=\n",
        ]
        for input in inputs {
            let (cues, warnings) = Self.parse(input)
            #expect(cues.map(\.text) == ["Earth at a time\nwhen dinosaurs", "a lush planet."], "\(input)")
            #expect(cues.map(\.start) == [50000, 54000], "\(input)")
            #expect(cues.map(\.end) == [53000, 56000], "\(input)")
            #expect(warnings.isEmpty, "\(input)")
        }
    }

    @Test func cuesAtOneTimeEndAtTheNextLaterOne() {
        let (cues, _) = Self.parse("00:01:01:(SOUND)\n00:01:01:(SOUND)\n00:01:03:next\n00:00:10:back\n")
        #expect(cues.map(\.start) == [61000, 61000, 63000, 10000])
        #expect(cues.map(\.end) == [63000, 63000, 68000, 15000])
    }

    @Test func blanksAroundLineBreaksAreLeftOut() {
        #expect(Self.parse("00:00:01: making | our final approach \n").cues.map(\.text) == ["making\nour final approach"])
    }

    @Test func otherLinesAreSkippedWithAWarning() {
        let (cues, warnings) = Self.parse("00:00:01:one\ngarbage\n\n00:61:00:bad minutes\n00:00:02:two\n")
        #expect(cues.map(\.text) == ["one", "two"])
        #expect(warnings == ["film.txt:2: expected a TMPlayer line like 00:01:02:text; line skipped",
                             "film.txt:4: expected a TMPlayer line like 00:01:02:text; line skipped"])
    }

    @Test func recognisedByContent() {
        let cases: [(String, SubtitleFormat)] = [
            ("00:00:12:I've spent\n00:00:14:observing\n00:00:18:and trying\n", .tmplayer),
            ("Film title\n0:00:12=a\n0:00:14=b\n0:00:18=c\n", .tmplayer),
            ("00:00:12:only one line\n", .tmplayer),
            // Day clocks of timestamped text (`DD:HH:MM:SS text`) are not TMPlayer times.
            ("00:00:28:53 LMP: How are we doing\n00:00:29:00 CDR: Well\n", .text),
            ("00:00:12:a\nprose\nmore prose\n", .text),
            ("Notes\n10:30 we met\n", .text),
        ]
        for (content, format) in cases {
            #expect(SubtitleFormat.detect(fileName: "film.txt", content: Array(content.utf8)) == format, "\(content)")
        }
        #expect(SubtitleFormat(name: "tmp") == .tmplayer)
        #expect(SubtitleFormat(name: "TMPlayer") == .tmplayer)
    }
}
