import SeekBytes
/// How to read a file: format and encoding, or `nil` to detect them.
public struct LoadOptions: Hashable, Sendable {
    public var format: SubtitleFormat?
    /// An encoding name as the user wrote it (`utf-8`, `windows-1252`, `latin1`, `gb18030`, …).
    public var encoding: String?
    /// The frame rate of frame-timed formats (MicroDVD) when the file gives none;
    /// `nil` assumes 23.976 with a warning.
    public var frameRate: FrameRate?
    /// The language to read from files that hold several (SAMI classes, TTML `xml:lang`),
    /// such as `en` or `KRCC`; `nil` reads SAMI's first and all of TTML.
    public var language: String?
    /// The most UTF-8 a file may decode to (`TranscriptLoader.largestText`); more is refused.
    public var largestText: Int

    public init(format: SubtitleFormat? = nil, encoding: String? = nil, frameRate: FrameRate? = nil,
                language: String? = nil, largestText: Int = TranscriptLoader.largestText) {
        self.format = format
        self.encoding = encoding
        self.frameRate = frameRate
        self.language = language
        self.largestText = largestText
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
    /// The most text a file may decode to: 4 GiB of UTF-8, as offsets inside a cue are kept in 32 bits.
    /// A legacy or UTF-16 file under the input limit can decode to more (Thai in Windows-874 triples).
    public static let largestText = (1 << 32) - 1

    /// Reads `bytes` as the file `fileName`.
    ///
    /// An empty file (or a WebVTT file with only its header) is an empty transcript.
    ///
    /// - Throws: `Diagnostic` for an unknown encoding name, a binary file, bytes the
    ///   chosen encoding rejects, a `.vtt` without its header, or a file where no block
    ///   could be read (the first problem is reported, with its line).
    /// - Complexity: O(n) in the size of `bytes`.
    /// The bytes are let go once decoded (a caller that hands them over with `consume` holds
    /// the file once, never beside its decoded text and its cues).
    public static func load(
        _ bytes: consuming [UInt8], fileName: String, options: LoadOptions = LoadOptions()
    ) throws(Diagnostic) -> LoadedTranscript {
        try load(PreparedText(consume bytes, fileName: fileName, options: options))
    }

    /// `load` of text already decoded.
    static func load(_ text: PreparedText) throws(Diagnostic) -> LoadedTranscript {
        guard !text.isBlank else {
            return LoadedTranscript(transcript: Transcript(), format: text.format, encoding: text.encoding,
                                    warnings: text.warnings)
        }
        let parsed = try parse(text)
        if parsed.transcript.isEmpty, let failure = failure(format: text.format, warnings: parsed.warnings) {
            throw failure
        }
        return LoadedTranscript(transcript: parsed.transcript, format: text.format,
                                encoding: text.encoding, warnings: text.warnings + parsed.warnings)
    }

    /// `load` for a search of `query`, which needs only the cues that may hold a match: the same
    /// warnings and errors, and each cue with a match as `load` gives it, with its number in the
    /// file (`Transcript.ordinal(at:)`); other cues may be left out (`parse(_:forCounting:searchingFor:)`).
    static func load(_ text: PreparedText, searchingFor query: Query) throws(Diagnostic) -> LoadedTranscript {
        guard !text.isBlank else { return try load(text) }
        let parsed = try parse(text, searchingFor: query)
        if parsed.transcript.isEmpty, let failure = failure(format: text.format, warnings: parsed.warnings) {
            throw failure
        }
        return LoadedTranscript(transcript: parsed.transcript, format: text.format,
                                encoding: text.encoding, warnings: text.warnings + parsed.warnings)
    }

    /// Parses prepared text in its format; `forCounting` leaves out what a count does not need (word
    /// times). With `query`, a TTML, YouTube, SAMI or JSON file's cues that cannot hold a match of it
    /// may be left out (`TTMLParser.parse(_:fileName:language:searchingFor:)`,
    /// `YouTubeTimedTextParser.parse(_:fileName:searchingFor:)`,
    /// `SAMIParser.parse(_:fileName:language:searchingFor:)`,
    /// `JSONTranscriptParser.parse(_:fileName:keepsWordTimes:searchingFor:)`), when the cues read are
    /// then as the whole parse gives them: in order, and not a transcript whose speakers last
    /// through their turns (a cue left out may start one).
    static func parse(
        _ text: PreparedText, forCounting: Bool = false, searchingFor query: Query? = nil
    ) throws(Diagnostic) -> (transcript: Transcript, warnings: [Diagnostic]) {
        if let query, let piece = RawPiece(query: query),
           let parsed = try parse(text, forCounting: forCounting, searchingFor: piece) {
            return parsed
        }
        return switch text.format {
        case .srt: carryingTurns(mergingRollingCaptions(SRTParser.parse(text.utf8, fileName: text.fileName)))
        case .vtt: carryingTurns(mergingRollingCaptions(try WebVTTParser.parse(text.utf8, fileName: text.fileName)))
        case .lrc: carryingTurns(LRCParser.parse(text.utf8, fileName: text.fileName))
        case .text: carryingTurns(TimestampedTextParser.parse(text.utf8, fileName: text.fileName))
        default:
            try text.utf8.withByteView { (bytes) throws(Diagnostic) in
                try parse(bytes, format: text.format, fileName: text.fileName, frameRate: text.frameRate,
                          language: text.language, keepsWordTimes: !forCounting) ?? (Transcript(), [])
            }
        }
    }

    /// `parse` for a search of the keyword whose piece is `piece`, in the formats whose parsers
    /// may leave out cues without it; `nil` for the others, and when the cues read are not
    /// as the whole parse gives them.
    private static func parse(
        _ text: PreparedText, forCounting: Bool, searchingFor piece: RawPiece
    ) throws(Diagnostic) -> (transcript: Transcript, warnings: [Diagnostic])? {
        guard parsesInPlace(text.format) else { return nil }
        return try text.utf8.withByteView { (bytes) throws(Diagnostic) in
            try parse(bytes, format: text.format, fileName: text.fileName, language: text.language,
                      forCounting: forCounting, searchingFor: piece)
        }
    }

    /// `parse(_:forCounting:searchingFor:)` of bytes as they lie, in a format that `parsesInPlace`.
    private static func parse(
        _ bytes: ByteView, format: SubtitleFormat, fileName: String, language: String?, forCounting: Bool,
        searchingFor piece: RawPiece
    ) throws(Diagnostic) -> (transcript: Transcript, warnings: [Diagnostic])? {
        switch format {
        case .ttml, .youtube, .sami:
            let read = switch format {
            case .ttml: TTMLParser.parse(bytes, fileName: fileName, language: language, searchingFor: piece)
            case .sami: SAMIParser.parse(bytes, fileName: fileName, language: language, searchingFor: piece)
            default: YouTubeTimedTextParser.parse(bytes, fileName: fileName, searchingFor: piece)
            }
            // Speakers that last through their turns take the whole parse: a cue left out may start one.
            guard let parsed = read, parsed.transcript.ordinalColumn.isEmpty || !SpeakerTurns.isTranscriptLike(parsed.transcript)
            else { return nil }
            return carryingTurns(parsed)
        case .json:
            // (No speaker turns are carried in JSON: the speakers are given.)
            return try JSONTranscriptParser.parse(bytes, fileName: fileName, keepsWordTimes: !forCounting,
                                                  searchingFor: piece)
        default:
            return nil
        }
    }

    /// Whether a file in `format` is parsed whole from its bytes where they lie, a search leaving
    /// out cues that cannot hold a match (TTML, YouTube, SAMI, JSON): plainly written UTF-8 in
    /// one of them is read where it lies (`load(parsingInPlace:fileName:options:searchingFor:forCounting:)`),
    /// never copied first.
    static func parsesInPlace(_ format: SubtitleFormat) -> Bool {
        format == .ttml || format == .youtube || format == .sami || format == .json
    }

    /// Whether `load(parsingInPlace:fileName:options:searchingFor:forCounting:)` reads `bytes`
    /// (rather than answering `nil`): text within `options.largestText`, not blank, in a format
    /// that `parsesInPlace`.
    static func readsInPlace(_ bytes: ByteView, fileName: String, options: LoadOptions) -> Bool {
        guard bytes.count <= options.largestText, !PreparedText.isBlank(bytes) else { return false }
        return parsesInPlace(PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: false).0)
    }

