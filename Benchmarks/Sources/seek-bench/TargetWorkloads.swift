// The rows of issue #19's target table: seek against rg doing the same, on a 50 MB SRT file
// (and the same cues with CR LF line breaks), 50 MB of plain ASCII text, 20 MB of Chinese, a library of subtitle files, and a keyword
// so frequent that output is most of the work.

import SeekKit

func ripgrepTargets(_ bench: Bench) {
    let (large, medium) = ("\(bench.options.size(50) / 1_000_000) MB", "\(bench.options.size(20) / 1_000_000) MB")
    if bench.wants("srt") {
        let path = bench.write(srt(bytes: bench.options.size(50), seed: 2).text, to: "subtitles.srt")
        bench.compareWithRipgrep("subtitles.srt \(large), 'budget'", .files([path]), keyword: "budget", target: 1.0)
    }
    if bench.wants("crlf") {
        // The same cues with CR LF line breaks, as most SRT files made on Windows have them.
        let text = srt(bytes: bench.options.size(50), seed: 2).text.replacingOccurrences(of: "\n", with: "\r\n")
        let path = bench.write(text, to: "subtitles-crlf.srt")
        bench.compareWithRipgrep("subtitles-crlf.srt (CR LF), 'budget'", .files([path]), keyword: "budget",
                                 modes: [.print, .json, .count], target: 1.0)
    }
    if bench.wants("english") {
        let path = bench.write(englishText(bytes: bench.options.size(50), seed: 1), to: "english.txt")
        bench.compareWithRipgrep("english.txt \(large), 'budget'", .files([path]), keyword: "budget", target: 1.0)
    }
    if bench.wants("chinese") {
        let path = bench.write(chineseText(bytes: bench.options.size(20), seed: 3), to: "chinese.txt")
        bench.compareWithRipgrep("chinese.txt \(medium), '预算'", .files([path]), keyword: "预算", target: 1.0)
    }
    if bench.wants("library") {
        let count = bench.options.quick ? 100 : 800
        let folder = subtitleLibrary(in: bench.directory + "/library", count: count,
                                     bytes: bench.options.quick ? 20_000 : 60_000)
        bench.compareWithRipgrep("library of \(count) SRT/VTT -r, 'budget'", .directory(folder), keyword: "budget", target: 1.0)
        // The same files named one by one, as a shell's glob gives them.
        bench.compareWithRipgrep("library of \(count) SRT/VTT as FILE…, 'budget'", .files(BenchInput.directory(folder).paths),
                                 keyword: "budget", modes: [.print, .count], target: 1.0)
    }
    if bench.wants("frequent") {
        let path = bench.write(srt(bytes: bench.options.size(50), seed: 2).text, to: "subtitles.srt")
        bench.compareWithRipgrep("subtitles.srt \(large), 'you'", .files([path]), keyword: "you",
                                 modes: [.print, .json], target: 1.2)
    }
}
