import Foundation
import Testing

/// Standard input, read whole into memory that goes as its text is decoded or copied, gives
/// what the same bytes give as a file, in every way the command works on a file.
@Suite struct InputFileTests {
    @Test func standardInputGivesWhatTheSameFileGives() throws {
        let directory = try TemporaryDirectory()
        // More than two pieces of decoding (`TextDecoder.decodingPieceSize`) of Latin-1.
        var latin1: [UInt8] = []
        var srt = ""
        for line in 0..<260_000 {
            latin1 += Array("caf".utf8) + [0xE9] + Array(" \(line)\n".utf8)
            if line < 20_000 { srt += "\(line + 1)\n00:00:\(String(format: "%02d", line % 60)),000 --> 00:01:00,000\nsay \(line)\n\n" }
        }
        try Data(latin1).write(to: directory.url.appendingPathComponent("latin1.txt"))
        try directory.write("talk.srt", srt)
        var wide = Data([0xFF, 0xFE])
        wide.append(try #require(String(decoding: latin1.prefix(200_000), as: UTF8.self).data(using: .utf16LittleEndian)))
        try wide.write(to: directory.url.appendingPathComponent("wide.txt"))
        // Megabytes in, tens of thousands of records out, thirty-four times: the release binary when CI names one.
        let seek = SeekProcess.largeInputExecutable
        let modes = [["-c", "1"], ["--json", "12"], ["-C", "1", "999"], ["-m", "2", "5"], ["zzz"]]
        // -v loads every cue (the work that is never done where the bytes lie).
        for (file, modes) in [("latin1.txt", modes), ("talk.srt", [["-c", "1"], ["-v", "caf"]]),
                              ("wide.txt", [["-c", "1"], ["-v", "caf"]])] {
            for mode in modes {
                let arguments = mode.map { "'\($0)'" }.joined(separator: " ")
                let named = try runShell(#""$0" "# + arguments + " " + file, in: directory.url, program: seek)
                let piped = try runShell("cat " + file + #" | "$0" "# + arguments, in: directory.url, program: seek)
                #expect(piped.status == named.status && piped.stderr.replacingOccurrences(of: "<stdin>", with: file) == named.stderr,
                        "\(file) \(arguments): \(piped.status) \(piped.stderr) for \(named.status) \(named.stderr)")
                #expect(piped.stdout.replacingOccurrences(of: "<stdin>", with: file) == named.stdout,
                        "\(file) \(arguments): \(piped.stdout.prefix(200)) for \(named.stdout.prefix(200))")
            }
        }
    }
}
