import Testing
@testable import SeekKit

@Suite struct QuotedLineTests {
    @Test(arguments: [
        ("dix", "dix"),
        ("  dix\t", "dix"),
        ("a\u{1B}[31mred", "a?[31mred"),
        ("bell\u{7}", "bell?"),
        ("right\u{202E}left", "right?left"),
        (String(repeating: "x", count: 30), String(repeating: "x", count: 24) + "…"),
    ])
    func quotesTheStartOfALineWithoutControls(_ line: String, _ expected: String) {
        let quoted = Array(line.utf8).withByteView { QuotedLine.text(of: $0) }
        #expect(quoted == expected)
    }

    @Test func anSRTIndexInWordsIsNamedAndItsCueIsRead() {
        let srt = "9\n00:00:42,295 --> 00:00:43,662\nApparemment.\n\ndix\n00:00:43,686 --> 00:00:45,321\nC'est le mot clé.\n\n"
            + "11\n00:00:46,353 --> 00:00:48,362\nOn dirait\n"
        let (transcript, warnings) = SRTParser.parse(Array(srt.utf8), fileName: "accented.srt")
        #expect(Array(transcript).map(\.text) == ["Apparemment.", "C'est le mot clé.", "On dirait"])
        #expect(warnings.map(\.description) == [
            "accented.srt:5: 'dix' is not a cue number (expected digits before the timing line); the cue is read",
        ])
    }

    @Test func aStrayLineBeforeTextIsStillAMissingTimingLine() {
        let srt = "1\n00:00:01,000 --> 00:00:02,000\nOne\n\nstray\nmore text\n\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n"
        let (transcript, warnings) = SRTParser.parse(Array(srt.utf8), fileName: "a.srt")
        #expect(Array(transcript).map(\.text) == ["One", "Two"])
        #expect(warnings.map(\.description) == ["a.srt:5: " + SRTParser.expectedTiming])
    }
}
