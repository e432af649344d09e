import Foundation
import Testing

/// A UTF-8 file with a byte order mark is searched as its text after the mark (where it lies, as
/// files without one are): printed, exported, counted and listed, by path, mapped or read whole,
/// and on standard input, it must give what decoding it as UTF-8 gives (`--encoding utf-8`, which
/// reads the mark as the file's own reading does), and for valid text what the same text without
/// the mark gives.
@Suite struct ByteOrderMarkTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Small files of each format the in-place search reads, and large SRT files (mapped), one with
    /// a Latin-1 byte in a later piece, one with CR LF line breaks.
    static var files: [(name: String, bytes: [UInt8], isValid: Bool)] {
        let vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Ann>a budget line\n\n00:00:03.000 --> 00:00:04.000\nno budget\n"
        let text = "[00:01] the budget\n[00:02] Préface budget 予算\n"
        let small = Array(CheckedStartTests.srt(spoiledAt: nil).prefix(40_000))
        let large = CheckedStartTests.srt(spoiledAt: nil)
        return [
            ("small.srt", small, true), ("small.vtt", Array(vtt.utf8), true), ("small.txt", Array(text.utf8), true),
            ("crlf.vtt", Array(vtt.replacingOccurrences(of: "\n", with: "\r\n").utf8), true),
            ("large.srt", large, true), ("spoiled.srt", CheckedStartTests.srt(spoiledAt: 3_000_000), false),
            ("crlf.srt", Array(String(decoding: large, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8), true),
        ]
    }

    @Test func aFileWithAByteOrderMarkReadsAsUTF8() throws {
        let seek = SeekProcess.largeInputExecutable
        let plain = directory.url.appendingPathComponent("plain")
        let marked = directory.url.appendingPathComponent("marked")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: marked, withIntermediateDirectories: true)
        for file in Self.files {
            try Data(file.bytes).write(to: plain.appendingPathComponent(file.name))
            try Data(Self.mark + file.bytes).write(to: marked.appendingPathComponent(file.name))
            for mode in [[], ["--json"], ["-c"], ["-l"]] as [[String]] {
                let arguments = mode + ["budget", file.name]
                let found = try SeekProcess.run(arguments, in: marked, program: seek)
                let decoded = try SeekProcess.run(["--encoding", "utf-8"] + arguments, in: marked, program: seek)
                #expect(found.status == decoded.status && found.stdout == decoded.stdout, "\(file.name) \(mode)")
                // (-l stops at a first match: the warnings of what it did not read are not given, as
                // for the same file without the mark.)
                #expect(mode == ["-l"] || found.stderr == decoded.stderr, "\(file.name) \(mode)")
                if file.isValid {
                    let unmarked = try SeekProcess.run(arguments, in: plain, program: seek)
                    #expect(found.stdout == unmarked.stdout && found.stderr == unmarked.stderr
                                && found.status == unmarked.status, "\(file.name) \(mode)")
                }
                #expect(found.status == 0, "\(file.name) \(mode)")
            }
            // On standard input (small files: the pipe is read whole).
            if file.bytes.count < 100_000 {
                let piped = try SeekProcess.run(["--json", "budget", "-"], input: String(decoding: Self.mark + file.bytes, as: UTF8.self),
                                                in: marked, program: seek)
                let decoded = try SeekProcess.run(["--encoding", "utf-8", "--json", "budget", "-"],
                                                  input: String(decoding: Self.mark + file.bytes, as: UTF8.self),
                                                  in: marked, program: seek)
                #expect(piped.stdout == decoded.stdout && piped.status == decoded.status, "\(file.name) on standard input")
            }
        }
    }
}
