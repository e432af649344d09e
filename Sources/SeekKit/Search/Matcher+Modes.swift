import SeekBytes
/// Whole words and accent folding on top of the plain matcher, with results identical to
/// `ReferenceMatcher` in the same modes.
///
/// The fast path: the plain matcher (on the folded keyword, when folding) finds the
/// candidates with its byte scan. Folding changes nothing in a cue of pure ASCII, so there
/// its matches stand; a cue with any other byte is folded, searched by the same matchers
/// (which agree with the Regex on any text), and the matches mapped back. For whole words, a
/// cue without a candidate has no match; in a cue with some, each candidate is kept when
/// `WordBoundary` finds boundaries at both of its ends, and the cue goes to the reference
/// when the text around a candidate is not plain ASCII, or when the keyword's occurrences
/// can overlap (then a whole-word match could hide behind a candidate that is not one).
final class MatchModes: Sendable {
    let plain: Matcher
    /// When folding: the folded keyword in the remaining mode (whole words or not), for folded text.
    private let inner: Matcher?
    let reference: ReferenceMatcher
    let wholeWords: Bool
    let ignoresAccents: Bool
    private let candidatesAreOccurrences: Bool

    init(keyword: String, caseSensitive: Bool, wholeWords: Bool, ignoresAccents: Bool) {
        let literal = ignoresAccents ? AccentFolding.fold(keyword) : keyword
        plain = Matcher(keyword: literal, caseSensitive: caseSensitive)
        inner = ignoresAccents ? Matcher(keyword: literal, caseSensitive: caseSensitive, wholeWords: wholeWords) : nil
        reference = ReferenceMatcher(keyword: keyword, caseSensitive: caseSensitive, wholeWords: wholeWords,
                                     ignoresAccents: ignoresAccents)
        self.wholeWords = wholeWords
        self.ignoresAccents = ignoresAccents
        candidatesAreOccurrences = plain.hasFastPath && WordBoundary.hasNoBorder(literal)
    }

    /// The matches in one cue's text.
    func ranges(in text: Substring) -> [Range<Int>] {
        guard !plain.keyword.isEmpty else { return [] }
        let original = text
        return text.utf8.withByteView { bytes in
            if ignoresAccents && FastPlan.containsNonASCII(bytes, 0..<bytes.count) { return foldedRanges(in: original) }
            return wholeWordsOf(plain.ranges(in: original), in: bytes) ?? reference.ranges(in: original)
        }
    }

    /// The matches in a cue's text that is not pure ASCII, found in its folded form.
    private func foldedRanges(in text: Substring) -> [Range<Int>] {
        guard let inner else { return reference.ranges(in: text) }
        let (folded, starts, ends) = AccentFolding.foldWithOffsets(text)
        return inner.ranges(in: folded[...]).map { starts[$0.lowerBound]..<ends[$0.upperBound - 1] }
    }

    /// The candidates that are whole words, or `nil` when the reference must decide.
    private func wholeWordsOf(_ candidates: [Range<Int>], in bytes: ByteView) -> [Range<Int>]? {
        guard wholeWords, !candidates.isEmpty else { return candidates }
        guard candidatesAreOccurrences else { return nil }
        var kept: [Range<Int>] = []
        for range in candidates {
            guard let atStart = WordBoundary.isBoundary(bytes, at: range.lowerBound),
                  let atEnd = WordBoundary.isBoundary(bytes, at: range.upperBound) else { return nil }
            if atStart && atEnd { kept.append(range) }
        }
        return kept
    }

    /// `Matcher.scan` in these modes.
    func scan(_ transcript: Transcript, isCancelled: () -> Bool, found: (Int, Range<Int>) -> Void) -> Bool {
        guard !plain.keyword.isEmpty else { return true }
        var candidates: [(cue: Int32, start: UInt32, end: UInt32)] = []
        let finished = plain.scan(transcript, isCancelled: isCancelled) { cue, range in
            candidates.append((Int32(truncatingIfNeeded: cue), UInt32(truncatingIfNeeded: range.lowerBound),
                               UInt32(truncatingIfNeeded: range.upperBound)))
        }
        guard finished else { return false }
        let storage = transcript.storage
        let records = transcript.records
        return storage.utf8.withByteView { all -> Bool in
            var next = 0
            func report(_ cue: Int, _ ranges: [Range<Int>]) {
                for range in ranges { found(cue, range) }
            }
            func search(_ cue: Int, _ cueCandidates: [Range<Int>]) {
                let text = all.extracting(records[cue].textStart..<records[cue].textEnd)
                if ignoresAccents && FastPlan.containsNonASCII(all, records[cue].textStart..<records[cue].textEnd) {
                    report(cue, foldedRanges(in: transcript.text(at: cue)))
                } else {
                    report(cue, wholeWordsOf(cueCandidates, in: text) ?? reference.ranges(in: transcript.text(at: cue)))
                }
            }
            if ignoresAccents {
                for cue in records.indices {
                    if cue % 1024 == 0 && isCancelled() { return false }
                    var cueCandidates: [Range<Int>] = []
                    while next < candidates.count && Int(candidates[next].cue) == cue {
                        cueCandidates.append(Int(candidates[next].start)..<Int(candidates[next].end))
                        next += 1
                    }
                    search(cue, cueCandidates)
                }
                return true
            }
            var searched = 0
            while next < candidates.count {
                let cue = Int(candidates[next].cue)
                var cueCandidates: [Range<Int>] = []
                while next < candidates.count && Int(candidates[next].cue) == cue {
                    cueCandidates.append(Int(candidates[next].start)..<Int(candidates[next].end))
                    next += 1
                }
                searched += 1
                if searched % 1024 == 0 && isCancelled() { return false }
                search(cue, cueCandidates)
            }
            return true
        }
    }
}
