import Foundation
import Testing

/// Blocks without colour or context, and JSON Lines and CSV records, are written straight from a
/// plain SRT or untimed text file's bytes (`TranscriptLoader.printMatching`): they must be what is written from the
/// file's transcript. `-m` with more cues than a file holds takes the transcript's way, and writes the same.
@Suite struct PrintedBlocksTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// Plain SRT with markup, references, rare labels, cues of several lines, Chinese, a control
    /// character, a tab, a combining mark and a Kelvin sign; with `badBlockAt`, one timing line the
    /// layout does not take (a warning, and the file read whole).
    static func srt(cues: Int, first: Int = 1, badBlockAt: Int? = nil) -> String {
        func time(_ milliseconds: Int) -> String {
            String(format: "%02d:%02d:%02d,%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
                   milliseconds / 1_000 % 60, milliseconds % 1_000)
        }
        var text = ""
        for number in first..<first + cues {
            let start = number * 2_000 + number % 1_000
            text += "\(number)\n"
            text += number == badBlockAt ? "00:00:xx,000 --> 00:00:01,000\n" : "\(time(start)) --> \(time(start + 1_500))\n"
            switch number % 9 {
            // A label now and then, never the same name twice: no speaker turns.
            case 0: text += number % 900 == 0 ? "NAME\(number): our budget\n" : "our <i>budget</i> for \(number)\n"
            case 1: text += "budget &amp; more\nstill the bud<b>get</b>\n"
            case 2: text += "预算 budget\u{7} 预算\nsecond\tline\nthird\n"
            case 3: text += "BUDGET\u{212A} town\n"
            case 4: text += "e\u{301}budget\n"
            default: text += "words of cue \(number)\n"
            }
            text += "\n"
        }
        return text
    }

    /// Untimed text: each non-blank line a cue, with a rare label, Chinese, a control character,
    /// tabs, a Kelvin sign, a combining mark, indented lines, empty lines and lines of blanks.
    static func text(lines: Int, first: Int = 1) -> String {
        var text = ""
        for number in first..<first + lines {
            switch number % 11 {
            case 0: text += number % 990 == 0 ? "NAME\(number): our budget\n" : "\n"
            case 1: text += "预算 budget\u{7} 预算\tand\tmore\n"
            case 2: text += " \t \n"
            case 3: text += "BUDGET\u{212A} town e\u{301}budget\n"
            case 4: text += "  indented budget \(number)\n"
            default: text += "words of line \(number) and the town\n"
            }
        }
        return text
    }

    /// The `seek` these tests run: they read files of megabytes, the full load (`-m`) of each in a
    /// debug build taking most of the suite's time, so the release binary when CI names one.
    let seek = SeekProcess.largeInputExecutable

    /// Where two outputs part (only worked out for a failure's message).
    static func parting(_ one: [UInt8], _ other: [UInt8]) -> Int {
        zip(one, other).prefix { $0 == $1 }.count
    }

    @Test func blocksPrintedFromTheBytesAreThoseOfTheTranscript() throws {
        // Over 4 MiB: mapped, in pieces, its blocks handed on as they are written.
        let big = Self.srt(cues: 90_000)
        #expect(big.utf8.count > 1 << 22)
        try directory.write("big.srt", big)
        try directory.write("bad.srt", Self.srt(cues: 90_000, badBlockAt: 45_000))
        try directory.write("small.srt", Self.srt(cues: 300, first: 7))
        for n in 0..<5 { try directory.write("lib/part\(n).srt", Self.srt(cues: 200 + n, first: 1 + n * 50)) }
        try directory.write("lib/talk.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nthe budget 预算\n")
        try directory.write("big.txt", Self.text(lines: 150_000))
        try directory.write("small.txt", Self.text(lines: 500, first: 20) + "no line feed at the end, budget")
        let small = Self.srt(cues: 400, first: 3)
        for keyword in ["budget", "预算"] {
            for (arguments, input) in [
                (["big.srt"], nil), (["bad.srt"], nil), (["small.srt"], nil), (["-r", "lib"], nil),
                (["small.srt", "big.srt", "lib/part1.srt"], nil), ([], small), (["-", "small.srt"], small),
                (["big.txt"], nil), (["small.txt", "big.txt", "small.srt"], nil), (["-", "big.txt"], Self.text(lines: 900)),
            ] as [([String], String?)] {
                let printed = try SeekProcess.run(["-e", keyword] + arguments, input: input, in: directory.url, program: seek)
                let loaded = try SeekProcess.run(["-m", "100000000", "-e", keyword] + arguments, input: input,
                                                 in: directory.url, program: seek)
                #expect(printed.stdoutBytes.count > 1_000, "\(keyword) \(arguments)")
                // Compared as a flag, with where they part: megabytes of output make a long message.
                #expect(printed.stdoutBytes == loaded.stdoutBytes,
                        "\(keyword) \(arguments): they part at byte \(Self.parting(printed.stdoutBytes, loaded.stdoutBytes))")
                #expect(printed.stderr == loaded.stderr, "\(keyword) \(arguments)")
                #expect(printed.status == loaded.status, "\(keyword) \(arguments)")
            }
        }
        let warned = try SeekProcess.run(["-e", "budget", "bad.srt"], in: directory.url, program: seek)
        #expect(warned.stderr.contains("bad.srt"))
    }

    @Test func recordsExportedFromTheBytesAreThoseOfTheTranscript() throws {
        let big = Self.srt(cues: 90_000)
        try directory.write("big.srt", big)
        try directory.write("bad.srt", Self.srt(cues: 90_000, badBlockAt: 45_000))
        try directory.write("small.srt", Self.srt(cues: 300, first: 7))
        for n in 0..<3 { try directory.write("lib/part\(n).srt", Self.srt(cues: 200 + n, first: 1 + n * 50)) }
        try directory.write("lib/talk.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nthe budget 预算\n")
        try directory.write("big.txt", Self.text(lines: 150_000))
        try directory.write("small.txt", Self.text(lines: 500, first: 20) + "no line feed at the end, town 预算")
        let small = Self.srt(cues: 400, first: 3)
        for (export, keyword) in [(["--json"], "预算"), (["--csv"], "town"), (["--csv", "--safe-csv"], "预算")] {
            for (arguments, input) in [
                (["big.srt"], nil), (["bad.srt"], nil), (["-r", "lib"], nil), (["small.srt", "big.srt"], nil),
                ([], small), (["-", "small.srt"], small),
                (["big.txt"], nil), (["small.txt", "big.txt"], nil), ([], Self.text(lines: 900)),
            ] as [([String], String?)] {
                let exported = try SeekProcess.run(export + ["-e", keyword] + arguments, input: input, in: directory.url,
                                                   program: seek)
                let loaded = try SeekProcess.run(export + ["-m", "100000000", "-e", keyword] + arguments, input: input,
                                                 in: directory.url, program: seek)
                #expect(exported.stdoutBytes.count > 1_000, "\(export) \(arguments)")
                #expect(exported.stdoutBytes == loaded.stdoutBytes,
                        "\(export) \(arguments): they part at byte \(Self.parting(exported.stdoutBytes, loaded.stdoutBytes))")
                #expect(exported.stderr == loaded.stderr, "\(export) \(arguments)")
                #expect(exported.status == loaded.status, "\(export) \(arguments)")
            }
        }
    }
}
