// The formats beyond SRT: one generated film written in each format Seek reads, loaded in
// process, each format's parsing speed printed against SRT's on the same cues.

import Foundation
import SeekKit

/// One cue of the generated film: times in milliseconds and one or two lines of text.
struct FilmCue {
    var start: Int
    var end: Int
    var lines: [String]
}

/// English dialogue like `srt(bytes:seed:)`'s, about `bytes` long as SRT.
func film(bytes: Int, seed: UInt64) -> [FilmCue] {
    var random = SeededGenerator(seed: seed)
    var cues: [FilmCue] = []
    var size = 0
    var time = 0
    while size < bytes {
        let duration = Int.random(in: 800...4_000, using: &random)
        var lines = [sentence(english, words: 3...8, separator: " ", &random)]
        if Bool.random(using: &random) { lines.append(sentence(english, words: 3...8, separator: " ", &random)) }
        cues.append(FilmCue(start: time, end: time + duration, lines: lines))
        size += 36 + lines.reduce(0) { $0 + $1.utf8.count + 1 }
        time += duration + 200
    }
    return cues
}

/// The film written in one format, as tools write it: the file name gives the extension.
struct FilmFile {
    var fileName: String
    var text: String
}

func clock(_ milliseconds: Int, fraction digits: Int, separator: String = ".", hourDigits: Int = 2) -> String {
    let hours = milliseconds / 3_600_000
    let minutes = milliseconds / 60_000 % 60
    let seconds = milliseconds / 1_000 % 60
    let fraction = digits == 2 ? milliseconds % 1_000 / 10 : milliseconds % 1_000
    return String(format: "%0\(hourDigits)d:%02d:%02d%@%0\(digits)d", hours, minutes, seconds, separator, fraction)
}

