// seek-bench: measures seek against rg (and GNU grep) on generated workloads and prints a table.
//
// Usage: seek-bench [--quick] [--runs N] [--only NAME,...] [--keep DIR] [--load FILE]
//
// Build both in release first, from Benchmarks/ (on macOS without -Xswiftc -static-executable):
//   flags="-Xswiftc -static-executable -Xswiftc -cross-module-optimization"
//   swift build -c release $flags && swift build -c release --product seek $flags
// (seek-bench runs the `seek` binary next to itself). Workloads are generated from fixed
// seeds, so every run measures the same bytes; `--keep DIR` keeps them there for the next run.
//
// Each workload is a function taking the `Bench` (see Bench.swift), in a file of its own, called
// in one line below; `Bench.compareWithRipgrep` times seek against rg in every output mode and
// checks seek's output against the Regex reference.

import Foundation

let options = BenchOptions(CommandLine.arguments)
if let path = options.load { loadOnce(path) }
let selfURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
let seekPath = selfURL.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("seek").path
guard FileManager.default.isExecutableFile(atPath: seekPath) else {
    FileHandle.standardError.write(Data("seek-bench: no seek binary at \(seekPath); build it in release first\n".utf8))
    exit(2)
}
let bench = Bench(options: options, seek: seekPath)

ripgrepTargets(bench)          // srt, english, chinese, library, frequent: issue #19's table
legacyEncoding(bench)          // legacy
matchModes(bench)              // modes
navigatorKeystrokes(bench)     // navigator
suggestionCompletions(bench)   // suggestions
openLargeFile(bench)           // open
twoCoresAgainstOne(bench)      // directory
matcherInProcess(bench)        // matcher
formatSpeeds(bench)            // formats: every subtitle format against SRT (FormatWorkloads.swift)
formatSearchSpeeds(bench)      // formats-search: each format's search for one keyword against SRT's
transcriptSpeeds(bench)        // whisper, rolling: issue #16's targets (TranscriptWorkloads.swift)
textDecoding(bench)            // decoding: UTF-16/32, repaired UTF-8, code pages (DecodingWorkloads.swift)
libraryNavigator(bench)        // library-navigator: issue #18's targets (LibraryWorkloads.swift)
spelledKeywords(bench)         // kana, cyrillic: keywords searched by their spellings (SpellingWorkloads.swift)

bench.printTable()
bench.cleanUp()
