import Testing
@testable import SeekKit
import SeekBytes

/// Speaker labels: recognised, shown once, and carried through a turn in transcripts but not films.
@Suite struct SpeakerTurnsTests {
    static func load(_ text: String, name: String = "t.srt") throws -> Transcript {
        try TranscriptLoader.load(Array(text.utf8), fileName: name).transcript
    }

    static func srt(_ texts: [String]) -> String {
        texts.enumerated().map { i, text in
            "\(i + 1)\n00:00:\(String(format: "%02d", i)),000 --> 00:00:\(String(format: "%02d", i)),900\n\(text)\n"
        }.joined(separator: "\n")
    }

    @Test func labelsAreRecognisedAndPrintedOnce() throws {
        let cases: [(String, String, String)] = [
            ("Travis: When you first", "Travis", "When you first"),
            (">> ALICE: Today we", "ALICE", "Today we"),
            ("[SPEAKER_00]: Hola", "SPEAKER_00", "Hola"),
            ("(speaker 0) Good morning", "Speaker 0", "Good morning"),
            ("**Jerod Santo:** Welcome back", "Jerod Santo", "Welcome back"),
            ("**Jerod Santo**: Welcome back", "Jerod Santo", "Welcome back"),
            ("- Marcel van Lohuizen: Yes", "Marcel van Lohuizen", "Yes"),
            ("CDR: Roger.", "CDR", "Roger."),
        ]
        for (text, speaker, rest) in cases {
            let transcript = try Self.load(Self.srt([text]))
            #expect(transcript[0].speaker == speaker, "\(text)")
            #expect(transcript[0].text == text, "\(text)")
            let printed = ResultPrinter(color: false).cueListing(cue: 0, of: transcript)
            #expect(printed.lowercased().components(separatedBy: speaker.lowercased()).count == 2, "\(printed)")
            #expect(printed.hasSuffix(rest + "\n"), "\(text)")
        }
    }

    /// In a transcript (the other cues labelled like one) each label shape comes off the text.
    @Test func labelsComeOffTheTextInATranscript() throws {
        let cases: [(String, String, String)] = [
            ("Travis: When you first", "Travis", "When you first"),
            (">> ALICE: Today we", "ALICE", "Today we"),
            ("[SPEAKER_00]: Hola", "SPEAKER_00", "Hola"),
            ("(speaker 0) Good morning", "Speaker 0", "Good morning"),
            ("**Jerod Santo:** Welcome back", "Jerod Santo", "Welcome back"),
            ("**Jerod Santo**: Welcome back", "Jerod Santo", "Welcome back"),
            ("- Marcel van Lohuizen: Yes", "Marcel van Lohuizen", "Yes"),
            ("CDR: Roger.", "CDR", "Roger."),
        ]
        for (text, speaker, rest) in cases {
            for format in ["srt", "vtt", "txt"] {
                let texts = ["Sam: Hello.", "Sam: Bye.", text, "unlabelled", "Sam: Again."]
                let file: String
                switch format {
                case "srt": file = Self.srt(texts)
                case "vtt": file = "WEBVTT\n\n" + Self.srt(texts).replacingOccurrences(of: ",", with: ".")
                default: file = texts.joined(separator: "\n\n")
                }
                let transcript = try Self.load(file, name: "t." + format)
                #expect(transcript.count == 5, "\(format)")
                #expect(transcript[2].speaker == speaker, "\(format)")
                #expect(transcript[2].text == rest, "\(format)")
                #expect(transcript[3].speaker == speaker, "\(format): the turn lasts")
                let printed = ResultPrinter(color: false).cueListing(cue: 2, of: transcript)
                #expect(printed.lowercased().components(separatedBy: speaker.lowercased()).count == 2, "\(printed)")
                #expect(printed.hasSuffix(speaker + ": " + rest + "\n"), "\(printed)")
                let word = String(speaker.split(separator: " ")[0])
                let counted = try TranscriptLoader.countMatches(Array(file.utf8), fileName: "t." + format, query: Query(word))
                #expect(counted.matches == MatchIndex(transcript: transcript, query: Query(word)).count, "\(format) \(word)")
            }
        }
    }

    @Test func aVoiceTagIsTheSpeakerAndNotText() throws {
        let transcript = try Self.load("WEBVTT\n\n00:01.000 --> 00:02.000\n<v Gil Bo>hello\n\n00:02.000 --> 00:03.000\n<v.loud Hal>there</v>\n",
                                       name: "t.vtt")
        #expect(transcript.map(\.speaker) == ["Gil Bo", "Hal"])
        #expect(transcript.map(\.text) == ["hello", "there"])
    }

