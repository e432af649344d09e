#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the `w` key writes matches, and the atomic write itself.
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

    /// Writes `text` to a temporary file next to `path`, then renames it over `path`.
    ///
    /// - Returns: `nil` on success, otherwise what went wrong.
    static func write(_ text: String, to path: String, notOver input: String?) -> String? {
        if let input, realPath(input) != nil, realPath(input) == realPath(path) {
            return "could not export: \(path) is the transcript itself"
        }
        var template = Array((path + ".seek-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return "could not export to \(path): \(reason())" }
        let temporary = String(cString: template)
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        var failure: String?
        var bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = "could not export to \(path): \(reason())"
                    return
                }
                offset += written
            }
        }
        if failure == nil && fsync(descriptor) != 0 && errno != EINVAL {
            failure = "could not export to \(path): \(reason())"
        }
        close(descriptor)
        if failure == nil && rename(temporary, path) != 0 {
            failure = "could not export to \(path): \(reason())"
        }
        if failure != nil { unlink(temporary) }
        return failure
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
