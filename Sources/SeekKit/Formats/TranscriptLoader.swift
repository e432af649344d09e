/// How to read a file: format and encoding, or `nil` to detect them.
public struct LoadOptions: Hashable, Sendable {
    public var format: SubtitleFormat?
    /// An encoding name as the user wrote it (`utf-8`, `windows-1252`, `latin1`, `gb18030`, …).
    public var encoding: String?

    public init(format: SubtitleFormat? = nil, encoding: String? = nil) {
        self.format = format
        self.encoding = encoding
    }
}

/// A parsed file, with what was detected and any warnings (skipped blocks, legacy encodings).
public struct LoadedTranscript: Sendable {
    public var transcript: Transcript
    public var format: SubtitleFormat
    /// The encoding the bytes were decoded with, e.g. `UTF-8`, `UTF-16LE`, `windows-1252`.
    public var encoding: String
    public var warnings: [Diagnostic]

    public init(transcript: Transcript, format: SubtitleFormat, encoding: String, warnings: [Diagnostic] = []) {
        self.transcript = transcript
        self.format = format
        self.encoding = encoding
        self.warnings = warnings
    }
}

/// Turns a file's bytes into a transcript: decoding, format detection, parsing.
public enum TranscriptLoader {
    /// Reads `bytes` as the file `fileName`.
    ///
    /// - Throws: `Diagnostic` when the file is binary, cannot be decoded, or has nothing readable.
    public static func load(
        _ bytes: [UInt8], fileName: String, options: LoadOptions = LoadOptions()
    ) throws(Diagnostic) -> LoadedTranscript {
        // Placeholder until the real decoders and parsers land: UTF-8 text, one cue per line.
        let text = String(decoding: bytes, as: UTF8.self)
        var builder = TranscriptBuilder()
        var line = 0
        for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line += 1
            if !row.isEmpty { builder.append(text: row, line: line) }
        }
        return LoadedTranscript(transcript: builder.build(), format: options.format ?? .text, encoding: "UTF-8")
    }
}
