import Foundation
import Testing

/// What grep and rg users type: their options mean what they expect, and a habit never writes a file.
@Suite struct GrepHabitsTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("talk.srt", Fixtures.srt)
        try directory.write("panel.vtt", Fixtures.vtt)
    }

    func seek(_ arguments: [String], input: String? = nil) throws -> SeekProcess.Result {
        try SeekProcess.run(arguments, input: input, in: directory.url)
    }

    @Test func onlyMatchingPrintsTheMatchedTextAndWritesNoFile() throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        let result = try seek(["-o", "budget", "talk.srt"])
        #expect(result.status == 0)
        #expect(result.stdout == "budget\nbudget\nbudget\nBUDGET\n")
        #expect(result.stderr.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == before)
    }

    @Test func onlyMatchingNamesTheFileWhenSeveralAreSearched() throws {
        let result = try seek(["--only-matching", "-e", "ready", "-e", "what", "talk.srt", "panel.vtt"])
        #expect(result.stdout == "talk.srt:ready\npanel.vtt:ready\npanel.vtt:What\n")
    }

    @Test func onlyMatchingShowsALineBreakInsideAMatchAsASpace() throws {
        let result = try seek(["-o", "fell after", "talk.srt"])
        #expect(result.stdout == "fell\u{20}after\n")
    }

    @Test func onlyMatchingWithNothingFoundPrintsNothing() throws {
        let result = try seek(["-o", "nowhere", "talk.srt"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test func onlyMatchingKeepsControlCharactersOffTheTerminal() throws {
        try directory.write("bell.srt", "1\n00:00:01,000 --> 00:00:02,000\nring\u{7}ring\n")
        let result = try seek(["-o", "g\u{7}r", "bell.srt"])
        #expect(result.stdout == "g^Gr\n")
    }

    @Test func outputFilesAreLongOptionOnly() throws {
        let result = try seek(["--output", "hits.txt", "budget", "talk.srt"])
        #expect(result.status == 0)
        let written = try String(contentsOf: directory.url.appendingPathComponent("hits.txt"), encoding: .utf8)
        #expect(written.contains("The budget is ready."))
    }

    @Test func interactiveWithoutATerminalSaysWhatMinusIMeans() throws {
        let result = try seek(["-i", "budget", "talk.srt"], input: "")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("-i opens the interactive navigator"))
        #expect(result.stderr.contains("ignores case already"))
        #expect(result.stderr.contains("seek WORD FILE | less"))
    }

    @Test func filesWithAndWithoutMatches() throws {
        let cases: [([String], String, Int32)] = [
            (["-l", "budget", "talk.srt", "panel.vtt"], "talk.srt\npanel.vtt\n", 0),
            (["-l", "noise", "talk.srt", "panel.vtt"], "talk.srt\n", 0),
            (["--files-with-matches", "nowhere", "talk.srt", "panel.vtt"], "", 1),
            (["-L", "noise", "talk.srt", "panel.vtt"], "panel.vtt\n", 0),
            (["--files-without-match", "budget", "talk.srt", "panel.vtt"], "", 1),
            (["-lv", "budget", "talk.srt", "panel.vtt"], "talk.srt\n", 0),
            (["-l", "-m", "0", "budget", "talk.srt"], "", 1),
        ]
        for (arguments, stdout, status) in cases {
            let result = try seek(arguments)
            #expect(result.stdout == stdout, "\(arguments)")
            #expect(result.status == status, "\(arguments)")
        }
    }

    @Test func maxCountStopsAfterThatManyMatchingCues() throws {
        let result = try seek(["-m", "1", "budget", "talk.srt"])
        #expect(result.stdout == "1 00:00:01.000: Good evening. The budget is ready.\n")
        #expect(try seek(["-m", "2", "-c", "budget", "talk.srt"]).stdout == "2\n")
        #expect(try seek(["--max-count=2", "-o", "budget", "talk.srt"]).stdout == "budget\nbudget\n")
        let none = try seek(["-m", "0", "budget", "talk.srt"])
        #expect(none.status == 1 && none.stdout.isEmpty)
    }

    @Test func afterAndBeforeContextCountCues() throws {
        let after = try seek(["-A", "1", "-m", "1", "budget", "talk.srt"])
        #expect(after.stdout == """
            1 00:00:01.000: Good evening. The budget is ready.
            2 00:00:03.500- Noise levels fell
                            after the budget vote.

            """)
        let before = try seek(["-B1", "either", "talk.srt"])
        #expect(before.stdout == """
            3 00:00:06.500- Nothing here.
            4 00:00:09.500: Nothing here either.

            """)
    }

    @Test func invertSelectsTheCuesWithoutAMatch() throws {
        let result = try seek(["-v", "budget", "talk.srt"])
        #expect(result.status == 0)
        #expect(result.stdout == "3 00:00:06.500: Nothing here.\n4 00:00:09.500: Nothing here either.\n")
        #expect(try seek(["--invert-match", "-c", "budget", "talk.srt"]).stdout == "2\n")
        #expect(try seek(["-v", "-m", "1", "-c", "budget", "talk.srt"]).stdout == "1\n")
        let json = try seek(["-v", "--json", "budget", "panel.vtt"])
        #expect(json.status == 1 && json.stdout.isEmpty)
        let cues = try seek(["-v", "--json", "here", "talk.srt"]).stdout.split(separator: "\n")
        #expect(cues.count == 3)
        #expect(cues.first?.hasPrefix(#"{"file":"talk.srt","cue":1,"#) == true)
    }

    @Test func fileNamesShownOrHiddenOnRequest() throws {
        #expect(try seek(["-H", "ready", "talk.srt"]).stdout == "talk.srt:1 00:00:01.000: Good evening. The budget is ready.\n")
        let hidden = try seek(["--no-filename", "-o", "ready", "talk.srt", "panel.vtt"])
        #expect(hidden.stdout == "ready\nready\n")
    }

    @Test func includeAndExcludeChooseFilesInDirectories() throws {
        try directory.write("notes/a.srt", Fixtures.srt)
        try directory.write("notes/b.vtt", Fixtures.vtt)
        #expect(try seek(["-r", "-l", "--include", "*.vtt", "budget", "notes"]).stdout == "notes/b.vtt\n")
        #expect(try seek(["-r", "-l", "--exclude=*.vtt", "budget", "notes"]).stdout == "notes/a.srt\n")
        #expect(try seek(["-r", "-l", "--include", "*.vtt", "--exclude", "b*", "budget", "notes"]).stdout.isEmpty)
        #expect(try seek(["-l", "--exclude", "*.srt", "budget", "talk.srt"]).stdout == "talk.srt\n")
    }

    @Test func rejected() throws {
        let cases: [([String], String)] = [
            (["-l", "-c", "kw", "a.srt"], "-l and -L print file names"),
            (["-L", "--json", "kw", "a.srt"], "-l and -L print file names"),
            (["-v", "-o", "kw", "a.srt"], "-v selects cues without a match"),
            (["-m", "many", "kw", "a.srt"], "-m needs a number of cues, not 'many'"),
            (["-A", "-1", "kw", "a.srt"], "-A needs a number of cues"),
            (["--include=", "kw", "a.srt"], "empty pattern for --include"),
        ]
        for (arguments, reason) in cases {
            let result = try seek(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(reason), "\(result.stderr)")
        }
    }

    @Test func wholeWordsFollowUnicodeWordBoundaries() throws {
        try directory.write("words.srt", """
            1
            00:00:01,000 --> 00:00:02,000
            the theme of the budgets, the budget

            2
            00:00:02,000 --> 00:00:03,000
            我的家乡 it's it

            """)
        #expect(try seek(["-w", "-c", "the", "words.srt"]).stdout == "3\n")
        #expect(try seek(["--word-regexp", "-o", "budget", "words.srt"]).stdout == "budget\n")
        #expect(try seek(["-w", "-c", "的", "words.srt"]).stdout == "1\n")
        #expect(try seek(["-w", "-c", "it", "words.srt"]).stdout == "1\n")
    }

    @Test func ignoringAccentsFoldsBothSides() throws {
        try directory.write("folded.srt", """
            1
            00:00:01,000 --> 00:00:02,000
            Le café, it’s ｓｅｅｋ – well–known

            """)
        #expect(try seek(["-o", "--ignore-accents", "-e", "cafe", "-e", "it's", "-e", "seek", "folded.srt"]).stdout
                == "café\nit’s\nｓｅｅｋ\n")
        #expect(try seek(["-c", "--ignore-accents", "well-known", "folded.srt"]).stdout == "1\n")
        #expect(try seek(["-c", "cafe", "folded.srt"]).stdout == "0\n")
        let json = try seek(["--json", "--ignore-accents", "cafe", "folded.srt"]).stdout
        #expect(json.contains(#""match":"café""#))
    }

    /// A file of more than 4 MB (so it is mapped, not read) whose very last cue is broken.
    func writeLargeFileWithABrokenEnd() throws {
        var text = ""
        text.reserveCapacity(5_000_000)
        for cue in 0..<70_000 {
            let seconds = cue % 3600
            let time = "0\(cue / 36_000 % 10):\(seconds / 60 < 10 ? "0" : "")\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)"
            let words = cue % 1000 == 3 ? "the budget line \(cue)" : "nothing to see in line \(cue)"
            text += "\(cue + 1)\n\(time),000 --> \(time),500\n\(words)\n\n"
        }
        text += "70001\n00:99:00,000 --> later\nbroken\n"
        try directory.write("large.srt", text)
    }

    @Test func maxCountAndFileListsStopReadingEarly() throws {
        try writeLargeFileWithABrokenEnd()
        let all = try seek(["budget", "large.srt"])
        #expect(all.stderr.contains("large.srt:"), "reading the whole file meets the broken cue")
        let first = try seek(["-m", "2", "budget", "large.srt"])
        #expect(first.stderr.isEmpty, "\(first.stderr)")
        let blocks = all.stdout.split(separator: "\n")
        #expect(first.stdout.split(separator: "\n") == Array(blocks.prefix(2)))
        let listed = try seek(["-l", "budget", "large.srt"])
        #expect(listed.stdout == "large.srt\n" && listed.stderr.isEmpty, "\(listed.stderr)")
        #expect(try seek(["-q", "budget", "large.srt"]).status == 0)
        #expect(try seek(["-c", "-m", "3", "budget", "large.srt"]).stdout == "3\n")
        let after = try seek(["-m", "1", "-A", "1", "budget", "large.srt"])
        #expect(after.stdout.split(separator: "\n").count == 2, "-A still shows the cue after the last match")
    }
}
