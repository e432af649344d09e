// Workloads from the first performance round: legacy encodings, matching modes, the navigator,
// suggestions, opening a large file, two cores against one, and the matcher alone in process.

import Foundation
import SeekKit
import SeekViewer

func legacyEncoding(_ bench: Bench) {
    guard bench.wants("legacy") else { return }
    // A Russian film archive in windows-1251: detected, decoded and counted, against the same
    // text in UTF-8 (mapped, and through a pipe, which reads it into memory as decoding does).
    let text = russianSRT(bytes: bench.options.size(50), seed: 7)
    let legacyPath = bench.directory + "/russian-1251.srt"
    if !FileManager.default.fileExists(atPath: legacyPath) {
        _ = FileManager.default.createFile(atPath: legacyPath, contents: Data(windows1251(text)))
    }
    let utf8Path = bench.write(text, to: "russian-utf8.srt")
    var legacy: [Double] = []
    var mapped: [Double] = []
    var piped: [Double] = []
    var counts: [String] = []
    for _ in 0..<bench.options.runs {
        let result = ProcessRun.run([bench.seek, "-c", "-e", "budget", legacyPath], keeping: true)
        legacy.append(result.seconds)
        counts = [String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)]
        mapped.append(ProcessRun.run([bench.seek, "-c", "-e", "budget", utf8Path]).seconds)
        piped.append(ProcessRun.run(["/bin/sh", "-c", "\"$0\" -c -e budget < \"$1\"", bench.seek, utf8Path]).seconds)
    }
    let peak = ProcessRun.peakKilobytes([bench.seek, "-c", "-e", "budget", legacyPath], scratch: bench.directory)
    let size = ((try? FileManager.default.attributesOfItem(atPath: legacyPath)[.size]) as? Int) ?? 0
    bench.row("windows-1251 .srt \(megabytes(size / 1024)), 'budget' -c", seek: format(median(legacy)),
              rg: "UTF-8 piped to seek " + format(median(piped)),
              ratio: String(format: "%.2fx", median(legacy) / max(median(piped), 1e-9)), peak: megabytes(peak),
              matches: counts.first ?? "", check: "UTF-8 mapped " + format(median(mapped)))
    let bytes = windows1251(text)
    let start = now()
    let decoded = try? TextDecoder.decode(bytes, fileName: legacyPath)
    let elapsed = now() - start
    bench.note(String(format: "detect and decode %@ of windows-1251 in process: %@ (%.0f MB/s), read as %@",
                        megabytes(bytes.count / 1024), format(elapsed), Double(bytes.count) / 1e6 / elapsed,
                        decoded?.encoding.name ?? "nothing"))
}

func matchModes(_ bench: Bench) {
    guard bench.wants("modes") else { return }
    // Whole words and accent folding: the byte scan finds candidates, Unicode is asked only where
    // the text is not ASCII; with curly apostrophes every cue that has one is folded first.
    let (text, _) = srt(bytes: bench.options.size(50), seed: 2)
    let path = bench.write(text, to: "subtitles.srt")
    bench.compareWithRipgrep("subtitles.srt, -w 'the'", .files([path]), keyword: "the", modes: [.count], target: 3.0,
                             flags: ["-w"], query: Query("the", wholeWords: true))
    bench.compareWithRipgrep("subtitles.srt, --ignore-accents \"it's\"", .files([path]), keyword: "it's", modes: [.count],
                             target: 3.0, seekFlags: ["--ignore-accents"], query: Query("it's", ignoresAccents: true))
    let curly = bench.write(text.replacingOccurrences(of: "'", with: "\u{2019}"), to: "curly.srt")
    bench.compareWithRipgrep("curly.srt (it’s), --ignore-accents \"it's\"", .files([curly]), keyword: "it's",
                             modes: [.count], target: 10.0, seekFlags: ["--ignore-accents"],
                             query: Query("it's", ignoresAccents: true))
}

func navigatorKeystrokes(_ bench: Bench) {
    guard bench.wants("navigator") else { return }
    // Keystroke to redrawn frame, headless: the real viewer state handles the key (running its
    // search on this thread, where the terminal runs it on a worker), then the frame is rendered.
    let (text, _) = srt(bytes: bench.options.quick ? 400_000 : 7_000_000, seed: 5)
    if let loaded = try? TranscriptLoader.load(Array(text.utf8), fileName: "bench.srt") {
        let transcript = loaded.transcript
        var state = ViewerState(transcript: transcript, displayName: "bench.srt",
                                size: TerminalSize(rows: 40, columns: 120))
        var previous: Frame? = FrameRenderer.render(state)
        var durations: [Double] = []
        let typed: [Key] = "budget".map { .character($0) } + Array(repeating: .backspace, count: 6)
            + "home town".map { .character($0) } + Array(repeating: .backspace, count: 9)
            + "café".map { .character($0) } + Array(repeating: .backspace, count: 4)
        let browsing: [Key] = [.escape] + Array(repeating: .character("n"), count: 10)
            + Array(repeating: .character("N"), count: 5) + [.pageDown, .pageDown, .character("G"), .character("g")]
        for _ in 0..<(bench.options.quick ? 2 : 5) {
            for key in "home".map({ Key.character($0) }) + [.escape] + browsing + [.character("/")] + typed {
                let start = now()
                _ = state.handleNow(key)
                let frame = FrameRenderer.render(state)
                _ = frame.bytes(replacing: previous)
                previous = frame
                durations.append(now() - start)
            }
        }
        let worst = now()
        _ = MatchIndex(transcript: transcript, query: Query("σ"))
        bench.note("keystroke worst case, a keyword with no ASCII piece ('σ', Regex on every cue): " + format(now() - worst))
        bench.row("keystroke to frame (\(transcript.count) cues)", seek: "p95 " + format(percentile(durations, 0.95)),
                  target: "< 16 ms", matches: "median " + format(median(durations)))
    }
}

