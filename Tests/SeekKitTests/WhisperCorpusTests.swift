import Foundation
import Testing
@testable import SeekKit

/// `whisper-ctranslate2-e2e` in `../shared/corpus` holds each transcript as JSON, TSV, SRT and
/// VTT: every word must be found as often, and, where the four cut the speech the same way,
/// at the same times (skipped when the corpus is absent).
@Suite struct WhisperCorpusTests {
    static let folder: URL? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/corpus/whisper-ctranslate2-e2e")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    static let groups = [
        "ref-medium-translate__gossos", "ref-small-transcribe-line-max-words__gossos",
        "ref-small-transcribe-vad__gossos", "ref-small-transcribe-word-stamps__gossos", "ref-small-transcribe__gossos",
    ]

    static func load(_ url: URL) throws -> Transcript {
        try TranscriptLoader.load([UInt8](Data(contentsOf: url)), fileName: url.lastPathComponent).transcript
    }

    @Test(arguments: groups)
    func everyFormatFindsTheSameWordsAtTheSameTimes(group: String) throws {
        guard let folder = Self.folder else { print("corpus absent: skipping whisper-ctranslate2-e2e"); return }
        let formats = ["json", "tsv", "srt", "vtt"]
        let transcripts = try formats.map { try Self.load(folder.appendingPathComponent(group + "." + $0)) }
        let sameCuts = Set(transcripts.map(\.count)).count == 1
        let words = Set(transcripts[1].flatMap { $0.text.split { !$0.isLetter && !$0.isNumber } }.map(String.init))
        #expect(words.count > 40)
        for word in words.sorted() {
            let found = transcripts.map { transcript in
                let index = MatchIndex(transcript: transcript, query: Query(word))
                return (1..<(index.count + 1)).map { transcript.start(at: index[$0].cue) }
            }
            #expect(Set(found.map(\.count)).count == 1, "\(group) '\(word)': \(zip(formats, found.map(\.count)).map { "\($0) \($1)" })")
            if sameCuts { #expect(Set(found).count == 1, "\(group) '\(word)' times: \(found)") }
        }
    }

    @Test func wordStampsGiveEachMatchItsOwnTime() throws {
        guard let folder = Self.folder else { print("corpus absent: skipping whisper-ctranslate2-e2e"); return }
        let transcript = try Self.load(folder.appendingPathComponent("ref-small-transcribe-word-stamps__gossos.json"))
        let index = MatchIndex(transcript: transcript, query: Query("córrer"))
        #expect(index.count == 1)
        let times = transcript.matchTimes(cue: index[1].cue, range: index[1].range)
        #expect(times.start == 19_640 && times.end == 20_500)
    }
}
