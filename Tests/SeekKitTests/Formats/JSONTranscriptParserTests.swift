import Foundation
import Testing
@testable import SeekKit

/// Whisper, WhisperX, whisper.cpp and podcast JSON read as cues with word times; bad JSON named by line.
@Suite struct JSONTranscriptParserTests {
    static let samples = RepositoryFiles.samples

    static func load(_ text: String, name: String = "t.json") throws(Diagnostic) -> LoadedTranscript {
        try TranscriptLoader.load(Array(text.utf8), fileName: name)
    }

    static func sample(_ name: String) throws -> LoadedTranscript {
        try TranscriptLoader.load([UInt8](Data(contentsOf: samples.appendingPathComponent(name))), fileName: name)
    }

    static func matchTimes(_ keyword: String, in transcript: Transcript) -> [Int?] {
        let index = MatchIndex(transcript: transcript, query: Query(keyword))
        guard index.count > 0 else { return [] }
        return (1...index.count).map { transcript.matchTimes(cue: index[$0].cue, range: index[$0].range).start }
    }

    @Test func whisperXSegmentsAreCuesWithSpeakersAndWordTimes() throws {
        let loaded = try Self.sample("interview.json")
        #expect(loaded.format == .json)
        #expect(loaded.warnings.isEmpty)
        let transcript = loaded.transcript
        #expect(transcript.count == 7)
        #expect(transcript[0].text == "Thanks for coming in. Let's start with the café on Harbour Street.")
        #expect(transcript[0].start == 420 && transcript[0].end == 4950)
        #expect(transcript.map(\.speaker) == ["SPEAKER_00", "SPEAKER_01", "SPEAKER_00", "SPEAKER_01", "SPEAKER_01",
                                              "SPEAKER_00", "SPEAKER_01"])
        #expect(Self.matchTimes("café", in: transcript) == [3390, 6790, 24260])
        #expect(Self.matchTimes("neighbours", in: transcript) == [17560, 26160])
        let index = MatchIndex(transcript: transcript, query: Query("the whole business"))
        #expect(transcript.matchTimes(cue: index[1].cue, range: index[1].range).end == 28590)
    }

    /// Each word is found in its segment's text where all its bytes stand, after the word before:
    /// not where only its first byte (or its first bytes) do.
    @Test func wordsAreFoundWhereAllTheirBytesStand() throws {
        let json = """
        {"segments": [{"start": 1.0, "end": 9.0, "text": "tax thaw that the thee", "words": [
          {"word": " that", "start": 2.0, "end": 2.5}, {"word": " the", "start": 3.0, "end": 3.5},
          {"word": " thee", "start": 4.0, "end": 4.5}]}]}
        """
        let loaded = try Self.load(json)
        #expect(loaded.warnings.isEmpty)
        #expect(Self.matchTimes("that", in: loaded.transcript) == [2000])
        #expect(Self.matchTimes("the", in: loaded.transcript) == [3000, 4000])
        #expect(Self.matchTimes("tax", in: loaded.transcript) == [1000])
    }

    @Test func podcastSegmentsOfOneSpeakerAreJoined() throws {
        let transcript = try Self.sample("episode.json").transcript
        #expect(transcript.map(\.speaker) == ["Maya Chen", "Daniel Okafor", "Maya Chen", "Daniel Okafor"])
        #expect(transcript[2].text == "Today we talk about bread, vans and neighbours.")
        #expect(transcript[2].start == 8620 && transcript[2].end == 11720)
        #expect(Self.matchTimes("vans and", in: transcript) == [10560])
        #expect(MatchIndex(transcript: transcript, query: Query("here, maya")).count == 1)
    }

    @Test func whisperCppOffsetsAndTokens() throws {
        let json = """
        {"systeminfo": "AVX = 1", "model": {"type": "base"}, "result": {"language": "en"},
         "transcription": [
          {"timestamps": {"from": "00:00:00,000", "to": "00:00:03,000"}, "offsets": {"from": 0, "to": 3000},
           "text": " Ask not what your country", "tokens": [
            {"text": "[_BEG_]", "offsets": {"from": 0, "to": 0}, "id": 50364, "p": 0.9},
            {"text": " Ask", "offsets": {"from": 320, "to": 600}, "id": 1, "p": 0.9},
            {"text": " not", "offsets": {"from": 600, "to": 900}, "id": 2, "p": 0.9},
            {"text": " what", "offsets": {"from": 900, "to": 1200}, "id": 3, "p": 0.9},
            {"text": " your", "offsets": {"from": 1200, "to": 1500}, "id": 4, "p": 0.9},
            {"text": " country", "offsets": {"from": 1500, "to": 2400}, "id": 5, "p": 0.9}]},
          {"offsets": {"from": 3000, "to": 5000}, "text": " can do for you", "speaker": "1"}
         ]}
        """
        let transcript = try Self.load(json).transcript
        #expect(transcript.map(\.text) == ["Ask not what your country", "can do for you"])
        #expect(transcript.map(\.start) == [0, 3000])
        #expect(transcript[1].speaker == "Speaker 1")
        #expect(Self.matchTimes("your country", in: transcript) == [1200])
        #expect(Self.matchTimes("can", in: transcript) == [3000])
    }

    @Test func anArrayOfSegmentsAndSegmentsWithoutText() throws {
        let transcript = try Self.load(#"""
        [{"start": 1, "end": 2, "text": "one"},
         {"start": 2, "end": 3, "words": [{"word": "two", "start": 2.1, "end": 2.4}, {"word": "words", "start": 2.5, "end": 2.9}]}]
        """#).transcript
        #expect(transcript.map(\.text) == ["one", "two words"])
        #expect(Self.matchTimes("words", in: transcript) == [2500])
        let counted = try TranscriptLoader.countMatches(Array(#"[{"start": 2, "words": [{"word": "two"}]}]"#.utf8),
                                                        fileName: "t.json", query: Query("two"))
        #expect(counted.matches == 1)
    }

    /// WebVTT cues as vtt.js lists them (mozilla-vtt.js's expected results): each a cue, in
    /// seconds, none joined with the next although `startTime` is the podcast namespace's key.
    @Test func cuesAsJavaScriptPlayersListThem() throws {
        let loaded = try Self.load(#"""
        {"cues": [{"align": "middle", "endTime": 2, "id": "", "startTime": 0, "text": "One"},
                  {"endTime": 4.5, "startTime": 2.25, "text": "two\nlines", "region": ""}], "regions": []}
        """#)
        #expect(loaded.transcript.map(\.text) == ["One", "two\nlines"])
        #expect(loaded.transcript.map(\.start) == [0, 2250])
        #expect(loaded.transcript.map(\.end) == [2000, 4500])
        #expect(loaded.warnings.isEmpty)
    }

    /// subtitle.js's parsed cues (its `*.srt.json`): each `data` a cue, in milliseconds; a header skipped.
    @Test func subtitleJSCuesInMilliseconds() throws {
        let loaded = try Self.load(#"""
        [{"type": "header", "data": "WEBVTT"},
         {"type": "cue", "data": {"start": 1, "end": 5000, "text": "Subtitles: someone"}},
         {"type": "cue", "data": {"start": 25801, "end": 28700, "text": "It's a\nhome town"}}]
        """#)
        #expect(loaded.transcript.map(\.text) == ["Subtitles: someone", "It's a\nhome town"])
        #expect(loaded.transcript.map(\.start) == [1, 25801])
        #expect(loaded.transcript.map(\.end) == [5000, 28700])
        #expect(loaded.warnings.isEmpty)
    }

    /// A list of objects none of which has a text or words (a test list, a DOM tree saved) holds
    /// no transcript: an error naming its first object's line, not an empty transcript.
    @Test func objectsWithoutTextAloneAreAnError() throws {
        for json in ["[\n{\"path\": \"a.ttml\"},\n{\"path\": \"b.ttml\"}]",
                     "{\"segments\": [\n{\"start\": 1, \"end\": 2},\n{\"start\": 2, \"text\": null}]}"] {
            #expect(throws: Diagnostic.self) { try Self.load(json) }
            do {
                _ = try Self.load(json)
            } catch {
                #expect(error.line == 2)
                #expect(error.message.contains("no segment with a \"text\", \"body\" or words (2 object(s) read)"),
                        "\(error.message)")
                #expect(error.message.contains("Seek reads Whisper"))
            }
        }
        let empty = try Self.load(#"{"segments": []}"#)
        #expect(empty.transcript.isEmpty && empty.warnings.isEmpty)
    }

    @Test(arguments: [
        (#"{"segments": [{"start": 1e400, "end": 2, "text": "far"}]}"#, "unreadable time"),
        (#"{"segments": [{"start": -1, "end": 2, "text": "early"}]}"#, "negative"),
        (#"{"segments": [{"start": 5, "end": 2, "text": "backwards"}]}"#, "reversed"),
        (#"{"segments": [{"start": 0, "end": 2, "text": "short", "words": [{"word": "short", "start": 0, "end": 1}, {"word": "extra", "start": 1, "end": 2}]}]}"#,
         "1 word(s) not found"),
        (#"{"segments": [{"start": 0, "end": 2, "text": "odd \udc00 one"}]}"#, "lone surrogate"),
    ])
    func oddTimesAndWordsGiveWarnings(json: String, warning: String) throws {
        let loaded = try Self.load(json)
        #expect(loaded.transcript.count == 1)
        #expect(loaded.warnings.contains { $0.message.contains(warning) }, "\(loaded.warnings)")
    }

    @Test(arguments: [
        (#"{"segments": [{"start": NaN, "end": 2, "text": "x"}]}"#, 1, "expected a time in seconds"),
        ("{\"segments\": [\n{\"start\": 1, \"text\": \"x\"}\n{\"start\": 2}]}", 3, "',' or ']'"),
        (#"{"Transcript": [{"Content": "hello"}]}"#, 1, "Seek reads Whisper"),
        (#"{"segments": [{"text": "unclosed}]}"#, 1, "string not closed"),
        ("{\"segments\": []} trailing", 1, "unexpected text after"),
        (#"{"segments": [1, 2]}"#, 1, "expected a segment object"),
    ])
    func brokenJSONNamesTheLine(json: String, line: Int, message: String) {
        #expect(throws: Diagnostic.self) { try Self.load(json) }
        do {
            _ = try Self.load(json)
        } catch {
            #expect(error.line == line)
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.message.contains("(byte "))
        }
    }

    @Test func deepNestingIsRefused() {
        let json = "{\"segments\": [{\"x\": " + String(repeating: "[", count: 100_000)
        #expect(throws: Diagnostic.self) { try Self.load(json) }
        do {
            _ = try Self.load(json)
        } catch {
            #expect(error.message.contains("nested deeper than 512"), "\(error.message)")
        }
    }

    @Test func aLongSingleLineFileIsReadInBoundedTime() throws {
        var json = #"{"segments": ["#
        for i in 0..<20_000 {
            if i > 0 { json += "," }
            json += #"{"start": \#(i), "end": \#(i + 1), "text": " word \#(i) caf\u00e9", "tokens": [1, 2, 3]}"#
        }
        json += "]}"
        let loaded = try Self.load(json)
        #expect(loaded.transcript.count == 20_000)
        #expect(loaded.transcript[19_999].text == "word 19999 café")
        let counted = try TranscriptLoader.countMatches(Array(json.utf8), fileName: "t.json", query: Query("café"))
        #expect(counted.matches == 20_000)
    }

    /// A podcast's turns are joined by the speaker's name however its `speaker` value is written
    /// (spaced, escaped) and beyond the first names the parser keeps by id: runs
    /// of one speaker's segments are one cue each, a change of name ends a cue.
    @Test func podcastTurnsAreJoinedByNameAmongManySpeakers() throws {
        var random = SeededRandom(seed: 40)
        // Forty names (more than the parser keeps ids for), each written more than one way.
        let names = (0..<40).map { "Guest \($0)" }
        func written(_ name: Int) -> String {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return "\" \(names[name]) \""
            case 1:
                // The name's first digit escaped (`\u0033` for `3`).
                let digits = String(name)
                return "\"Guest \\u00\(String(digits.utf8.first!, radix: 16))\(digits.dropFirst())\""
            default: return "\"\(names[name])\""
            }
        }
        var segments: [String] = []
        var expected: [(speaker: String, text: String)] = []
        var time = 0.0
        for turn in 0..<300 {
            // The first turns meet every name; later ones go back to early and late names alike.
            let name = turn < 40 ? turn : Int.random(in: 0..<40, using: &random)
            if let last = expected.last, last.speaker == names[name] { continue }
            let parts = (0..<Int.random(in: 1...3, using: &random)).map { part in "turn \(turn) part \(part)" }
            for part in parts {
                segments.append("{\"speaker\": \(written(name)), \"startTime\": \(time), \"endTime\": \(time + 0.5), \"body\": \"\(part)\"}")
                time += 1
            }
            expected.append((names[name], parts.joined(separator: " ")))
        }
        let transcript = try Self.load("{\"segments\": [" + segments.joined(separator: ", ") + "]}").transcript
        #expect(transcript.map { "\($0.speaker ?? "-"): \($0.text)" } == expected.map { "\($0.speaker): \($0.text)" })
        // A search reads the same turns (its cues are left out by their text, not their speaker).
        for turn in [3, 39, 120, 299] {
            guard let cue = expected.firstIndex(where: { $0.text.hasPrefix("turn \(turn) ") }) else { continue }
            let index = MatchIndex(transcript: transcript, query: Query("turn \(turn) part"))
            #expect(index.count == expected[cue].text.components(separatedBy: "part").count - 1)
            #expect(index.count > 0 && transcript[index[1].cue].speaker == expected[cue].speaker)
        }
    }

    /// Segments whose keys are written alike one after another (the parser then knows a key by
    /// comparing its bytes with the segment before's) and unlike (order, spacing, escapes, keys
    /// missing, extra or sharing a prefix): the whole document gives the cues and word times that
    /// each segment gives read alone.
    @Test func keysWrittenAsBeforeAreReadAsWhenReadAlone() throws {
        var random = SeededRandom(seed: 15)
        let vocabulary = ["alpha", "beta", "gamma", "delta"]
        var segments: [String] = []
        for index in 0..<400 {
            // Runs of segments written one way, then another.
            let style = index / 7 % 5
            let gap = style == 3 ? "  " : " "
            let start = Double(index) + Double(Int.random(in: 0..<9, using: &random)) / 10
            let words = (0..<(1 + Int.random(in: 0..<3, using: &random))).map { _ in vocabulary[Int.random(in: 0..<vocabulary.count, using: &random)] }
            var fields = [
                "\"start\":\(gap)\(start)",
                "\"end\":\(gap)\(start + 0.5)",
                (style == 2 ? #""te\u0078t":"# : "\"text\":") + "\(gap)\" \(words.joined(separator: " "))\"",
            ]
            if style != 1 { fields.append("\"id\": \(index)") }
            if style == 4 { fields.append(#""startTimeX": 3, "ends": [1, 2]"#) }
            if Int.random(in: 0..<4, using: &random) == 0 { fields.append("\"speaker\": \"S\(Int.random(in: 0..<3, using: &random))\"") }
            if style >= 3 {
                let list = words.enumerated().map { offset, word in
                    let time = start + Double(offset) / 10
                    return offset % 2 == 0 || style == 3
                        ? "{\"word\": \"\(word)\", \"start\": \(time), \"end\": \(time + 0.05)}"
                        : "{\"end\": \(time + 0.05), \"start\": \(time), \"word\": \"\(word)\"}"
                }
                fields.append("\"words\": [" + list.joined(separator: ", ") + "]")
            }
            if style == 0 { fields.reverse() }
            segments.append("{" + fields.joined(separator: ", ") + "}")
        }
        let whole = try Self.load("{\"segments\": [" + segments.joined(separator: ",\n") + "]}").transcript
        var alone: [(String, Int?, Int?, String?)] = []
        var aloneTimes: [String: [Int?]] = [:]
        for segment in segments {
            // One whose text key is escaped has no text read (keys are compared as written): alone,
            // the document has no cue, an error.
            guard let transcript = try? Self.load("{\"segments\": [" + segment + "]}").transcript else { continue }
            alone += transcript.map { ($0.text, $0.start, $0.end, $0.speaker) }
            for word in vocabulary { aloneTimes[word, default: []] += Self.matchTimes(word, in: transcript) }
        }
        // Every segment but those whose text key is escaped (keys are compared as written) is a cue.
        #expect(whole.count == alone.count && alone.count > segments.count * 3 / 4)
        #expect(whole.map { "\($0.text)|\(String(describing: $0.start))|\(String(describing: $0.end))|\($0.speaker ?? "-")" }
                == alone.map { "\($0.0)|\(String(describing: $0.1))|\(String(describing: $0.2))|\($0.3 ?? "-")" })
        for word in vocabulary { #expect(Self.matchTimes(word, in: whole) == aloneTimes[word], "\(word)") }
    }

    @Test func jsonIsRecognisedByItsContent() {
        #expect(SubtitleFormat.detect(fileName: "out", content: Array(#" {"segments": []}"#.utf8)) == .json)
        #expect(SubtitleFormat.detect(fileName: "out.txt", content: Array("[{\"start\": 1}]".utf8)) == .json)
        #expect(SubtitleFormat.detect(fileName: "notes.txt", content: Array("[00:01] hello".utf8)) == .text)
        #expect(SubtitleFormat.detect(fileName: "x", content: Array("start\tend\ttext\n0\t10\thi\n".utf8)) == .tsv)
    }

    @Test func whisperTSV() throws {
        let loaded = try Self.load("start\tend\ttext\n0\t1500\tfirst line\n1500\t3000\tsecond\tline\nbad\n", name: "t.tsv")
        #expect(loaded.transcript.map(\.text) == ["first line", "second\tline"])
        #expect(loaded.transcript.map(\.end) == [1500, 3000])
        #expect(loaded.warnings.map(\.line) == [4])
    }
}
