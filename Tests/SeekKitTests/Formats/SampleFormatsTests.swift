import Foundation
import Testing
@testable import SeekKit

/// `Samples/talk.*`: the opening of `talk.srt` written in each format, read back alike.
@Suite struct SampleFormatsTests {
    static let samples = RepositoryFiles.samples

    static func load(_ name: String) throws -> LoadedTranscript {
        let bytes = try [UInt8](Data(contentsOf: samples.appendingPathComponent(name)))
        return try TranscriptLoader.load(bytes, fileName: name)
    }

    @Test(arguments: [("talk.ass", SubtitleFormat.ass, 10), ("talk.ttml", .ttml, 0), ("talk.smi", .sami, 0),
                      ("talk.sbv", .sbv, 0), ("talk.sub", .microdvd, 40)])
    func sampleReadsLikeTheSRT(_ name: String, _ format: SubtitleFormat, _ tolerance: Int) throws {
        let srt = Array(try Self.load("talk.srt").transcript.prefix(8))
        let loaded = try Self.load(name)
        #expect(loaded.format == format)
        #expect(loaded.warnings.isEmpty)
        let cues = Array(loaded.transcript).filter { $0.style != "Signs" }
        #expect(cues.map(\.text) == srt.map(\.text))
        for (cue, want) in zip(cues, srt) {
            #expect(abs((cue.start ?? 0) - (want.start ?? 0)) <= tolerance)
            #expect(abs((cue.end ?? 0) - (want.end ?? 0)) <= tolerance)
        }
    }

    @Test func assSampleHasSpeakersStylesAndASign() throws {
        let cues = Array(try Self.load("talk.ass").transcript)
        #expect(cues.first?.text == "CITY HALL, MAIN CHAMBER")
        #expect(cues.first?.style == "Signs")
        #expect(cues.dropFirst().allSatisfy { $0.speaker == "Mara" && $0.style == "Default" })
        #expect(cues.count == 9)
    }

    @Test func lrcSampleJoinsLinesAndEndsAtTheNext() throws {
        let cues = Array(try Self.load("talk.lrc").transcript)
        let srt = Array(try Self.load("talk.srt").transcript.prefix(8))
        #expect(cues.map(\.text) == srt.map { $0.text.replacingOccurrences(of: "\n", with: " ") })
        #expect(cues.map(\.start) == srt.map(\.start))
        #expect(cues.last?.end == srt.last?.end)
    }
}
