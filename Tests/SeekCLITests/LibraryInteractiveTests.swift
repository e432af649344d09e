import Foundation
import SeekKit
import Testing

/// `seek -i` over several files, in a real terminal.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: skipping the terminal tests"))
struct LibraryInteractiveTests {
    /// A season: copies of the samples under episode names, and a binary file among them.
    static func season() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let samples = ["talk.srt", "panel.vtt", "meeting.txt", "chinese.srt", "talk.sbv"]
        for (number, sample) in samples.enumerated() {
            let text = try String(contentsOf: SeekProcess.samples.appendingPathComponent(sample), encoding: .utf8)
            let ext = (sample as NSString).pathExtension
            try directory.write("season/S01E0\(number + 1).\(ext)", text)
        }
        try directory.write("season/S01E09.srt", "1\n00:00:01,000 --> 00:00:02,000\n\u{0}\u{1}\u{2}binary\n")
        return directory
    }

    /// `seek -c` per file, in the order it prints them (files it cannot read are left out).
    static func counts(_ keyword: String, in directory: URL) throws -> [(name: String, count: Int)] {
        let result = try SeekProcess.run(["-c", "-r", keyword, "season"], in: directory)
        return result.stdout.split(separator: "\n").compactMap { line in
            guard let colon = line.lastIndex(of: ":"), let count = Int(line[line.index(after: colon)...]) else { return nil }
            return (String(line[..<colon]), count)
        }
    }

    @Test func nReachesEveryMatchOfEveryFileOnceInTheOrderSeekPrintsThem() throws {
        let directory = try Self.season()
        let counts = try Self.counts("the", in: directory.url)
        let total = counts.reduce(0) { $0 + $1.count }
        #expect(counts.count == 5 && total > 10)
        let session = try TmuxSession(["-r", "the", "season"], in: directory.url, columns: 110, rows: 20)
        #expect(session.wait { $0.contains(" 1/\(total) · 1/\(counts[0].count) in ") },
                "never showed the final count 1/\(total): \(session.screen())")
        var number = 1
        for file in counts where file.count > 0 {
            for position in 1...file.count {
                let expected = " \(number)/\(total) · \(position)/\(file.count) in \(file.name)"
                #expect(session.wait { _ in session.bar().hasSuffix(expected) }, "expected \(expected): \(session.bar())")
                try session.press("n")
                number += 1
            }
        }
        #expect(session.wait { $0.contains(" 1/\(total) ") && $0.contains("search wrapped") },
                "n past the last match did not wrap: \(session.screen())")
        try session.press("]")
        let second = counts.dropFirst().first { $0.count > 0 }!
        #expect(session.wait { $0.contains(" \(counts[0].count + 1)/\(total) · 1/\(second.count) in \(second.name)") },
                "] did not open the next file: \(session.bar())")
        try session.press(":")
        try session.type("\(total)")
        try session.press("Enter")
        #expect(session.wait { $0.contains(" \(total)/\(total) · ") }, ":\(total) did not jump: \(session.bar())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
        #expect(session.terminalIsRestored(), "terminal not restored: \(session.screen())")
    }

    @Test func severalFilesOpenInTheOrderGiven() throws {
        let directory = try Self.season()
        let session = try TmuxSession(["budget", "season/S01E03.txt", "season/S01E01.srt"], in: directory.url,
                                      columns: 110, rows: 20)
        let first = try Self.counts("budget", in: directory.url).first { $0.name.hasSuffix("S01E03.txt") }?.count ?? 0
        #expect(first > 0)
        #expect(session.wait { $0.contains("· 1/\(first) in season/S01E03.txt") }, "did not open S01E03 first: \(session.bar())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }
}
