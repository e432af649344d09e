import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `seek` binary and captures what it wrote.
struct SeekProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: [UInt8]
    }

    /// The `seek` executable next to the test bundle in the build folder.
    static let executable: URL = {
        var candidates: [URL] = []
        #if os(Linux)
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        #endif
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        for directory in candidates {
            var url = directory
            for _ in 0..<4 {
                let seek = url.appendingPathComponent("seek")
                if FileManager.default.isExecutableFile(atPath: seek.path) { return seek }
                url.deleteLastPathComponent()
            }
        }
        return URL(fileURLWithPath: "seek")
    }()

    /// The `seek` the tests that read inputs of megabytes run (peak memory, large files counted
    /// in pieces): the one `SEEK_RELEASE_EXECUTABLE` names when it is set (CI sets it to the
    /// release binary it has just built from the same sources: what users run, and many times
    /// faster than a debug build on such inputs), else `executable`, as in a plain `swift test`.
    static let largeInputExecutable: URL = ProcessInfo.processInfo.environment["SEEK_RELEASE_EXECUTABLE"]
        .map { URL(fileURLWithPath: $0) } ?? executable

    /// The repository's `Samples/` folder.
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples")

    /// Runs `seek arguments` in `directory` with `input` (or `inputBytes`) on standard input (empty when `nil`).
    static func run(
        _ arguments: [String], input: String? = nil, inputBytes: [UInt8]? = nil, in directory: URL? = nil,
        environment: [String: String] = [:], program: URL = executable
    ) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? samples
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["TERM"] = "xterm-256color"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("seek-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out")
        let errURL = scratch.appendingPathComponent("err")
        let inURL = scratch.appendingPathComponent("in")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        try Data(inputBytes ?? Array((input ?? "").utf8)).write(to: inURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let inp = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        try inp.close()
        let stdout = try Data(contentsOf: outURL)
        let stderr = try Data(contentsOf: errURL)
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self), stdoutBytes: Array(stdout))
    }

    /// Runs `seek` with standard output on a pseudo-terminal and returns what it printed there.
    /// With `inputOnTerminal`, standard input is the same terminal.
    static func runOnTerminal(
        _ arguments: [String], environment: [String: String] = [:], inputOnTerminal: Bool = false
    ) throws -> Result {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = samples
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["TERM"] = "xterm-256color"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardOutput = terminal
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = inputOnTerminal ? terminal : FileHandle.nullDevice
        try process.run()
        close(slave)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if got <= 0 { break }
            bytes.append(contentsOf: chunk[0..<got])
        }
        process.waitUntilExit()
        close(master)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return Result(status: process.terminationStatus, stdout: text, stderr: stderr, stdoutBytes: bytes)
    }
}

/// A fresh temporary directory, removed when the value is dropped by the test.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("seek-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Writes `text` as an executable program (mode 755).
    ///
    /// The file is opened close-on-exec: a program that a test running in parallel starts
    /// while it is open must not inherit it, or running it fails with 'Text file busy'
    /// (Foundation's `Data.write(to:)` does not open close-on-exec).
    @discardableResult
    func writeProgram(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
        return file
    }

    func read(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: url.appendingPathComponent(name)), as: UTF8.self)
    }

    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}
