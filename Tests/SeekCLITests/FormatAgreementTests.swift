import Foundation
import Testing

/// One speech written in several formats gives the same matches at the same times, asked of the
/// `seek` command as a user would (`seek --json -w -e WORD…`), on files of `../shared/corpus`:
/// whisper-ctranslate2's transcripts as JSON, TSV, SRT and VTT, and films' SRT written out by
/// ffmpeg as ASS, WebVTT, TTML and LRC, and here as MicroDVD, SAMI and SBV. Skipped when the
/// corpus (or ffmpeg) is absent.
@Suite(.enabled(if: CorpusFiles.directory != nil, "the shared corpus (../shared/corpus) is absent; skipping"))
struct FormatAgreementTests {
    /// A match as the export gives it.
    struct Found: Hashable, CustomStringConvertible {
        var match: String
        var start: Int
        var end: Int
        var spokenStart: Int
        var speaker: String?
        var description: String { "\(match)@\(start)-\(end)/\(spokenStart)[\(speaker ?? "")]" }
    }

    /// Each word's matches in `file`, in time order (`-w`, so that two words never overlap).
    static func found(_ words: [String], in file: URL, options: [String] = []) throws -> [String: [Found]] {
        let result = try SeekProcess.run(["--json", "-w"] + options + words.flatMap { ["-e", $0] } + [file.path])
        #expect(result.status != 2, "\(file.lastPathComponent): \(result.stderr)")
        var found: [String: [Found]] = [:]
        for line in result.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let keyword = try #require(object["keyword"] as? String)
            found[keyword, default: []].append(Found(
                match: (object["match"] as? String ?? "").lowercased(), start: object["start_ms"] as? Int ?? -1,
                end: object["end_ms"] as? Int ?? -1, spokenStart: object["match_start_ms"] as? Int ?? -1,
                speaker: object["speaker"] as? String))
        }
        return found.mapValues { $0.sorted { ($0.start, $0.match) < ($1.start, $1.match) } }
    }

    /// The texts of `file`'s cues, as `seek --cues --json` gives them.
    static func cueTexts(_ file: URL, options: [String] = []) throws -> [String] {
        let result = try SeekProcess.run(["--cues", "--json"] + options + [file.path])
        return try result.stdout.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["text"] as? String ?? ""
        }
    }

    /// The distinct words (letters, digits and inner apostrophes) of `texts`, sorted.
    static func words(_ texts: [String]) -> [String] {
        var words = Set<String>()
        for text in texts {
            var word = ""
            for character in text + " " {
                if character.isLetter || character.isNumber || (character == "'" && !word.isEmpty) {
                    word.append(character)
                } else {
                    while word.hasSuffix("'") { word.removeLast() }
                    if word.count > 1 { words.insert(word) }
                    word = ""
                }
            }
        }
        return words.sorted()
    }

    /// Every word of each whisper-ctranslate2 transcript is found as often in its JSON, TSV, SRT
    /// and VTT; where the four cut the speech alike, in cues with the same times and speakers;
    /// and the time JSON gives a match (its word's, where it has word times) lies inside the cue
    /// every other format finds it in.
    @Test func whisperTranscriptsAgreeInJSONTSVSRTAndVTT() throws {
        let folder = try #require(CorpusFiles.directory).appendingPathComponent("whisper-ctranslate2-e2e")
        let groups = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".tsv") }.map { String($0.dropLast(4)) }.sorted()
        #expect(groups.count >= 6)
        let formats = ["json", "tsv", "srt", "vtt"]
        var checked = 0
        for group in groups {
            let files = formats.map { folder.appendingPathComponent(group + "." + $0) }
            let words = Self.words(try Self.cueTexts(files[1]))
            let sameCuts = Set(try files.map { try Self.cueTexts($0).count }).count == 1
            let found = try files.map { try Self.found(words, in: $0) }
            for word in words {
                let each = found.map { $0[word] ?? [] }
                checked += 1
                #expect(Set(each.map { $0.map(\.match) }).count == 1, "\(group) '\(word)': \(zip(formats, each).map { "\($0) \($1)" })")
                guard Set(each.map(\.count)).count == 1 else { continue }
                if sameCuts {
                    #expect(Set(each.map { $0.map { [$0.start, $0.end] } }).count == 1, "\(group) '\(word)': \(each)")
                    #expect(Set([each[0], each[2], each[3]].map { $0.map(\.speaker) }).count == 1, "\(group) '\(word)': \(each)")
                }
                for (index, spoken) in each[0].enumerated() {
                    for other in each where !(other[index].start <= spoken.spokenStart && spoken.spokenStart <= other[index].end) {
                        Issue.record("\(group) '\(word)': JSON's time \(spoken.spokenStart) outside \(other[index])")
                    }
                }
            }
        }
        #expect(checked > 300)
    }

    /// The films whose SRT is written out in other formats, and how many of their words are asked for.
    static let films = ["subtitle.js/ManOfSteel.srt", "pycaption/example.srt",
                        "SubtitlesParser/test-SubtitlesFiles__How_I_Met_Your_Mother_-_3x01_-_Wait_For_It.en.srt",
                        "podcast-namespace-transcripts/example.srt", "subsrt-ts/sample.srt"]

    /// About 120 of `srt`'s words: every keyword with -w is a pass of its own, so a sample keeps the test short.
    static func sampleWords(_ srt: URL) throws -> [String] {
        let words = Self.words(try Self.cueTexts(srt))
        guard words.count > 120 else { return words }
        return stride(from: 0, to: words.count, by: words.count / 120 + 1).map { words[$0] }
    }

    /// Compares each word's matches in a film written out as `format` with those in its SRT: the
    /// same matches, at the same cue times within `tolerance` ms (start times only when the format
    /// has no end times of its own). Returns how many words were compared.
    static func compare(_ words: [String], _ expected: [String: [Found]], _ found: [String: [Found]],
                        film: String, format: String, tolerance: Int, startsOnly: Bool = false) -> Int {
        for word in words {
            let want = expected[word] ?? [], got = found[word] ?? []
            #expect(want.map(\.match) == got.map(\.match), "\(film) as \(format) '\(word)': \(want) vs \(got)")
            guard want.count == got.count else { continue }
            for (a, b) in zip(want, got)
            where abs(a.start - b.start) > tolerance || (!startsOnly && abs(a.end - b.end) > tolerance) {
                Issue.record("\(film) as \(format) '\(word)': \(a) vs \(b)")
                break
            }
        }
        return words.count
    }

    /// Films' SRT written out by ffmpeg as ASS, WebVTT, TTML and LRC: every word is found as
    /// often, at the same cue times within the format's precision (ASS and LRC keep centiseconds;
    /// LRC has no end times, and ffmpeg writes each line of a cue as a line of its own).
    @Test(.enabled(if: MediaTools.ffmpeg != nil, "ffmpeg is not installed; skipping"))
    func filmsWrittenOutByFFmpegAgreeWithTheirSRT() throws {
        let corpus = try #require(CorpusFiles.directory)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("seek-agreement-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var checked = 0
        for film in Self.films {
            let srt = corpus.appendingPathComponent(film)
            let words = try Self.sampleWords(srt)
            let expected = try Self.found(words, in: srt)
            for (format, arguments, tolerance) in [("ass", [String](), 10), ("vtt", [], 1), ("ttml", ["-f", "ttml"], 1),
                                                   ("lrc", ["-c:s", "text", "-f", "lrc"], 10)] {
                let output = scratch.appendingPathComponent(srt.deletingPathExtension().lastPathComponent + "." + format)
                let made = try MediaTools.run(MediaTools.ffmpeg ?? "ffmpeg",
                                              ["-nostdin", "-loglevel", "error", "-y", "-i", srt.path] + arguments + [output.path])
                try #require(made.status == 0, "\(film) to \(format): \(made.output)")
                checked += Self.compare(words, expected, try Self.found(words, in: output), film: film, format: format,
                                        tolerance: tolerance, startsOnly: format == "lrc")
            }
        }
        #expect(checked > 1500)
    }

    /// A cue as `seek --cues --json` gives it, to be written out again.
    struct TimedCue {
        var start: Int
        var end: Int
        var text: String
    }

    static func timedCues(_ file: URL) throws -> [TimedCue] {
        let result = try SeekProcess.run(["--cues", "--json", file.path])
        return try result.stdout.split(separator: "\n").compactMap { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let start = object["start_ms"] as? Int, let end = object["end_ms"] as? Int else { return nil }
            return TimedCue(start: start, end: end, text: object["text"] as? String ?? "")
        }
    }

    /// MicroDVD at 23.976 frames a second, its rate on the first line; `|` between lines.
    static func microDVD(_ cues: [TimedCue]) -> String {
        func frame(_ milliseconds: Int) -> Int { Int((Double(milliseconds) * 24_000 / 1_001_000).rounded()) }
        return "{1}{1}23.976\n" + cues.map { cue in
            "{\(frame(cue.start))}{\(frame(cue.end))}" + cue.text.replacingOccurrences(of: "\n", with: "|") + "\n"
        }.joined()
    }

    /// SAMI: a `<SYNC>` for each cue, and an `&nbsp;` one where it ends before the next begins.
    static func sami(_ cues: [TimedCue]) -> String {
        var text = "<SAMI>\n<HEAD><STYLE TYPE=\"text/css\"><!--\n.ENUSCC { Name: English; lang: en-US; }\n--></STYLE></HEAD>\n<BODY>\n"
        for (index, cue) in cues.enumerated() {
            let escaped = cue.text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\n", with: "<br>")
            text += "<SYNC Start=\(cue.start)><P Class=ENUSCC>\(escaped)\n"
            if index + 1 == cues.count || cues[index + 1].start > cue.end {
                text += "<SYNC Start=\(cue.end)><P Class=ENUSCC>&nbsp;\n"
            }
        }
        return text + "</BODY>\n</SAMI>\n"
    }

    /// SBV: `H:MM:SS.mmm,H:MM:SS.mmm` above each cue's lines.
    static func sbv(_ cues: [TimedCue]) -> String {
        func clock(_ milliseconds: Int) -> String {
            String(format: "%d:%02d:%02d.%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
                   milliseconds / 1000 % 60, milliseconds % 1000)
        }
        return cues.map { "\(clock($0.start)),\(clock($0.end))\n\($0.text)\n\n" }.joined()
    }

    /// Films' SRT written out here as MicroDVD, SAMI and SBV (ffmpeg writes none of them): every
    /// word is found as often, at the same cue times (within a frame for MicroDVD; start times
    /// only for SAMI, where a cue lasts until the next when they overlap).
    @Test func filmsWrittenAsMicroDVDSAMIAndSBVAgreeWithTheirSRT() throws {
        let corpus = try #require(CorpusFiles.directory)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("seek-agreement-written-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var checked = 0
        for film in Self.films {
            let srt = corpus.appendingPathComponent(film)
            let words = try Self.sampleWords(srt)
            let expected = try Self.found(words, in: srt)
            let cues = try Self.timedCues(srt)
            for (format, text, tolerance) in [("sub", Self.microDVD(cues), 42), ("smi", Self.sami(cues), 0),
                                              ("sbv", Self.sbv(cues), 0)] {
                let output = scratch.appendingPathComponent(srt.deletingPathExtension().lastPathComponent + "." + format)
                try Data(text.utf8).write(to: output)
                checked += Self.compare(words, expected, try Self.found(words, in: output), film: film, format: format,
                                        tolerance: tolerance, startsOnly: format == "smi")
            }
        }
        #expect(checked > 1000)
    }
}
