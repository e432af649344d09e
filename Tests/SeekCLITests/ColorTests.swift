import Testing

/// `--color auto|always|never`, `NO_COLOR` and `TERM=dumb`.
@Suite struct ColorTests {
    static let escape = "\u{1B}["

    @Test(arguments: [
        (["--color=always"], [:], true),
        (["--color=never"], [:], false),
        (["--color=auto"], [:], false),
        ([], [:], false),
        (["--color=always"], ["NO_COLOR": "1"], true),
    ] as [([String], [String: String], Bool)])
    func toAPipe(options: [String], environment: [String: String], colored: Bool) throws {
        let result = try SeekProcess.run(options + ["budget", "talk.srt"], environment: environment)
        #expect(result.status == 0)
        #expect(result.stdout.contains(Self.escape) == colored)
    }

    @Test(arguments: [
        ([], [:], true),
        (["--color=auto"], ["NO_COLOR": ""], true),
        ([], ["NO_COLOR": "1"], false),
        ([], ["TERM": "dumb"], false),
        (["--color=never"], [:], false),
        (["--color=always"], ["TERM": "dumb", "NO_COLOR": "yes"], true),
    ] as [([String], [String: String], Bool)])
    func toATerminal(options: [String], environment: [String: String], colored: Bool) throws {
        let result = try SeekProcess.runOnTerminal(options + ["budget", "talk.srt"], environment: environment)
        #expect(result.status == 0)
        #expect(result.stdout.contains("budget"))
        #expect(result.stdout.contains(Self.escape) == colored)
    }

    @Test func toAFileNeverColoursInAuto() throws {
        let directory = try TemporaryDirectory()
        try directory.write("t.srt", Fixtures.srt)
        let result = try SeekProcess.run(["--output", "out.txt", "budget", "t.srt"], in: directory.url)
        #expect(result.status == 0)
        let written = try directory.read("out.txt")
        #expect(written.contains("budget"))
        #expect(!written.contains(Self.escape))
    }
}