func suggestionCompletions(_ bench: Bench) {
    guard bench.wants("suggestions") else { return }
    // Completions per keystroke on about 100,000 cues.
    let (text, _) = srt(bytes: bench.options.quick ? 400_000 : 7_000_000, seed: 5)
    if let loaded = try? TranscriptLoader.load(Array(text.utf8), fileName: "bench.srt") {
        let start = now()
        let suggestions = Suggestions(transcript: loaded.transcript)
        let built = now() - start
        var durations: [Double] = []
        for prefix in ["b", "bu", "bud", "t", "th", "the", "w", "wh", "whe", "s", "co", "com", "x"] {
            let begin = now()
            _ = suggestions.completions(for: prefix, limit: 8)
            durations.append(now() - begin)
        }
        bench.row("suggestions (\(loaded.transcript.count) cues)", seek: "p95 " + format(percentile(durations, 0.95)),
                  target: "per keystroke", matches: "build " + format(built))
    }
}

func openLargeFile(_ bench: Bench) {
    guard bench.wants("open") else { return }
    // A million cues: read, decode, parse, search the keyword given, render the first frame.
    let (text, cues) = srt(bytes: bench.options.quick ? 2_000_000 : 74_000_000, seed: 6)
    let path = bench.write(text, to: "million.srt")
    var times: [Double] = []
    for _ in 0..<min(bench.options.runs, 3) {
        let start = now()
        if let data = FileManager.default.contents(atPath: path),
           let loaded = try? TranscriptLoader.load([UInt8](data), fileName: path) {
            var state = ViewerState(transcript: loaded.transcript, displayName: path, keywords: ["budget"],
                                    size: TerminalSize(rows: 40, columns: 120))
            state.searchInitiallyNow()
            _ = FrameRenderer.render(state).bytes(replacing: nil)
        }
        times.append(now() - start)
    }
    bench.row("open to first frame (\(cues) cues)", seek: format(median(times)), target: "< 1 s")
}

func twoCoresAgainstOne(_ bench: Bench) {
    guard bench.wants("directory") else { return }
    // A thousand files: both cores against one (taskset).
    let directory = bench.directory + "/many"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for number in 0..<1_000 {
        let path = directory + "/file\(number).srt"
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(
                atPath: path, contents: Data(srt(bytes: bench.options.quick ? 2_000 : 40_000, seed: 100 + UInt64(number)).text.utf8))
        }
    }
    var both: [Double] = []
    var one: [Double] = []
    for _ in 0..<bench.options.runs {
        both.append(ProcessRun.run([bench.seek, "-r", "--count", "-e", "budget", directory]).seconds)
        one.append(ProcessRun.run(["taskset", "-c", "0", bench.seek, "-r", "--count", "-e", "budget", directory]).seconds)
    }
    bench.row("1,000 files, 2 cores vs 1", seek: format(median(both)), rg: format(median(one)) + " (seek, 1 core)",
              ratio: String(format: "%.2fx faster", median(one) / max(median(both), 1e-9)), target: "≥ 1.7x")
}

func matcherInProcess(_ bench: Bench) {
    guard bench.wants("matcher") else { return }
    // The search core alone, in process: fast path against the Regex reference.
    let workloads: [(String, String, String)] = [
        ("english.txt", englishText(bytes: bench.options.size(50), seed: 1), "budget"),
        ("subtitles.srt", srt(bytes: bench.options.size(50), seed: 2).text, "home town"),
        ("chinese.txt", chineseText(bytes: bench.options.size(20), seed: 3), "预算"),
    ]
    for (name, text, keyword) in workloads {
        guard let loaded = try? TranscriptLoader.load(Array(text.utf8), fileName: name) else { continue }
        let transcript = loaded.transcript
        var times: [Double] = []
        var count = 0
        for _ in 0..<bench.options.runs {
            let start = now()
            count = MatchIndex.count(transcript: transcript, query: Query(keyword))
            times.append(now() - start)
        }
        let sample = transcript.prefix(20_000)
        let sampleBytes = sample.reduce(0) { $0 + $1.text.utf8.count + 1 }
        let reference = ReferenceMatcher(keyword: keyword)
        let referenceStart = now()
        _ = sample.reduce(0) { $0 + reference.ranges(in: $1.text[...]).count }
        let referenceSeconds = now() - referenceStart
        let megabytes = Double(transcript.storage.utf8.count) / 1e6
        if name == "english.txt" {
            let start = now()
            let index = MatchIndex(transcript: transcript, query: Query("e"))
            bench.note(String(format: "index of 'e' in %@: %d matches in %@, %.0f MB of index (14 bytes a match)",
                                name, index.count, format(now() - start), Double(index.count * 14) / 1e6))
        }
        bench.note(String(format: "matcher alone, %@ '%@': %d matches in %.0f MB of cue text, %@ (%.0f MB/s); Regex reference %.1f MB/s",
                            name, keyword, count, megabytes, format(median(times)), megabytes / median(times),
                            Double(sampleBytes) / 1e6 / referenceSeconds))
    }
}
