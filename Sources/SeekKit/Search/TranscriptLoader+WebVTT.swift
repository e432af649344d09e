import SeekBytes

extension TranscriptLoader {
    /// Counts the matches of `query` in plainly written WebVTT (`WebVTTLayout`) where its cue
    /// texts lie, without a transcript: what `MatchIndex.count` finds in the parsed file.
    ///
    /// `nil` (the file is then parsed) when the text is not plain, the query is not one keyword
    /// the byte scan takes (`inPlaceMatcher`), or the first cues do not show that the texts are
    /// read as they lie (`WebVTTLayout.readsAsItLies`).
    ///
    /// - Complexity: O(n) in the size of `buffer`.
    static func countPlainWebVTT(
        _ buffer: ByteView, query: Query
    ) -> (cues: Int, matches: Int, warnings: [Diagnostic])? {
        guard let matcher = inPlaceMatcher(for: query), let layout = WebVTTLayout(buffer),
              layout.readsAsItLies(buffer) else { return nil }
        let spans = layout.spans
        guard let matches = matcher.countInSpans(buffer, spans: spans, rewritten: layout.marked,
                                                 rewrite: { layout.text(of: $0, in: buffer) })
        else { return nil }
        return (spans.count, matches, [])
    }
}

extension WebVTTLayout {
    /// Whether the parsed file's cues are its cues as laid out, neither merged as rolling
    /// captions nor unlabelled as speaker turns: told from the first cues' texts
    /// (`TranscriptLoader.plainSRTRollsOrTalks`) when none of them holds markup, else `false`.
    func readsAsItLies(_ bytes: ByteView) -> Bool {
        let sampled = Swift.max(RollingCaptions.sampledCues, SpeakerTurns.sampledCues)
        if let first = marked.first, first < sampled { return false }
        let texts = SRTLayout(spans: spans, marked: marked)
        return TranscriptLoader.plainSRTRollsOrTalks(bytes, layout: texts, isWhole: true) == false
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
