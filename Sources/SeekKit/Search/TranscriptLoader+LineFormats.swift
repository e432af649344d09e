import SeekBytes

extension TranscriptLoader {
    /// Whether files in `format` are searched first and parsed later where their layout
    /// vouches for them (`loadMatchingLaidOut`, `countLaidOut`): ASS and SSA, and the formats
    /// whose cues `LineFormatsLayout` lays out.
    static func searchesFirst(_ format: SubtitleFormat) -> Bool { format == .ass || LineFormatsLayout.laysOut(format) }

    /// The cues of `bytes` (valid UTF-8 in a format that `searchesFirst`) holding a match of
    /// `matcher`'s keyword, and with `indexing` their matches: what `load` then
    /// `MatchIndex(transcript:query:)` give, but only the cues with a match are parsed, each with
    /// its number in the file (`Transcript.ordinal(at:)`); `nil` when the layout cannot vouch for
    /// the whole parse (`ASSParser.layOut`), and the file is then loaded whole.
    ///
    /// The cue texts of a run of events are searched as the parser writes them, before any cue
    /// is made; the events of those with a match are read again, by the parser's own code.
    ///
    /// - Parameter warnings: the warnings of the format's detection, which come first.
    /// - Complexity: O(n) in the size of `bytes`, plus the parse of the cues with a match.
    static func loadMatchingLaidOut(
        _ bytes: ByteView, format: SubtitleFormat, fileName: String, frameRate: FrameRate?, matcher: Matcher,
        query: Query, indexing: Bool, warnings: [Diagnostic]
    ) -> (loaded: LoadedTranscript, index: MatchIndex?)? {
        if let layout = LineFormatsLayout(format: format, fileName: fileName, frameRate: frameRate) {
            return loadMatchingLaidOut(bytes, layout: layout, matcher: matcher, query: query, indexing: indexing,
                                       warnings: warnings)
        }
        guard format == .ass else { return nil }
        var events: [(event: ASSParser.Event, fields: ASSParser.Fields)] = []
        var ordinals = PackedIntegers()
        var matchCues = PackedIntegers()
        var matchStarts = PackedIntegers()
        var matchLengths = PackedIntegers()
        var eventBytes = 0
        let exact = ASSParser.layOut(bytes, deferring: deferredKeyword(matcher)) { run in
            var lastCue = -1
            var cleaned = 0
            let searched = matches(in: run, of: bytes, matcher: matcher, cleaned: &cleaned) { cue, range in
                if cue != lastCue {
                    lastCue = cue
                    let event = run.events[cue]
                    events.append((event, run.fields(of: cue)))
                    eventBytes += (bytes.firstIndex(of: 0x0A, in: event.from..<bytes.count) ?? bytes.count) - event.from
                    ordinals.append(Int64(run.cuesBefore + cue + 1))
                }
                if indexing {
                    matchCues.append(Int64(events.count - 1))
                    matchStarts.append(Int64(range.lowerBound))
                    matchLengths.append(Int64(range.count))
                }
            }
            return searched ? .next(cleanedDeferred: cleaned) : .stop
        }
        guard exact else { return nil }
        var read = true
        var transcript = CueCollector.collect(inputBytes: eventBytes) { cues in
            var reader = ASSParser.EventReader(bytes)
            for (event, fields) in events where read { read = reader.read(event, fields: fields, into: &cues) }
        }
        guard read, transcript.count == events.count else { return nil }
        return laidOut(&transcript, format: format, ordinals: &ordinals, query: query, indexing: indexing,
                       matches: (matchCues, matchStarts, matchLengths), warnings: warnings)
    }

