// seek-bench: measures seek against grep on generated workloads and prints a table.
//
// Wall times come from the monotonic clock around spawn and wait4; peak memory from
// GNU time (/usr/bin/time) in one extra run on Linux, from wait4 on macOS.
//
// Usage: seek-bench [--quick] [--runs N] [--only NAME,...] [--keep DIR]
//
// Build both in release first, from Benchmarks/ (on macOS without -Xswiftc -static-executable):
//   flags="-Xswiftc -static-executable -Xswiftc -cross-module-optimization"
//   swift build -c release $flags && swift build -c release --product seek $flags
// (seek-bench looks for the `seek` binary next to itself).
// Workloads are generated from a fixed seed, so every run measures the same bytes.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SeekKit
import SeekViewer

// MARK: - Options

struct BenchOptions {
    var quick = false
    var runs = 5
    var only: Set<String> = []
    var keep: String?

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--runs": runs = rest.popFirst().flatMap { Int($0) }.map { max(1, $0) } ?? runs
            case "--only": only = Set((rest.popFirst() ?? "").split(separator: ",").map(String.init))
            case "--keep": keep = rest.popFirst()
            default:
                FileHandle.standardError.write(Data("seek-bench: unknown argument \(argument)\n".utf8))
                exit(2)
            }
        }
    }

    func wants(_ name: String) -> Bool { only.isEmpty || only.contains(name) }

    /// Scales a full-size byte count down for `--quick`.
    func size(_ megabytes: Int) -> Int { (quick ? max(1, megabytes / 25) : megabytes) * 1_000_000 }
}

// MARK: - Deterministic text

struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Words drawn with a rough Zipf distribution, so common words dominate like real speech.
struct Vocabulary {
    let words: [String]
    let cumulative: [Double]

    init(_ words: [String]) {
        self.words = words
        var total = 0.0
        cumulative = words.indices.map { rank in
            total += 1 / Double(rank + 1)
            return total
        }
    }

    func word(_ random: inout SeededGenerator) -> String {
        let target = Double.random(in: 0..<cumulative[cumulative.count - 1], using: &random)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] <= target { low = mid + 1 } else { high = mid }
        }
        return words[low]
    }
}

let english = Vocabulary("""
the I you to and a of it that is in we what this know was don't for on have be just it's so not
my with me are can your but all he here like do they right there no yeah get go if well about
at oh one out now up think come how want okay got see she him his her why they're time going
then from when who let's would could really good look back take thing people where tell been
mean some something over because very said much work home town year say more way little need
make thank things also only even long first never day our new give call other around still try
down world life before last place great these after talk most money again same help house plan
while family keep every between night point school start world against under number budget
question government company system program problem important public business service market
report meeting project council member evidence minister committee policy community schedule
""".split(whereSeparator: \.isWhitespace).map(String.init))

let chinese = Vocabulary("""
我们 你 他 的 是 了 在 这个 一个 没有 什么 不 就 也 很 都 说 要 会 可以 现在 知道 时候 还 人 我 她
这样 那么 因为 所以 但是 如果 已经 自己 大家 今天 明天 工作 问题 公司 会议 计划 项目 时间 事情 东西
预算 政府 经济 发展 市场 报告 委员会 部门 学校 家庭 朋友 老师 学生 孩子 城市 国家 世界 生活 电话
""".split(whereSeparator: \.isWhitespace).map(String.init))

let russian = Vocabulary("""
я ты он она мы вы они не что это как так вот где когда почему знаю думаю хочу могу надо нужно
будет было есть сейчас потом завтра вчера сегодня домой работа деньги бюджет город семья друг время
день ночь дело человек жизнь правда вопрос ответ совет комитет школа отец мать брат сестра дом дорога
""".split(whereSeparator: \.isWhitespace).map(String.init))

/// `text` in windows-1251 (it holds only ASCII and Russian letters).
func windows1251(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { scalar -> UInt8 in
        switch scalar.value {
        case 0..<0x80: UInt8(scalar.value)
        case 0x410...0x44F: UInt8(scalar.value - 0x410 + 0xC0)
        case 0x401: 0xA8
        case 0x451: 0xB8
        default: 0x3F
        }
    }
}

