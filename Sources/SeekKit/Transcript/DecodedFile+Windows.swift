import SeekBytes

extension DecodedFile {
    /// `countMatches` of SRT or untimed text a window at a time (`TranscriptLoader.countInPieces`
    /// on each), never holding the whole text; `nil` when a window cannot answer for the whole
    /// text (another format, a warning, a timestamp, speaker turns, rolling captions, a first
    /// window too short to judge the start of the file by, text too large): then nothing is
    /// counted and the text is to be decoded whole.
    ///
    /// - Complexity: O(n), the text decoded once; with `enough`, only up to the window where that
    ///   many matches are found.
    func countInWindows(query: Query, enough: Int) throws(Diagnostic) -> MatchCount? {
        var matches = 0
        var problem = false
        // Stopping early, the rest is decoded all the same for its warnings (bytes replaced).
        guard let read = try forEachWindow(readsToEnd: enough < .max, { window, format in
            guard let counted = TranscriptLoader.countInPieces(window, format: format, fileName: fileName, query: query,
                                                               enough: enough - matches),
                  counted.warnings.isEmpty else {
                problem = true
                return false
            }
            matches += counted.matches
            return matches < enough
        }), !problem else { return nil }
        return MatchCount(matches: matches, format: read.format, encoding: read.encoding.name, warnings: read.warnings)
    }

    /// `searchMatching`, or with `limit` `search(untilMatchingCues:of:)`, of SRT or untimed text
    /// a window at a time: each window is parsed alone (`readAlone`) and searched, and only its
    /// cues with a match are kept, with their numbers and lines in the file and their matches (a
    /// match lies in one cue: those of the cues kept are the matches of the transcript they make),
    /// so the text and its cues are never held together, and nothing is searched twice; `nil`
    /// (nothing loaded) when a window cannot answer for the whole text, as for `countInWindows`,
    /// or for a speaker scope (a turn lasts until the next label).
    ///
    /// - Complexity: O(n), the text decoded once, each window searched and parsed at most once.
    func searchInWindows(of query: Query, untilMatchingCues limit: Int = .max) throws(Diagnostic)
        -> (loaded: LoadedTranscript, index: MatchIndex)? {
        guard case .kept(let loaded, let index) = try searchWindows(of: query, untilMatchingCues: limit) else { return nil }
        return (loaded, index)
    }

    /// What `searchWindows` found: the cues with a match and their matches, or only that every
    /// window answers when they would have held too much text, or the matches of cues handed on.
    enum WindowsSearch {
        case kept(LoadedTranscript, MatchIndex)
        /// Every window answers, but the cues with a match would hold more than the budget: those
        /// of the first `windows` windows, which reach it, the cues and lines those windows hold,
        /// and the matches of the whole text (`total`: those kept and those of the windows only read).
        case overBudget(WindowsRead, kept: LoadedTranscript, MatchIndex, windows: Int, cues: Int, lines: Int, total: Int)
        /// The cues with a match were handed on a window at a time; how many matches they hold.
        case handedOn(MatchCount)
    }

