import SeekBytes

/// A mapped file that is not searched where it lies (`TranscriptLoader.searchesInPlace`): one
/// to decode (a legacy encoding, UTF-16 or UTF-32, an encoding asked for) or in a format that is
/// parsed whole (TTML, YouTube, SAMI, JSON…), decoded or copied from where its bytes lie, and what
/// `TranscriptLoader` can do with its text. Plainly written UTF-8 in TTML, YouTube, SAMI or JSON is
/// its own text: it is parsed where its bytes lie (`TranscriptLoader.load(parsingInPlace:…)`), not
/// copied first.
///
/// SRT and untimed text are counted a window of text at a time (`countMatches`), their cues with a
/// match loaded a window at a time (`loadMatching`, `load(untilMatchingCues:of:)`), and untimed
/// text is loaded a window at a time (`load`): each window is decoded, counted or parsed, and let
/// go, so the whole text is never held (Thai in windows-874 takes three times its file as UTF-8).
/// Anything else, and any text a window cannot answer for (a warning, timestamps, speaker turns, a
/// window without a place to cut), is decoded whole: a piece at a time while the file's pages go
/// (`TextDecoder.decode(_:encoding:fileName:pages:releasing:)`), then searched where it lies when
/// it is SRT, WebVTT or untimed text (only the cues with a match parsed, where they can be), or
/// parsed whole, never copied again. Each method consumes the file and gives what the same call on
/// the file's bytes gives: `load`, `loadMatching`, `load(untilMatchingCues:of:)` and `countMatches`.
///
///     let decoded = try DecodedFile(mapped: view, fileName: name, options: options) { range in
///         view.releaseMappedPages(range)
///     }
///     let loaded = try decoded.loadMatching(query: query)
public struct DecodedFile {
    /// The file's bytes, valid as long as the caller's map or buffer is.
    let bytes: ByteView
    let fileName: String
    let options: LoadOptions
    let pages: ReleasedPages
    let releasing: (Range<Int>) -> Void
    /// The encoding chosen and the pieces to decode.
    let pieces: TextDecoder.Pieces
    /// How much text a window holds before it is cut and handed on.
    let windowSize: Int
    /// The lines a first window must hold (`defaultFirstWindowLines`).
    let firstWindowLines: Int

    /// About how much text a window holds (`windowSize`): two pieces of decoding (one of Thai).
    static let defaultWindowSize = 2 << 20
    /// The lines a first window must hold for the judgements made on the start of a file (rolling
    /// captions, speaker turns, timestamps) to be those of the whole text.
    static let defaultFirstWindowLines = 2_000

    /// The file's `bytes`, with its encoding chosen: `releasing(range)` is told of each range of
    /// them that is read (see `TextDecoder.decode(_:encoding:fileName:pages:releasing:)`), and
    /// `pages` says whether bytes let go are read again from their file or lost.
    ///
    /// - Throws: what `TranscriptLoader.load` throws for an unknown encoding name or binary data.
    /// - Complexity: O(n) (a UTF-8 check to choose the encoding).
    public init(
        mapped bytes: ByteView, fileName: String, options: LoadOptions, pages: ReleasedPages = .readAgain,
        releasing: @escaping (Range<Int>) -> Void
    ) throws(Diagnostic) {
        try self.init(mapped: bytes, fileName: fileName, options: options, pages: pages,
                      pieceSize: TextDecoder.decodingPieceSize, windowSize: Self.defaultWindowSize,
                      firstWindowLines: Self.defaultFirstWindowLines, releasing: releasing)
    }

    init(
        mapped bytes: ByteView, fileName: String, options: LoadOptions, pages: ReleasedPages,
        pieceSize: Int, windowSize: Int, firstWindowLines: Int, releasing: @escaping (Range<Int>) -> Void
    ) throws(Diagnostic) {
        let encoding = try PreparedText.encoding(asked: options, fileName: fileName)
        pieces = try TextDecoder.Pieces(bytes, encoding: encoding, fileName: fileName, pieceSize: pieceSize,
                                        releasing: pages == .readAgain ? releasing : nil)
        // Pages read again from the file go now: the pieces are read again one by one. (A file
        // parsed where it lies, `parsedInPlace`, is read again at once: its pages are kept, not let
        // go to come back at once, which cost a third of the system time of a search of one.)
        if pages == .readAgain,
           !(Self.isOwnText(bytes, pieces) && TranscriptLoader.readsInPlace(bytes, fileName: fileName, options: options)) {
            releasing(0..<bytes.count)
        }
        self.bytes = bytes
        self.fileName = fileName
        self.options = options
        self.pages = pages
        self.releasing = releasing
        self.windowSize = windowSize
        self.firstWindowLines = firstWindowLines
    }