    /// The cues and matches of `query` in `bytes` (valid UTF-8 in a format that `searchesFirst`),
    /// as `countInPieces` gives them, counted in the cue texts as the parser writes them, no cue
    /// made; `nil` when the query is not one the search where text lies takes
    /// (`inPlaceMatcher(for:forCounting:)`) or the layout cannot vouch for the whole parse.
    ///
    /// With `enough` (`-l`, `-q`), the layout stops at the end of the run where that many matches
    /// are found, once the first cues' speakers are settled (`LaidOutCues.speakersSettled`): the
    /// count is then at least `enough`, as the parse's cues hold those matches whatever follows
    /// (the parse may order them otherwise, or warn of a later line; those warnings are lost, as
    /// `countInPieces` loses the warnings of pieces it does not read).
    ///
    /// - Complexity: O(n) in the size of `bytes`, or up to where `enough` matches are found.
    static func countLaidOut(
        _ bytes: ByteView, format: SubtitleFormat, fileName: String, frameRate: FrameRate?, query: Query,
        enough: Int = .max
    ) -> (cues: Int, matches: Int, warnings: [Diagnostic])? {
        guard searchesFirst(format), let matcher = inPlaceMatcher(for: query, forCounting: true) else { return nil }
        var cues = 0
        var count = 0
        var stopped = false
        if var layout = LineFormatsLayout(format: format, fileName: fileName, frameRate: frameRate) {
            let exact = layout.layOut(bytes) { run in
                cues += run.spans.count
                guard let counted = matcher.countInSpans(run.text, spans: run.spans, rewritten: [], rewrite: { _ in "" })
                else { return false }
                count += counted
                stopped = count >= enough && run.speakersSettled
                return !stopped
            }
            return exact || stopped ? (cues, count, layout.warnings) : nil
        }
        let keyword = deferredKeyword(matcher)
        let defers = keyword != nil
        let exact = ASSParser.layOut(bytes, deferring: keyword) { run -> ASSParser.RunSearched in
            cues += run.events.count
            var cleaned = 0
            if defers {
                guard matches(in: run, of: bytes, matcher: matcher, cleaned: &cleaned, found: { _, _ in count += 1 })
                else { return .stop }
            } else {
                guard let written = run.spans.isEmpty ? 0
                        : matcher.countInSpans(run.text, spans: run.spans, rewritten: [], rewrite: { _ in "" }),
                      let lying = run.lying.isEmpty ? 0
                        : matcher.countInSpans(run.lyingText(in: bytes), spans: run.lying, rewritten: [], rewrite: { _ in "" })
                else { return .stop }
                count += written + lying
            }
            stopped = count >= enough && run.speakersSettled
            return stopped ? .stop : .next(cleanedDeferred: cleaned)
        }
        return exact || stopped ? (cues, count, []) : nil
    }

