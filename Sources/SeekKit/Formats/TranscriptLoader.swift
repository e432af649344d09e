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
    /// Things the user should know, each naming the file (and line): a legacy encoding
    /// guessed, invalid bytes replaced, blocks skipped.
    public var warnings: [Diagnostic]

    public init(transcript: Transcript, format: SubtitleFormat, encoding: String, warnings: [Diagnostic] = []) {
        self.transcript = transcript
        self.format = format
        self.encoding = encoding
        self.warnings = warnings
    }
}

/// Turns a file's bytes into a transcript: decoding, format detection, parsing.
///
/// See `TextDecoder` for how the encoding is chosen and `SubtitleFormat.detect`
/// for the format; `SRTParser`, `WebVTTParser` and `TimestampedTextParser` read the text.
public enum TranscriptLoader {
    /// Reads `bytes` as the file `fileName`.
    ///
    /// An empty file (or a WebVTT file with only its header) is an empty transcript.
    ///
    /// - Throws: `Diagnostic` for an unknown encoding name, a binary file, bytes the
    ///   chosen encoding rejects, a `.vtt` without its header, or a file where no block
    ///   could be read (the first problem is reported, with its line).
    /// - Complexity: O(n) in the size of `bytes`.
    public static func load(
        _ bytes: [UInt8], fileName: String, options: LoadOptions = LoadOptions()
    ) throws(Diagnostic) -> LoadedTranscript {
        var encoding: TextEncoding?
        if let name = options.encoding {
            guard let known = TextEncoding(name: name) else {
                throw Diagnostic(file: fileName, message: "unknown encoding '\(name)'")
            }
            encoding = known
        }
        let decoded = try TextDecoder.decode(bytes, encoding: encoding, fileName: fileName)
        let format = options.format ?? SubtitleFormat.detect(fileName: fileName, content: decoded.utf8)
        var warnings = decoded.warnings
        if decoded.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }) {
            return LoadedTranscript(transcript: Transcript(), format: format,
                                    encoding: decoded.encoding.name, warnings: warnings)
        }
        if options.format == nil, SubtitleFormat(fileName: fileName) == .vtt, format == .srt {
            warnings.append(Diagnostic(file: fileName, line: 1,
                                       message: "no WEBVTT header; read as SRT-style timed text"))
        }
        let parsed: (transcript: Transcript, warnings: [Diagnostic])
        switch format {
        case .srt: parsed = SRTParser.parse(decoded.utf8, fileName: fileName)
        case .vtt: parsed = try WebVTTParser.parse(decoded.utf8, fileName: fileName)
        case .text: parsed = TimestampedTextParser.parse(decoded.utf8, fileName: fileName)
        }
        if parsed.transcript.isEmpty, var first = parsed.warnings.first {
            if format == .vtt {
                first = parsed.warnings.first { $0.message.hasPrefix("unreadable timing") } ?? first
                first.message += " (--format srt reads timings leniently)"
            }
            throw first
        }
        return LoadedTranscript(transcript: parsed.transcript, format: format,
                                encoding: decoded.encoding.name, warnings: warnings + parsed.warnings)
    }
}