    /// The whole transcript, as `TranscriptLoader.load` reads it.
    public consuming func load() throws(Diagnostic) -> LoadedTranscript {
        if let loaded = try parsedInPlace(searchingFor: nil) { return loaded }
        if let loaded = try loadInWindows() { return loaded }
        return try TranscriptLoader.load(decodedWhole().text)
    }

    /// The cues with a match of `query`, as `TranscriptLoader.loadMatching(inPlace:…)` reads them.
    public consuming func loadMatching(query: Query) throws(Diagnostic) -> LoadedTranscript {
        try search(query, untilMatchingCues: nil).loaded
    }

    /// The cues up to the `cues`-th with a match of `query`, as
    /// `TranscriptLoader.load(inPlace:…untilMatchingCues:of:)` reads them.
    public consuming func load(untilMatchingCues cues: Int, of query: Query) throws(Diagnostic) -> LoadedTranscript {
        try search(query, untilMatchingCues: cues).loaded
    }

    /// `loadMatching(query:)` and its matches, `MatchIndex(transcript:query:)` of the cues loaded:
    /// found as each window is searched where the windows answer, not searched for again.
    public consuming func searchMatching(query: Query) throws(Diagnostic) -> (loaded: LoadedTranscript, index: MatchIndex) {
        try search(query, untilMatchingCues: nil)
    }

    /// `searchMatching(query:)`, unless its cues with a match would hold more text than the file
    /// itself twice (once, for pages lost once let go; `keptTextBudget`) and every window of the
    /// text answers for it: then those found until then are handed to `part`, with their matches
    /// and the warnings (which come before them all), and the rest a window at a time as they are
    /// found, so they are never held together (Thai in windows-874 with a match on every line
    /// makes 2.8 times its file in cues), and only their count is returned. Each part comes with
    /// the number of matches in the whole text (`totalMatches`, the sum of every part's, known
    /// before the first: an export numbers each match against it). The windows after the budget
    /// is passed are then read twice: once to find that they answer and count their matches, once
    /// to search them.
    ///
    /// - Throws: as `searchMatching(query:)`, and when the second reading finds otherwise than the
    ///   first (the file changed while it was read).
    public consuming func searchMatching(
        query: Query,
        handingOnLargeResults part: (_ loaded: LoadedTranscript, _ index: MatchIndex, _ totalMatches: Int) -> Void
    ) throws(Diagnostic) -> SearchedOrHandedOn {
        try searchMatching(query: query, keepingAtMost: keptTextBudget, handingOn: part)
    }

    func searchMatching(
        query: Query, keepingAtMost budget: Int,
        handingOn part: (_ loaded: LoadedTranscript, _ index: MatchIndex, _ totalMatches: Int) -> Void
    ) throws(Diagnostic) -> SearchedOrHandedOn {
        if let searched = try searchParsedInPlace(query) { return .searched(searched.loaded, searched.index) }
        var found = try searchWindows(of: query, keepingAtMost: budget)
        guard case .overBudget(let read, var kept, let index, let windows, let cues, let lines, let total) = found else {
            if case .kept(let loaded, let index) = found { return .searched(loaded, index) }
            let (loaded, index) = try searchWhole(query, untilMatchingCues: nil)
            return .searched(loaded, index)
        }
        // The cues kept first, with the warnings that come before them all, let go once handed
        // on; then the rest of the windows read again.
        found = nil
        part(kept, index, total)
        kept = LoadedTranscript(transcript: Transcript(), format: read.format, encoding: read.encoding.name, warnings: [])
        let handed = try withoutActuallyEscaping(part) { (part) throws(Diagnostic) in
            try searchWindows(of: query, handing: { part($0, $1, total) }, skipping: windows, skipped: (cues, lines))
        }
        guard case .handedOn(var counted) = handed, counted.warnings == read.warnings,
              counted.matches + index.count == total else {
            throw Diagnostic(file: fileName, message: "changed while it was read")
        }
        counted.matches = total
        return .handedOn(counted)
    }

    /// What `searchMatching(query:handingOnLargeResults:)` gives.
    public enum SearchedOrHandedOn {
        /// The cues with a match and their matches, as `searchMatching(query:)` gives them.
        case searched(LoadedTranscript, MatchIndex)
        /// The cues were handed on a window at a time: how many matches they held, the format,
        /// encoding and warnings (already handed on with the first).
        case handedOn(MatchCount)
    }

    /// How much cue text `searchMatching(query:handingOnLargeResults:)` keeps at most: twice the
    /// file (with it, and the matches, within three times), once for pages lost once let go
    /// (which are kept until then), and 16 MiB at least.
    var keptTextBudget: Int { Swift.max(16 << 20, bytes.count * (pages == .lost ? 1 : 2)) }

