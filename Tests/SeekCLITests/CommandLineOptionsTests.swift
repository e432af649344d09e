import Testing
@testable import seek
import SeekKit

/// The hand-written argument parser, without running the binary.
@Suite struct CommandLineOptionsTests {
    @Test func keywordsAndFiles() throws {
        let cases: [([String], [String], [String])] = [
            (["budget", "a.srt"], ["budget"], ["a.srt"]),
            (["-e", "budget", "-e", "noise", "a.srt", "b.vtt"], ["budget", "noise"], ["a.srt", "b.vtt"]),
            (["-ebudget", "--keyword=noise", "a.srt"], ["budget", "noise"], ["a.srt"]),
            (["budget"], ["budget"], []),
            (["--", "-budget-", "-"], ["-budget-"], ["-"]),
            (["-i", "a.srt"], [], ["a.srt"]),
            (["-i", "budget", "a.srt"], ["budget"], ["a.srt"]),
            (["-i", "-e", "budget", "a.srt"], ["budget"], ["a.srt"]),
            (["--cues", "a.srt", "b.srt"], [], ["a.srt", "b.srt"]),
        ]
        for (arguments, keywords, files) in cases {
            let options = try CommandLineOptions.parse(arguments)
            #expect(options.keywords == keywords, "\(arguments)")
            #expect(options.files == files, "\(arguments)")
        }
    }

    @Test func interactiveWordsThatAllNameFilesAreFilesWithNoKeyword() throws {
        let existing: Set = ["a.srt", "b.srt", "Season1"]
        let rows: [([String], [String], [String])] = [
            (["-i", "a.srt", "b.srt"], [], ["a.srt", "b.srt"]),
            (["-i", "-r", "Season1", "a.srt"], [], ["Season1", "a.srt"]),
            (["-i", "budget", "a.srt", "b.srt"], ["budget"], ["a.srt", "b.srt"]),
            (["-i", "a.srt", "missing.srt"], ["a.srt"], ["missing.srt"]),
            (["-i", "-e", "a.srt", "b.srt"], ["a.srt"], ["b.srt"]),
            (["-i", "a.srt"], [], ["a.srt"]),
            (["a.srt", "b.srt"], ["a.srt"], ["b.srt"]),
        ]
        for (arguments, keywords, files) in rows {
            let options = try CommandLineOptions.parse(arguments, pathExists: existing.contains)
            #expect(options.keywords == keywords && options.files == files, "\(arguments)")
        }
    }

    @Test func everyOptionIsFoundByItsNames() {
        for option in CommandLineOptions.Option.allCases {
            #expect(CommandLineOptions.Option.long(option.longName) == option)
            if let letter = option.shortName {
                #expect(CommandLineOptions.Option.short(letter) == option)
            }
        }
        #expect(CommandLineOptions.Option.long("--colour") == .color)
        #expect(CommandLineOptions.Option.long("--colours") == nil)
        #expect(CommandLineOptions.Option.long("count") == nil)
        #expect(CommandLineOptions.Option.short("x") == nil)
        #expect(CommandLineOptions.Option.short("E") == nil)
    }

    @Test func valuesInBothForms() throws {
        let options = try CommandLineOptions.parse([
            "-C2", "--from=1:30", "--to", "00:02:00.5", "--speaker", "Ana", "--format=vtt", "--encoding", "latin1",
            "--color", "never", "--csv", "--output", "out.csv", "-q", "--case-sensitive", "-r", "kw", "dir",
        ])
        #expect(options.context == 2)
        #expect(options.from == 90_000)
        #expect(options.to == 120_500)
        #expect(options.speaker == "Ana")
        #expect(options.format == .vtt)
        #expect(options.encoding == "latin1")
        #expect(options.color == .never)
        #expect(options.export == .csv)
        #expect(options.output == "out.csv")
        #expect(options.quiet && options.caseSensitive && options.recursive)
        #expect(!options.count)
    }

    @Test func frameRateAndFormatNames() throws {
        let options = try CommandLineOptions.parse(["--fps", "25", "--format=SSA", "kw", "a.sub"])
        #expect(options.fps == FrameRate(numerator: 25, denominator: 1))
        #expect(options.format == .ass)
        #expect(try CommandLineOptions.parse(["--fps=23.976", "kw"]).fps == FrameRate(numerator: 24000, denominator: 1001))
        #expect(try CommandLineOptions.parse(["kw"]).fps == nil)
    }

    @Test func badFrameRatesAreRefused() {
        let cases: [String] = ["0", "-25", "abc", "nan", "inf", "", "1e9"]
        for rate in cases {
            #expect(throws: UsageError.self) { try CommandLineOptions.parse(["--fps", rate, "kw"]) }
        }
    }

    @Test func clusteredFlags() throws {
        let options = try CommandLineOptions.parse(["-cqrC3", "kw", "dir"])
        #expect(options.count && options.quiet && options.recursive)
        #expect(options.context == 3)
    }

    @Test func rejects() {
        let cases: [[String]] = [
            ["--bogus", "kw"], ["-e"], ["--from", "25:99", "kw"], ["-C", "1x", "kw"], ["--json", "--csv", "-c", "kw"],
            ["--speaker=", "kw"], ["--output", "", "kw"], ["-o", "-c", "kw"], ["-o", "--json", "kw"], ["--quiet=yes", "kw"],
        ]
        for arguments in cases {
            #expect(throws: UsageError.self) { try CommandLineOptions.parse(arguments) }
        }
    }
}
