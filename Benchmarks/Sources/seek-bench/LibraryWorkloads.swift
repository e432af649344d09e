// Issue #18's targets for the library navigator: a generated library of 1,000 files and
// 1,000,000 cues (about 70 MB), measured twice:
//
// - in process, headless: the real `ViewerState` over every file, each key handled and its frame
//   rendered and turned into bytes (keystroke to frame); a key that changes the query gets its
//   frame at once (the search runs on a worker in `seek -i`), then the worker's results are applied
//   50 files at a time, each batch followed by a frame (result to frame), and the query's search
//   over the whole library is timed apart (query to final count);
// - the real binary in tmux (`seek -i -r budget DIR`): time to the first frame, time to the final
//   count, and the navigator's resident memory then (VmRSS, and its peak VmHWM, from /proc) against
//   the files' total size;
// - a directory of 100,000 one-cue files (10,000 with --quick), one in ten holding the keyword:
//   the first frame, the file list paged to its end, the final count, and the memory each file
//   costs above the navigator on one file.

import Foundation
import SeekKit
import SeekViewer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func libraryNavigator(_ bench: Bench) {
    guard bench.wants("library-navigator") else { return }
    let fileCount = bench.options.quick ? 100 : 1_000
    // About 70 bytes a cue: 1,000 cues a file.
    let directory = subtitleLibrary(in: bench.directory + "/navigator-library", count: fileCount, bytes: 70_000)
    let paths = libraryPaths(directory)
    let totalBytes = paths.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? NSNumber)?.intValue ?? 0) }
    libraryKeystrokes(bench, paths: paths, directory: directory)
    libraryInTerminal(bench, directory: directory, fileCount: paths.count, totalBytes: totalBytes)
    manyFilesInTerminal(bench, fileCount: bench.options.quick ? 10_000 : 100_000)
}

