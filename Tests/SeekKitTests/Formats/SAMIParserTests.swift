import Testing
@testable import SeekKit

@Suite struct SAMIParserTests {
    static let document = """
    <SAMI>
    <HEAD><STYLE TYPE="text/css"><!--
    .ENUSCC { Name: English; lang: en-US; }
    .FRFRCC { Name: French; lang: fr-FR; }
    --></STYLE></HEAD>
    <BODY>
    <SYNC Start=1000><P Class=ENUSCC>Senator, we&#039;re making<br>our final approach.</P>
    <P Class=FRFRCC>Sénateur&nbsp;!</P></SYNC>
    <SYNC Start=3000><P Class=ENUSCC>&nbsp;</P><P Class=FRFRCC>&nbsp;</P></SYNC>
    <SYNC Start=5000><P Class=ENUSCC>
         <font color="#ff0">Very   good</font>,
         Lieutenant.
    <SYNC Start=7000><P Class=FRFRCC>Très bien.
    </BODY>
    </SAMI>
    """

    static func parse(_ language: String? = nil) -> (cues: [Cue], warnings: [String]) {
        let result = SAMIParser.parse(Array(document.utf8), fileName: "a.smi", language: language)
        return (Array(result.transcript), result.warnings.map(\.description))
    }

    @Test func firstLanguageByDefault() {
        let (cues, warnings) = Self.parse()
        #expect(cues.map(\.text) == ["Senator, we're making\nour final approach.", "Very good, Lieutenant."])
        #expect(cues.map(\.start) == [1000, 5000])
        #expect(cues.map(\.end) == [3000, nil])
        #expect(cues.map(\.line) == [7, 11])
        #expect(warnings.isEmpty)
    }

    @Test func classIsTheCueStyle() {
        #expect(Self.parse().cues.map(\.style) == ["ENUSCC", "ENUSCC"])
        #expect(Self.parse("fr").cues.map(\.style) == ["FRFRCC", "FRFRCC"])
    }

    @Test(arguments: ["fr", "FRFRCC", "French", "fr-FR"])
    func languageChosenByClassLangOrName(_ language: String) {
        let (cues, _) = Self.parse(language)
        #expect(cues.map(\.text) == ["Sénateur !", "Très bien."])
        #expect(cues.map(\.end) == [3000, nil])
    }

    @Test func unknownLanguageIsSaid() {
        #expect(SAMIParser.parse(Array("<SAMI><BODY><SYNC Start=1><P>x</BODY>".utf8), fileName: "a.smi",
                                 language: "de").warnings.isEmpty == false)
    }

    @Test func noSyncIsAFailureOnLoad() {
        #expect(throws: Diagnostic.self) {
            try TranscriptLoader.load(Array("<SAMI><BODY>hello</BODY></SAMI>".utf8), fileName: "a.smi")
        }
    }
}
