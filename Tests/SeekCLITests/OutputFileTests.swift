import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `-o FILE`: written atomically, never over an input, failures leave the old file alone.
@Suite struct OutputFileTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("talk.srt", Fixtures.srt)
    }

    func seek(_ arguments: [String]) throws -> SeekProcess.Result {
        try SeekProcess.run(arguments, in: directory.url)
    }

    @Test func writesTheExportToTheFile() throws {
        let result = try seek(["--json", "--output", "hits.jsonl", "budget", "talk.srt"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let written = try directory.read("hits.jsonl")
        #expect(written == (try seek(["--json", "budget", "talk.srt"])).stdout)
        #expect(written.split(separator: "\n").count == 4)
        #expect(try directory.contents() == ["hits.jsonl", "talk.srt"])
    }

    @Test func replacesAnExistingFileWhole() throws {
        try directory.write("hits.csv", String(repeating: "old contents\n", count: 1000))
        let result = try seek(["--csv", "--output=hits.csv", "evening", "talk.srt"])
        #expect(result.status == 0)
        let rows = try CSVReader.parse(try directory.read("hits.csv"))
        #expect(rows.count == 2)
        #expect(try directory.contents() == ["hits.csv", "talk.srt"])
    }

    @Test func refusesToOverwriteAnInputEvenUnderAnotherName() throws {
        let hardLink = directory.url.appendingPathComponent("same.srt").path
        #expect(link(directory.url.appendingPathComponent("talk.srt").path, hardLink) == 0)
        for target in ["talk.srt", "same.srt", "./talk.srt"] {
            let result = try seek(["--json", "--output", target, "budget", "talk.srt"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("refusing to write \(target)"))
            #expect(try directory.read("talk.srt") == Fixtures.srt)
        }
    }

    @Test func readOnlyDirectoryIsReportedAndTheOldFileKept() throws {
        guard getuid() != 0 else { return }  // root writes anywhere
        let sub = directory.url.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try directory.write("locked/hits.jsonl", "previous\n")
        chmod(sub.path, 0o555)
        defer { chmod(sub.path, 0o755) }
        let result = try seek(["--json", "--output", "locked/hits.jsonl", "budget", "talk.srt"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("seek: cannot write locked/hits.jsonl: "))
        #expect(result.stderr.contains("Permission denied"))
        #expect(try directory.read("locked/hits.jsonl") == "previous\n")
    }

    @Test func fullDiskIsReported() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        // A link to /dev/full: every write fails with ENOSPC. (The link is followed, and a device is
        // written in place, so nothing is ever renamed over it.)
        try FileManager.default.createSymbolicLink(
            at: directory.url.appendingPathComponent("full.jsonl"), withDestinationURL: URL(fileURLWithPath: "/dev/full"))
        let result = try seek(["--json", "--output", "full.jsonl", "budget", "talk.srt"])
        #expect(result.status == 2)
        #expect(result.stderr == "seek: cannot write full.jsonl: No space left on device\n")
        #expect(try directory.contents() == ["full.jsonl", "talk.srt"])
    }

    @Test func followsALinkToARegularFile() throws {
        try directory.write("real/hits.jsonl", "previous\n")
        try FileManager.default.createSymbolicLink(
            at: directory.url.appendingPathComponent("hits.jsonl"),
            withDestinationURL: directory.url.appendingPathComponent("real/hits.jsonl"))
        let result = try seek(["--json", "--output", "hits.jsonl", "evening", "talk.srt"])
        #expect(result.status == 0)
        #expect(try directory.read("real/hits.jsonl").hasPrefix(#"{"file":"talk.srt","track":null,"language":null,"position":1,"#))
        let link = try FileManager.default.destinationOfSymbolicLink(
            atPath: directory.url.appendingPathComponent("hits.jsonl").path)
        #expect(link.hasSuffix("real/hits.jsonl"))
    }

    /// An interrupted run leaves neither a partial FILE nor its temporary file.
    @Test func interruptLeavesNothingBehind() throws {
        let process = Process()
        process.executableURL = SeekProcess.executable
        process.arguments = ["--json", "--output", "hits.jsonl", "budget", "-"]
        process.currentDirectoryURL = directory.url
        let input = Pipe()
        process.standardInput = input
        process.standardError = Pipe()
        try process.run()
        // seek creates its temporary file before reading standard input, which stays open: wait for it.
        // Each check lists the directory; the deadline bounds the wait without sleeping.
        let deadline = Date().addingTimeInterval(10)
        while try directory.contents().count < 2 && Date() < deadline {}
        let during = try directory.contents()
        #expect(during.contains { $0.hasPrefix(".hits.jsonl.seek-") })
        process.interrupt()
        process.waitUntilExit()
        try input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try directory.contents() == ["talk.srt"])
    }
}
