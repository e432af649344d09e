import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// YouTube's rolling automatic captions are merged so each spoken word is found once.
@Suite struct RollingCaptionsTests {
    static let samples = RepositoryFiles.samples
    static let corpus = CorpusFiles.directory

    static func load(_ url: URL) throws -> LoadedTranscript {
        try TranscriptLoader.load([UInt8](Data(contentsOf: url)), fileName: url.lastPathComponent)
    }

    static func count(_ keyword: String, in url: URL) throws -> (loaded: Int, counted: Int) {
        let bytes = try [UInt8](Data(contentsOf: url))
        let loaded = try TranscriptLoader.load(bytes, fileName: url.lastPathComponent)
        let counted = try TranscriptLoader.countMatches(bytes, fileName: url.lastPathComponent, query: Query(keyword))
        let inPlace = try bytes.withByteView { view throws(Diagnostic) in
            try TranscriptLoader.countMatches(inPlace: view, fileName: url.lastPathComponent, query: Query(keyword))
        }
        #expect(counted.matches == inPlace.matches)
        return (MatchIndex(transcript: loaded.transcript, query: Query(keyword)).count, counted.matches)
    }

    static let spokenText = [
        "so today we're going to bake", "sourdough bread from scratch", "the starter needs about five days",
        "so feed it flour and water every morning", "when the starter doubles in four hours",
        "it's ready to make bread",
    ]

    @Test(arguments: ["autocaptions.vtt", "rolling.srt"])
    func eachSpokenLineIsOneCue(name: String) throws {
        let transcript = try Self.load(Self.samples.appendingPathComponent(name)).transcript
        #expect(transcript.map(\.text) == Self.spokenText)
        #expect(transcript.map(\.start) == [0, 2880, 5440, 8160, 11280, 14320])
    }

    @Test(arguments: ["autocaptions.vtt", "rolling.srt"])
    func aWordSpokenTwiceCountsTwice(name: String) throws {
        let url = Self.samples.appendingPathComponent(name)
        let starter = try Self.count("starter", in: url)
        #expect(starter.loaded == 2 && starter.counted == 2)
        let bake = try Self.count("bake", in: url)
        #expect(bake.loaded == 1 && bake.counted == 1)
    }

    @Test func inlineTimestampsGiveTheMatchItsOwnTime() throws {
        let transcript = try Self.load(Self.samples.appendingPathComponent("autocaptions.vtt")).transcript
        let index = MatchIndex(transcript: transcript, query: Query("starter"))
        let times = (1...index.count).map { transcript.matchTimes(cue: index[$0].cue, range: index[$0].range) }
        #expect(times.map(\.start) == [5600, 11680])
        #expect(times.map(\.end) == [6080, 12000])
        let first = MatchIndex(transcript: transcript, query: Query("so today"))
        #expect(transcript.matchTimes(cue: first[1].cue, range: first[1].range).start == 0)
        #expect(transcript.matchTimes(cue: first[1].cue, range: first[1].range).end == 640)
        let last = MatchIndex(transcript: transcript, query: Query("make bread"))
        #expect(transcript.matchTimes(cue: last[1].cue, range: last[1].range).start == 14960)
        #expect(transcript.matchTimes(cue: last[1].cue, range: last[1].range).end == 17190)
    }

    @Test func filmsWithARepeatedLineAreLeftAlone() throws {
        let film = """
        1
        00:00:01,000 --> 00:00:02,000
        No!

        2
        00:00:02,500 --> 00:00:03,000
        No!
        Please, no.

        3
        00:00:04,000 --> 00:00:05,000
        Who's there?

        4
        00:00:05,500 --> 00:00:06,000
        It's me.

        5
        00:00:06,500 --> 00:00:07,000
        Open the door.

        6
        00:00:07,500 --> 00:00:08,000
        Why?
        """
        let loaded = try TranscriptLoader.load(Array(film.utf8), fileName: "film.srt")
        #expect(loaded.transcript.count == 6)
        #expect(loaded.transcript[1].text == "No!\nPlease, no.")
        let counted = try TranscriptLoader.countMatches(Array(film.utf8), fileName: "film.srt", query: Query("no!"))
        #expect(counted.matches == 2)
    }

    /// The corpus's YouTube captions (webvtt-py's youtube_dl.vtt): every word counted as often as it is said.
    @Test(.enabled(if: corpus != nil, "the shared corpus (../shared/corpus) is absent; skipping"))
    func youtubeDLCaptionsInTheCorpus() throws {
        let url = try #require(Self.corpus).appendingPathComponent("webvtt-py/youtube_dl.vtt")
        for (word, said) in [("yeah", 1), ("what", 1), ("this", 1), ("will", 1), ("happen", 1), ("I'm", 1), ("telling", 1),
                             ("is", 2)] {
            let counts = try Self.count(word, in: url)
            #expect(counts.loaded == said && counts.counted == said, "\(word): \(counts)")
        }
        let transcript = try Self.load(url).transcript
        #expect(transcript.map(\.text) == ["yeah", "what", "this will happen is I'm telling"])
        let index = MatchIndex(transcript: transcript, query: Query("happen"))
        #expect(transcript.matchTimes(cue: index[1].cue, range: index[1].range).start == 304_379)
    }

    @Test func mergedCuesKeepTheirSourceLines() throws {
        let transcript = try Self.load(Self.samples.appendingPathComponent("autocaptions.vtt")).transcript
        let lines = try String(contentsOf: Self.samples.appendingPathComponent("autocaptions.vtt"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        for cue in transcript.indices {
            let source = lines[transcript.line(at: cue) - 1]
            let firstWord = transcript.text(at: cue).prefix { $0 != " " }
            #expect(source.hasPrefix(firstWord), "cue \(cue + 1) points at line \(transcript.line(at: cue))")
        }
    }
}
