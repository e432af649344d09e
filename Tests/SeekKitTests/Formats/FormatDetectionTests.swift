import Testing
@testable import SeekKit

@Suite struct FormatDetectionTests {
    @Test(arguments: [
        ("talk.srt", SubtitleFormat.srt), ("TALK.SRT", .srt), ("a.vtt", .vtt), ("a.webvtt", .vtt),
        ("notes.txt", .text), ("ep.md", .text), ("x.log", .text), ("a.ass", .ass), ("a.SSA", .ass),
        ("a.sbv", .sbv), ("a.lrc", .lrc), ("whisper.json", .json), ("talk.TSV", .tsv),
        ("a.ttml", .ttml), ("a.DFXP", .ttml), ("a.smi", .sami), ("a.sami", .sami),
    ])
    func byExtension(_ name: String, _ format: SubtitleFormat) {
        #expect(SubtitleFormat(fileName: name) == format)
    }

    @Test(arguments: ["-", "<stdin>", "a.docx", "README", "srt", "film.sub", "dir.srt/file", "a.xml"])
    func unknownExtension(_ name: String) {
        #expect(SubtitleFormat(fileName: name) == nil)
    }

    @Test(arguments: [
        ("talk.srt", "WEBVTT\n\n00:01.000 --> 00:02.000\nx", SubtitleFormat.vtt),
        ("notes.txt", "1\n00:00:01,000 --> 00:00:02,000\nx", .srt),
        ("-", "\n00:00:01,000 --> 00:00:02,000\nx", .srt),
        ("-", "WEBVTT\n", .vtt),
        ("-", "[00:01] hi", .text),
        ("-", "just words", .text),
        ("doc.md", "# Doc\n\nExample:\n\n1\n00:00:01,000 --> 00:00:02,000\nx", .text),
        ("a.vtt", "00:00:01.000 --> 00:00:02.000\nx", .srt),
        ("a.vtt", "garbage\n\n00:00:01.000 --> 00:00:02.000\nx", .vtt),
        ("talk.srt", "not a subtitle", .srt),
        ("a.txt", "\u{FEFF}[Script Info]\nTitle: x\n", .ass),
        ("-", " [Script Info]\n", .ass),
        ("-", "; comment\n[Events]\n", .ass),
        ("a.sub", "{1}{1}23.976\n{10}{20}x\n", .microdvd),
        ("a.srt", "{10}{20}x|y\n", .microdvd),
        ("a.sub", "[INFORMATION]\n[TITLE]x\n", .sbv),
        ("a.sub", "00:00:41.00,00:00:44.40\nx\n", .sbv),
        ("-", "0:00:00.599,0:00:04.160\nx\n", .sbv),
        ("a.txt", "[ar:Someone]\n[00:01.00]x\n", .lrc),
        ("-", "[00:01.00][00:05.00]x\n", .lrc),
        ("a.lrc", "[00:01.00]x\n", .lrc),
        ("a.sub", "just words", .text),
        ("a.xml", "<?xml version=\"1.0\"?>\n<!-- c -->\n<tt xmlns=\"http://www.w3.org/ns/ttml\">", .ttml),
        ("-", "<tt:tt xmlns:tt=\"http://www.w3.org/ns/ttml\">", .ttml),
        ("a.txt", "<SAMI>\n<HEAD>", .sami),
        ("a.xml", "<?xml version=\"1.0\"?>\n<project>", .text),
        ("a.srt", "<html><body><tt>x</tt>", .srt),
    ])
    func byContent(_ name: String, _ content: String, _ format: SubtitleFormat) {
        #expect(SubtitleFormat.detect(fileName: name, content: Array(content.utf8)) == format)
    }

    @Test(arguments: [("film.sub", true), ("notes.txt", false), ("film.ass", false), ("-", false)])
    func untimedFallbackWarnsForSubtitleNames(_ name: String, _ warns: Bool) throws {
        let loaded = try TranscriptLoader.load(Array("just words\n".utf8),
                                               fileName: name, options: LoadOptions(format: name == "film.ass" ? .text : nil))
        let warned = loaded.warnings.contains { $0.message.hasPrefix("read as untimed lines: no SRT, WebVTT, ASS/SSA") }
        #expect(warned == warns)
    }

    /// Text files that look like subtitles but could not be read as any: detection fails on
    /// what comes first, and the warning says the lines were read untimed.
    @Test(arguments: [
        ("notes.txt", "x\n1\n00:00:01,000 --> 00:00:02,000\nHello\n", true),
        ("notes.txt", "Title\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hello\n", true),
        ("notes.txt", "Title\n[Events]\nFormat: Layer, Start, End, Text\n", true),
        ("notes.txt", "Title\n{10}{20}Hello|there\n", true),
        ("notes.txt", "Title\n0:00:01.000,0:00:03.000\nHello\n", true),
        ("notes.txt", "<html>\n<SYNC Start=100><P>Hello\n", true),
        ("notes.txt", "The flow is A --> B --> C.\nNo times here.\n", false),
        ("notes.md", "# Meeting\n\nWe met at 10:30 and talked.\n", false),
    ])
    func untimedFallbackWarnsForSubtitleContent(_ name: String, _ content: String, _ warns: Bool) throws {
        let loaded = try TranscriptLoader.load(Array(content.utf8), fileName: name)
        #expect(loaded.format == .text)
        let warning = loaded.warnings.first { $0.message.hasPrefix("read as untimed lines: no SRT, WebVTT, ASS/SSA") }
        #expect((warning != nil) == warns)
        #expect(warning.map { $0.description.hasPrefix("\(name): read as untimed lines") } ?? true)
        let counted = try TranscriptLoader.countMatches(Array(content.utf8), fileName: name, query: Query("hello"))
        #expect(counted.warnings.map(\.description) == loaded.warnings.map(\.description))
    }