/// Russian SRT, like `srt` but from the Russian words.
func russianSRT(bytes: Int, seed: UInt64) -> String {
    var random = SeededGenerator(seed: seed)
    var text = ""
    var cue = 0
    var time = 0
    while text.utf8.count < bytes * 14 / 10 {
        cue += 1
        let duration = Int.random(in: 800...4_000, using: &random)
        text += "\(cue)\n\(timestamp(time, separator: ",")) --> \(timestamp(time + duration, separator: ","))\n"
        text += sentence(russian, words: 3...8, separator: " ", &random) + "\n\n"
        time += duration + 200
    }
    return text
}

func sentence(_ vocabulary: Vocabulary, words: ClosedRange<Int>, separator: String,
              _ random: inout SeededGenerator) -> String {
    (0..<Int.random(in: words, using: &random)).map { _ in vocabulary.word(&random) }.joined(separator: separator)
}

func timestamp(_ milliseconds: Int, separator: Character) -> String {
    let hours = milliseconds / 3_600_000
    let minutes = milliseconds / 60_000 % 60
    let seconds = milliseconds / 1_000 % 60
    let rest = milliseconds % 1_000
    return String(format: "%02d:%02d:%02d%@%03d", hours, minutes, seconds, String(separator), rest)
}

/// Plain text: one sentence per line.
func englishText(bytes: Int, seed: UInt64) -> String {
    var random = SeededGenerator(seed: seed)
    var text = ""
    text.reserveCapacity(bytes + 200)
    while text.utf8.count < bytes {
        var line = sentence(english, words: 4...16, separator: " ", &random)
        line.replaceSubrange(line.startIndex...line.startIndex, with: line.prefix(1).uppercased())
        text += line + ".\n"
    }
    return text
}

/// SRT with one or two lines per cue.
func srt(bytes: Int, seed: UInt64) -> (text: String, cues: Int) {
    var random = SeededGenerator(seed: seed)
    var text = ""
    text.reserveCapacity(bytes + 200)
    var cue = 0
    var time = 0
    while text.utf8.count < bytes {
        cue += 1
        let duration = Int.random(in: 800...4_000, using: &random)
        text += "\(cue)\n\(timestamp(time, separator: ",")) --> \(timestamp(time + duration, separator: ","))\n"
        text += sentence(english, words: 3...8, separator: " ", &random) + "\n"
        if Bool.random(using: &random) { text += sentence(english, words: 3...8, separator: " ", &random) + "\n" }
        text += "\n"
        time += duration + 200
    }
    return (text, cue)
}

/// Chinese text: one sentence per line, ideographs without spaces, full-width punctuation.
func chineseText(bytes: Int, seed: UInt64) -> String {
    var random = SeededGenerator(seed: seed)
    var text = ""
    text.reserveCapacity(bytes + 200)
    while text.utf8.count < bytes {
        text += sentence(chinese, words: 3...8, separator: "", &random) + "，"
            + sentence(chinese, words: 3...8, separator: "", &random) + "。\n"
    }
    return text
}

// MARK: - Running processes

struct RunResult {
    var seconds: Double
    var peakKilobytes: Int
    var output: String
    var status: Int32
}

/// Runs `arguments` with standard output captured in a file; wall time and peak memory from `wait4`.
func run(_ arguments: [String], outputPath: String) -> RunResult {
    #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t?
    let environment = _NSGetEnviron().pointee
    #else
    var actions = posix_spawn_file_actions_t()
    let environment = environ
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environment)
    guard spawned == 0 else {
        return RunResult(seconds: 0, peakKilobytes: 0, output: "spawn failed: \(spawned)", status: -1)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &end)
    let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    #if canImport(Darwin)
    let peakKilobytes = usage.ru_maxrss / 1024  // bytes on Apple's systems
    #else
    let peakKilobytes = usage.ru_maxrss
    #endif
    return RunResult(seconds: seconds, peakKilobytes: peakKilobytes, output: output, status: status)
}

