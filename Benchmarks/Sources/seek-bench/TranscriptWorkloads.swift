// Machine transcripts (issue #16): a Whisper JSON with word times counted against the SRT of the
// same speech, a 200 MB single-line JSON's peak memory, and what merging YouTube's rolling
// captions adds to reading a WebVTT file of SRT size.

import Foundation
import SeekKit

/// The film's cues as Whisper writes them with `--word_timestamps True`, on one line as
/// openai-whisper and whisper-ctranslate2 do: each cue a segment with tokens, scores and a word list.
func whisperJSON(_ cues: [FilmCue]) -> String {
    func seconds(_ milliseconds: Int) -> String { String(format: "%.3f", Double(milliseconds) / 1000) }
    var json = #"{"text": "", "segments": ["#
    for (number, cue) in cues.enumerated() {
        let words = cue.lines.joined(separator: " ").split(separator: " ")
        let step = (cue.end - cue.start) / max(1, words.count)
        if number > 0 { json += ", " }
        json += #"{"id": \#(number), "seek": \#(cue.start / 30_000 * 3000), "start": \#(seconds(cue.start)), "#
        json += #""end": \#(seconds(cue.end)), "text": " \#(words.joined(separator: " "))", "tokens": [50364"#
        for word in words { json += ", \(1000 + word.utf8.count * 37)" }
        json += #"], "temperature": 0.0, "avg_logprob": -0.21, "compression_ratio": 1.52, "no_speech_prob": 0.01, "words": ["#
        for (index, word) in words.enumerated() {
            let start = cue.start + index * step
            if index > 0 { json += ", " }
            json += #"{"start": \#(seconds(start)), "end": \#(seconds(start + step)), "word": " \#(word)", "probability": 0.93}"#
        }
        json += "]}"
    }
    return json + #"], "language": "en"}"# + "\n"
}

/// The film as YouTube's automatic captions (yt-dlp's WebVTT): each line with its words'
/// times, shown again above the next line, with a 10 ms cue repeating it between.
func rollingCaptions(_ cues: [FilmCue]) -> String {
    var vtt = "WEBVTT\nKind: captions\nLanguage: en\n\n"
    var previous = ""
    for cue in cues {
        let words = cue.lines.joined(separator: " ").split(separator: " ")
        let step = (cue.end - cue.start) / max(1, words.count)
        var timed = String(words[0])
        for (index, word) in words.enumerated().dropFirst() {
            timed += "<" + clock(cue.start + index * step, fraction: 3) + "><c> " + word + "</c>"
        }
        vtt += clock(cue.start, fraction: 3) + " --> " + clock(cue.end - 10, fraction: 3) + " align:start position:0%\n"
        vtt += (previous.isEmpty ? " " : previous) + "\n" + timed + "\n\n"
        previous = words.joined(separator: " ")
        vtt += clock(cue.end - 10, fraction: 3) + " --> " + clock(cue.end, fraction: 3) + " align:start position:0%\n"
        vtt += previous + "\n \n\n"
    }
    return vtt
}

/// Rows for issue #16's speed targets.
///
/// - `whisper`: `seek -c` on a Whisper JSON with word times and on the SRT of the same film at
///   its size, in MB/s (target: the JSON at least a quarter of SRT's speed), and the peak memory
///   of counting a 200 MB single-line JSON.
/// - `rolling`: `seek -c` on a rolling-caption WebVTT (twice the SRT workload's text), and the
///   merge timed alone in process: what it adds to the rest of the count (target: at most 20 %),
///   and against the parse alone, all in CPU time (user and system).
func transcriptSpeeds(_ bench: Bench) {
    if bench.wants("whisper") { whisperAgainstSRT(bench) }
    if bench.wants("rolling") { rollingMerge(bench) }
}

