import Foundation
import Testing

/// Human output, exit codes, count, context, scopes, several keywords, standard input.
@Suite struct SearchOutputTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("talk.srt", Fixtures.srt)
        try directory.write("panel.vtt", Fixtures.vtt)
        try directory.write("chinese.srt", Fixtures.chinese)
    }

    func seek(_ arguments: [String], input: String? = nil) throws -> SeekProcess.Result {
        try SeekProcess.run(arguments, input: input, in: directory.url)
    }

    @Test func exitStatus() throws {
        let cases: [([String], Int32)] = [
            (["budget", "talk.srt"], 0),
            (["nowhere", "talk.srt"], 1),
            (["budget", "missing.srt"], 2),
            (["budget", "missing.srt", "talk.srt"], 2),
            (["nowhere", "talk.srt", "panel.vtt"], 1),
            (["-q", "budget", "talk.srt"], 0),
            (["-q", "nowhere", "talk.srt"], 1),
        ]
        for (arguments, status) in cases {
            #expect(try seek(arguments).status == status, "\(arguments)")
        }
    }

    @Test func oneBlockPerMatchingCue() throws {
        let result = try seek(["budget", "talk.srt"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            1 00:00:01.000: Good evening. The budget is ready.
            2 00:00:03.500: Noise levels fell
                            after the budget vote.
            5 00:01:00.000: Le café 😀 budget, BUDGET

            """)
        #expect(result.stderr.isEmpty)
    }

    @Test func errorsNameTheFileAndOthersAreStillSearched() throws {
        let result = try seek(["budget", "missing.srt", "talk.srt"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("seek: missing.srt: "))
        #expect(result.stdout.contains("talk.srt:1 00:00:01.000: Good evening."))
    }

    @Test func countIsMatchesNotCues() throws {
        #expect(try seek(["-c", "budget", "talk.srt"]).stdout == "4\n")
        let several = try seek(["--count", "budget", "talk.srt", "chinese.srt", "panel.vtt"])
        #expect(several.stdout == "talk.srt:4\nchinese.srt:0\npanel.vtt:3\n")
        #expect(several.status == 0)
        let none = try seek(["-c", "nowhere", "talk.srt"])
        #expect(none.stdout == "0\n")
        #expect(none.status == 1)
    }

    @Test func caseSensitive() throws {
        #expect(try seek(["-c", "--case-sensitive", "BUDGET", "talk.srt"]).stdout == "1\n")
        #expect(try seek(["-c", "BUDGET", "talk.srt"]).stdout == "4\n")
    }

    @Test func contextAddsNeighboursAndSeparatesGroups() throws {
        let result = try seek(["-C", "1", "-e", "evening", "-e", "BUDGET", "--case-sensitive", "talk.srt"])
        #expect(result.stdout == """
            1 00:00:01.000: Good evening. The budget is ready.
            2 00:00:03.500- Noise levels fell
                            after the budget vote.
            --
            4 00:00:09.500- Nothing here either.
            5 00:01:00.000: Le café 😀 budget, BUDGET

            """)
        // Windows that touch make one group, without a separator.
        let joined = try seek(["-C", "1", "-e", "evening", "-e", "either", "talk.srt"])
        #expect(joined.stdout.split(separator: "\n").map(String.init) == [
            "1 00:00:01.000: Good evening. The budget is ready.",
            "2 00:00:03.500- Noise levels fell",
            "                after the budget vote.",
            "3 00:00:06.500- Nothing here.",
            "4 00:00:09.500: Nothing here either.",
            "5 00:01:00.000- Le café 😀 budget, BUDGET",
        ])
        // -e makes every keyword explicit: a bare word after it is a FILE.
        #expect(try seek(["-e", "budget", "evening", "talk.srt"]).status == 2)
    }

    @Test func scopes() throws {
        let cases: [([String], String)] = [
            (["--speaker", "ana"], "2\n"),
            (["--speaker", "Ben"], "1\n"),
            (["--speaker", "Nobody"], "0\n"),
            (["--from", "00:00:02"], "3\n"),
            (["--from", "00:00:02.001"], "2\n"),
            (["--from", "2.5", "--to", "3"], "1\n"),
            (["--to", "00:01.500"], "1\n"),
            (["--from", "4", "--to", "4"], "2\n"),
            (["--speaker", "Ana", "--from", "3"], "1\n"),
        ]
        for (options, count) in cases {
            #expect(try seek(["-c"] + options + ["budget", "panel.vtt"]).stdout == count, "\(options)")
        }
    }

    @Test func speakerIsShown() throws {
        let result = try seek(["--speaker", "ben", "budget", "panel.vtt"])
        #expect(result.stdout == "2 00:00:02.000: Ben: What budget?\n")
    }

    @Test func severalKeywordsEachGetTheirOwnColour() throws {
        let result = try seek(["--color=always", "-e", "budget", "-e", "noise", "talk.srt"])
        let first = "\u{1B}[30;43m"
        let second = "\u{1B}[30;46m"
        #expect(result.stdout.contains(first + "budget\u{1B}[0m"))
        #expect(result.stdout.contains(second + "Noise\u{1B}[0m"))
        #expect(try seek(["-c", "-e", "budget", "-e", "noise", "talk.srt"]).stdout == "5\n")
    }

    @Test func standardInput() throws {
        let dash = try seek(["-c", "budget", "-"], input: Fixtures.srt)
        #expect(dash.stdout == "4\n")
        let implicit = try seek(["budget"], input: Fixtures.srt)
        #expect(implicit.stdout.hasPrefix("1 00:00:01.000: Good evening."))
        let json = try seek(["--json", "budget"], input: Fixtures.srt)
        #expect(json.stdout.hasPrefix(#"{"file":"<stdin>","track":null,"language":null,"position":1,"total":4,"#))
        let named = try seek(["budget", "-", "talk.srt"], input: Fixtures.vtt)
        #expect(named.stdout.hasPrefix("<stdin>:1 00:00:01.000: Ana: The budget is ready.\n"))
        // Standard input is read once: a second '-' finds it empty.
        let twice = try seek(["-c", "budget", "-", "-", "talk.srt"], input: Fixtures.srt)
        #expect(twice.stdout == "<stdin>:4\n<stdin>:0\ntalk.srt:4\n")
    }

    @Test func controlCharactersAreShownVisibly() throws {
        try directory.write("evil.srt", "1\n00:00:01,000 --> 00:00:02,000\nbudget \u{1B}]0;pwned\u{7} \u{9B}2J\r end\n")
        for color in ["never", "always"] {
            let result = try seek(["--color=\(color)", "budget", "evil.srt"])
            let visible = result.stdout.replacing(/\x1B\[[0-9;]*m/, with: "")
            #expect(!visible.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
            #expect(visible.contains("^[]0;pwned^G"))
            #expect(visible.contains("<U+009B>2J"))
        }
    }

    @Test func nonASCIIKeywords() throws {
        let result = try seek(["家乡", "chinese.srt"])
        #expect(result.stdout == "1 00:00:01.000: 你好，你的家乡在哪里？\n2 00:00:02.500: 我的家乡在北方。\n")
    }

    @Test func loaderWarningsGoToStandardErrorUnlessQuiet() throws {
        try directory.write("latin.srt", "")
        try Data([0x31, 0x0A] + Array("00:00:01,000 --> 00:00:02,000\ncaf".utf8) + [0xE9]
                 + Array(" budget\n".utf8)).write(to: directory.url.appendingPathComponent("latin.srt"))
        let result = try seek(["budget", "latin.srt"])
        #expect(result.status == 0)
        #expect(result.stdout == "1 00:00:01.000: café budget\n")
        #expect(result.stderr.hasPrefix("seek: latin.srt: "))
        #expect(result.stderr.contains("windows-1252"))
        let quiet = try seek(["-q", "budget", "latin.srt"])
        #expect(quiet.status == 0)
        #expect(quiet.stdout.isEmpty)
        #expect(quiet.stderr.isEmpty)
        let chosen = try seek(["--encoding", "latin1", "budget", "latin.srt"])
        #expect(chosen.stdout == "1 00:00:01.000: café budget\n")
    }

    @Test func skippedBlocksAreReportedWithTheirLine() throws {
        try directory.write("bad.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfine budget\n\nbroken --> here\nlost\n")
        let result = try seek(["budget", "bad.vtt"])
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("seek: bad.vtt:6: "))
    }

    @Test func noFileWithStandardInputOnATerminalIsAnError() throws {
        let result = try SeekProcess.runOnTerminal(["budget"], inputOnTerminal: true)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("seek: no FILE given"))
        #expect(result.stdout.isEmpty)
    }
}