func filmFiles(_ cues: [FilmCue]) -> [FilmFile] {
    var srt = ""
    var ass = """
        [Script Info]
        ScriptType: v4.00+

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """
    var sbv = ""
    var microDVD = "{1}{1}23.976\n"
    var lrc = "[ti:Generated]\n[ar:seek-bench]\n"
    var ttml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>

        """
    var sami = """
        <SAMI><HEAD><STYLE TYPE="text/css"><!--
        .ENCC { Name: English; lang: en-US; }
        --></STYLE></HEAD><BODY>

        """
    for (number, cue) in cues.enumerated() {
        srt += "\(number + 1)\n\(clock(cue.start, fraction: 3, separator: ",")) --> \(clock(cue.end, fraction: 3, separator: ","))\n"
        srt += cue.lines.joined(separator: "\n") + "\n\n"
        // Every fourth ASS line italicises its first word, as typesetters do.
        var assText = cue.lines.joined(separator: "\\N")
        if number % 4 == 0 { assText = "{\\i1}" + assText.replacingOccurrences(of: " ", with: "{\\i0} ", options: [], range: assText.range(of: " ")) }
        ass += "Dialogue: 0,\(clock(cue.start, fraction: 2, hourDigits: 1)),\(clock(cue.end, fraction: 2, hourDigits: 1)),Default,,0,0,0,,\(assText)\n"
        sbv += "\(clock(cue.start, fraction: 3, hourDigits: 1)),\(clock(cue.end, fraction: 3, hourDigits: 1))\n"
        sbv += cue.lines.joined(separator: "\n") + "\n\n"
        microDVD += "{\(cue.start * 24_000 / 1_001_000)}{\(cue.end * 24_000 / 1_001_000)}\(cue.lines.joined(separator: "|"))\n"
        // LRC writes minutes below 100, then `[h:mm:ss.xx]`.
        lrc += (cue.start < 6_000_000
                ? String(format: "[%02d:%02d.%02d]", cue.start / 60_000, cue.start / 1_000 % 60, cue.start % 1_000 / 10)
                : "[" + clock(cue.start, fraction: 2, hourDigits: 1) + "]")
            + cue.lines.joined(separator: " ") + "\n"
        ttml += "<p begin=\"\(clock(cue.start, fraction: 3))\" end=\"\(clock(cue.end, fraction: 3))\">"
            + cue.lines.joined(separator: "<br/>") + "</p>\n"
        sami += "<SYNC Start=\(cue.start)><P Class=ENCC>\(cue.lines.joined(separator: "<br>"))\n"
        sami += "<SYNC Start=\(cue.end)><P Class=ENCC>&nbsp;\n"
    }
    ttml += "</div></body></tt>\n"
    sami += "</BODY></SAMI>\n"
    return [
        FilmFile(fileName: "film.srt", text: srt), FilmFile(fileName: "film.ass", text: ass),
        FilmFile(fileName: "film.sbv", text: sbv), FilmFile(fileName: "film.sub", text: microDVD),
        FilmFile(fileName: "film.lrc", text: lrc), FilmFile(fileName: "film.ttml", text: ttml),
        FilmFile(fileName: "film.smi", text: sami),
    ] + lineFormatFiles(cues) + youTubeFiles(cues) + transcriptFiles(cues)
}

/// The film as TMPlayer (whole seconds; the film's cues start at least a second apart) and MPL2
/// (tenths of a second), each a `.txt` told by its content.
func lineFormatFiles(_ cues: [FilmCue]) -> [FilmFile] {
    var tmplayer = ""
    var mpl2 = ""
    for cue in cues {
        let seconds = cue.start / 1_000
        tmplayer += String(format: "%02d:%02d:%02d:", seconds / 3600, seconds / 60 % 60, seconds % 60)
            + cue.lines.joined(separator: "|") + "\n"
        mpl2 += "[\(cue.start / 100)][\(cue.end / 100)]" + cue.lines.joined(separator: "|") + "\n"
    }
    return [FilmFile(fileName: "film-tmplayer.txt", text: tmplayer), FilmFile(fileName: "film-mpl2.txt", text: mpl2)]
}

/// The film as YouTube's timed text: srv1 as its downloaders save it (seconds, a line feed
/// between lines, apostrophes escaped twice) and srv3 (milliseconds, in `<p>`s).
func youTubeFiles(_ cues: [FilmCue]) -> [FilmFile] {
    func seconds(_ milliseconds: Int) -> String { String(format: "%.3f", Double(milliseconds) / 1000) }
    var srv1 = #"<?xml version="1.0" encoding="utf-8" ?><transcript>"#
    var srv3 = #"<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>"# + "\n"
    for (number, cue) in cues.enumerated() {
        // Every fourth cue has an apostrophe, as YouTube writes it.
        let text = cue.lines.joined(separator: "\n") + (number % 4 == 0 ? " isn&amp;#39;t it" : "")
        srv1 += #"<text start="\#(seconds(cue.start))" dur="\#(seconds(cue.end - cue.start))">\#(text)</text>"#
        srv3 += #"<p t="\#(cue.start)" d="\#(cue.end - cue.start)">\#(text)</p>"# + "\n"
    }
    return [FilmFile(fileName: "film.ytt", text: srv1 + "</transcript>\n"),
            FilmFile(fileName: "film.srv3", text: srv3 + "</body></timedtext>\n")]
}

/// The film as openai-whisper's JSON (segments with tokens, no word list) and as a podcast
/// transcript (two speakers taking turns, so that no two segments join).
func transcriptFiles(_ cues: [FilmCue]) -> [FilmFile] {
    func seconds(_ milliseconds: Int) -> String { String(format: "%.3f", Double(milliseconds) / 1000) }
    var whisper = #"{"text": "", "segments": ["#
    var podcast = #"{"version": "1.0.0", "segments": ["#
    for (number, cue) in cues.enumerated() {
        let text = cue.lines.joined(separator: " ")
        let separator = number > 0 ? ", " : ""
        whisper += separator + #"{"id": \#(number), "seek": \#(cue.start / 30_000 * 3000), "start": \#(seconds(cue.start)), "#
            + #""end": \#(seconds(cue.end)), "text": " \#(text)", "tokens": [50364"#
        for word in text.split(separator: " ") { whisper += ", \(1000 + word.utf8.count * 37)" }
        whisper += #"], "temperature": 0.0, "avg_logprob": -0.21, "compression_ratio": 1.52, "no_speech_prob": 0.01}"#
        podcast += separator + #"{"speaker": "\#(number % 2 == 0 ? "Host" : "Guest")", "startTime": \#(seconds(cue.start)), "#
            + #""endTime": \#(seconds(cue.end)), "body": "\#(text)"}"#
    }
    return [FilmFile(fileName: "film-whisper.json", text: whisper + #"], "language": "en"}"# + "\n"),
            FilmFile(fileName: "film-podcast.json", text: podcast + "]}\n")]
}

/// Loads the film in every format in process (decoding, detection, parsing: `TranscriptLoader.load`)
/// and adds a row per format: its median time and MB/s, and its speed against SRT's on the same
/// cues in CPU time (user and system, steadier than wall time when the machine is busy).
func formatSpeeds(_ bench: Bench) {
    guard bench.wants("formats") else { return }
    let cues = film(bytes: bench.options.size(20), seed: 8)
    var srtSeconds = 0.0
    for file in filmFiles(cues) {
        let bytes = Array(file.text.utf8)
        if bench.options.keep != nil { _ = bench.write(file.text, to: file.fileName) }
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var loaded: LoadedTranscript?
        for _ in 0..<bench.options.runs {
            let (start, cpuStart) = (now(), processCPUTime())
            loaded = try? TranscriptLoader.load(bytes, fileName: file.fileName)
            times.append(now() - start)
            cpuTimes.append(processCPUTime() - cpuStart)
        }
        let seconds = median(times)
        let cpuSeconds = median(cpuTimes)
        if file.fileName.hasSuffix(".srt") { srtSeconds = cpuSeconds }
        let count = loaded.map { MatchIndex.count(transcript: $0.transcript, query: Query("home town")) }
        let cueCount = loaded?.transcript.count ?? 0
        bench.row("\(file.fileName) \(megabytes(bytes.count / 1024)) (\(loaded?.format.rawValue ?? "unread")), loaded",
                  seek: format(seconds) + String(format: " (%.0f MB/s)", Double(bytes.count) / 1e6 / seconds),
                  ratio: String(format: "%.2fx SRT (CPU)", srtSeconds / max(cpuSeconds, 1e-9)), target: "≥ 0.5x",
                  matches: count.map { String($0) } ?? "",
                  check: cueCount == cues.count ? "ok" : "CUES \(cueCount) of \(cues.count)")
    }
}

/// Searches the film in every format for one keyword with the `seek` next to the bench
/// (`seek -c budget FILE`, as a user counts; printed the same path is taken), and adds a row per
/// format: its median time, its speed against SRT's in CPU time, and its count checked against
/// the count of the whole load in process. SRT, ASS, SBV, MicroDVD, MPL2, TMPlayer and LRC are
/// searched first and parsed around their matches.
func formatSearchSpeeds(_ bench: Bench) {
    guard bench.wants("formats-search") else { return }
    let cues = film(bytes: bench.options.size(20), seed: 8)
    let query = Query("budget")
    var srtSeconds = 0.0
    for file in filmFiles(cues) {
        let path = bench.write(file.text, to: file.fileName)
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var counted = ""
        for _ in 0..<bench.options.runs {
            let result = ProcessRun.run([bench.seek, "-c", "-e", "budget", path], keeping: true)
            times.append(result.seconds)
            cpuTimes.append(result.cpuSeconds)
            counted = String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let seconds = median(times)
        let cpuSeconds = median(cpuTimes)
        if file.fileName.hasSuffix(".srt") { srtSeconds = cpuSeconds }
        let expected = (try? TranscriptLoader.load(Array(file.text.utf8), fileName: file.fileName))
            .map { MatchIndex.count(transcript: $0.transcript, query: query) }
        bench.row("\(file.fileName) \(megabytes(file.text.utf8.count / 1024)), 'budget' -c",
                  seek: format(seconds) + String(format: " (CPU %@)", format(cpuSeconds)),
                  ratio: String(format: "%.2fx SRT (CPU)", srtSeconds / max(cpuSeconds, 1e-9)), target: "≥ 0.5x",
                  matches: counted, check: expected.map { String($0) } == counted ? "ok" : "COUNT \(counted) of \(expected ?? -1)")
    }
}

/// This process's user and system CPU time so far, in seconds.
func processCPUTime() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// `--load FILE`: loads the file in process once, as `formatSpeeds` does, prints its cue count
/// and stops; under callgrind its instructions, less an empty file's, are the format's parsing cost.
func loadOnce(_ path: String) -> Never {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("seek-bench: cannot read \(path)\n".utf8))
        exit(2)
    }
    let fileName = URL(fileURLWithPath: path).lastPathComponent
    do {
        let loaded = try TranscriptLoader.load(Array(data), fileName: fileName)
        print("\(fileName): \(loaded.transcript.count) cues (\(loaded.format.rawValue))")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("seek-bench: \(error)\n".utf8))
        exit(2)
    }
}
