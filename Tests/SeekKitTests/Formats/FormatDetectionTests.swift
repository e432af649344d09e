import Testing
@testable import SeekKit

@Suite struct FormatDetectionTests {
    @Test func byExtension() {
        let cases: [(String, SubtitleFormat)] = [
            ("talk.srt", SubtitleFormat.srt), ("TALK.SRT", .srt), ("a.vtt", .vtt), ("a.webvtt", .vtt),
            ("notes.txt", .text), ("ep.md", .text), ("x.log", .text), ("a.ass", .ass), ("a.SSA", .ass),
            ("a.sbv", .sbv), ("a.lrc", .lrc), ("whisper.json", .json), ("talk.TSV", .tsv),
            ("a.ttml", .ttml), ("a.DFXP", .ttml), ("a.smi", .sami), ("a.sami", .sami),
        ]
        for (name, format) in cases {
            #expect(SubtitleFormat(fileName: name) == format, "\(name)")
        }
    }

    @Test func unknownExtension() {
        for name in ["-", "<stdin>", "a.docx", "README", "srt", "film.sub", "dir.srt/file", "a.xml"] {
            #expect(SubtitleFormat(fileName: name) == nil, "\(name)")
        }
    }

    /// The extension read from a name's bytes is the one its string gives: the last dot's, up to
    /// eight bytes, none after a `/`, lower-cased (a name not ASCII at its end read as a string).
    @Test func extensionAsTheNameReadsIt() {
        func reference(_ name: String) -> String? {
            let utf8 = name.utf8
            guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")),
                  !utf8[utf8.index(after: dot)...].contains(UInt8(ascii: "/")) else { return nil }
            let ext = name[name.index(after: dot)...]
            guard !ext.isEmpty, ext.utf8.count <= 8 else { return nil }
            return ext.lowercased()
        }
        let names = [
            "talk.srt", "TALK.SRT", "a.WebVTT", "x.", ".", "", "srt", "a.b.c", "dir.srt/file", "dir/.srt", "a.srt/",
            "a.12345678", "a.123456789", "long.extension", "a/b.c/d", "x.Ünï", "x.ÜNI", "Ü.srt", "x.\u{212A}ML",
            "a.\u{212A}", "x.éé", "12345678.9", "a.abcdefg.h", "名前.SRT", "a.SRT\u{301}", "a.[Z@`{]",
        ]
        for name in names {
            #expect(SubtitleFormat.fileExtension(name) == reference(name), "\(name)")
        }
    }

