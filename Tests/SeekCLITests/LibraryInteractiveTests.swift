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

    @Test func lListsTheFilesWithTheCountsSeekCPrintsAndOpensTheOneChosen() throws {
        let directory = try Self.season()
        let counts = try Self.counts("the", in: directory.url)
        let total = counts.reduce(0) { $0 + $1.count }
        let session = try TmuxSession(["-r", "the", "season"], in: directory.url, columns: 110, rows: 20)
        #expect(session.wait { $0.contains(" 1/\(total) · ") }, "never final: \(session.screen())")
        try session.press("l")
        #expect(session.wait { $0.contains(" files: ") }, "l did not open the list: \(session.screen())")
        let lines = session.screen().split(separator: "\n").map(String.init)
        for file in counts {
            let row = lines.first { $0.hasSuffix(file.name) || $0.contains(file.name + " ") }
            let number = row.map { $0.dropFirst(2).drop { $0 == " " }.prefix { $0 != " " } }
            #expect(number.map(String.init) == String(file.count), "\(file.name): \(row ?? "no row")")
        }
        #expect(lines.contains { $0.contains("season/S01E09.srt — ") && $0.contains("binary") },
                "the binary file is not listed with its error: \(session.screen())")
        let chosen = try #require(counts.last { $0.count > 0 })
        let before = counts.prefix { $0.name != chosen.name }.reduce(0) { $0 + $1.count }
        try session.type(String(chosen.name.suffix(8)))
        #expect(session.wait { $0.contains(" files: \(chosen.name.suffix(8))") && $0.contains(" 1 of 6 files") },
                "typing did not filter: \(session.screen())")
        try session.press("Enter")
        #expect(session.wait { _ in session.bar().hasSuffix(" \(before + 1)/\(total) · 1/\(chosen.count) in \(chosen.name)") },
                "Enter did not open \(chosen.name) at its first match: \(session.bar())")
        try session.press("l")
        try session.press("Escape")
        #expect(session.wait { _ in session.bar().hasSuffix(" in \(chosen.name)") }, "Esc did not go back: \(session.bar())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
        #expect(session.terminalIsRestored(), "terminal not restored: \(session.screen())")
    }

    @Test func aFileDeletedOrTruncatedWhileTheNavigatorRunsIsReportedAndNothingBreaks() throws {
        let directory = try Self.season()
        let counts = try Self.counts("the", in: directory.url).filter { $0.count > 0 }
        let total = counts.reduce(0) { $0 + $1.count }
        let session = try TmuxSession(["-r", "the", "season"], in: directory.url, columns: 150, rows: 20)
        #expect(session.wait { $0.contains(" 1/\(total) · ") }, "never final: \(session.screen())")
        let first = directory.url.appendingPathComponent(counts[0].name)
        try FileManager.default.removeItem(at: first)
        #expect(session.wait { $0.contains("\(counts[0].name) was deleted after it was read") },
                "no message for the deleted file: \(session.screen())")
        try session.press("n")
        #expect(session.wait { _ in session.bar().hasSuffix(" 2/\(total) · 2/\(counts[0].count) in \(counts[0].name)") },
                "n did not go on in the deleted file's text: \(session.bar())")
        let second = directory.url.appendingPathComponent(counts[1].name)
        let handle = try FileHandle(forWritingTo: second)
        try handle.truncate(atOffset: 10)
        try handle.close()
        try session.press("]")
        #expect(session.wait { $0.contains("\(counts[1].name) changed on disk after it was read") },
                "no message for the truncated file: \(session.screen())")
        #expect(session.wait { _ in session.bar().hasSuffix(" 1/\(counts[1].count) in \(counts[1].name)") },
                "the text read is still searched: \(session.bar())")
        try session.press("l")
        #expect(session.wait { $0.contains("\(counts[0].name) — deleted after it was read") }, "\(session.screen())")
        try session.press("Escape")
        try session.press("q")
        #expect(session.exitStatus() == 0)
        #expect(session.terminalIsRestored(), "terminal not restored: \(session.screen())")
    }

    @Test func filesThatCannotBeReadAreListedWithTheirErrorAndSkippedByNAndBrackets() throws {
        let directory = try TemporaryDirectory()
        for (name, sample) in [("lib/a.srt", "talk.srt"), ("lib/c.vtt", "panel.vtt")] {
            try directory.write(name, try String(contentsOf: SeekProcess.samples.appendingPathComponent(sample), encoding: .utf8))
        }
        try directory.write("lib/binary.srt", "1\n00:00:01,000 --> 00:00:02,000\n\u{0}\u{1}\u{2}the binary\n")
        try directory.write("lib/broken.srt", "the first line is not a cue number\n")
        try directory.write("lib/huge.srt", (1...200).map { "\($0)\n00:00:01,000 --> 00:00:02,000\nthe line \($0)\n" }.joined(separator: "\n"))
        // Smaller than huge.srt, larger than the others: it is too large to search.
        let limit = ["SEEK_INPUT_LIMIT": "6000"]
        let counted = try SeekProcess.run(["-c", "the", "lib/a.srt", "lib/c.vtt"], in: directory.url, environment: limit)
        let counts = counted.stdout.split(separator: "\n").compactMap { $0.split(separator: ":").last.flatMap { Int($0) } }
        try #require(counts.count == 2 && counts.allSatisfy { $0 > 1 }, "\(counted.stdout)")
        let total = counts[0] + counts[1]
        let files = ["lib/a.srt", "lib/binary.srt", "lib/broken.srt", "lib/c.vtt", "lib/huge.srt", "lib/missing.srt"]
        let session = try TmuxSession(["the"] + files, in: directory.url, columns: 150, rows: 20,
                                      environment: ["SEEK_INPUT_LIMIT=6000"])
        #expect(session.wait { $0.contains(" 1/\(total) · 1/\(counts[0]) in lib/a.srt") }, "never final: \(session.screen())")
        try session.press("l")
        for (name, reason) in [("binary.srt", "binary file"), ("broken.srt", "line 1: expected a timing line"),
                               ("huge.srt", "too large to search"), ("missing.srt", "No such file or directory")] {
            #expect(session.wait { $0.contains("lib/\(name) — \(reason)") }, "\(name) not listed with its error: \(session.screen())")
        }
        #expect(session.wait { $0.contains("6 files · 2 with matches") }, "\(session.screen())")
        try session.press("Escape")
        try session.press(":")
        try session.type("\(counts[0])")
        try session.press("Enter")
        try session.press("n")
        #expect(session.wait { _ in session.bar().hasSuffix(" \(counts[0] + 1)/\(total) · 1/\(counts[1]) in lib/c.vtt") },
                "n did not skip the unreadable files: \(session.bar())")
        try session.press("[")
        #expect(session.wait { _ in session.bar().hasSuffix(" 1/\(total) · 1/\(counts[0]) in lib/a.srt") },
                "[ did not skip the unreadable files: \(session.bar())")
        try session.press("]")
        #expect(session.wait { _ in session.bar().hasSuffix(" \(counts[0] + 1)/\(total) · 1/\(counts[1]) in lib/c.vtt") },
                "] did not skip the unreadable files: \(session.bar())")
        try session.press(":")
        try session.type("\(total)")
        try session.press("Enter")
        try session.press("n")
        #expect(session.wait { $0.contains(" 1/\(total) · 1/\(counts[0]) in lib/a.srt") && $0.contains("search wrapped") },
                "n past the last match did not wrap over the unreadable files: \(session.screen())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
        #expect(session.terminalIsRestored(), "terminal not restored: \(session.screen())")
    }

    @Test func suggestionsComeFromEveryFilesWords() throws {
        let directory = try Self.season()
        // "explanations" is said in the panel (the second file) only.
        let session = try TmuxSession(["-r", "season"], in: directory.url, columns: 110, rows: 20)
        #expect(session.wait { $0.contains(" 0/0") }, "the files were not all read: \(session.screen())")
        try session.type("explan")
        #expect(session.wait { $0.contains(" explanations") }, "no suggestion from the second file: \(session.screen())")
        try session.press("C-c")
        #expect(session.exitStatus() == 130)
    }

    @Test func filesAloneOpenWithAnEmptyQueryAndAKeywordFirstIsStillOne() throws {
        let directory = try Self.season()
        let session = try TmuxSession(["season/S01E01.srt", "season/S01E02.vtt"], in: directory.url, columns: 110, rows: 20)
        #expect(session.wait { _ in session.bar().hasPrefix(" / ") && session.bar().contains(" 0/0") },
                "two files did not open with an empty query in the search field: \(session.bar())")
        try session.press("C-c")
        #expect(session.exitStatus() == 130)
        let counts = try Self.counts("budget", in: directory.url)
        let second = try TmuxSession(["budget", "season/S01E01.srt", "season/S01E02.vtt"], in: directory.url, columns: 110, rows: 20)
        let total = counts.filter { $0.name.hasSuffix("S01E01.srt") || $0.name.hasSuffix("S01E02.vtt") }.reduce(0) { $0 + $1.count }
        #expect(second.wait { $0.contains(" search: budget") && $0.contains(" 1/\(total) · ") }, "\(second.bar())")
        try second.press("q")
        #expect(second.exitStatus() == 0)
    }

    @Test func tShowsTheTimelineOverTheBarAndHidesIt() throws {
        let directory = try Self.season()
        let counts = try Self.counts("the", in: directory.url)
        let total = counts.reduce(0) { $0 + $1.count }
        let session = try TmuxSession(["-r", "the", "season"], in: directory.url, columns: 100, rows: 16)
        #expect(session.wait { $0.contains(" 1/\(total) · ") }, "never final: \(session.screen())")
        try session.press("t")
        /// The row over the info line and the bar.
        func stripRow(_ screen: String) -> String? {
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let bar = rows.lastIndex(where: { $0.contains(" search: ") }), bar >= 2 else { return nil }
            return rows[bar - 2]
        }
        #expect(session.wait { stripRow($0)?.contains("◆") == true && stripRow($0)?.contains("─") == true },
                "no timeline over the bar: \(session.screen())")
        try session.press("n")
        #expect(session.wait { $0.contains(" 2/\(total) · ") && stripRow($0)?.contains("◆") == true })
        try session.press("t")
        #expect(session.wait { !$0.contains("◆") }, "t did not hide the timeline: \(session.screen())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }
}