    /// The cheap test before reading a label passes every line that has one: random lines made
    /// of the shapes labels take and of the bytes they are made of.
    @Test func everyLabelPassesTheCheapTest() {
        let openers = ["", "", "- ", "**", ">> ", ">>", "[", "(", "- **", " ", "*", "-"]
        let names = ["Ann", "BOB", "van", "Émile", "speaker 2", "SPEAKER_01", "x", "7", "Note", "ß", "A.B", "de"]
        let closers = [":", "**:", ":**", "]:", ")", "", " :", "::", ")", "]"]
        let tails = [" hi", "", "\n", " 10:30", "9", "\t", " (laughs)"]
        let bytes = ["A", "b", "É", "(", ")", ">", "[", "]", "-", "*", ":", " ", "\n", "0", "_", ".", "&"]
        var generator = SeededRandom(seed: 19)
        var labels = 0
        for round in 0..<20_000 {
            let line: String
            if round % 4 == 0 {
                line = (0..<Int.random(in: 1...12, using: &generator)).map { _ in bytes.randomElement(using: &generator)! }.joined()
            } else {
                let name = (0..<Int.random(in: 1...3, using: &generator)).map { _ in names.randomElement(using: &generator)! }
                    .joined(separator: Bool.random(using: &generator) ? " " : "")
                line = openers.randomElement(using: &generator)! + name + closers.randomElement(using: &generator)!
                    + tails.randomElement(using: &generator)!
            }
            Array(line.utf8).withByteView { bytes in
                guard SpeakerPrefix.label(in: bytes) != nil else { return }
                labels += 1
                #expect(SpeakerPrefix.mayStartLabel(bytes), "\(line.debugDescription)")
            }
        }
        #expect(labels > 1_000)
    }

    @Test func notLabels() throws {
        let cases: [String] = ["Note: the time is 10:30", "Update: 10:30 tomorrow", "(laughs) okay", "http://example.com",
                               "at 10:30: go", "**bold** text"]
        for text in cases {
            let transcript = try Self.load(Self.srt([text]))
            #expect(transcript[0].speaker == nil, "\(text)")
            #expect(transcript[0].text == text, "\(text)")
        }
    }

    @Test func aLabelLastsUntilTheNextInATranscript() throws {
        let transcript = try Self.load(Self.srt([
            "Sarah: In today's episode,", "you'll learn whether", "or not you should.", "Mike: Thanks, Sarah.",
            "It's good to be here.", "Sarah: Let's start.",
        ]))
        #expect(transcript.map(\.speaker) == ["Sarah", "Sarah", "Sarah", "Mike", "Mike", "Sarah"])
        #expect(transcript[3].text == "Thanks, Sarah.")
        #expect(ResultPrinter(color: false).cueListing(cue: 4, of: transcript).contains("Mike: It's good"))
        let index = MatchIndex(transcript: transcript, query: Query("good", scope: Scope(speaker: "mike")))
        #expect(index.count == 1)
        let counted = try TranscriptLoader.countMatches(
            Array(Self.srt(["Sarah: In today's episode,", "you'll learn", "Mike: Thanks.", "good to be here.",
                            "Sarah: good."]).utf8),
            fileName: "t.srt", query: Query("good", scope: Scope(speaker: "Mike")))
        #expect(counted.matches == 1)
    }

    @Test func filmsDoNotGainSpeakers() throws {
        let transcript = try Self.load(Self.srt([
            "Where were you?", "NARRATOR: It was the winter of 1962.", "I was at home.", "Don't lie to me.",
            "BOY: Mom!", "Go to your room.",
        ]))
        #expect(transcript.map(\.speaker) == [nil, "NARRATOR", nil, nil, "BOY", nil])
        // On screen the label is part of the subtitle: the text keeps it, printed once.
        #expect(transcript[1].text == "NARRATOR: It was the winter of 1962.")
        #expect(ResultPrinter(color: false).cueListing(cue: 1, of: transcript).components(separatedBy: "NARRATOR").count == 2)
    }

    @Test func speakerScopeMatchesWholeNamesOrTheirWords() {
        let cases: [(String, String, Bool)] = [
            ("Michael Young", "Michael", true), ("Michael Young", "young", true), ("Michael Young", "michael young", true),
            ("Michael Young", "Mich", false), ("Michael Young", "Young Michael", false), ("SPEAKER_00", "speaker_00", true),
            ("Speaker 0", "speaker", true), ("Ana", "Ana María", false),
        ]
        for (name, wanted, matches) in cases {
            #expect(Scope.speaker(name, matches: wanted) == matches, "\(name)")
        }
    }

    @Test func countsAgreeWithTheFullSearch() throws {
        let text = Self.srt(["Travis: Travis here.", "<i>Travis:</i> again Travis", "and Travis once more"])
        let full = MatchIndex(transcript: try Self.load(text), query: Query("travis")).count
        let counted = try TranscriptLoader.countMatches(Array(text.utf8), fileName: "t.srt", query: Query("travis"))
        #expect(full == 5 && counted.matches == 5)
        let scoped = Query("travis", scope: Scope(speaker: "travis"))
        let fullScoped = MatchIndex(transcript: try Self.load(text), query: scoped).count
        let countedScoped = try TranscriptLoader.countMatches(Array(text.utf8), fileName: "t.srt", query: scoped)
        // Two labels are too few for a transcript: the third cue has no speaker.
        #expect(fullScoped == 4 && countedScoped.matches == 4)
    }
}
