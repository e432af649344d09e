import SeekBytes

/// A mapped file that is not searched where it lies (`TranscriptLoader.searchesInPlace`): one
/// to decode (a legacy encoding, UTF-16 or UTF-32, an encoding asked for) or in a format that is
/// parsed whole (ASS, TTML, SAMI, JSON, LRC…), decoded or copied from where its bytes lie, and what
/// `TranscriptLoader` can do with its text.
///
/// The text is held once: decoded a piece at a time while the file's pages go
/// (`TextDecoder.decode(_:encoding:fileName:pages:releasing:)`), then searched where it lies when it is
/// SRT, WebVTT or untimed text (only the cues with a match parsed, where they can be), or parsed
/// whole, never copied again; and let go when the work is done (each method consumes the file).
/// Each gives what the same call on the file's bytes gives: `load`, `loadMatching`,
/// `load(untilMatchingCues:of:)` and `countMatches`.
///
///     let decoded = try DecodedFile(mapped: view, fileName: name, options: options) { range in
///         view.releaseMappedPages(range)
///     }
///     let loaded = try decoded.loadMatching(query: query)
public struct DecodedFile {
    var text: PreparedText
    /// The warnings of the decoding alone (the text's own also hold its format's).
    let decodingWarnings: [Diagnostic]
    /// The options for reading the text: the caller's, with no encoding (it is UTF-8 now).
    let textOptions: LoadOptions

    /// Decodes `bytes`, telling `releasing(range)` of each range of them it has read (see
    /// `TextDecoder.decode(_:encoding:fileName:pages:releasing:)`): `pages` says whether bytes
    /// let go are read again from their file or lost.
    ///
    /// - Throws: what `TranscriptLoader.load` throws for an unknown encoding name, binary data,
    ///   bytes the chosen encoding rejects, or text too large to search.
    /// - Complexity: O(n).
    public init(
        mapped bytes: ByteView, fileName: String, options: LoadOptions, pages: ReleasedPages = .readAgain,
        releasing: (Range<Int>) -> Void
    ) throws(Diagnostic) {
        let encoding = try PreparedText.encoding(asked: options, fileName: fileName)
        let decoded = try TextDecoder.decode(bytes, encoding: encoding, fileName: fileName, pages: pages,
                                             releasing: releasing)
        decodingWarnings = decoded.warnings
        text = try PreparedText(decoded: decoded, of: bytes.count, fileName: fileName, options: options)
        var textOptions = options
        textOptions.encoding = nil
        self.textOptions = textOptions
    }

    /// The whole transcript, as `TranscriptLoader.load` reads it.
    public consuming func load() throws(Diagnostic) -> LoadedTranscript {
        try TranscriptLoader.load(text)
    }

    /// The cues with a match of `query`, as `TranscriptLoader.loadMatching(inPlace:…)` reads them.
    public consuming func loadMatching(query: Query) throws(Diagnostic) -> LoadedTranscript {
        if let none = try noMatch(of: query) { return none }
        guard searchesInPlace else { return try load() }
        return try withDecoding { (view) throws(Diagnostic) in
            try TranscriptLoader.loadMatching(inPlace: view, fileName: text.fileName, options: textOptions, query: query,
                                              checked: .plainUTF8)
        }
    }

    /// The cues up to the `cues`-th with a match of `query`, as
    /// `TranscriptLoader.load(inPlace:…untilMatchingCues:of:)` reads them.
    public consuming func load(untilMatchingCues cues: Int, of query: Query) throws(Diagnostic) -> LoadedTranscript {
        if let none = try noMatch(of: query) { return none }
        guard searchesInPlace else { return try load() }
        return try withDecoding { (view) throws(Diagnostic) in
            try TranscriptLoader.load(inPlace: view, fileName: text.fileName, options: textOptions,
                                      untilMatchingCues: cues, of: query, checked: .plainUTF8)
        }
    }

    /// The matches of `query`, as `TranscriptLoader.countMatches` counts them.
    public consuming func countMatches(query: Query) throws(Diagnostic) -> MatchCount {
        try TranscriptLoader.countMatches(text, query: query)
    }

    /// No cue, when the text holds no match of `query`: a count reads no transcript (one cue
    /// of a long line parsed would hold the text a second time), so a file without a match is
    /// never parsed.
    private func noMatch(of query: Query) throws(Diagnostic) -> LoadedTranscript? {
        let counted = try TranscriptLoader.countMatches(text, query: query)
        guard counted.matches == 0 else { return nil }
        return LoadedTranscript(transcript: Transcript(), format: counted.format, encoding: counted.encoding,
                                warnings: counted.warnings)
    }

    /// Whether the text is read where it lies by the in-place loaders: SRT, WebVTT or untimed text
    /// that they take as plain UTF-8 (any other is parsed whole, never copied again). Decoded text
    /// is valid UTF-8 without NUL (`DecodedText`), so only its start is looked at, not all of it
    /// again (`TranscriptLoader.readsInPlace`).
    private var searchesInPlace: Bool {
        !text.isBlank && (text.format == .srt || text.format == .vtt || text.format == .text)
            && text.utf8.count <= textOptions.largestText
            && text.utf8.withByteView { TextDecoder.startsLikePlainUTF8($0) }
    }

    /// What `body` loads from the text, with the decoding's encoding and warnings.
    private func withDecoding(
        _ body: (ByteView) throws(Diagnostic) -> LoadedTranscript
    ) throws(Diagnostic) -> LoadedTranscript {
        var loaded = try text.utf8.withByteView(body)
        loaded.encoding = text.encoding
        loaded.warnings = decodingWarnings + loaded.warnings
        return loaded
    }
}

extension TranscriptLoader {
    /// Whether a file's bytes (mapped) are searched where they lie: plainly written UTF-8 SRT,
    /// WebVTT or untimed text (`readsInPlace`). Any other file does better as a `DecodedFile`, its pages let
    /// go as it is decoded or copied, than copied whole beside them.
    ///
    /// - Complexity: O(n) in the size of `bytes` (a UTF-8 check).
    public static func searchesInPlace(_ bytes: ByteView, fileName: String, options: LoadOptions) -> Bool {
        guard readsInPlace(bytes, options: options) else { return false }
        let isBlank = PreparedText.isBlank(bytes)
        let (format, _) = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: isBlank)
        return isBlank || format == .srt || format == .vtt || format == .text
    }
}
