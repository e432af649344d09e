import SeekKit

/// Everything the interactive navigator needs, prepared by the command line.
struct InteractiveSession {
    var transcript: Transcript
    /// The name shown in the viewer (the file name, or `<stdin>`).
    var displayName: String
    /// The transcript's path, or `nil` when it came from standard input.
    var path: String?
    /// The keywords given on the command line (empty: start in the search field).
    var keywords: [String]
    var caseSensitive: Bool
    var scope: Scope
    /// The JSON Lines export of a match index (the same text as `--json`).
    var exportJSONLines: (MatchIndex) -> String
}

/// `seek -i`: the full-screen navigator.
enum InteractiveCommand {
    /// Runs the navigator until the user quits; returns the exit status.
    static func run(_ session: InteractiveSession) -> Int32 {
        FileHandleWriter.standardError("seek: interactive mode is not available yet\n")
        return 2
    }
}

enum FileHandleWriter {
    static func standardError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
