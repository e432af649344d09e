import Foundation
import Testing

/// GNU time, which writes the peak resident memory of the command it runs (`-f %M`, in KiB);
/// `nil` where it is not installed (the tests that need it are then skipped).
let gnuTime: String? = {
    let path = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["-f", "%M", "-o", "/dev/null", "true"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? path : nil
}()

/// Runs `script` with `/bin/sh` in `directory` (`$0` is the `seek` executable measured,
/// `SeekProcess.largeInputExecutable`; `$TIMED` runs the
/// command after it under GNU time) and reports its exit status, what it wrote on standard error,
/// and the peak resident memory of the command `$TIMED` ran, measured by the kernel for that
/// process alone (a process the test runner starts itself shares the runner's peak).
func peakMemoryOfShell(
    _ script: String, in directory: URL, environment: [String: String] = [:]
) throws -> (status: Int32, stderr: String, peakBytes: Int) {
    let program = SeekProcess.largeInputExecutable
    guard FileManager.default.isExecutableFile(atPath: program.path) else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: program.path])
    }
    let peakFile = directory.appendingPathComponent("peak-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: peakFile) }
    var environment = environment
    environment["TIMED"] = "\(gnuTime ?? "/usr/bin/time") -f %M -o \(peakFile.path)"
    let result = try runShell(script, in: directory, environment: environment, program: program)
    // After "Command exited with non-zero status N", when it did.
    let lines = try String(contentsOf: peakFile, encoding: .utf8).split(separator: "\n")
    let kibibytes = lines.last.flatMap { Int($0) } ?? 0
    return (result.status, result.stderr, kibibytes * 1024)
}

/// How far the peak resident memory of `seek ARGUMENTS NAME > /dev/null` rose above the same
/// command's peak on the sample `talk.srt`, which stands for what the process holds whatever it
/// reads (its code, its tables, the allocator's arenas); with the exit status and standard error
/// of the run on `NAME`.
struct PeakAboveSample {
    let status: Int32
    let stderr: String
    let bytes: Int

    /// Runs both commands in `directory`, copying the sample into it first if it is not there.
    init(_ arguments: String, on name: String, in directory: TemporaryDirectory) throws {
        try self.init(name, in: directory) { "$TIMED \"$0\" \(arguments) \($0) > /dev/null" }
    }

    /// The same for `cat NAME | seek ARGUMENTS > /dev/null`: the file read from a pipe, as
    /// standard input.
    init(_ arguments: String, piping name: String, in directory: TemporaryDirectory) throws {
        try self.init(name, in: directory) { "cat \($0) | $TIMED \"$0\" \(arguments) > /dev/null" }
    }

    /// Runs `command(name)` and `command("talk.srt")`.
    private init(_ name: String, in directory: TemporaryDirectory, _ command: (String) -> String) throws {
        let sample = directory.url.appendingPathComponent("talk.srt")
        if !FileManager.default.fileExists(atPath: sample.path) {
            try FileManager.default.copyItem(at: SeekProcess.samples.appendingPathComponent("talk.srt"), to: sample)
        }
        let base = try peakMemoryOfShell(command("talk.srt"), in: directory.url)
        let peak = try peakMemoryOfShell(command(name), in: directory.url)
        (status, stderr, bytes) = (peak.status, peak.stderr, peak.peakBytes - base.peakBytes)
    }

    /// The failure message of a bound on `bytes`: which run (`label`), how far above the sample's
    /// peak it rose and for how large an input (`size` bytes of the file, or of `what`: "text").
    func message(_ label: String, for size: Int, of what: String? = nil) -> Comment {
        let input = "\(size >> 10) KiB" + (what.map { " of \($0)" } ?? "")
        return Comment(rawValue: "\(label): \(bytes >> 10) KiB above the sample's peak for \(input)")
    }
}