    /// `load(untilMatchingCues:of:)` and the matches of the cues loaded, as `searchMatching(query:)`.
    public consuming func search(
        untilMatchingCues cues: Int, of query: Query
    ) throws(Diagnostic) -> (loaded: LoadedTranscript, index: MatchIndex) {
        try search(query, untilMatchingCues: cues)
    }

    /// The cues with a match of `query` (with `cues`, up to the `cues`-th of them) and their
    /// matches: a window at a time where the windows can answer, else from the text decoded
    /// whole, searched where it lies.
    private func search(
        _ query: Query, untilMatchingCues cues: Int?
    ) throws(Diagnostic) -> (loaded: LoadedTranscript, index: MatchIndex) {
        if let searched = try searchParsedInPlace(query) { return searched }
        if let found = try searchInWindows(of: query, untilMatchingCues: cues ?? .max) { return found }
        return try searchWhole(query, untilMatchingCues: cues)
    }

    /// `search(_:untilMatchingCues:)` of the text decoded whole.
    private func searchWhole(
        _ query: Query, untilMatchingCues cues: Int?
    ) throws(Diagnostic) -> (loaded: LoadedTranscript, index: MatchIndex) {
        let whole = try decodedWhole()
        if !whole.countsWithoutParsingWhole {
            // ASS, TTML, JSON…: counting would parse the text once more before loading it.
            return Self.searched(try TranscriptLoader.load(whole.text, searchingFor: query), query)
        }
        let loaded: LoadedTranscript
        // A format searched first is counted by the search itself (`TranscriptLoader.searchesFirst`).
        if let none = TranscriptLoader.searchesFirst(whole.text.format) ? nil : try whole.noMatch(of: query) {
            loaded = none
        } else if !whole.searchesInPlace {
            loaded = try TranscriptLoader.load(whole.text)
        } else {
            loaded = try whole.withDecoding { (view) throws(Diagnostic) in
                if let cues {
                    try TranscriptLoader.load(inPlace: view, fileName: fileName, options: whole.textOptions,
                                              untilMatchingCues: cues, of: query, checked: .plainUTF8)
                } else {
                    try TranscriptLoader.loadMatching(inPlace: view, fileName: fileName, options: whole.textOptions,
                                                      query: query, checked: .plainUTF8)
                }
            }
        }
        return (loaded, MatchIndex(transcript: loaded.transcript, query: query))
    }

    /// The matches of `query`, as `TranscriptLoader.countMatches` counts them; with `enough`, at
    /// least that many once there are (`-l`, `-q`), the rest of the text not read.
    public consuming func countMatches(query: Query, enough: Int = .max) throws(Diagnostic) -> MatchCount {
        if let loaded = try parsedInPlace(searchingFor: query, forCounting: true) {
            return MatchCount(matches: MatchIndex.count(transcript: loaded.transcript, query: query),
                              format: loaded.format, encoding: loaded.encoding, warnings: loaded.warnings)
        }
        if let counted = try countInWindows(query: query, enough: enough) { return counted }
        return try TranscriptLoader.countMatches(decodedWhole().text, query: query)
    }

    /// The cues of `all` (a format's parse for a search, which may keep cues without a match) and
    /// their matches of `query`: with no match, no cue at all, as `WholeText.noMatch(of:)` gives.
    private static func searched(_ all: LoadedTranscript, _ query: Query) -> (loaded: LoadedTranscript, index: MatchIndex) {
        let index = MatchIndex(transcript: all.transcript, query: query)
        guard index.isEmpty else { return (all, index) }
        let none = LoadedTranscript(transcript: Transcript(), format: all.format, encoding: all.encoding,
                                    warnings: all.warnings)
        return (none, MatchIndex(transcript: none.transcript, query: query))
    }

    // MARK: - Read where the bytes lie

    /// `TranscriptLoader.load(parsingInPlace:fileName:options:searchingFor:forCounting:)` of the
    /// file's bytes, when they are their own text (plainly written UTF-8 without a byte order
    /// mark) in a format parsed whole from them (TTML, YouTube, SAMI, JSON): read where they lie,
    /// the pages let go coming back as they are read, rather than copied into a text first; `nil`
    /// for any other file.
    private func parsedInPlace(searchingFor query: Query?, forCounting: Bool = false) throws(Diagnostic) -> LoadedTranscript? {
        guard Self.isOwnText(bytes, pieces) else { return nil }
        return try TranscriptLoader.load(parsingInPlace: bytes, fileName: fileName, options: options,
                                         searchingFor: query, forCounting: forCounting)
    }