    /// What `load(Array(bytes), …)` gives, or with `query` what `load(_:searchingFor:)` gives (with
    /// `forCounting`, without word times, as a count reads it), of plainly written UTF-8 `bytes`
    /// (`readsInPlace`: no byte order mark, no NUL) read where they lie, say mapped: the file is
    /// not copied first. `nil` for blank text, text past `options.largestText` and a format that
    /// is not `parsesInPlace`, which the caller reads as it would have.
    ///
    /// - Throws: what `load` throws.
    /// - Complexity: O(n) in the size of `bytes`.
    static func load(
        parsingInPlace bytes: ByteView, fileName: String, options: LoadOptions, searchingFor query: Query?,
        forCounting: Bool = false
    ) throws(Diagnostic) -> LoadedTranscript? {
        guard bytes.count <= options.largestText, !PreparedText.isBlank(bytes) else { return nil }
        let (format, warnings) = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: false)
        guard parsesInPlace(format) else { return nil }
        var parsed: (transcript: Transcript, warnings: [Diagnostic])?
        if let query, let piece = RawPiece(query: query) {
            parsed = try parse(bytes, format: format, fileName: fileName, language: options.language,
                               forCounting: forCounting, searchingFor: piece)
        }
        if parsed == nil {
            parsed = try parse(bytes, format: format, fileName: fileName, frameRate: options.frameRate,
                               language: options.language, keepsWordTimes: !forCounting)
        }
        guard let parsed else { return nil }
        if parsed.transcript.isEmpty, let failure = failure(format: format, warnings: parsed.warnings) {
            throw failure
        }
        return LoadedTranscript(transcript: parsed.transcript, format: format, encoding: TextEncoding.utf8.name,
                                warnings: warnings + parsed.warnings)
    }

    /// What `parse` gives of text in one of the formats whose parsers read bytes where they lie
    /// (say, mapped): all but SRT, WebVTT and untimed text (`nil`), which are read elsewhere.
    static func parse(
        _ bytes: ByteView, format: SubtitleFormat, fileName: String, frameRate: FrameRate?, language: String?,
        keepsWordTimes: Bool = true
    ) throws(Diagnostic) -> (transcript: Transcript, warnings: [Diagnostic])? {
        switch format {
        case .ass: ASSParser.parse(bytes, fileName: fileName)
        case .ttml: carryingTurns(TTMLParser.parse(bytes, fileName: fileName, language: language))
        case .sami: carryingTurns(SAMIParser.parse(bytes, fileName: fileName, language: language))
        case .sbv: carryingTurns(SBVParser.parse(bytes, fileName: fileName))
        case .microdvd: carryingTurns(MicroDVDParser.parse(bytes, fileName: fileName, frameRate: frameRate))
        case .tmplayer: carryingTurns(TMPlayerParser.parse(bytes, fileName: fileName))
        case .mpl2: carryingTurns(MPL2Parser.parse(bytes, fileName: fileName))
        case .lrc: carryingTurns(LRCParser.parse(bytes, fileName: fileName))
        case .youtube: carryingTurns(YouTubeTimedTextParser.parse(bytes, fileName: fileName))
        case .json: try JSONTranscriptParser.parse(bytes, fileName: fileName, keepsWordTimes: keepsWordTimes)
        case .tsv: WhisperTSVParser.parse(bytes, fileName: fileName)
        case .srt, .vtt, .text: nil
        }
    }

    /// The parse with rolling captions (`RollingCaptions`) merged.
    static func mergingRollingCaptions(
        _ parsed: (transcript: Transcript, warnings: [Diagnostic])
    ) -> (transcript: Transcript, warnings: [Diagnostic]) {
        (RollingCaptions.merged(parsed.transcript), parsed.warnings)
    }

    /// The parse with speakers carried through their turns and labels taken off the text
    /// (`SpeakerTurns`), for every format whose speakers come from labels in the text.
    static func carryingTurns(
        _ parsed: (transcript: Transcript, warnings: [Diagnostic])
    ) -> (transcript: Transcript, warnings: [Diagnostic]) {
        (SpeakerTurns.carried(parsed.transcript), parsed.warnings)
    }

    /// The error for a file of which no block could be read: its first warning.
    static func failure(format: SubtitleFormat, warnings: [Diagnostic]) -> Diagnostic? {
        guard var first = warnings.first else { return nil }
        if format == .vtt {
            first = warnings.first { $0.message.hasPrefix("unreadable timing") } ?? first
            first.message += " (--format srt reads timings leniently)"
        }
        return first
    }
}

