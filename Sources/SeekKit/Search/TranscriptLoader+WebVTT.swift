import SeekBytes

extension TranscriptLoader {
    /// Counts the matches of `query` in plainly written WebVTT (`WebVTTLayout`) where its cue
    /// texts lie, without a transcript: what `MatchIndex.count` finds in the parsed file.
    ///
    /// With `enough` (`-l`, `-q`), the file is laid out and counted in pieces: its first cues, as
    /// many as decide how its texts read (`WebVTTLayout.readsAsItLies`, `decidingCues`), then pieces that start
    /// where a block may (`WebVTTLayout.pieceEnd`), doubling in size up to `pieceSize`, none laid
    /// out once that many matches are found: the count is then at least `enough`.
    ///
    /// `nil` (the file is then parsed) when the text laid out is not plain, the query is not one
    /// keyword the byte scan takes (`inPlaceMatcher`), or the first cues do not show that the texts
    /// are read as they lie.
    ///
    /// - Complexity: O(n) in the size of `buffer`.
    static func countPlainWebVTT(
        _ buffer: ByteView, query: Query, pieceSize: Int = TextPieces.pieceSize, enough: Int = .max
    ) -> (cues: Int, matches: Int, warnings: [Diagnostic])? {
        guard let matcher = inPlaceMatcher(for: query, forCounting: true),
              let first = WebVTTLayout(buffer, cueLimit: enough < .max ? decidingCues : .max)
        else { return nil }
        var end = first.end
        let matchesIn = { (layout: WebVTTLayout, piece: ByteView) in
            matcher.countInSpans(piece, spans: layout.spans, rewritten: layout.marked,
                                 rewrite: { layout.text(of: $0, in: piece) })
        }
        guard first.readsAsItLies(buffer.extracting(..<end), isWhole: end == buffer.count),
              var matches = matchesIn(first, buffer.extracting(..<end)) else { return nil }
        var cues = first.spans.count
        var size = Swift.max(1, Swift.min(end, pieceSize))
        while end < buffer.count && matches < enough {
            size = Swift.min(2 * size, pieceSize)
            let next = WebVTTLayout.pieceEnd(in: buffer, from: end + size)
            let piece = buffer.extracting(end..<next)
            guard let layout = WebVTTLayout(piece, isFileStart: false), let found = matchesIn(layout, piece) else { return nil }
            cues += layout.spans.count
            matches += found
            end = next
        }
        return (cues, matches, [])
    }

    /// The cues of plainly written WebVTT (`WebVTTLayout`) that hold a match of `matcher`,
    /// each read from where it lies as the parser reads it, with its number in the file: what
    /// `loadMatching` gives. `nil` (the file is then loaded whole) when the text is not plain,
    /// its first cues do not show that its texts are read as they lie
    /// (`WebVTTLayout.readsAsItLies`), or its matching cues are dense (`MatchingCues.isDense`).
    ///
    /// - Complexity: O(n) in the size of `bytes`, plus the matching cues.
    static func loadMatchingPlainWebVTT(
        _ bytes: ByteView, matcher: Matcher, warnings: [Diagnostic]
    ) -> LoadedTranscript? {
        guard let layout = WebVTTLayout(bytes), layout.readsAsItLies(bytes),
              let matching = matcher.cuesWithMatches(bytes, spans: layout.spans, rewritten: layout.marked,
                                                     rewrite: { layout.text(of: $0, in: bytes) }),
              !MatchingCues.isDense(matching.count, in: bytes) else { return nil }
        var lineFeeds = 0
        var counted = 0
        var transcript = CueCollector.collect(
            inputBytes: matching.reduce(0) { $0 + layout.spans[$1].count + 1 }
        ) { cues in
            for index in matching {
                let cue = layout.cue(index, in: bytes)
                guard let (start, end) = WebVTTParser.timings(bytes, cue.timing.lowerBound, cue.timing.upperBound)
                else { preconditionFailure("a plain layout's timing lines are read by the parser") }
                lineFeeds += ByteCounting.count(0x0A, in: bytes, counted..<cue.timing.lowerBound)
                counted = cue.timing.lowerBound
                // The parser's line of a cue is its first text line, or the line after its timing line.
                WebVTTParser.append(bytes.extracting(cue.text), id: cue.id.map { bytes.string(in: $0) },
                                    start: start, end: end, line: lineFeeds + 2, to: &cues)
            }
        }
        transcript.ordinals = matching.map { Int32(truncatingIfNeeded: $0 + 1) }
        return LoadedTranscript(transcript: transcript, format: .vtt, encoding: TextEncoding.utf8.name,
                                warnings: warnings)
    }
}

extension WebVTTParser {
    /// Appends a cue of `text` to `cues` as the parser does: as it lies, or cleaned of its tags
    /// and references (the first `<v>` tag's annotation is then the speaker) and of blanks around
    /// its line breaks (`LineBreakBlanks`; `blankAtBreak` says whether it has some, looked for when `nil`).
    static func append(
        _ text: ByteView, id: String?, start: Int, end: Int, line: Int, blankAtBreak: Bool? = nil,
        to cues: inout CueCollector
    ) {
        guard needsCleaning(text) || blankAtBreak ?? LineBreakBlanks.occur(in: text) else {
            cues.append(text: text, id: id, start: start, end: end, speaker: nil, line: line)
            return
        }
        cues.plain.removeAll(keepingCapacity: true)
        let voice = clean(text, into: &cues.plain, wordTimes: &cues.pendingWordTimes)
        cues.appendPlain(id: id, start: start, end: end, speaker: voice, line: line)
    }
}

extension WebVTTLayout {
    /// Whether the parsed file's cues are its cues as laid out, neither merged as rolling
    /// captions nor unlabelled as speaker turns: told from the first cues' texts
    /// (`TranscriptLoader.plainSRTRollsOrTalks`) when none of them holds markup, else `false`.
    /// Without `isWhole` (a layout of the file's first cues), `false` too when the layout holds
    /// fewer than `decidingCues`.
    func readsAsItLies(_ bytes: ByteView, isWhole: Bool = true) -> Bool {
        if let first = marked.first, first < TranscriptLoader.decidingCues - 1 { return false }
        guard isWhole || spans.count >= TranscriptLoader.decidingCues else { return false }
        let texts = SRTLayout(spans: spans, marked: marked)
        return TranscriptLoader.plainSRTRollsOrTalks(bytes, layout: texts, isWhole: isWhole) == false
    }
}

extension SRTLayout {
    /// The cue texts another format's layout found (`WebVTTLayout`), for the rules that look
    /// only at the texts (`TranscriptLoader.plainSRTRollsOrTalks`).
    init(spans: [Range<Int>], marked: [Int]) {
        self.spans = spans
        self.marked = marked
    }
}