/// Peak memory of a command: on Linux from GNU time's `%M`, on macOS from `wait4`.
///
/// On Linux `wait4`'s own figure is not used for this: a child spawned with a shared address
/// space starts its high-water mark at the parent's size, and this parent holds the
/// generated workloads. macOS spawns into a fresh address space.
@MainActor func peakKilobytes(_ arguments: [String]) -> Int {
    #if canImport(Darwin)
    return run(arguments, outputPath: outputPath).peakKilobytes
    #else
    let memoryPath = outputPath + ".memory"
    _ = run(["/usr/bin/time", "-f", "%M", "-o", memoryPath] + arguments, outputPath: outputPath)
    let text = (try? String(contentsOfFile: memoryPath, encoding: .utf8)) ?? ""
    return text.split(whereSeparator: \.isNewline).last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
    #endif
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func megabytes(_ kilobytes: Int) -> String { String(format: "%.0f MB", Double(kilobytes) / 1024) }

func format(_ seconds: Double) -> String {
    seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
}

// MARK: - The benchmark

let options = BenchOptions(CommandLine.arguments)
let selfURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
let seekPath = selfURL.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("seek").path
guard FileManager.default.isExecutableFile(atPath: seekPath) else {
    FileHandle.standardError.write(Data("seek-bench: no seek binary at \(seekPath); build it in release first\n".utf8))
    exit(2)
}
let workDirectory = options.keep ?? NSTemporaryDirectory() + "seek-bench-\(getpid())"
try? FileManager.default.createDirectory(atPath: workDirectory, withIntermediateDirectories: true)
defer { if options.keep == nil { try? FileManager.default.removeItem(atPath: workDirectory) } }
let outputPath = workDirectory + "/out"

var rows: [[String]] = [["workload", "seek", "grep", "ratio", "target", "seek peak", "file", "matches", "check"]]
var notes: [String] = []

@MainActor func write(_ text: String, to name: String) -> String {
    let path = workDirectory + "/" + name
    if !FileManager.default.fileExists(atPath: path) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
    return path
}

/// The number of matches by the definition itself, `ReferenceMatcher` cue by cue.
func referenceCount(path: String, keyword: String, formatName: String, modes: Query = Query(keywords: [])) -> Int? {
    guard let data = FileManager.default.contents(atPath: path),
          let loaded = try? TranscriptLoader.load([UInt8](data), fileName: path,
                                                  options: LoadOptions(format: SubtitleFormat(rawValue: formatName)))
    else { return nil }
    let reference = ReferenceMatcher(keyword: keyword, wholeWords: modes.wholeWords, ignoresAccents: modes.ignoresAccents)
    return loaded.transcript.indices.reduce(0) { $0 + reference.ranges(in: loaded.transcript.text(at: $1)).count }
}

/// seek --count against grep -i -F -c, runs alternating, medians compared.
@MainActor func compareWithGrep(name: String, path: String, keyword: String, formatName: String, target: Double,
                                seekFlags: [String] = [], grepFlags: [String] = [], modes: Query = Query(keywords: [])) {
    var seekTimes: [Double] = []
    var grepTimes: [Double] = []
    var peak = 0
    var seekOutput = ""
    for _ in 0..<options.runs {
        let seek = run([seekPath, "--count", "--format", formatName] + seekFlags + ["-e", keyword, path],
                       outputPath: outputPath)
        seekTimes.append(seek.seconds)
        seekOutput = seek.output.trimmingCharacters(in: .whitespacesAndNewlines)
        grepTimes.append(run(["grep", "-i", "-F", "-c"] + grepFlags + [keyword, path], outputPath: outputPath).seconds)
    }
    peak = peakKilobytes([seekPath, "--count", "--format", formatName] + seekFlags + ["-e", keyword, path])
    let fileSize = ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
    let expected = referenceCount(path: path, keyword: keyword, formatName: formatName, modes: modes)
    let check = expected.map { String($0) == seekOutput ? "ok" : "MISMATCH (reference \($0))" } ?? "unreadable"
    let ratio = median(seekTimes) / max(median(grepTimes), 1e-9)
    rows.append([name, format(median(seekTimes)), format(median(grepTimes)), String(format: "%.2fx", ratio),
                 String(format: "≤ %.1fx", target), megabytes(peak) + String(format: " (%.1fx)", Double(peak * 1024) / Double(max(fileSize, 1))),
                 megabytes(fileSize / 1024), seekOutput, check])
}

if options.wants("english") {
    let path = write(englishText(bytes: options.size(50), seed: 1), to: "english.txt")
    compareWithGrep(name: "english.txt, 'budget'", path: path, keyword: "budget", formatName: "text", target: 1.0)
}
if options.wants("srt") {
    let path = write(srt(bytes: options.size(50), seed: 2).text, to: "subtitles.srt")
    compareWithGrep(name: "subtitles.srt, 'home town'", path: path, keyword: "home town", formatName: "srt", target: 1.5)
}
if options.wants("chinese") {
    let path = write(chineseText(bytes: options.size(20), seed: 3), to: "chinese.txt")
    compareWithGrep(name: "chinese.txt, '预算'", path: path, keyword: "预算", formatName: "text", target: 2.0)
}

if options.wants("legacy") {
    // A Russian film archive in windows-1251: detected, decoded and counted, against the same
    // text in UTF-8 (mapped, and through a pipe, which reads it into memory as decoding does).
    let text = russianSRT(bytes: options.size(50), seed: 7)
    let legacyPath = workDirectory + "/russian-1251.srt"
    if !FileManager.default.fileExists(atPath: legacyPath) {
        _ = FileManager.default.createFile(atPath: legacyPath, contents: Data(windows1251(text)))
    }
    let utf8Path = write(text, to: "russian-utf8.srt")
    var legacy: [Double] = []
    var mapped: [Double] = []
    var piped: [Double] = []
    var counts: [String] = []
    for _ in 0..<options.runs {
        let result = run([seekPath, "-c", "-e", "budget", legacyPath], outputPath: outputPath)
        legacy.append(result.seconds)
        counts = [result.output.trimmingCharacters(in: .whitespacesAndNewlines)]
        mapped.append(run([seekPath, "-c", "-e", "budget", utf8Path], outputPath: outputPath).seconds)
        piped.append(run(["/bin/sh", "-c", "\"$0\" -c -e budget < \"$1\"", seekPath, utf8Path], outputPath: outputPath).seconds)
    }
    let peak = peakKilobytes([seekPath, "-c", "-e", "budget", legacyPath])
    let size = ((try? FileManager.default.attributesOfItem(atPath: legacyPath)[.size]) as? Int) ?? 0
    rows.append(["windows-1251 .srt, 'budget'", format(median(legacy)), format(median(piped)) + " (UTF-8 piped)",
                 String(format: "%.2fx", median(legacy) / max(median(piped), 1e-9)), "", megabytes(peak),
                 megabytes(size / 1024), counts.first ?? "", "UTF-8 mapped " + format(median(mapped))])
    let bytes = windows1251(text)
    let start = now()
    let decoded = try? TextDecoder.decode(bytes, fileName: legacyPath)
    let elapsed = now() - start
    notes.append(String(format: "detect and decode %@ of windows-1251 in process: %@ (%.0f MB/s), read as %@",
                        megabytes(bytes.count / 1024), format(elapsed), Double(bytes.count) / 1e6 / elapsed,
                        decoded?.encoding.name ?? "nothing"))
}

if options.wants("modes") {
    // Whole words and accent folding: the byte scan finds candidates, Unicode is asked only where
    // the text is not ASCII; with curly apostrophes every cue that has one is folded first.
    let (text, _) = srt(bytes: options.size(50), seed: 2)
    let path = write(text, to: "subtitles.srt")
    compareWithGrep(name: "subtitles.srt, -w 'the'", path: path, keyword: "the", formatName: "srt", target: 3.0,
                    seekFlags: ["-w"], grepFlags: ["-w"], modes: Query("the", wholeWords: true))
    compareWithGrep(name: "subtitles.srt, --ignore-accents \"it's\"", path: path, keyword: "it's", formatName: "srt",
                    target: 3.0, seekFlags: ["--ignore-accents"], modes: Query("it's", ignoresAccents: true))
    let curly = write(text.replacingOccurrences(of: "'", with: "\u{2019}"), to: "curly.srt")
    compareWithGrep(name: "curly.srt (it’s), --ignore-accents \"it's\"", path: curly, keyword: "it's", formatName: "srt",
                    target: 10.0, seekFlags: ["--ignore-accents"], modes: Query("it's", ignoresAccents: true))
}

if options.wants("json") {
    // About a million matches: 'the' in English subtitles.
    let path = write(srt(bytes: options.quick ? 2_000_000 : 46_000_000, seed: 4).text, to: "json.srt")
    var times: [Double] = []
    var lines = 0
    for _ in 0..<options.runs {
        let result = run([seekPath, "--json", "-e", "the", path], outputPath: outputPath)
        times.append(result.seconds)
        lines = result.output.utf8.count(where: { $0 == 0x0A })
    }
    rows.append(["--json export", format(median(times)), "", "", "< 2 s", "", "", "\(lines) lines", ""])
}

if options.wants("navigator") {
    // Keystroke to redrawn frame, headless: the real viewer state handles the key (running its
    // search on this thread, where the terminal runs it on a worker), then the frame is rendered.
    let (text, _) = srt(bytes: options.quick ? 400_000 : 7_000_000, seed: 5)
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
        for _ in 0..<(options.quick ? 2 : 5) {
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
        notes.append("keystroke worst case, a keyword with no ASCII piece ('σ', Regex on every cue): " + format(now() - worst))
        rows.append(["keystroke to frame (\(transcript.count) cues)", "p95 " + format(percentile(durations, 0.95)),
                     "", "", "< 16 ms", "", "", "median " + format(median(durations)), ""])
    }
}

if options.wants("suggestions") {
    // Completions per keystroke on about 100,000 cues.
    let (text, _) = srt(bytes: options.quick ? 400_000 : 7_000_000, seed: 5)
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
        rows.append(["suggestions (\(loaded.transcript.count) cues)", "p95 " + format(percentile(durations, 0.95)),
                     "", "", "per keystroke", "", "", "build " + format(built), ""])
    }
}