/// A file's text decoded to UTF-8, with its format chosen: what every parser starts from.
struct PreparedText {
    var utf8: [UInt8]
    var fileName: String
    var format: SubtitleFormat
    var encoding: String
    var frameRate: FrameRate?
    var language: String?
    /// Warnings about the decoding and the format, before any from the parser.
    var warnings: [Diagnostic]
    /// Whether the text is only white space (an empty transcript, whatever the format).
    var isBlank: Bool

    init(_ bytes: [UInt8], fileName: String, options: LoadOptions) throws(Diagnostic) {
        let encoding = try Self.encoding(asked: options, fileName: fileName)
        let byteCount = bytes.count
        try self.init(decoded: TextDecoder.decode(bytes, encoding: encoding, fileName: fileName),
                      of: byteCount, fileName: fileName, options: options)
    }

    /// The encoding `options` ask for, if any.
    static func encoding(asked options: LoadOptions, fileName: String) throws(Diagnostic) -> TextEncoding? {
        guard let name = options.encoding else { return nil }
        guard let known = TextEncoding(name: name) else {
            throw Diagnostic(file: fileName, message: "unknown encoding '\(name)'")
        }
        return known
    }

    /// The text of a file of `byteCount` bytes, decoded.
    init(decoded: DecodedText, of byteCount: Int, fileName: String, options: LoadOptions) throws(Diagnostic) {
        guard decoded.utf8.count <= options.largestText else {
            throw Diagnostic(file: fileName, message: "too large to search: its \(byteCount) bytes of "
                + "\(decoded.encoding.name) decode to \(decoded.utf8.count) bytes of text "
                + "(at most \(options.largestText))")
        }
        utf8 = decoded.utf8
        self.fileName = fileName
        frameRate = options.frameRate
        language = options.language
        self.encoding = decoded.encoding.name
        let isBlank = Self.isBlank(decoded.utf8)
        self.isBlank = isBlank
        let (format, formatWarnings) = decoded.utf8.withByteView { buffer in
            Self.format(of: buffer, fileName: fileName, options: options, isBlank: isBlank)
        }
        self.format = format
        warnings = decoded.warnings + formatWarnings
    }

