import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// Markdown talk transcripts: a cue per paragraph and per timestamp, Markdown taken off the text.
@Suite struct MarkdownTranscriptParserTests {
    struct Expected: Equatable, Sendable {
        var start: Int?
        var end: Int?
        var speaker: String?
        var text: String
        var line: Int
    }

    static func parse(_ input: String, name: String = "talk.md") throws -> [Expected] {
        try TranscriptLoader.load(Array(input.utf8), fileName: name).transcript.map {
            Expected(start: $0.start, end: $0.end, speaker: $0.speaker, text: $0.text, line: $0.line)
        }
    }

    @Test func aTimestampInsideTheLineStartsACue() throws {
        let input = """
            **Mat Ryer:** Hello, and welcome.

            **Paul Jolly:** \\[04:11\\] Hi, Mat. How are you? \\[laughter\\]

            **Mat Ryer:** Good, mate.

            And a second paragraph of Mat's. \\[05:47\\] Said later.

            **Break:** \\[26:59\\]

            **Roger Peppe:** [01:02:03](https://example.com/#t=3723) See [the docs](https://cuelang.org) and \\*this\\*.
            """
        #expect(try Self.parse(input) == [
            Expected(start: nil, end: nil, speaker: "Mat Ryer", text: "Hello, and welcome.", line: 1),
            Expected(start: 251_000, end: 347_000, speaker: "Paul Jolly", text: "Hi, Mat. How are you? [laughter]", line: 3),
            Expected(start: 251_000, end: 347_000, speaker: "Mat Ryer", text: "Good, mate.", line: 5),
            Expected(start: 251_000, end: 347_000, speaker: "Mat Ryer", text: "And a second paragraph of Mat's.", line: 7),
            Expected(start: 347_000, end: 1_619_000, speaker: "Mat Ryer", text: "Said later.", line: 7),
            Expected(start: 3_723_000, end: nil, speaker: "Roger Peppe", text: "See the docs and *this*.", line: 11),
        ])
    }

    @Test func timestampFirstThenTheLabel() throws {
        let input = "# Notes\n\n[00:01:02] Alice: Morning.\n[00:01:10] Bob: Hi.\nStill Bob, same paragraph.\n[00:02:00] **Alice:** Bye."
        #expect(try Self.parse(input) == [
            Expected(start: nil, end: nil, speaker: nil, text: "# Notes", line: 1),
            Expected(start: 62_000, end: 70_000, speaker: "Alice", text: "Morning.", line: 3),
            Expected(start: 70_000, end: 120_000, speaker: "Bob", text: "Hi.\nStill Bob, same paragraph.", line: 4),
            Expected(start: 120_000, end: nil, speaker: "Alice", text: "Bye.", line: 6),
        ])
    }

    @Test func aLabelStartsANewCueWithoutABlankLine() throws {
        let input = "**Ann:** One.\n**Ben:** Two.\nmore of Ben\n- Ann: Three."
        #expect(try Self.parse(input).map(\.speaker) == ["Ann", "Ben", "Ann"])
        #expect(try Self.parse(input).map(\.text) == ["One.", "Two.\nmore of Ben", "Three."])
    }

    @Test(arguments: [
        "Plain notes.\n\nNothing timed here, at 10:30 or [ten].",
        "[00:00:01] CDR: Roger.\n\n[00:00:05] CC: Copy.",
        "Note: see [the link](https://example.com).",
    ])
    func otherTextIsNotAMarkdownTranscript(_ input: String) {
        let recognised = input.utf8.withByteView { MarkdownTranscriptParser.recognises($0) }
        #expect(!recognised)
    }

    @Test(arguments: [
        "**Jerod Santo:** Welcome.",
        "Welcome. \\[05:47\\] Back.",
        "We talked [05:47] about it.",
        "[05:47](https://example.com/t=347) Back.",
    ])
    func markdownTranscriptsAreRecognisedByContent(_ input: String) {
        let recognised = input.utf8.withByteView { MarkdownTranscriptParser.recognises($0) }
        #expect(recognised)
    }

    @Test func countsAgreeWithTheParse() throws {
        let input = "**Ann:** budget one.\n\n**Ben:** \\[00:10\\] the budget, Ann.\n\nAnn budget **budget**\n"
        let query = Query("budget")
        let counted = try TranscriptLoader.countMatches(Array(input.utf8), fileName: "t.md", query: query)
        let loaded = try TranscriptLoader.load(Array(input.utf8), fileName: "t.md").transcript
        #expect(counted.matches == MatchIndex(transcript: loaded, query: query).count)
        #expect(counted.matches == 4)
        let annCounted = try TranscriptLoader.countMatches(Array(input.utf8), fileName: "t.md", query: Query("Ann"))
        #expect(annCounted.matches == 2)
    }

    @Test func searchingFirstReadsItWhole() throws {
        let input = "Intro about the budget.\n\nWe talked \\[00:10\\] about the budget. And [00:20] the budget again.\n"
        let bytes = Array(input.utf8)
        let whole = try TranscriptLoader.load(bytes, fileName: "t.md").transcript
        let matching = try bytes.withByteView {
            try TranscriptLoader.loadMatching(inPlace: $0, fileName: "t.md", query: Query("budget")).transcript
        }
        #expect(Array(whole).map(\.text) == ["Intro about the budget.", "We talked", "about the budget. And", "the budget again."])
        #expect(Array(matching).map(\.text) == Array(whole).map(\.text))
        #expect(Array(matching).map(\.start) == [nil, nil, 10_000, 20_000])
    }

    /// The Changelog's transcripts in `../shared/corpus`: turns of `**Name:**` with `\[MM:SS\]` now and then.
    @Test(.enabled(if: CorpusFiles.directory != nil, "the shared corpus (../shared/corpus) is absent; skipping"))
    func changelogTranscriptsAreReadAsTurns() throws {
        let folder = try #require(CorpusFiles.directory).appendingPathComponent("changelog-transcripts")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("__") }
        #expect(names.count == 4)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            let transcript = try TranscriptLoader.load(bytes, fileName: name).transcript
            let stamps = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\\[").dropFirst()
                .filter { $0.first?.isNumber == true }.count
            #expect(transcript.count > 100, "\(name)")
            #expect(transcript.allSatisfy { $0.text.utf8.count < 20_000 }, "\(name)")
            #expect(!transcript.contains { $0.text.hasPrefix("**") || $0.text.contains("\\[") }, "\(name)")
            #expect(transcript.speakers.count >= 2, "\(name)")
            #expect(transcript.allSatisfy { $0.speaker != nil }, "\(name)")
            #expect(Set(transcript.compactMap(\.start)).count == stamps, "\(name): \(stamps) timestamps")
        }
    }
}
