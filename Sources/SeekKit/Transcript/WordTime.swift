/// When one word of a cue is spoken: the time a file gives for the text starting at a byte.
///
/// WebVTT inline timestamps (`so<00:00:00.320><c> today</c>`) give a start only: the
/// word lasts until the next timestamp or the end of its cue. Whisper and podcast word
/// lists give both ends.
public struct WordTime: Hashable, Sendable {
    /// UTF-8 offset into the transcript's `storage` where the timed text starts.
    public var offset: Int
    /// Start in milliseconds.
    public var start: Int
    /// End in milliseconds, when the file says.
    public var end: Int?

    public init(offset: Int, start: Int, end: Int? = nil) {
        self.offset = offset
        self.start = start
        self.end = end
    }
}

extension Transcript {
    /// The time of a match's first and last word: `range` (UTF-8 offsets into cue `cue`'s
    /// text) starts in the word timed last at or before its start, and ends in the word
    /// timed last before its end.
    ///
    /// A word's end is its own end when the file gives one, else the next word's start in
    /// the cue, else the cue's end. Text before the first timed word starts at the cue's
    /// start, and a cue without word times gives the cue's own times (`nil` when untimed).
    ///
    /// - Complexity: O(log w) for w word times in the transcript.
    public func matchTimes(cue: Int, range: Range<Int>) -> (start: Int?, end: Int?) {
        let cueStart = start(at: cue)
        let cueEnd = end(at: cue)
        let text = utf8Range(at: cue)
        guard !wordTimes.isEmpty else { return (cueStart, cueEnd) }
        let firstInCue = wordTimes.partitionPoint { $0.offset >= text.lowerBound }
        let pastCue = wordTimes[firstInCue...].partitionPoint { $0.offset >= text.upperBound }
        guard firstInCue < pastCue else { return (cueStart, cueEnd) }
        let words = wordTimes[firstInCue..<pastCue]
        let lower = text.lowerBound + range.lowerBound
        let upper = text.lowerBound + Swift.max(range.upperBound, range.lowerBound + 1)
        let afterFirst = words.partitionPoint { $0.offset > lower }
        let first = afterFirst > words.startIndex ? words[afterFirst - 1].start : cueStart
        let afterLast = words[afterFirst...].partitionPoint { $0.offset >= upper }
        var last = cueEnd
        if afterLast > words.startIndex, let end = words[afterLast - 1].end {
            last = end
        } else if afterLast < words.endIndex {
            last = words[afterLast].start
        }
        if let first, let end = last, end < first { last = first }
        return (first, last)
    }
}
