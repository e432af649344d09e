import Foundation
import Testing
@testable import SeekKit

/// `whisper-ctranslate2-e2e` in `../shared/corpus` holds each transcript as JSON, TSV, SRT and
/// VTT: every word must be found as often, and, where the four cut the speech the same way,
/// at the same times (skipped when the corpus is absent).
@Suite(.enabled(if: CorpusFiles.directory != nil, "the shared corpus (../shared/corpus) is absent; skipping"))
struct WhisperCorpusTests {
    static var folder: URL? { CorpusFiles.directory?.appendingPathComponent("whisper-ctranslate2-e2e") }

    static let groups = [
        "ref-medium-translate__gossos", "ref-small-transcribe-line-max-words__gossos",
        "ref-small-transcribe-vad__gossos", "ref-small-transcribe-word-stamps__gossos", "ref-small-transcribe__gossos",
        "ref-medium-diarization__dosparlants",
    ]

    static func load(_ url: URL) throws -> Transcript {
        try TranscriptLoader.load([UInt8](Data(contentsOf: url)), fileName: url.lastPathComponent).transcript
    }

    /// What a match is, seen from outside: its text, its cue's times and speaker, and when it is spoken.
    struct Seen: Hashable, CustomStringConvertible {
        var match: String
        var start: Int?
        var end: Int?
        var speaker: String?
        var spoken: Int?
        var description: String { "\(match)@\(start ?? -1)-\(end ?? -1)/\(spoken ?? -1)[\(speaker ?? "")]" }
    }

    static func seen(_ word: String, in transcript: Transcript) -> [Seen] {
        let index = MatchIndex(transcript: transcript, query: Query(word))
        return (1..<(index.count + 1)).map { position in
            let match = index[position]
            let text = transcript.text(at: match.cue).utf8
            let matched = String(decoding: text.dropFirst(match.range.lowerBound).prefix(match.range.count), as: UTF8.self)
            return Seen(match: matched, start: transcript.start(at: match.cue), end: transcript.end(at: match.cue),
                        speaker: transcript.speaker(at: match.cue), spoken: MatchMoment.time(of: match, in: transcript))
        }
    }

    /// JSON, TSV, SRT and VTT of one transcript give the same matches; where the four cut the speech
    /// the same way, in the same cues at the same times with the same speakers (TSV has none), and
    /// a match with word times is spoken within its cue.
    @Test(arguments: groups)
    func everyFormatFindsTheSameMatchesAtTheSameTimes(group: String) throws {
        let folder = try #require(Self.folder)
        let formats = ["json", "tsv", "srt", "vtt"]
        let transcripts = try formats.map { try Self.load(folder.appendingPathComponent(group + "." + $0)) }
        let sameCuts = Set(transcripts.map(\.count)).count == 1
        let words = Set(transcripts[1].flatMap { $0.text.split { !$0.isLetter && !$0.isNumber } }.map(String.init))
        #expect(words.count > 40)
        for word in words.sorted() {
            let found = transcripts.map { Self.seen(word, in: $0) }
            #expect(Set(found.map { $0.map(\.match) }).count == 1, "\(group) '\(word)': \(zip(formats, found).map { "\($0) \($1)" })")
            guard sameCuts else { continue }
            let times = found.map { $0.map { [$0.start, $0.end] } }
            #expect(Set(times).count == 1, "\(group) '\(word)' times: \(zip(formats, found).map { "\($0) \($1)" })")
            let speakers = [found[0], found[2], found[3]].map { $0.map(\.speaker) }
            #expect(Set(speakers).count == 1, "\(group) '\(word)' speakers: \(speakers)")
            for seen in found.joined() {
                if let spoken = seen.spoken, let start = seen.start, let end = seen.end {
                    #expect(start <= spoken && spoken <= end, "\(group) '\(word)': \(seen)")
                }
            }
        }
        if group.contains("diarization") {
            #expect(Set(transcripts[2].compactMap(\.speaker)) == ["SPEAKER_00", "SPEAKER_01"])
            #expect(!transcripts[2].contains { $0.text.contains("SPEAKER") })
        }
    }

    @Test func wordStampsGiveEachMatchItsOwnTime() throws {
        let folder = try #require(Self.folder)
        let transcript = try Self.load(folder.appendingPathComponent("ref-small-transcribe-word-stamps__gossos.json"))
        let index = MatchIndex(transcript: transcript, query: Query("córrer"))
        #expect(index.count == 1)
        let times = transcript.matchTimes(cue: index[1].cue, range: index[1].range)
        #expect(times.start == 19_640 && times.end == 20_500)
    }
}