    /// `matcher`'s keyword when a search for it may leave cleaning escapes (`\N`, `\h`, ...) and
    /// override blocks to the cues whose text as it lies holds a match (`ASSParser.layOut`): a
    /// keyword of printable ASCII without spaces, searched by its bytes; otherwise `nil`. Its
    /// matches in a cleaned text then lie between the line breaks and no-break spaces the escapes
    /// became, in runs of bytes that the text as it lies holds too (less blanks at their ends), so
    /// that a text without a match as it lies has none cleaned; override blocks are left to the
    /// search only where they join no bytes of the keyword (`ASSParser.defersBlocks`).
    static func deferredKeyword(_ matcher: Matcher) -> String? {
        matcher.scansBytes && matcher.keyword.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } ? matcher.keyword : nil
    }

    /// The matches of `matcher` in the cues of `run` (laid out from `bytes`), in order, as
    /// `Matcher.matchesInCues` finds them in the cues' texts: those written out are searched where
    /// they were written, the others where they lie in the file, and a cue whose cleaning was
    /// deferred (`LaidOutEvents.deferred`) is cleaned and searched again when its text as it lies
    /// holds one (`cleaned` counts those). False when the matcher does not search where text lies.
    static func matches(
        in run: ASSParser.LaidOutEvents, of bytes: ByteView, matcher: Matcher, cleaned cleanedCount: inout Int,
        found: (_ cue: Int, _ range: Range<Int>) -> Void
    ) -> Bool {
        var written: [(cue: Int, range: Range<Int>)] = []
        if !run.spans.isEmpty {
            guard matcher.matchesInCues(run.text, spans: run.spans, rewritten: [], rewrite: { _ in "" }, found: { place, range in
                written.append((run.written[place], range))
            }) else { return false }
        }
        var nextWritten = 0
        // The matches of the cues written out before `cue`, handed on in order with the others.
        func handWritten(before cue: Int) {
            while nextWritten < written.count && written[nextWritten].cue < cue {
                found(written[nextWritten].cue, written[nextWritten].range)
                nextWritten += 1
            }
        }
        let deferred = run.deferred
        var nextDeferred = 0
        var cleaned = -1
        if !run.lying.isEmpty {
            var lyingCues = ASSParser.LaidOutEvents.LyingCues(run)
            guard matcher.matchesInCues(run.lyingText(in: bytes), spans: run.lying, rewritten: [], rewrite: { _ in "" }, found: { place, range in
                let cue = lyingCues.cue(at: place)
                handWritten(before: cue)
                while nextDeferred < deferred.count && deferred[nextDeferred] < place { nextDeferred += 1 }
                guard nextDeferred < deferred.count && deferred[nextDeferred] == place else { return found(cue, range) }
                guard cleaned != place else { return }
                cleaned = place
                cleanedCount += 1
                let span = run.lying[place]
                let text = ASSParser.cleanedText(bytes.extracting((run.lyingBase + span.lowerBound)..<(run.lyingBase + span.upperBound)))
                for range in matcher.ranges(in: text[...]) { found(cue, range) }
            }) else { return false }
        }
        handWritten(before: Int.max)
        return true
    }

    /// `loadMatchingLaidOut` of a format whose cues `LineFormatsLayout` lays out.
    private static func loadMatchingLaidOut(
        _ bytes: ByteView, layout: LineFormatsLayout, matcher: Matcher, query: Query, indexing: Bool,
        warnings: [Diagnostic]
    ) -> (loaded: LoadedTranscript, index: MatchIndex?)? {
        var layout = layout
        var starts: [CueLines] = []
        var ordinals = PackedIntegers()
        var matchCues = PackedIntegers()
        var matchStarts = PackedIntegers()
        var matchLengths = PackedIntegers()
        var textBytes = 0
        let exact = layout.layOut(bytes) { run in
            var lastCue = -1
            return matcher.matchesInCues(run.text, spans: run.spans, rewritten: [], rewrite: { _ in "" }) { cue, range in
                if cue != lastCue {
                    lastCue = cue
                    starts.append(run.starts[cue])
                    textBytes += run.spans[cue].count + 1
                    ordinals.append(Int64(run.cuesBefore + cue + 1))
                }
                if indexing {
                    matchCues.append(Int64(starts.count - 1))
                    matchStarts.append(Int64(range.lowerBound))
                    matchLengths.append(Int64(range.count))
                }
            }
        }
        guard exact else { return nil }
        var read = true
        var transcript = CueCollector.collect(inputBytes: textBytes) { cues in
            read = layout.read(starts, of: bytes, into: &cues)
        }
        guard read, transcript.count == starts.count else { return nil }
        return laidOut(&transcript, format: layout.format, ordinals: &ordinals, query: query, indexing: indexing,
                       matches: (matchCues, matchStarts, matchLengths), warnings: warnings + layout.warnings)
    }

    /// The transcript of the cues read again, numbered `ordinals`, with the matches found in them.
    private static func laidOut(
        _ transcript: inout Transcript, format: SubtitleFormat, ordinals: inout PackedIntegers, query: Query,
        indexing: Bool, matches: (cues: PackedIntegers, starts: PackedIntegers, lengths: PackedIntegers),
        warnings: [Diagnostic]
    ) -> (loaded: LoadedTranscript, index: MatchIndex?) {
        ordinals.seal()
        transcript.ordinalColumn = ordinals
        var index: MatchIndex?
        if indexing, let token = query.keywords.firstIndex(where: { !$0.isEmpty }) {
            var found = MatchIndex(query: query)
            for (cue, (start, length)) in zip(matches.cues, zip(matches.starts, matches.lengths)) {
                found.append(cue: Int(cue), range: Int(start)..<Int(start + length), token: token)
            }
            index = found
        }
        let loaded = LoadedTranscript(transcript: transcript, format: format, encoding: TextEncoding.utf8.name,
                                      warnings: warnings)
        return (loaded, index)
    }

    /// `countLaidOut` of text already decoded.
    static func countLaidOut(_ text: PreparedText, query: Query) -> (cues: Int, matches: Int, warnings: [Diagnostic])? {
        guard searchesFirst(text.format) else { return nil }
        return text.utf8.withByteView {
            countLaidOut($0, format: text.format, fileName: text.fileName, frameRate: text.frameRate, query: query)
        }
    }
}
