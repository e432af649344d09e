// Keywords with no ASCII or CJK piece (issue #19): each character is looked for in all its
// spellings (`б` and `Б`; `が` and `か` with the voiced sound mark) instead of sending every cue
// to the Regex.

import SeekKit

func spelledKeywords(_ bench: Bench) {
    if bench.wants("kana") {
        // Kana, which has no case: its characters are looked for in their canonical equivalents.
        let path = bench.write(japaneseText(bytes: bench.options.size(20), seed: 11), to: "japanese.txt")
        bench.compareWithRipgrep("japanese.txt \(bench.options.size(20) / 1_000_000) MB, 'ありがとう'", .files([path]),
                                 keyword: "ありがとう", modes: [.print, .json, .count], target: 1.0)
    }
    guard bench.wants("cyrillic") else { return }
    let size = "\(bench.options.size(50) * 14 / 10 / 1_000_000) MB"  // russianSRT writes 1.4 bytes for each asked
    let path = bench.write(russianSRT(bytes: bench.options.size(50), seed: 7), to: "russian.srt")
    bench.compareWithRipgrep("russian.srt \(size), 'бюджет'", .files([path]), keyword: "бюджет",
                             modes: [.print, .json, .count], target: 1.0)
    // `й` has a decomposed spelling: the cues holding 'мо' go to the Regex.
    bench.compareWithRipgrep("russian.srt \(size), 'мой'", .files([path]), keyword: "мой", modes: [.count], target: 1.0)
}