/// `count` one-cue SRT files in folders of 1,000, one in ten saying "budget".
private func tinyLibrary(in directory: String, count: Int) -> String {
    for number in 0..<count {
        let folder = directory + String(format: "/part%03d", number / 1_000)
        if number % 1_000 == 0 { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let path = folder + String(format: "/clip%06d.srt", number)
        guard !FileManager.default.fileExists(atPath: path) else { continue }
        let words = number % 10 == 0 ? "the budget of clip \(number)" : "nothing said in clip \(number)"
        _ = FileManager.default.createFile(atPath: path, contents: Data("1\n00:00:01,000 --> 00:00:02,500\n\(words)\n".utf8))
    }
    return directory
}

/// The resident memory of the process in the pane (KiB; see `processMemory`).
private func residentKilobytes(ofPane tmux: ([String]) -> String) -> Int? {
    guard let pid = Int32(tmux(["display-message", "-p", "-t", "b", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    else { return nil }
    return processMemory(of: pid).resident
}

/// `seek -i -r budget DIR` over `fileCount` tiny files in tmux: first frame, the list paged, final
/// count, and memory per file (above `seek -i` on one of them).
private func manyFilesInTerminal(_ bench: Bench, fileCount: Int) {
    guard ProcessRun.isInstalled("tmux") else { return }
    let directory = tinyLibrary(in: bench.directory + "/navigator-many-files-\(fileCount)", count: fileCount)
    let socket = "seek-bench-many-\(getpid())"
    func tmux(_ arguments: [String]) -> String {
        String(decoding: ProcessRun.run(["tmux", "-L", socket] + arguments, keeping: true).output, as: UTF8.self)
    }
    func screen() -> String { tmux(["capture-pane", "-p", "-t", "b"]) }
    func waitFor(_ seconds: Double, _ condition: (String) -> Bool) -> Double? {
        let start = now()
        while now() - start < seconds { if condition(screen()) { return now() - start } }
        return nil
    }
    // One file: the navigator's own memory.
    _ = tmux(["-f", "/dev/null", "new-session", "-d", "-s", "b", "-x", "120", "-y", "40",
              bench.seek, "-i", "budget", directory + "/part000/clip000000.srt"])
    _ = waitFor(30) { $0.contains(" 1/1") }
    let alone = residentKilobytes(ofPane: tmux)
    _ = tmux(["kill-server"])

    let start = now()
    _ = tmux(["-f", "/dev/null", "new-session", "-d", "-s", "b", "-x", "120", "-y", "40",
              bench.seek, "-i", "-r", "budget", directory])
    let first = waitFor(30) { $0.contains(" files") }.map { _ in now() - start }
    _ = tmux(["send-keys", "-t", "b", "l", "NPage", "End"])
    let last = String(format: "clip%06d.srt", fileCount - 1)
    let paged = waitFor(60) { $0.contains(last) }
    _ = tmux(["send-keys", "-t", "b", "Escape"])
    let final = waitFor(600) { $0.contains(" 1/") && !$0.contains("searching") }.map { _ in now() - start }
    let resident = residentKilobytes(ofPane: tmux)
    _ = tmux(["send-keys", "-t", "b", "q"])
    _ = tmux(["kill-server"])
    bench.row("library of \(fileCount) one-cue files: first frame (through tmux)", seek: first.map(format) ?? "never",
              target: "< 0.5 s", matches: "list at its end " + (paged.map(format) ?? "never") + ", final count " + (final.map(format) ?? "never"))
    if let resident, let alone {
        bench.row("library of \(fileCount) one-cue files: memory a file", seek: "\((resident - alone) * 1024 / fileCount) bytes",
                  peak: String(format: "%.0f MB resident (%.0f MB for one file)", Double(resident) / 1024, Double(alone) / 1024))
    }
}

/// The library's files in path order, as `seek -r` walks them.
private func libraryPaths(_ directory: String) -> [String] {
    let names = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String]) ?? []
    return names.filter { $0.hasSuffix(".srt") || $0.hasSuffix(".vtt") }.sorted().map { directory + "/" + $0 }
}

private func libraryKeystrokes(_ bench: Bench, paths: [String], directory: String) {
    var files: [LibraryFile] = []
    for path in paths {
        let name = String(path.dropFirst(directory.count + 1))
        guard let data = FileManager.default.contents(atPath: path),
              let loaded = try? TranscriptLoader.load([UInt8](data), fileName: name) else {
            files.append(LibraryFile(name: name, content: .failed("\(name): not read")))
            continue
        }
        files.append(LibraryFile(name: name, content: .loaded(loaded.transcript)))
    }
    let cues = files.reduce(0) { $0 + ($1.transcript?.count ?? 0) }
    var state = ViewerState(library: files, keywords: ["budget"], size: TerminalSize(rows: 40, columns: 120))
    state.searchInitiallyNow()
    var previous: Frame? = FrameRenderer.render(state)
    var keystrokes: [Double] = []
    var batches: [Double] = []
    var searches: [Double] = []

    func frame() {
        let rendered = FrameRenderer.render(state)
        _ = rendered.bytes(replacing: previous)
        previous = rendered
    }
    /// The worker's part of a search, timed apart, then its results handed over 50 files at a time.
    func runSearch(_ request: SearchRequest) {
        let start = now()
        let results = files.indices.compactMap { file in
            files[file].transcript.map { FileMatches(file: file, index: MatchIndex(transcript: $0, query: request.query)) }
        }
        searches.append(now() - start)
        for batch in stride(from: 0, to: results.count, by: 50) {
            let begin = now()
            state.apply(Array(results[batch..<min(results.count, batch + 50)]), generation: request.generation)
            frame()
            batches.append(now() - begin)
        }
    }

    let browsing: [Key] = Array(repeating: .character("n"), count: 20) + Array(repeating: .character("N"), count: 10)
        + Array(repeating: .character("]"), count: 10) + Array(repeating: .character("["), count: 5)
        + [.character(":"), .character("9"), .character("0"), .character("0"), .enter]
        + [.character("t"), .character("n"), .character("n"), .pageDown, .character("G"), .character("g")]
        + [.character("l"), .down, .down, .pageDown, .end, .home] + "ep".map { .character($0) }
        + [.backspace, .backspace, .tab, .tab, .enter, .character("t")]
    let typing: [Key] = [.character("/"), .control("u")] + "home town".map { .character($0) }
        + Array(repeating: .backspace, count: 9) + "budget".map { .character($0) } + [.escape]
    for _ in 0..<(bench.options.quick ? 1 : 3) {
        for key in browsing + typing {
            let start = now()
            let action = state.handle(key)
            frame()
            keystrokes.append(now() - start)
            if case .search(let request)? = action { runSearch(request) }
        }
    }
    bench.row("library keystroke to frame (\(files.count) files, \(cues) cues)",
              seek: "p95 " + format(percentile(keystrokes, 0.95)), target: "< 16 ms",
              matches: "median " + format(median(keystrokes)) + ", max " + format(keystrokes.max() ?? 0))
    bench.row("library results to frame (50 files a batch)", seek: "p95 " + format(percentile(batches, 0.95)),
              target: "< 16 ms", matches: "median " + format(median(batches)))
    bench.row("library query to final count (in process, 1 thread)", seek: "median " + format(median(searches)),
              matches: "\(searches.count) queries")
}

/// `seek -i -r budget DIR` in a private tmux server: first frame, final count, resident memory.
private func libraryInTerminal(_ bench: Bench, directory: String, fileCount: Int, totalBytes: Int) {
    guard ProcessRun.isInstalled("tmux") else {
        bench.note("tmux is not installed: the library's first frame and memory are not measured")
        return
    }
    var firstFrames: [Double] = []
    var finals: [Double] = []
    var resident: [Int] = []
    var peaks: [Int] = []
    for run in 0..<min(bench.options.runs, 3) {
        let socket = "seek-bench-\(getpid())-\(run)"
        func tmux(_ arguments: [String]) -> String {
            String(decoding: ProcessRun.run(["tmux", "-L", socket] + arguments, keeping: true).output, as: UTF8.self)
        }
        let start = now()
        _ = tmux(["-f", "/dev/null", "new-session", "-d", "-s", "b", "-x", "120", "-y", "40",
                  bench.seek, "-i", "-r", "budget", directory])
        var first: Double?
        var final: Double?
        while now() - start < 120 {
            let screen = tmux(["capture-pane", "-p", "-t", "b"])
            if first == nil && screen.contains(" files") { first = now() - start }
            if screen.contains(" 1/") && !screen.contains("searching") {
                final = now() - start
                break
            }
        }
        if let pid = Int32(tmux(["display-message", "-p", "-t", "b", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) {
            let memory = processMemory(of: pid)
            if let rss = memory.resident { resident.append(rss) }
            if let peak = memory.peak { peaks.append(peak) }
        }
        _ = tmux(["send-keys", "-t", "b", "q"])
        _ = tmux(["kill-server"])
        if let first { firstFrames.append(first) }
        if let final { finals.append(final) }
    }
    let megabytes = Double(totalBytes) / 1_000_000
    bench.row("library first frame, seek -i -r (\(fileCount) files, through tmux)", seek: format(median(firstFrames)),
              target: "< 0.5 s", matches: "final count " + format(median(finals)))
    if let rss = resident.sorted().dropFirst(resident.count / 2).first, let peak = peaks.max() {
        bench.row("library navigator memory (\(String(format: "%.0f", megabytes)) MB of files)",
                  seek: String(format: "%.2fx", Double(rss) * 1024 / Double(max(1, totalBytes))), target: "< 1.5x",
                  peak: String(format: "%.0f MB resident, %.0f MB peak", Double(rss) / 1024, Double(peak) / 1024))
    } else {
        bench.note("library navigator memory: not readable here (it comes from Linux's /proc)")
    }
}