    @Test func byContent() {
        let cases: [(String, String, SubtitleFormat)] = [
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
            ("-", "Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,hi\n", .ass),
            ("a.txt", "\u{FEFF}dialogue: Marked=0,0:00:01.00,0:00:02.50,*Default,,0,0,0,,hi\n", .ass),
            ("-", "Format: Layer, Start, End, Style, Name, Text\nDialogue: 0,0:00:01.00,0:00:02.50,Default,,hi\n", .ass),
            ("-", "Dialogue: John says hi, then leaves, at once.\n", .text),
            ("-", "Format: paperback, 320 pages, text\n", .text),
            ("-", "intro\nDialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,hi\n", .text),
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
        ]
        for (name, content, format) in cases {
            #expect(SubtitleFormat.detect(fileName: name, content: Array(content.utf8)) == format,
                    "\(name): \(content.debugDescription)")
        }
    }

    @Test func untimedFallbackWarnsForSubtitleNames() throws {
        for (name, warns) in [("film.sub", true), ("notes.txt", false), ("film.ass", false), ("-", false)] {
            let loaded = try TranscriptLoader.load(Array("just words\n".utf8),
                                                   fileName: name, options: LoadOptions(format: name == "film.ass" ? .text : nil))
            let warned = loaded.warnings.contains { $0.message.hasPrefix("read as untimed lines: no SRT, WebVTT, ASS/SSA") }
            #expect(warned == warns, "\(name)")
        }
    }

    /// Text files that look like subtitles but could not be read as any: detection fails on
    /// what comes first, and the warning says the lines were read untimed.
    @Test func untimedFallbackWarnsForSubtitleContent() throws {
        let cases: [(String, String, Bool)] = [
            ("notes.txt", "x\n1\n00:00:01,000 --> 00:00:02,000\nHello\n", true),
            ("notes.txt", "Title\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hello\n", true),
            ("notes.txt", "Title\n[Events]\nFormat: Layer, Start, End, Text\n", true),
            ("notes.txt", "Title\n{10}{20}Hello|there\n", true),
            ("notes.txt", "Title\n0:00:01.000,0:00:03.000\nHello\n", true),
            ("notes.txt", "<html>\n<SYNC Start=100><P>Hello\n", true),
            ("notes.txt", "The flow is A --> B --> C.\nNo times here.\n", false),
            ("notes.md", "# Meeting\n\nWe met at 10:30 and talked.\n", false),
        ]
        for (name, content, warns) in cases {
            let loaded = try TranscriptLoader.load(Array(content.utf8), fileName: name)
            #expect(loaded.format == .text, "\(content.debugDescription)")
            let warning = loaded.warnings.first { $0.message.hasPrefix("read as untimed lines: no SRT, WebVTT, ASS/SSA") }
            #expect((warning != nil) == warns, "\(content.debugDescription)")
            #expect(warning.map { $0.description.hasPrefix("\(name): read as untimed lines") } ?? true,
                    "\(content.debugDescription)")
            let counted = try TranscriptLoader.countMatches(Array(content.utf8), fileName: name, query: Query("hello"))
            #expect(counted.warnings.map(\.description) == loaded.warnings.map(\.description), "\(content.debugDescription)")
        }
    }

    @Test func formatNames() {
        let cases: [(String, SubtitleFormat)] = [("ass", .ass), ("SSA", .ass), ("subviewer", .sbv),
                                                 ("microdvd", .microdvd), ("lrc", .lrc), ("webvtt", .vtt)]
        for (name, format) in cases {
            #expect(SubtitleFormat(name: name) == format, "\(name)")
        }
    }

    @Test func optionOverridesDetection() throws {
        let bytes = Array("[00:01] hi\n".utf8)
        let loaded = try TranscriptLoader.load(bytes, fileName: "a.srt", options: LoadOptions(format: .text))
        #expect(loaded.format == .text)
        #expect(loaded.transcript.first?.start == 1000)
    }

    @Test func emptyFilesAreEmptyTranscripts() throws {
        for (name, content) in [("talk.srt", ""), ("talk.vtt", ""), ("talk.vtt", "WEBVTT\n"), ("talk.srt", "\n\n"),
                                ("-", ""), ("talk.vtt", "\u{FEFF}WEBVTT - nothing yet\n\nNOTE later\n")] {
            let loaded = try TranscriptLoader.load(Array(content.utf8), fileName: name)
            #expect(loaded.transcript.isEmpty, "\(name): \(content.debugDescription)")
        }
    }

    @Test func nothingReadableIsAnError() {
        let cases: [(String, String, String)] = [
            ("talk.srt", "Hello\nthere\n", "talk.srt:1: expected a timing line like 00:00:01,000 --> 00:00:02,000"),
            ("talk.srt", "\n\n1\n00:00:01 -- 00:00:02\nx\n", "talk.srt:4: expected a timing line like 00:00:01,000 --> 00:00:02,000"),
            ("talk.vtt", "no header\n", "talk.vtt:1: missing WEBVTT header on the first line"),
            ("talk.vtt", "WEBVTT\n\n00:01 --> 00:02\nx\n",
             "talk.vtt:3: unreadable timing line, block skipped; expected a timing line like 00:00:01.000 --> 00:00:02.000 (--format srt reads timings leniently)"),
        ]
        for (name, content, message) in cases {
            #expect("\(name): \(content.debugDescription)") {
                try TranscriptLoader.load(Array(content.utf8), fileName: name)
            } throws: { error in
                (error as? Diagnostic)?.description == message
            }
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

    /// 300 seeded inputs in one test (one log line, not 300); a failure names its seed.
    @Test func scrambledInput() {
        for seed in 0..<300 {
            var random = SeededRandom(seed: UInt64(seed))
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...60, using: &random) {
                bytes += Self.pieces.randomElement(using: &random) ?? []
            }
            for name in ["a.srt", "a.vtt", "a.txt", "-"] {
                do {
                    let loaded = try TranscriptLoader.load(bytes, fileName: name)
                    for cue in loaded.transcript { #expect(cue.line >= 1, "seed \(seed), \(name)") }
                } catch {
                    #expect(error.file == name, "seed \(seed)")
                    #expect(!error.message.isEmpty, "seed \(seed), \(name)")
                }
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
