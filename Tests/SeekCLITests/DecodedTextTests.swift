import Foundation
import Testing

/// A file in windows-1252 is decoded whole and searched where its text lies (mapped, read whole,
/// piped, with LF or CR LF line breaks): it must print, export and count what reading it in the
/// encoding asked for gives (`--encoding windows-1252`, decoded a window at a time), with the
/// warning that the encoding was guessed first.
@Suite struct DecodedTextTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// `CheckedStartTests.srt` (4.6 MB, an é in every cue) in windows-1252, whole or its start.
    static var files: [(name: String, bytes: [UInt8])] {
        let large = String(decoding: CheckedStartTests.srt(spoiledAt: nil), as: UTF8.self)
        let latin1 = { (text: String) in text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }
        let small = String(large.prefix(30_000))
        return [("small.srt", latin1(small)), ("crlf.srt", latin1(small.replacingOccurrences(of: "\n", with: "\r\n"))),
                ("large.srt", latin1(large))]
    }

    @Test func aLegacyFileReadsAsInTheEncodingAskedFor() throws {
        let seek = SeekProcess.largeInputExecutable
        for file in Self.files {
            try Data(file.bytes).write(to: directory.url.appendingPathComponent(file.name))
            for mode in [[], ["--json"], ["-c"]] as [[String]] {
                let arguments = mode + ["budget", file.name]
                let found = try SeekProcess.run(arguments, in: directory.url, program: seek)
                let asked = try SeekProcess.run(["--encoding", "windows-1252"] + arguments, in: directory.url, program: seek)
                #expect(found.status == 0 && found.status == asked.status && found.stdout == asked.stdout,
                        "\(file.name) \(mode)")
                #expect(found.stderr == "seek: \(file.name): decoded as windows-1252 (not UTF-8); use --encoding to choose\n"
                            + asked.stderr, "\(file.name) \(mode)")
            }
        }
        // Piped: the same records.
        let small = Self.files[0].bytes
        let piped = try SeekProcess.run(["--json", "budget", "-"], inputBytes: small, in: directory.url, program: seek)
        let asked = try SeekProcess.run(["--encoding", "windows-1252", "--json", "budget", "-"], inputBytes: small,
                                        in: directory.url, program: seek)
        #expect(piped.stdout == asked.stdout && !piped.stdout.isEmpty)
    }
}
