import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// mpv and ffmpeg for the tests that need them: found on PATH, never installed here.
enum MediaTools {
    /// The executable `name` on PATH, or `nil`.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 { return String(candidate) }
        }
        return nil
    }

    static let mpv = find("mpv")
    static let ffmpeg = find("ffmpeg")

    /// Why a test that needs `tools` cannot run, or `nil` when it can.
    static func missing(_ tools: String...) -> String? {
        let absent = tools.filter { find($0) == nil }
        return absent.isEmpty ? nil : "skipped: \(absent.joined(separator: " and ")) not installed "
            + "(apt-get install -y mpv ffmpeg)"
    }

    /// Writes a `seconds`-long test pattern with a tone (its frame counter burnt in) to `url`.
    static func makeMedia(_ url: URL, seconds: Int) throws {
        let result = try run(ffmpeg ?? "ffmpeg", [
            "-nostdin", "-loglevel", "error", "-y",
            "-f", "lavfi", "-i", "testsrc=duration=\(seconds):size=160x120:rate=25",
            "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)",
            "-c:v", "mpeg4", "-g", "5", "-c:a", "pcm_s16le", "-shortest", "-f", "matroska", url.path,
        ])
        if result.status != 0 { throw CocoaError(.fileWriteUnknown, userInfo: ["ffmpeg": result.output]) }
    }

    /// Runs `executable arguments` (at most 60 s, through coreutils' `timeout`); its status and output.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["60", executable] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The duration mpv gives the file at `path` (an EDL plays as one file), in seconds.
    static func mpvDuration(_ path: String) throws -> Double? {
        let result = try run(mpv ?? "mpv", [
            "--no-config", "--vo=null", "--ao=null", "--frames=1", "--msg-level=all=no,term-msg=info",
            "--term-playing-msg=DURATION=${=duration}", "--", path,
        ])
        guard let line = result.output.split(separator: "\n").first(where: { $0.hasPrefix("DURATION=") }) else {
            return nil
        }
        return Double(line.dropFirst("DURATION=".count))
    }
}
