import Foundation
import Testing

/// `Samples/SampleProgram`, built with the package, runs and says what SeekKit found.
@Suite struct SampleProgramTests {
    static let program = SeekProcess.executable.deletingLastPathComponent().appendingPathComponent("seek-sample")

    @Test func listsTheMatchesAndStaysOnTheMatchWhileTyping() throws {
        let result = try SeekProcess.run(["budget", "talk.srt"], program: Self.program)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.first == "1/3 00:00:14.100 We measured traffic, water, electricity, the [budget] down to the last cent,")
        #expect(lines[2].hasPrefix("3/3 00:01:35.600 ") && lines[2].hasSuffix("a bigger [budget] and planted four hundred trees last year."))
        #expect(lines.last == #"typing "bud" then "budget": on match 3/3, the same cue (22)"#)
    }

    @Test func nothingFoundExitsOne() throws {
        let result = try SeekProcess.run(["zebra", "talk.srt"], program: Self.program)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test func badArgumentsExitTwo() throws {
        #expect(try SeekProcess.run(["budget"], program: Self.program).status == 2)
        #expect(try SeekProcess.run(["budget", "missing.srt"], program: Self.program).status == 2)
    }
}
