import SeekBytes
import SeekKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds a transcript's media on disk: the file named with `--media`, or the one `MediaLocator`
/// names beside the transcript.
enum MediaLookup {
    /// The media for the transcript at `transcript`: `explicit` when given, otherwise the first
    /// candidate beside it that is a regular file (or a link to one). The path is made absolute,
    /// so an edit list works wherever it is written and a player wherever it starts.
    static func media(forTranscript transcript: SystemPath?, explicit: SystemPath?) -> MediaPath? {
        var found = explicit
        if found == nil, let transcript {
            found = MediaLocator.locate(forTranscript: transcript.bytes) { isRegularFile(SystemPath(bytes: $0)) }
                .map { SystemPath(bytes: $0) }
        }
        guard let found else { return nil }
        let absolute = absolutePath(found)
        return MediaPath(bytes: absolute.bytes, shown: absolute.shown)
    }

    /// `path` with links and `..` resolved from the root, or `path` itself when that fails.
    static func absolutePath(_ path: SystemPath) -> SystemPath {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return path }
        defer { free(resolved) }
        return SystemPath(bytes: [UInt8](cString: resolved))
    }

    /// Checks the file named with `--media`: it must exist and not be a directory.
    static func check(_ path: SystemPath) -> String? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else {
            return "\(path.shown): \(String(cString: strerror(errno)))"
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return "\(path.shown): is a directory, not a media file" }
        return nil
    }

    /// What to say when a transcript's media was not found.
    static func missing(forTranscript name: String) -> String {
        let shown = MediaLocator.extensions.prefix(3).joined(separator: ", .")
        return "\(name): no media file beside it (the same name with .\(shown), …); name it with --media FILE"
    }

    static func isRegularFile(_ path: SystemPath) -> Bool {
        var info = stat()
        return path.withCString { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