if options.wants("open") {
    // A million cues: read, decode, parse, search the keyword given, render the first frame.
    let (text, cues) = srt(bytes: options.quick ? 2_000_000 : 74_000_000, seed: 6)
    let path = write(text, to: "million.srt")
    var times: [Double] = []
    for _ in 0..<min(options.runs, 3) {
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
    rows.append(["open to first frame (\(cues) cues)", format(median(times)), "", "", "< 1 s", "", "", "", ""])
}

if options.wants("directory") {
    // A thousand files: both cores against one (taskset).
    let directory = workDirectory + "/many"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for number in 0..<1_000 {
        let path = directory + "/file\(number).srt"
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(
                atPath: path, contents: Data(srt(bytes: options.quick ? 2_000 : 40_000, seed: 100 + UInt64(number)).text.utf8))
        }
    }
    var both: [Double] = []
    var one: [Double] = []
    for _ in 0..<options.runs {
        both.append(run([seekPath, "-r", "--count", "-e", "budget", directory], outputPath: outputPath).seconds)
        one.append(run(["taskset", "-c", "0", seekPath, "-r", "--count", "-e", "budget", directory],
                       outputPath: outputPath).seconds)
    }
    rows.append(["1,000 files, 2 cores vs 1", format(median(both)), format(median(one)) + " (1 core)",
                 String(format: "%.2fx faster", median(one) / max(median(both), 1e-9)), "≥ 1.7x", "", "", "", ""])
}

