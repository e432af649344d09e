/// The file formats Seek reads.
public enum SubtitleFormat: String, CaseIterable, Sendable {
    case srt
    case vtt
    case text

    /// The format a file name suggests, or `nil` when the extension says nothing.
    public init?(fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".srt") { self = .srt }
        else if lower.hasSuffix(".vtt") || lower.hasSuffix(".webvtt") { self = .vtt }
        else if lower.hasSuffix(".txt") || lower.hasSuffix(".md") || lower.hasSuffix(".log") { self = .text }
        else { return nil }
    }
}
