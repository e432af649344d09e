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
}
