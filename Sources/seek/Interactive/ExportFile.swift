#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the `w` key writes matches.
enum ExportFile {
    /// `talk.srt` → `talk.matches.jsonl` in the same directory; `seek-matches.jsonl` for standard input.
    static func path(forTranscript path: String?) -> String {
        guard let path else { return "seek-matches.jsonl" }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var stem = name
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { stem = String(name[..<dot]) }
        return directory + stem + ".matches.jsonl"
    }

    /// Writes `text` to `path` atomically (the same writer as `-o`), never over the transcript itself.
    ///
    /// - Returns: `nil` on success, otherwise what went wrong.
    static func write(_ text: String, to path: String, notOver input: String?) -> String? {
        if let input, realPath(input) != nil, realPath(input) == realPath(path) {
            return "could not export: \(path) is the transcript itself"
        }
        do throws(AtomicOutputFile.Failure) {
            let file = try AtomicOutputFile(path: path, cleanupOnSignals: false)
            file.writer.write(text)
            try file.commit()
            return nil
        } catch {
            return "could not export: " + error.message
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
