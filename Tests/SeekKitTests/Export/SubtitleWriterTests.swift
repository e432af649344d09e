import Testing
import SeekKit

/// The supercut's subtitles read back as the same cues.
@Suite struct SubtitleWriterTests {
    static let cues = [
        Cue(ordinal: 1, start: 1000, end: 2500, text: "the budget\nis tight", line: 1),
        Cue(ordinal: 2, start: 3_600_000, end: 3_601_000, speaker: "Ana", text: "a < b & c --> d", line: 5),
        Cue(ordinal: 3, text: "no time", line: 9),
        Cue(ordinal: 4, start: 4_000_000, end: 4_000_500, text: "gap\n\n  \nafter\u{1B}[31m", line: 12),
    ]

    static func written(_ format: SubtitleWriter.Format) -> [UInt8] {
        var out: [UInt8] = []
        SubtitleWriter.append(cues, as: format, to: &out)
        return out
    }

    @Test func srtIsNumberedWithCommaTimes() {
        let text = String(decoding: Self.written(.srt), as: UTF8.self)
        #expect(text.hasPrefix("1\n00:00:01,000 --> 00:00:02,500\nthe budget\nis tight\n\n2\n01:00:00,000 --> 01:00:01,000\nAna: a < b & c -> d\n\n3\n"))
    }

    @Test(arguments: [(SubtitleWriter.Format.srt, "out.srt"), (.webVTT, "out.vtt")])
    func readsBackAsTheSameCues(format: SubtitleWriter.Format, name: String) throws {
        let loaded = try TranscriptLoader.load(Self.written(format), fileName: name)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let back = Array(loaded.transcript)
        #expect(back.map(\.start) == [1000, 3_600_000, 4_000_000])
        #expect(back.map(\.end) == [2500, 3_601_000, 4_000_500])
        // SRT keeps the speaker in the text ("Ana: …"), as the SRT parser reads it.
        let spoken = format == .srt ? "Ana: a < b & c -> d" : "a < b & c -> d"
        #expect(back.map(\.text) == ["the budget\nis tight", spoken, "gap\nafter[31m"])
        #expect(back.map(\.speaker) == [nil, "Ana", nil])
    }
}