    /// `searchInWindows`, keeping cue text until it passes `budget` bytes: the windows after the
    /// one that passes it are only read (`readAlone`, or counted where the byte scan counts them)
    /// to find whether every window answers, and their matches counted (`.overBudget`, with what
    /// was kept and the text's matches). With `part`,
    /// each window's cues with a match and their matches are handed to it as they are found,
    /// nothing kept, from the window after the first `skipping` (which hold `skipped` cues and
    /// lines), and pages lost once let go go as they are decoded: only for a text found to
    /// answer in every window.
    func searchWindows(
        of query: Query, untilMatchingCues limit: Int = .max, keepingAtMost budget: Int = .max,
        handing part: ((LoadedTranscript, MatchIndex) -> Void)? = nil, skipping: Int = 0,
        skipped: (cues: Int, lines: Int) = (0, 0)
    ) throws(Diagnostic) -> WindowsSearch? {
        guard query.scope.speaker == nil else { return nil }
        // A keyword the byte scan takes counts a window without parsing it: one without a match
        // (and without carriage returns, so its lines are its line feeds) is not parsed at all.
        let countsFirst = TranscriptLoader.inPlaceMatcher(for: query) != nil
        var kept = TranscriptBuilder()
        // Room for the most the text can take: pages never written to take no memory.
        if part == nil { kept.reserve(bytes: pieces.largestText, cues: 0) }
        var keptText = 0
        var overBudget = false
        /// The windows read, and the cues and lines they hold, when the cues kept passed `budget`.
        var keptUntil: (windows: Int, cues: Int, lines: Int)?
        var ordinals = PackedIntegers()
        var matches = MatchIndex(query: query)
        /// The matches of the windows only read, once over the budget.
        var uncounted = 0
        var handedOn = 0
        var (cues, lines) = skipped
        var windows = 0
        var problem = false
        var window = ArrayWindow(capacity: windowSize + windowSize / 2)
        // Stopping at `limit`, the rest is decoded all the same for its warnings (bytes replaced).
        guard let read = try forEachWindow(in: &window, readsToEnd: true, releasesLostPages: part != nil, { window, format in
            windows += 1
            if windows <= skipping { return true }
            /// The window's matches, where the byte scan counted them.
            var counted: Int?
            if countsFirst && window.firstIndex(of: 0x0D) == nil {
                guard let found = TranscriptLoader.countInPieces(window, format: format, fileName: fileName,
                                                                 query: query),
                      found.warnings.isEmpty else {
                    problem = true
                    return false
                }
                if found.matches == 0 {
                    cues += found.cues
                    lines += SRTLayout.lines(in: window)
                    return true
                }
                counted = found.matches
            }
            guard let read = Self.readAlone(window, format: format, fileName: fileName) else {
                problem = true
                return false
            }
            let transcript = read.transcript
            if overBudget {
                // `countInPieces` counts what `MatchIndex` finds in the cues read.
                uncounted += counted ?? MatchIndex.count(transcript: transcript, query: query)
            } else {
                var lastCue = -1
                for match in MatchIndex(transcript: transcript, query: query) {
                    let cue = match.cue
                    if cue != lastCue {
                        guard kept.count < limit else { break }
                        let text = transcript.text(at: cue)
                        keptText += text.utf8.count + 1
                        kept.append(text: text, id: transcript.id(at: cue), start: transcript.start(at: cue),
                                    end: transcript.end(at: cue), speaker: transcript.speaker(at: cue),
                                    line: lines + transcript.line(at: cue))
                        ordinals.append(Int64(cues + cue + 1))
                        lastCue = cue
                    }
                    matches.append(cue: kept.count - 1, range: match.range, token: match.token)
                }
            }
            cues += transcript.count
            lines += read.lines
            if let part, kept.count > 0 {
                part(LoadedTranscript(transcript: Self.built(kept, ordinals: &ordinals, of: cues), format: format,
                                      encoding: pieces.encoding.name, warnings: []), matches)
                handedOn += matches.count
                (kept, ordinals, matches) = (TranscriptBuilder(), PackedIntegers(), MatchIndex(query: query))
            } else if keptText > budget && !overBudget {
                overBudget = true
                keptUntil = (windows, cues, lines)
            }
            return kept.count < limit
        }), !problem else { return nil }
        if part != nil {
            return .handedOn(MatchCount(matches: handedOn, format: read.format, encoding: read.encoding.name,
                                        warnings: read.warnings))
        }
        let loaded = LoadedTranscript(transcript: Self.built(kept, ordinals: &ordinals, of: keptUntil?.cues ?? cues),
                                      format: read.format, encoding: read.encoding.name, warnings: read.warnings)
        if let keptUntil {
            return .overBudget(read, kept: loaded, matches, windows: keptUntil.windows, cues: keptUntil.cues,
                               lines: keptUntil.lines, total: matches.count + uncounted)
        }
        return .kept(loaded, matches)
    }

    /// The transcript of the cues `kept`, numbered by `ordinals` unless they are all the `cues` read.
    private static func built(_ kept: TranscriptBuilder, ordinals: inout PackedIntegers, of cues: Int) -> Transcript {
        var transcript = kept.build()
        if transcript.count < cues {
            ordinals.seal()
            transcript.ordinalColumn = ordinals
        }
        return transcript
    }