    @Test(arguments: [("ass", SubtitleFormat.ass), ("SSA", .ass), ("subviewer", .sbv), ("microdvd", .microdvd),
                      ("lrc", .lrc), ("webvtt", .vtt)])
    func formatNames(_ name: String, _ format: SubtitleFormat) {
        #expect(SubtitleFormat(name: name) == format)
    }

    @Test func optionOverridesDetection() throws {
        let bytes = Array("[00:01] hi\n".utf8)
        let loaded = try TranscriptLoader.load(bytes, fileName: "a.srt", options: LoadOptions(format: .text))
        #expect(loaded.format == .text)
        #expect(loaded.transcript.first?.start == 1000)
    }

    @Test(arguments: [("talk.srt", ""), ("talk.vtt", ""), ("talk.vtt", "WEBVTT\n"), ("talk.srt", "\n\n"),
                      ("-", ""), ("talk.vtt", "\u{FEFF}WEBVTT - nothing yet\n\nNOTE later\n")])
    func emptyFilesAreEmptyTranscripts(_ name: String, _ content: String) throws {
        let loaded = try TranscriptLoader.load(Array(content.utf8), fileName: name)
        #expect(loaded.transcript.isEmpty)
    }

    @Test(arguments: [
        ("talk.srt", "Hello\nthere\n", "talk.srt:1: expected a timing line like 00:00:01,000 --> 00:00:02,000"),
        ("talk.srt", "\n\n1\n00:00:01 -- 00:00:02\nx\n", "talk.srt:4: expected a timing line like 00:00:01,000 --> 00:00:02,000"),
        ("talk.vtt", "no header\n", "talk.vtt:1: missing WEBVTT header on the first line"),
        ("talk.vtt", "WEBVTT\n\n00:01 --> 00:02\nx\n",
         "talk.vtt:3: unreadable timing line, block skipped; expected a timing line like 00:00:01.000 --> 00:00:02.000 (--format srt reads timings leniently)"),
    ])
    func nothingReadableIsAnError(_ name: String, _ content: String, _ message: String) {
        #expect {
            try TranscriptLoader.load(Array(content.utf8), fileName: name)
        } throws: { error in
            (error as? Diagnostic)?.description == message
        }
    }

    @Test func loaderReportsEncodingAndWarnings() throws {
        let bytes = Array("1\n00:00:01,000 --> 00:00:02,000\ncaf".utf8) + [0xE9] + Array("\n\nbad block\n".utf8)
        let loaded = try TranscriptLoader.load(bytes, fileName: "a.srt")
        #expect(loaded.encoding == "windows-1252")
        #expect(loaded.transcript.first?.text == "café")
        #expect(loaded.warnings.map(\.line) == [nil, 5])
    }
}

/// Scrambled and pathological inputs: every one loads or is refused with a diagnostic.
@Suite struct LoaderRobustnessTests {
    static let pieces: [[UInt8]] = [
        "WEBVTT", "\n", "\r", "\r\n", "\n\n", "-->", " --> ", "00:00:01,000", "00:01.000", "99999999999999:",
        "<i>", "</i", "<v Bob>", "<", ">", "&amp;", "&", "&#x", "{\\an8}", "{", "NOTE", "STYLE", "1", "[00:01]",
        "\\[", "(", ":", ".", ",", "-", " ", "\t", "text", ">> A:", "\u{FEFF}", "é", "漢",
    ].map { Array($0.utf8) } + [[0], [0xFF], [0xC3], [0x93], [0xE9, 0x41]]

    @Test(arguments: 0..<300)
    func scrambledInput(_ seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...60, using: &random) {
            bytes += Self.pieces.randomElement(using: &random) ?? []
        }
        for name in ["a.srt", "a.vtt", "a.txt", "-"] {
            do {
                let loaded = try TranscriptLoader.load(bytes, fileName: name)
                for cue in loaded.transcript { #expect(cue.line >= 1) }
            } catch {
                #expect(error.file == name)
                #expect(!error.message.isEmpty)
            }
        }
    }

    /// An input of hundreds of kilobytes, shown in the test log by its name alone.
    struct Pathological: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let input: String
    }

    @Test(arguments: [
        Pathological(testDescription: "SRT, 100,000 open <i tags",
                     input: "00:00:01,000 --> 00:00:02,000\n" + String(repeating: "<i ", count: 100_000)),
        Pathological(testDescription: "SRT, 100,000 open {\\ overrides",
                     input: "00:00:01,000 --> 00:00:02,000\n" + String(repeating: "{\\", count: 100_000)),
        Pathological(testDescription: "WebVTT, 100,000 <",
                     input: "WEBVTT\n\n00:01.000 --> 00:02.000\n" + String(repeating: "<", count: 100_000)),
        Pathological(testDescription: "WebVTT, 100,000 unfinished &amp",
                     input: "WEBVTT\n\n00:01.000 --> 00:02.000\n" + String(repeating: "&amp", count: 100_000)),
        Pathological(testDescription: "WebVTT, 100,000 header lines",
                     input: "WEBVTT\n\n" + String(repeating: "a\n", count: 100_000) + "00:01.000 --> 00:02.000\nx"),
        Pathological(testDescription: "text, 100,000 timestamps on one line",
                     input: String(repeating: "[00:01] ", count: 100_000)),
    ])
    func pathologicalInputFinishes(_ file: Pathological) throws {
        let input = file.input
        let name = input.hasPrefix("WEBVTT") ? "a.vtt" : input.hasPrefix("[") ? "a.txt" : "a.srt"
        let loaded = try TranscriptLoader.load(Array(input.utf8), fileName: name)
        #expect(loaded.transcript.count <= 1)
    }
}
