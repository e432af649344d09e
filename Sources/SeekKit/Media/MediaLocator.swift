/// Finds the media file that belongs to a transcript: the same name beside it, without the
/// subtitle's extension and its language and flag suffixes (`Show.S01E02.en.forced.srt` →
/// `Show.S01E02.mkv`).
///
/// Names are bytes, as the file system spells them, so a name that is not UTF-8 still works.
/// The locator itself touches no files: `locate` asks its caller whether a name exists.
public enum MediaLocator {
    /// The media extensions looked for, in the order they are tried.
    public static let extensions = [
        "mkv", "mp4", "webm", "avi", "mov", "m4v", "mp3", "m4a", "aac", "opus", "ogg", "flac", "wav",
    ]

    /// Suffixes that mark a subtitle's flavour rather than its title (`.forced`, `.sdh`).
    public static let flags: Set<String> = ["forced", "sdh", "hi", "cc", "default", "full"]

    /// The extensions of media without pictures (an edit list gives them audio tracks only).
    public static let audioExtensions: Set<String> = ["mp3", "m4a", "aac", "opus", "ogg", "flac", "wav"]

    /// The paths to try for `transcript`, most specific first: each shorter stem (suffixes dropped
    /// one at a time from the end, while they are language codes or flags) with each extension.
    ///
    /// A suffix counts as a language code when it is 2 or 3 ASCII letters, optionally followed by
    /// `-` or `_` and 2 to 4 letters or digits (`en`, `eng`, `pt-BR`, `zh-Hans`).
    public static func candidates(forTranscript transcript: [UInt8]) -> [[UInt8]] {
        let slash = transcript.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        let directory = Array(transcript[..<slash])
        let name = transcript[slash...]
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex else { return [] }
        var stems = [Array(name[..<dot])]
        while let stem = stems.last, let dot = stem.lastIndex(of: UInt8(ascii: ".")), dot > 0,
              isDroppable(stem[(dot + 1)...]) {
            stems.append(Array(stem[..<dot]))
        }
        var paths: [[UInt8]] = []
        for stem in stems {
            for ext in extensions {
                paths.append(directory + stem + [UInt8(ascii: ".")] + Array(ext.utf8))
            }
            for ext in extensions {
                paths.append(directory + stem + [UInt8(ascii: ".")] + Array(ext.uppercased().utf8))
            }
        }
        return paths
    }

    /// The first candidate for `transcript` for which `isFile` says yes, or `nil`.
    public static func locate(forTranscript transcript: [UInt8], isFile: ([UInt8]) -> Bool) -> [UInt8]? {
        candidates(forTranscript: transcript).first(where: isFile)
    }

    /// Whether the path's extension is one of the audio-only ones.
    public static func isAudioOnly(_ path: [UInt8]) -> Bool {
        guard let dot = path.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let ext = String(decoding: path[path.index(after: dot)...], as: UTF8.self).lowercased()
        return audioExtensions.contains(ext)
    }

    private static func isDroppable(_ suffix: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: suffix, as: UTF8.self)
        if flags.contains(text.lowercased()) { return true }
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let parts = suffix.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].count), parts[0].allSatisfy(isLetter)
        else { return false }
        if parts.count == 2 {
            return (2...4).contains(parts[1].count) && parts[1].allSatisfy { isLetter($0) || isDigit($0) }
        }
        return true
    }
}