    /// A window's cues as the whole text's parse reads them, with line numbers from 1 at its start,
    /// and its lines; `nil` when it may read otherwise alone (what `TranscriptLoader.countInPieces`
    /// declines): rolling captions or speaker labels at its start, a timestamp, a Markdown
    /// transcript, a warning, word times.
    static func readAlone(
        _ window: ByteView, format: SubtitleFormat, fileName: String
    ) -> (transcript: Transcript, lines: Int)? {
        let read: (transcript: Transcript, lines: Int)?
        switch format {
        case .srt:
            guard !TranscriptLoader.startsWithRollingCaptions(window, fileName: fileName) else { return nil }
            let parsed = SRTParser.parse(window, fileName: fileName)
            read = parsed.warnings.all.isEmpty ? (parsed.transcript, parsed.lines) : nil
        case .text:
            read = TimestampedTextParser.needsWholeRead(window) ? nil : TimestampedTextParser.parseUntimed(window)
        default:
            read = nil
        }
        guard let read, read.transcript.wordTimes.isEmpty else { return nil }
        return read
    }

    /// `load` of untimed text a window at a time, each window decoded into the transcript's
    /// storage after the cues read so far (`StorageWindow`) and its lines read into cues where
    /// they lie (`TimestampedTextParser.readUntimed`), so the text and its cues are never held
    /// together, even when a window is the whole text; `nil` (nothing loaded) for another format,
    /// or text a window cannot answer for.
    ///
    /// Pages lost once let go (standard input read whole) are kept while the windows might still
    /// fail to answer and the text be decoded whole from them: a first reading of the windows
    /// (`readsEveryWindowUntimed`) finds whether they all answer, and only then are they loaded,
    /// the pages going as each piece is decoded, so the input is not held beside the cues.
    ///
    /// - Complexity: O(n) (the text decoded twice from lost pages).
    func loadInWindows() throws(Diagnostic) -> LoadedTranscript? {
        let releasesLostPages = pages == .lost
        if releasesLostPages {
            guard try readsEveryWindowUntimed() else { return nil }
        }
        var read: WindowsRead?
        var lines = 0
        var problem = false
        var failure: Diagnostic?
        let transcript = CueCollector.collect(inputBytes: pieces.largestText) { cues in
            var window = StorageWindow(in: cues.storageBytes)
            do throws(Diagnostic) {
                read = try forEachWindow(in: &window, releasesLostPages: releasesLostPages) {
                    (window, format) throws(Diagnostic) -> Bool in
                    guard format == .text, lines > 0 || !MarkdownTranscriptParser.recognises(window) else {
                        problem = true
                        return false
                    }
                    cues.lineOffset = lines
                    guard let read = TimestampedTextParser.readUntimed(window, into: &cues) else {
                        problem = true
                        return false
                    }
                    lines += read
                    return true
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        guard let read, !problem else {
            // The first reading found that every window answers: pages let go are not to be read again.
            guard !releasesLostPages else {
                throw Diagnostic(file: fileName, message: "could not be read again in windows of text")
            }
            return nil
        }
        let parsed = TranscriptLoader.carryingTurns((transcript, []))
        return LoadedTranscript(transcript: parsed.transcript, format: read.format, encoding: read.encoding.name,
                                warnings: read.warnings + parsed.warnings)
    }

    /// Whether `loadInWindows` reads every window of the text into cues: each is read as it does
    /// (`TimestampedTextParser.readUntimed`) into a collector that holds nothing, so only a window
    /// of text is held at a time.
    private func readsEveryWindowUntimed() throws(Diagnostic) -> Bool {
        var cues = CueCollector.standIn
        cues.keepsIDs = false
        cues.keepsSpeakers = false
        var lines = 0
        var problem = false
        let read = try forEachWindow { window, format in
            guard format == .text, lines > 0 || !MarkdownTranscriptParser.recognises(window) else {
                problem = true
                return false
            }
            cues.removeAll()
            guard let read = TimestampedTextParser.readUntimed(window, into: &cues) else {
                problem = true
                return false
            }
            lines += read
            return true
        }
        return read != nil && !problem
    }

    /// What handing the text on a window at a time read: its format and encoding, the warnings
    /// of the decoding and the format.
    struct WindowsRead {
        var format: SubtitleFormat
        var encoding: TextEncoding
        var warnings: [Diagnostic]
    }

    /// Decodes the text and hands it to `body` a window at a time with its format (each window
    /// holds `windowSize` bytes of text or more, up to a place where a piece of the format can end),
    /// until `body` returns `false` (then, with `readsToEnd`, the rest is decoded and dropped, so that
    /// the warnings count every byte replaced). The file's pages go as they are decoded when they can be read
    /// again (a map); pages that would be lost are kept, for the whole text may yet be decoded,
    /// unless `releasesLostPages` (the caller knows that every window answers).
    ///
    /// - Returns: `nil` before any window when the windows cannot answer for the text: a format other
    ///   than SRT or untimed text, a blank start, a first window of fewer than `firstWindowLines`
    ///   lines (the start of a file decides rolling captions, speaker turns and timestamps), or more
    ///   text than `options.largestText`. Once a window is handed on, the text read.
    func forEachWindow(
        readsToEnd: Bool = false, _ body: (ByteView, SubtitleFormat) throws(Diagnostic) -> Bool
    ) throws(Diagnostic) -> WindowsRead? {
        var window = ArrayWindow(capacity: windowSize + windowSize / 2)
        return try forEachWindow(in: &window, readsToEnd: readsToEnd, body)
    }

    /// `forEachWindow(readsToEnd:_:)` with the windows gathered in `window`; `nil` as well when
    /// `window` has no room for a piece.
    func forEachWindow<Window: WindowText>(
        in window: inout Window, readsToEnd: Bool = false, releasesLostPages: Bool = false,
        _ body: (ByteView, SubtitleFormat) throws(Diagnostic) -> Bool
    ) throws(Diagnostic) -> WindowsRead? {
        let releasesPages = pages == .readAgain || releasesLostPages
        guard self.pieces.count > 1 else { return nil }
        var pieces = self.pieces
        var format: SubtitleFormat?
        var formatWarnings: [Diagnostic] = []
        var handedOn = 0
        var isFirst = true
        for i in 0..<pieces.count {
            guard try window.append(i, of: &pieces) else { return nil }
            if releasesPages { releasing(pieces.source(of: i)) }
            let isLast = i == pieces.count - 1
            if format == nil {
                let (found, warnings, isBlank) = window.withView { view in
                    let (found, warnings) = PreparedText.format(of: view, fileName: fileName, options: options,
                                                                isBlank: false)
                    return (found, warnings, PreparedText.isBlank(view))
                }
                guard (found == .srt || found == .text) && !isBlank else { return nil }
                (format, formatWarnings) = (found, warnings)
            }
            guard window.count >= windowSize || isLast, let format else { continue }
            // Cut late, so little is left to move to the next window; else anywhere past half.
            let end: Int? = isLast ? window.count : window.withView { (view) -> Int? in
                let cut = { (target: Int) -> Int? in
                    format == .srt ? SRTParser.pieceEnd(in: view, from: target)
                        : TimestampedTextParser.pieceEnd(in: view, from: target)
                }
                return cut(Swift.max(view.count / 2, view.count - 1 << 16)) ?? cut(view.count / 2)
            }
            guard let end else { continue }
            handedOn += end
            guard handedOn <= options.largestText else { return nil }
            let goesOn = try window.withView { (view) throws(Diagnostic) -> Bool? in
                let window = view.extracting(..<end)
                if isFirst && !isLast && ByteCounting.count(0x0A, in: window, 0..<window.count) < firstWindowLines {
                    return nil
                }
                return try body(window, format)
            }
            guard let goesOn else { return nil }
            isFirst = false
            window.removeFirst(end)
            if !goesOn {
                if readsToEnd {
                    for rest in i + 1..<pieces.count {
                        window.removeAll()
                        _ = try window.append(rest, of: &pieces)
                        if releasesPages { releasing(pieces.source(of: rest)) }
                    }
                }
                return WindowsRead(format: format, encoding: pieces.encoding,
                                   warnings: pieces.warnings + formatWarnings)
            }
        }
        return WindowsRead(format: format ?? .text, encoding: pieces.encoding,
                           warnings: pieces.warnings + formatWarnings)
    }
}
