import SeekBytes

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

    /// How many bytes from the start of a text `init(content:)` looks at.
    static let detectionLength = 4096

    /// The format the text itself clearly shows, or `nil`.
    ///
    /// A `WEBVTT` signature on the first line means WebVTT; text whose first non-blank
    /// line is an SRT-style timing line (`00:00:01,000 --> 00:00:02,000`, also with `.`),
    /// or an index line followed by one, means SRT. (A document that merely quotes SRT
    /// further down stays what its extension says.)
    ///
    /// - Complexity: O(1): it looks at the first 4 KiB at most.
    public init?(content utf8: [UInt8]) {
        if WebVTTParser.hasSignature(utf8) {
            self = .vtt
            return
        }
        let found: Bool = utf8.withUnsafeBufferPointer { buffer in
            let scanner = LineScanner(UnsafeBufferPointer(rebasing: buffer.prefix(Self.detectionLength)))
            var position = 0
            var sawIndex = false
            while position < scanner.count {
                let (end, next) = scanner.line(from: position)
                defer { position = next }
                if scanner.isBlank(position, end) && !sawIndex { continue }
                if case .valid = SRTParser.timing(scanner.bytes, position, end) { return true }
                guard !sawIndex, SRTParser.isIndex(scanner.bytes, position, end) else { return false }
                sawIndex = true
            }
            return false
        }
        guard found else { return nil }
        self = .srt
    }

    /// The format to read a file with: the content's when it clearly says so,
    /// else the extension's, else timestamped text.
    ///
    /// A `.txt`, `.md` or unknown file with SRT timing lines is SRT; a `.srt` with a
    /// `WEBVTT` header is WebVTT; a `.vtt` without the header but with timing lines is SRT
    /// (whose reader takes WebVTT-style timings too).
    public static func detect(fileName: String, content utf8: [UInt8]) -> SubtitleFormat {
        let byName = SubtitleFormat(fileName: fileName)
        guard let byContent = SubtitleFormat(content: utf8) else { return byName ?? .text }
        return byContent
    }
}
