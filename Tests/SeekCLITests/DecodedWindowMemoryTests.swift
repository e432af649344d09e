import Foundation
import Testing

/// Issue 22 item 10: a file to decode is counted, and untimed text loaded, a window of text at a
/// time (`DecodedFile`), so its whole text is never held beside its cues, nor held at all for a
/// count: Thai in windows-874, whose UTF-8 is 2.8 times the file, searched without a match within
/// the file's size and 8 MiB above a small file's peak (the file is looked at whole to choose its
/// encoding; it held its text: 3.1 times the file at 100 MB), the same with a few lines printed
/// (it held the text: 2.8 times the file; 5.8 with a Thai keyword, and all the cues), and
/// `-v` on Latin-1 lines within the text's size and 8 MiB (it held the file read whole, its text
/// and its cues: 4.8 times the file).
@Suite(.enabled(if: gnuTime != nil, "needs GNU time to measure the peak"))
struct DecodedWindowMemoryTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func thaiIsCountedAWindowAtATime() throws {
        // สวัสดีครับ and a line feed in windows-874: 11 bytes, 31 of UTF-8.
        let line: [UInt8] = [0xCA, 0xC7, 0xD1, 0xCA, 0xB4, 0xD5, 0xA4, 0xC3, 0xD1, 0xBA, 0x0A]
        let size = 12_000_000 / line.count * line.count
        try repeatedBytes(line, count: size).write(to: directory.url.appendingPathComponent("thai.txt"))
        for mode in [[], ["-c"], ["-l"]] {
            let arguments = (mode + ["hello"]).joined(separator: " ")
            let peak = try PeakAboveSample(arguments, on: "thai.txt", in: directory)
            #expect(peak.status == 1, "\(mode): \(peak.stderr)")
            #expect(peak.bytes < size + (8 << 20), peak.message("\(mode)", for: size))
        }
    }

    @Test func thaiMatchesArePrintedAWindowAtATime() throws {
        // สวัสดีครับ lines, and ลาก่อน bye on every 10,000th line, in windows-874.
        let line: [UInt8] = [0xCA, 0xC7, 0xD1, 0xCA, 0xB4, 0xD5, 0xA4, 0xC3, 0xD1, 0xBA, 0x0A]
        let farewell: [UInt8] = [0xC5, 0xD2, 0xA1, 0xE8, 0xCD, 0xB9, 0x20, 0x62, 0x79, 0x65, 0x0A]
        let block = Array([[UInt8]](repeating: line, count: 9_999).joined()) + farewell
        let bytes = repeatedBytes(block, count: (12_000_000 + block.count - 1) / block.count * block.count)
        try bytes.write(to: directory.url.appendingPathComponent("thai.txt"))
        for mode in [[], ["--json"], ["-m", "2"]] {
            let arguments = (mode + ["bye"]).joined(separator: " ")
            let peak = try PeakAboveSample(arguments, on: "thai.txt", in: directory)
            #expect(peak.status == 0, "\(mode): \(peak.stderr)")
            #expect(peak.bytes < bytes.count + (8 << 20), peak.message("\(mode)", for: bytes.count))
        }
    }

    /// Thai with a match on every line: its matching cues make 2.8 times the file in text, so
    /// once they pass twice the file, every window is first found to answer, then the cues kept
    /// are printed and the rest printed a window at a time as they are found again: the peak stays
    /// below the text of the cues printed, which keeping them all took (3.1 times the file at
    /// 100 MB; now 2.4).
    @Test func thaiLinesAllMatchingArePrintedAWindowAtATime() throws {
        let line: [UInt8] = [0xCA, 0xC7, 0xD1, 0xCA, 0xB4, 0xD5, 0xA4, 0xC3, 0xD1, 0xBA, 0x0A]
        let size = 20_000_000 / line.count * line.count
        try repeatedBytes(line, count: size).write(to: directory.url.appendingPathComponent("thai.txt"))
        let text = size / line.count * 31
        let peak = try PeakAboveSample("\u{E2A}\u{E27}\u{E31}\u{E2A}\u{E14}\u{E35}", on: "thai.txt", in: directory)
        #expect(peak.status == 0, "\(peak.stderr)")
        #expect(peak.bytes < text, peak.message("every line printed", for: text, of: "text"))
    }

    /// The same lines exported: `--json` and `--csv` number each record against the file's
    /// matches, counted as the windows after the budget are first read, so their records are
    /// written a window at a time too (they kept every cue: 3.2 times the file at 100 MB; now 2.4).
    @Test func thaiLinesAllMatchingAreExportedAWindowAtATime() throws {
        let line: [UInt8] = [0xCA, 0xC7, 0xD1, 0xCA, 0xB4, 0xD5, 0xA4, 0xC3, 0xD1, 0xBA, 0x0A]
        let size = 20_000_000 / line.count * line.count
        try repeatedBytes(line, count: size).write(to: directory.url.appendingPathComponent("thai.txt"))
        let text = size / line.count * 31
        for mode in ["--json", "--csv"] {
            let peak = try PeakAboveSample("\(mode) \u{E2A}\u{E27}\u{E31}\u{E2A}\u{E14}\u{E35}", on: "thai.txt", in: directory)
            #expect(peak.status == 0, "\(mode): \(peak.stderr)")
            #expect(peak.bytes < text, peak.message(mode, for: text, of: "text"))
        }
    }

    /// The same lines among several files: a large file's turn to be printed or exported comes
    /// with its search, on the thread that prints, the others searched ahead meanwhile, so its
    /// cues are handed on a window at a time there too (its result was kept whole beside the others').
    @Test func thaiLinesAllMatchingAmongSeveralFilesAreHandedOnAWindowAtATime() throws {
        let line: [UInt8] = [0xCA, 0xC7, 0xD1, 0xCA, 0xB4, 0xD5, 0xA4, 0xC3, 0xD1, 0xBA, 0x0A]
        let size = 20_000_000 / line.count * line.count
        try repeatedBytes(line, count: size).write(to: directory.url.appendingPathComponent("thai.txt"))
        try directory.write("small.srt", "1\n00:00:01,000 --> 00:00:02,000\n\u{E2A}\u{E27}\u{E31}\u{E2A}\u{E14}\u{E35}\n\n")
        let text = size / line.count * 31
        for mode in ["", "--json "] {
            let peak = try PeakAboveSample("\(mode)\u{E2A}\u{E27}\u{E31}\u{E2A}\u{E14}\u{E35}", on: "small.srt thai.txt small.srt",
                                           in: directory)
            #expect(peak.status == 0, "\(mode): \(peak.stderr)")
            #expect(peak.bytes < text, peak.message("\(mode)among several files", for: text, of: "text"))
        }
    }

    @Test func invertedLinesHoldTheirTextOnce() throws {
        // ééé and a line feed in Latin-1: 4 bytes, 7 of UTF-8; every line a cue without a match.
        let size = 16_000_000
        try repeatedBytes([0xE9, 0xE9, 0xE9, 0x0A], count: size).write(to: directory.url.appendingPathComponent("latin1.txt"))
        let text = size / 4 * 7
        for mode in [["-v"], ["-C", "1"]] {
            let arguments = (mode + ["hello"]).joined(separator: " ")
            let peak = try PeakAboveSample(arguments, on: "latin1.txt", in: directory)
            #expect(peak.status == (mode == ["-v"] ? 0 : 1), "\(mode): \(peak.stderr)")
            #expect(peak.bytes < text + (8 << 20), peak.message("\(mode)", for: text, of: "text"))
        }
    }

    /// The same lines from a pipe: standard input, read whole, lets its pages go as its windows
    /// are loaded, once a first reading has found that every window answers, so the peak stays
    /// within the text and 12 MiB, less than the input's 15 MiB held beside it (it held the input
    /// beside the text and its cues: 3.0 times the input at 100 MB; now 2.1).
    @Test func invertedLinesFromAPipeLetTheInputGo() throws {
        let size = 16_000_000
        try repeatedBytes([0xE9, 0xE9, 0xE9, 0x0A], count: size).write(to: directory.url.appendingPathComponent("latin1.txt"))
        let text = size / 4 * 7
        let peak = try PeakAboveSample("-v hello", piping: "latin1.txt", in: directory)
        #expect(peak.status == 0, "\(peak.stderr)")
        #expect(peak.bytes < text + (12 << 20), peak.message("-v from a pipe", for: text, of: "text"))
    }

    /// Latin-1 without a line break is one cue as long as its text: its window is decoded into
    /// the transcript's storage and read into its cue where it lies, and `-v` prints it as it is
    /// written, so the text is held once (the window and the cue, or the cue and its printed
    /// block, held it twice: 4.2 times the file at 100 MB).
    @Test func aLineAsLongAsItsFileIsHeldOnce() throws {
        let size = 16_000_000
        try Data(repeating: 0xE9, count: size).write(to: directory.url.appendingPathComponent("line.txt"))
        let text = 2 * size
        for mode in [["-v"], ["--cues"]] {
            let arguments = (mode + (mode == ["-v"] ? ["hello"] : [])).joined(separator: " ")
            let peak = try PeakAboveSample(arguments, on: "line.txt", in: directory)
            #expect(peak.status == 0, "\(mode): \(peak.stderr)")
            #expect(peak.bytes < text + (8 << 20), peak.message("\(mode)", for: text, of: "text"))
        }
    }
}