private func whisperAgainstSRT(_ bench: Bench) {
    let size = bench.options.size(50)
    // A segment with its word list takes about twelve times its SRT block's bytes.
    let cues = film(bytes: size / 12, seed: 16)
    let json = bench.write(whisperJSON(cues), to: "whisper.json")
    let srt = bench.write(srt(bytes: size, seed: 16).text, to: "whisper-sized.srt")
    var rates: [String: Double] = [:]
    for (name, path) in [("srt", srt), ("json", json)] {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        var times: [Double] = []
        var output = ""
        for run in 0..<bench.options.runs {
            let run = ProcessRun.run([bench.seek, "-c", "budget", path], keeping: run == 0)
            times.append(run.seconds)
            if !run.output.isEmpty {
                output = String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        let seconds = median(times)
        rates[name] = Double(bytes) / 1e6 / seconds
        let expected = name == "json" ? occurrences(of: "budget", in: cues) : nil
        bench.row("\(name == "json" ? "Whisper JSON, word times" : "SRT") \(megabytes(bytes / 1024)), -c 'budget'",
                  seek: format(seconds) + String(format: " (%.0f MB/s)", rates[name] ?? 0),
                  ratio: name == "json" ? String(format: "%.2fx SRT", (rates["json"] ?? 0) / max(rates["srt"] ?? 1, 1e-9)) : "",
                  target: name == "json" ? "≥ 0.25x" : "", matches: output,
                  check: expected.map { Int(output) == $0 ? "ok" : "EXPECTED \($0)" } ?? "")
    }
    guard !bench.options.quick else { return }
    let big = bench.write(whisperJSON(film(bytes: 200_000_000 / 12, seed: 17)), to: "whisper-200mb.json")
    let bytes = (try? FileManager.default.attributesOfItem(atPath: big)[.size] as? Int) ?? 0
    let peak = ProcessRun.peakKilobytes([bench.seek, "-c", "budget", big], scratch: bench.directory)
    bench.row("Whisper JSON \(megabytes(bytes / 1024)) on one line, -c 'budget'", seek: "",
              peak: megabytes(peak) + String(format: " (%.1fx)", Double(peak) * 1024 / Double(max(bytes, 1))))
}

private func rollingMerge(_ bench: Bench) {
    let cues = film(bytes: bench.options.size(50) / 2, seed: 18)
    let text = rollingCaptions(cues)
    let path = bench.write(text, to: "rolling.vtt")
    let bytes = Array(text.utf8)
    var parseTimes: [Double] = []
    var mergeTimes: [Double] = []
    var merged = Transcript()
    for _ in 0..<bench.options.runs {
        let start = processCPUTime()
        guard let parsed = try? WebVTTParser.parse(bytes, fileName: "rolling.vtt").transcript else { break }
        let parsedAt = processCPUTime()
        merged = RollingCaptions.merged(parsed)
        mergeTimes.append(processCPUTime() - parsedAt)
        parseTimes.append(parsedAt - start)
    }
    let keyword = "budget"
    var runs: [Double] = []
    var output = ""
    for run in 0..<bench.options.runs {
        let result = ProcessRun.run([bench.seek, "-c", keyword, path], keeping: run == 0)
        runs.append(result.cpuSeconds)
        if run == 0 { output = String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
    }
    let parse = median(parseTimes)
    let merge = median(mergeTimes)
    let whole = median(runs)
    let count = MatchIndex.count(transcript: merged, query: Query(keyword))
    let spoken = occurrences(of: keyword, in: cues)
    bench.row("rolling captions \(megabytes(bytes.count / 1024)) WebVTT, -c: merge \(format(merge)) of it (parse \(format(parse)))",
              seek: format(whole), ratio: String(format: "+%.0f%% (+%.0f%% of the parse)", merge / max(whole - merge, 1e-9) * 100,
                                                  merge / max(parse, 1e-9) * 100),
              target: "≤ +20%", matches: output,
              check: merged.count == cues.count && count == spoken && output == String(spoken)
                  ? "ok" : "CUES \(merged.count) of \(cues.count), \(count) and \(output) of \(spoken)")
}

/// How many times `keyword` (lower case) is said in the film: what a count must find.
private func occurrences(of keyword: String, in cues: [FilmCue]) -> Int {
    cues.reduce(0) { total, cue in
        total + cue.lines.reduce(0) { $0 + $1.lowercased().components(separatedBy: keyword).count - 1 }
    }
}
