import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

/// Several files and directories: stable order, `-r`, errors that don't stop the rest.
@Suite struct ManyFilesTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("talk.srt", Fixtures.srt)
        try directory.write("shows/b/two.srt", Fixtures.srt)
        try directory.write("shows/a/one.vtt", Fixtures.vtt)
        try directory.write("shows/a/notes.txt", "[00:00:05] Ana: the budget again\n")
        try directory.write("shows/a/picture.png", "budget budget")
        try directory.write("shows/.hidden/secret.srt", Fixtures.srt)
        try directory.write("shows/.dot.srt", Fixtures.srt)
    }

    func seek(_ arguments: [String]) throws -> SeekProcess.Result {
        try SeekProcess.run(arguments, in: directory.url)
    }

    @Test func recursiveSearchInPathOrderSkippingHidden() throws {
        let result = try seek(["-c", "-r", "budget", "shows"])
        #expect(result.status == 0)
        #expect(result.stdout == "shows/a/notes.txt:1\nshows/a/one.vtt:3\nshows/b/two.srt:4\n")
    }

    @Test func directoryEntriesInByteOrder() throws {
        // Byte order, not locale or Unicode order: capitals first, '1' before '2', a name before
        // longer names it starts (a folder's files before the file named like it plus a suffix), 'é' last.
        let names = ["file2.srt", "é.srt", "abc.srt", "a.srt", "Z.srt", "abc/x.srt", "a b.srt", "B.srt", "ab.srt",
                     "file10.srt"]
        for name in names { try directory.write("order/" + name, Fixtures.srt) }
        let result = try seek(["-c", "-r", "budget", "order"])
        let expected = ["B.srt", "Z.srt", "a b.srt", "a.srt", "ab.srt", "abc/x.srt", "abc.srt", "file10.srt",
                        "file2.srt", "é.srt"]
        #expect(result.stdout == expected.map { "order/\($0):4\n" }.joined())
    }

    @Test func fileNamesThatAreNotUTF8() throws {
        // A Latin-1 name, as old archives have them: found by a walk and when named as an argument,
        // opened by its real bytes and shown with the byte that is not UTF-8 written out.
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("legacy"), withIntermediateDirectories: true)
        let path = Array(directory.url.path.utf8) + Array("/legacy/caf".utf8) + [0xE9] + Array(".srt".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        try #require(descriptor >= 0)
        let text = Array(Fixtures.srt.utf8)
        #expect(write(descriptor, text, text.count) == text.count)
        close(descriptor)

        let walked = try seek(["-c", "-r", "budget", "legacy"])
        #expect(walked.stdout == "legacy/caf\\xE9.srt:4\n")
        #expect(walked.status == 0)

        // Through a shell, which passes the byte on as it is.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", #"exec "$0" -c budget "$(printf 'legacy/caf\351.srt')" talk.srt"#,
                           SeekProcess.executable.path]
        shell.currentDirectoryURL = directory.url
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(String(decoding: printed, as: UTF8.self) == "legacy/caf\\xE9.srt:4\ntalk.srt:4\n")
        #expect(shell.terminationStatus == 0)
    }

    @Test func orderIsTheOrderGivenThenPathOrder() throws {
        let result = try seek(["-c", "-r", "budget", "talk.srt", "shows/b", "shows/a/one.vtt"])
        #expect(result.stdout == "talk.srt:4\nshows/b/two.srt:4\nshows/a/one.vtt:3\n")
    }

    @Test func directoryWithoutRecursiveIsAnErrorForThatArgumentOnly() throws {
        let result = try seek(["-c", "budget", "shows", "talk.srt"])
        #expect(result.status == 2)
        #expect(result.stderr == "seek: shows: is a directory (use -r to search the files in it)\n")
        #expect(result.stdout == "talk.srt:4\n")
    }

    @Test func manyFilesKeepTheirOrder() throws {
        var names: [String] = []
        for i in 0..<40 {
            let name = "many/file\(i).srt"
            try directory.write(name, String(repeating: "1\n00:00:01,000 --> 00:00:02,000\nbudget\n\n", count: i + 1)
                .split(separator: "\n\n").enumerated().map { "\($0.offset + 1)\n" + $0.element.dropFirst(2) }
                .joined(separator: "\n\n") + "\n")
            names.append(name)
        }
        let result = try seek(["-c", "budget"] + names)
        #expect(result.stdout == names.enumerated().map { "\($0.element):\($0.offset + 1)\n" }.joined())
        let json = try seek(["--json", "budget"] + names)
        let files = json.stdout.split(separator: "\n").map { line in
            String(line.split(separator: "\"")[3])
        }
        #expect(files == names.enumerated().flatMap { Array(repeating: $0.element, count: $0.offset + 1) })
    }

    @Test func severalFilesPrintWhatEachPrintsAlone() throws {
        let cases: [[String]] = [[], ["-o"], ["--json"], ["--csv"], ["-v"], ["--cues"], ["--speakers"], ["-C", "1"], ["-A", "1"]]
        for flags in cases {
            // Each file's output is rendered by the worker that searched it; printed in order, with
            // `--` between groups of context from one file to the next as within a file.
            let files = ["talk.srt", "shows/a/one.vtt", "shows/a/notes.txt", "shows/b/two.srt"]
            let keyword = flags == ["--cues"] || flags == ["--speakers"] ? [] : ["budget"]
            let together = try seek(flags + keyword + files)
            var alone: [String] = []
            for (i, file) in files.enumerated() {
                var output = try seek(["-H"] + flags + keyword + [file]).stdout
                if flags == ["--csv"] && i > 0, let header = output.range(of: "\r\n") { output = String(output[header.upperBound...]) }
                if !output.isEmpty { alone.append(output) }
            }
            let separator = flags.first == "-C" || flags.first == "-A" ? "--\n" : ""
            #expect(together.stdout == alone.joined(separator: separator), "\(flags)")
            #expect(together.status == 0, "\(flags)")
        }
    }

    @Test func unreadableInputIsReportedWithItsName() throws {
        try directory.write("broken.srt", "\u{0}\u{1}\u{2}\u{3} binary \u{0}\u{0}\u{0}")
        let result = try seek(["-c", "budget", "broken.srt", "talk.srt"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("seek: broken.srt"))
        #expect(result.stdout.hasSuffix("talk.srt:4\n"))
    }

    @Test func fileNamesAreShownVisiblyToo() throws {
        try directory.write("a\u{1B}[31mred.srt", Fixtures.srt)
        let result = try seek(["-c", "budget", "a\u{1B}[31mred.srt", "no\u{1B}]0;x\u{7}.srt"])
        #expect(result.status == 2)
        #expect(result.stdout == "a\\x1B[31mred.srt:4\n")
        #expect(result.stderr.hasPrefix("seek: no\\x1B]0;x\\x07.srt: "))
        #expect(!(result.stdout + result.stderr).contains("\u{1B}"))
    }

    @Test func emptyDirectory() throws {
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let search = try seek(["-r", "budget", "empty"])
        #expect(search.status == 1)
        #expect(search.stdout.isEmpty)
        let interactive = try seek(["-i", "-r", "budget", "empty"])
        #expect(interactive.status == 2)
        #expect(interactive.stderr.hasPrefix("seek: -i needs at least one FILE"))
    }

    @Test func aWalkTakesOnlyTranscriptJSON() throws {
        try directory.write("lib/package.json", "{\"name\": \"budget\", \"version\": \"1.0.0\"}\n")
        try directory.write("lib/Settings.JSON", "{\"budget\": 3}\n")
        try directory.write("lib/feed.Xml", "<rss><title>budget</title></rss>\n")
        try directory.write("lib/talk.json", """
        {"text": " the budget", "segments": [{"id": 0, "start": 1.0, "end": 2.5, "text": " the budget"}]}

        """)
        let search = try seek(["-r", "-c", "budget", "lib"])
        #expect(search.status == 0)
        #expect(search.stdout == "lib/talk.json:1\n")
        #expect(search.stderr.isEmpty)
    }
}
