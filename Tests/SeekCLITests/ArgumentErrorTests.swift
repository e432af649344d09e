import Testing

/// Bad command lines: one line of reason, a usage hint, status 2, nothing on standard output.
@Suite struct ArgumentErrorTests {
    @Test func rejected() throws {
        let cases: [([String], String)] = [
            (["--bogus", "budget", "talk.srt"], "unknown option --bogus"),
            (["-Z", "budget", "talk.srt"], "unknown option -Z"),
            (["-e", "", "talk.srt"], "empty keyword"),
            (["", "talk.srt"], "empty keyword"),
            (["--from", "00:02:00", "--to", "00:01:00", "budget", "talk.srt"], "--from 00:02:00.000 is after --to"),
            (["--from", "1:2:3:4", "budget", "talk.srt"], "invalid time '1:2:3:4' for --from"),
            (["--to=soon", "budget", "talk.srt"], "invalid time 'soon' for --to"),
            (["--encoding", "klingon-8", "budget", "talk.srt"], "unknown encoding 'klingon-8'"),
            (["-C", "two", "budget", "talk.srt"], "-C needs a number of cues, not 'two'"),
            (["--context=-1", "budget", "talk.srt"], "--context needs a number of cues, not '-1'"),
            (["--color", "sometimes", "budget", "talk.srt"], "unknown colour mode 'sometimes'"),
            (["--format", "docx", "budget", "talk.srt"], "unknown format 'docx'"),
            (["budget", "talk.srt", "-e"], "option -e needs a value"),
            (["--count=3", "budget", "talk.srt"], "option --count takes no value"),
            (["--json", "--count", "budget", "talk.srt"], "--count cannot be combined with an export (--json, --csv, --edl, …)"),
            ([] as [String], "no KEYWORD given"),
            (["-i"], "-i needs at least one FILE"),
        ]
        for (arguments, reason) in cases {
            let result = try SeekProcess.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 2, "\(arguments)")
            #expect(lines.first?.hasPrefix("seek: ") == true, "\(arguments)")
            #expect(lines.first?.contains(reason) == true, "\(result.stderr) (\(arguments))")
            #expect(lines.last?.contains("seek --help") == true, "\(arguments)")
        }
    }

    @Test func accepted() throws {
        let cases: [[String]] = [
            ["--format=srt", "budget", "talk.srt"],
            ["--format", "auto", "budget", "talk.srt"],
            ["-C2", "budget", "talk.srt"],
            ["--context=2", "budget", "talk.srt"],
            ["-cq", "budget", "talk.srt"],
            ["--encoding=utf-8", "budget", "talk.srt"],
            ["--", "budget", "talk.srt"],
            ["--from", "90", "--to", "01:00:00.5", "budget", "talk.srt"],
        ]
        for arguments in cases {
            let result = try SeekProcess.run(arguments)
            #expect(result.status != 2, "\(result.stderr) (\(arguments))")
            #expect(result.stderr.isEmpty, "\(arguments)")
        }
    }

    @Test func theNavigatorRefusesADumbTerminal() throws {
        let result = try SeekProcess.run(["-i", "city", "talk.srt"], environment: ["TERM": "dumb"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("seek: -i needs a terminal that can move the cursor"), "\(result.stderr)")
    }

    @Test func doubleDashEndsOptions() throws {
        let directory = try TemporaryDirectory()
        try directory.write("t.srt", "1\n00:00:01,000 --> 00:00:02,000\nthe --json flag\n")
        let result = try SeekProcess.run(["--", "--json", "t.srt"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("the --json flag"))
        #expect(!result.stdout.hasPrefix("{"))
    }

    @Test func helpDocumentsEveryOption() throws {
        let result = try SeekProcess.run(["--help"])
        #expect(result.status == 0)
        for option in ["-e, --keyword", "--case-sensitive", "--speaker", "--from", "--to", "--format", "--encoding",
                       "-c, --count", "-C, --context", "--color", "--json", "--csv", "--output", "-o, --only-matching", "-q, --quiet",
                       "-r, --recursive", "--cues", "-i", "-h, --help", "--version", "Examples:", "Exit status",
                       "--edl", "--cmx3600", "--srt, --vtt", "--retime", "--pad", "--fps", "--media"] {
            #expect(result.stdout.contains(option), "\(option)")
        }
        let version = try SeekProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("seek "))
    }
}
