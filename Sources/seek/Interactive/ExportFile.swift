#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the `w` key writes matches, and the writing itself.
enum ExportFile {
    /// `talk.srt` → `talk.matches.jsonl` in the same directory; `seek-matches.jsonl` for standard input.
    ///
    /// Built from the transcript's real bytes, so a name that is not UTF-8 gives one that is not either.
    static func path(forTranscript path: SystemPath?) -> SystemPath {
        guard let path else { return SystemPath("seek-matches.jsonl") }
        let (directory, name) = path.split
        var stem = name
        if let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex { stem = Array(name[..<dot]) }
        return SystemPath(bytes: directory + stem + Array(".matches.jsonl".utf8))
    }

    /// Writes what `body` writes to `path` atomically (the same writer as `-o`), never through a symbolic
    /// link, never over one of the transcripts, and over an existing file only with `replace`.
    ///
    /// - Returns: `nil` on success, otherwise what went wrong.
    /// Once `isCancelled`, what was written is removed and the export is reported as cancelled.
    static func write(
        to path: SystemPath, replace: Bool, notOver inputs: [SystemPath], isCancelled: () -> Bool = { false },
        _ body: (DescriptorWriter) -> Void
    ) -> String? {
        if let target = FileIdentity(path: path),
           inputs.contains(where: { input in FileIdentity(path: input) == target }) {
            return inputs.count == 1 ? "could not export: \(path.shown) is the transcript itself"
                : "could not export: \(path.shown) is one of the transcripts"
        }
        do throws(AtomicOutputFile.Failure) {
            let file = try AtomicOutputFile(path: path, links: .refuse, replace: replace, cleanupOnSignals: false,
                                            inPlaceDescriptors: [])
            body(file.writer)
            if isCancelled() {
                file.discard()
                return "export cancelled; \(path.shown) not written"
            }
            try file.commit()
            return nil
        } catch {
            return "could not export: " + error.message
        }
    }
}