    static func isBlank(_ utf8: some Sequence<UInt8>) -> Bool {
        utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }
    }

    /// The format to read decoded text with, and a warning when a `.vtt` file is read as SRT
    /// or a file with a subtitle's name or structure as plain lines.
    static func format(
        of utf8: ByteView, fileName: String, options: LoadOptions, isBlank: Bool
    ) -> (SubtitleFormat, [Diagnostic]) {
        let format = options.format
            ?? SubtitleFormat.detect(fileName: fileName, content: Array(utf8.prefix(SubtitleFormat.detectionLength)))
        guard !isBlank, options.format == nil else { return (format, []) }
        if SubtitleFormat(fileName: fileName) == .vtt, format == .srt {
            return (format, [Diagnostic(file: fileName, line: 1, message: "no WEBVTT header; read as SRT-style timed text")])
        }
        if format == .text, SubtitleFormat.promisesSubtitles(fileName: fileName, content: utf8) {
            return (format, [untimedWarning(fileName)])
        }
        return (format, [])
    }

    /// The warning for a file read as plain lines although its name or content promised subtitles.
    static func untimedWarning(_ fileName: String) -> Diagnostic {
        let names = SubtitleFormat.allCases.filter { $0 != .text }.map(\.displayName).joined(separator: ", ")
        return Diagnostic(file: fileName, message: "read as untimed lines: no \(names) structure found")
    }
}