    /// Whether the file's bytes are their own text: plainly written UTF-8 without a byte order mark.
    private static func isOwnText(_ bytes: ByteView, _ pieces: TextDecoder.Pieces) -> Bool {
        pieces.isPlain && pieces.encoding == .utf8 && pieces.start == 0 && pieces.warnings.isEmpty
            && !bytes.starts(with: "\u{FEFF}")
    }

    /// `search(_:untilMatchingCues:)` of a file that `parsedInPlace` reads.
    private func searchParsedInPlace(_ query: Query) throws(Diagnostic) -> (loaded: LoadedTranscript, index: MatchIndex)? {
        try parsedInPlace(searchingFor: query).map { Self.searched($0, query) }
    }

    // MARK: - The whole text

    /// The text decoded whole, a piece at a time while the file's pages go.
    private func decodedWhole() throws(Diagnostic) -> WholeText {
        var pieces = pieces
        var utf8: [UInt8] = []
        // Room for the most the text can take: pages never written to take no memory.
        if pieces.count > 1 { utf8.reserveCapacity(pieces.largestText) }
        for i in 0..<pieces.count {
            try pieces.append(i, to: &utf8)
            releasing(pieces.source(of: i))
        }
        let decoded = DecodedText(utf8: utf8, encoding: pieces.encoding, warnings: pieces.warnings)
        var textOptions = options
        textOptions.encoding = nil
        return WholeText(text: try PreparedText(decoded: decoded, of: bytes.count, fileName: fileName, options: options),
                         decodingWarnings: decoded.warnings, textOptions: textOptions)
    }

    /// A file's text decoded whole, and what `TranscriptLoader` does with it.
    private struct WholeText {
        var text: PreparedText
        /// The warnings of the decoding alone (the text's own also hold its format's).
        let decodingWarnings: [Diagnostic]
        /// The options for reading the text: the caller's, with no encoding (it is UTF-8 now).
        let textOptions: LoadOptions

        /// No cue, when the text holds no match of `query`: a count reads no transcript (one cue
        /// of a long line parsed would hold the text a second time), so a file without a match is
        /// never parsed.
        func noMatch(of query: Query) throws(Diagnostic) -> LoadedTranscript? {
            let counted = try TranscriptLoader.countMatches(text, query: query)
            guard counted.matches == 0 else { return nil }
            return LoadedTranscript(transcript: Transcript(), format: counted.format, encoding: counted.encoding,
                                    warnings: counted.warnings)
        }

        /// Whether `noMatch(of:)` counts without parsing the text whole (SRT, WebVTT and untimed
        /// text are counted a piece at a time, dropped once counted); any other format is parsed
        /// whole to count it, which gives the transcript a load would.
        var countsWithoutParsingWhole: Bool {
            text.format == .srt || text.format == .vtt || text.format == .text || TranscriptLoader.searchesFirst(text.format)
        }

        /// Whether the text is read where it lies by the in-place loaders: SRT, WebVTT or untimed text
        /// that they take as plain UTF-8 (any other is parsed whole, never copied again). Decoded text
        /// is valid UTF-8 without NUL (`DecodedText`), so only its start is looked at, not all of it
        /// again (`TranscriptLoader.readsInPlace`).
        var searchesInPlace: Bool {
            !text.isBlank && (text.format == .srt || text.format == .vtt || text.format == .text
                              || TranscriptLoader.searchesFirst(text.format))
                && text.utf8.count <= textOptions.largestText
                && text.utf8.withByteView { TextDecoder.startsLikePlainUTF8($0) }
        }

        /// What `body` loads from the text, with the decoding's encoding and warnings.
        func withDecoding(
            _ body: (ByteView) throws(Diagnostic) -> LoadedTranscript
        ) throws(Diagnostic) -> LoadedTranscript {
            var loaded = try text.utf8.withByteView(body)
            loaded.encoding = text.encoding
            loaded.warnings = decodingWarnings + loaded.warnings
            return loaded
        }
    }
}

extension TranscriptLoader {
    /// Whether a file's bytes (mapped) are searched where they lie: plainly written UTF-8 SRT,
    /// WebVTT, untimed text or a format searched first (`readsInPlace`, `searchesFirst`). Any other file does better as a `DecodedFile`, its pages let
    /// go as it is decoded or copied, than copied whole beside them.
    ///
    /// - Complexity: O(n) in the size of `bytes` (a UTF-8 check).
    public static func searchesInPlace(_ bytes: ByteView, fileName: String, options: LoadOptions) -> Bool {
        guard readsInPlace(bytes, options: options) else { return false }
        let isBlank = PreparedText.isBlank(bytes)
        let (format, _) = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: isBlank)
        return isBlank || format == .srt || format == .vtt || format == .text || searchesFirst(format)
    }
}
