// The rows of issue #19's target table: seek against rg doing the same, on a 50 MB SRT file
// (and the same cues with CR LF line breaks, after a byte order mark, in windows-1252), 50 MB of plain ASCII text, 20 MB of Chinese, a library of subtitle files, and a keyword
// so frequent that output is most of the work.

import Foundation
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
    if bench.wants("bom") {
        // The same cues after a UTF-8 byte order mark, as Windows tools and subtitle editors save them.
        let path = bench.write("\u{FEFF}" + srt(bytes: bench.options.size(50), seed: 2).text, to: "subtitles-bom.srt")
        bench.compareWithRipgrep("subtitles-bom.srt (byte order mark), 'budget'", .files([path]), keyword: "budget",
                                 modes: [.print, .json, .count], target: 1.0)
    }
    if bench.wants("cp1252") {
        // The same cues in windows-1252, the t of one word in 500 of those starting with one an é:
        // decoded whole, then searched.
        let path = bench.directory + "/subtitles-1252.srt"
        if !FileManager.default.fileExists(atPath: path) {
            var bytes = Array(srt(bytes: bench.options.size(50), seed: 2).text.utf8)
            var words = 0
            for i in bytes.indices.dropLast() where bytes[i] == 0x20 && bytes[i + 1] == UInt8(ascii: "t") {
                words += 1
                if words % 500 == 0 { bytes[i + 1] = 0xE9 }
            }
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        }
        bench.compareWithRipgrep("subtitles-1252.srt (windows-1252), 'budget'", .files([path]), keyword: "budget",
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