if options.wants("matcher") {
    // The search core alone, in process: fast path against the Regex reference.
    let workloads: [(String, String, String)] = [
        ("english.txt", englishText(bytes: options.size(50), seed: 1), "budget"),
        ("subtitles.srt", srt(bytes: options.size(50), seed: 2).text, "home town"),
        ("chinese.txt", chineseText(bytes: options.size(20), seed: 3), "预算"),
    ]
    for (name, text, keyword) in workloads {
        guard let loaded = try? TranscriptLoader.load(Array(text.utf8), fileName: name) else { continue }
        let transcript = loaded.transcript
        var times: [Double] = []
        var count = 0
        for _ in 0..<options.runs {
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
            notes.append(String(format: "index of 'e' in %@: %d matches in %@, %.0f MB of index (14 bytes a match)",
                                name, index.count, format(now() - start), Double(index.count * 14) / 1e6))
        }
        notes.append(String(format: "matcher alone, %@ '%@': %d matches in %.0f MB of cue text, %@ (%.0f MB/s); Regex reference %.1f MB/s",
                            name, keyword, count, megabytes, format(median(times)), megabytes / median(times),
                            Double(sampleBytes) / 1e6 / referenceSeconds))
    }
}

let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
for row in rows {
    print(row.indices.map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  "))
}
for note in notes { print(note) }
