import SeekBytes

extension TranscriptLoader {
    /// Whether the first cues of plainly written SRT (`SRTLayout`) make it rolling captions
    /// (`RollingCaptions.isRolling`) or labelled like a transcript (`SpeakerTurns.isTranscriptLike`),
    /// told from where its cue texts lie instead of a parse; `nil` when the layout cannot tell:
    /// `prefix` not plain, holding too few cues while more follow (`isWhole` false), or
    /// enough of its first cues may repeat the lines before them that only a parse decides.
    ///
    /// Exact where it answers: a cue rolls only when it has a second line and its first line
    /// is one of the previous cue's lines, so counting the cues that may roll (those, and any
    /// next to a cue whose markup the parser cleans) bounds the rolling count from above; the
    /// speakers are the labels `SpeakerPrefix` reads from each cue's text as the parser gives it.
    ///
    /// - Complexity: O(n) in the size of `prefix`.
    static func plainSRTRollsOrTalks(_ prefix: ByteView, isWhole: Bool) -> Bool? {
        SRTLayout(prefix).flatMap { plainSRTRollsOrTalks(prefix, layout: $0, isWhole: isWhole) }
    }

    /// `plainSRTRollsOrTalks(_:isWhole:)` with `prefix`'s layout made already.
    static func plainSRTRollsOrTalks(_ prefix: ByteView, layout: SRTLayout, isWhole: Bool) -> Bool? {
        guard layout.spans.count > Swift.max(RollingCaptions.sampledCues, SpeakerTurns.sampledCues) || isWhole,
              !mayRoll(prefix, layout) else { return nil }
        var cleaned: [UInt8] = []
        var marked = layout.marked.makeIterator()
        var nextMarked = marked.next()
        var speakers = LabelTally<String>()
        for (cue, span) in layout.spans.prefix(SpeakerTurns.sampledCues).enumerated() {
            let text = prefix.extracting(span)
            let isMarked = nextMarked == cue
            if isMarked { nextMarked = marked.next() }
            let speaker: String?
            if isMarked && SRTParser.needsCleaning(text) {
                cleaned.removeAll(keepingCapacity: true)
                SRTParser.clean(text, into: &cleaned)
                speaker = cleaned.withByteView { SpeakerPrefix.speaker(in: $0) }
            } else {
                speaker = SpeakerPrefix.mayStartLabel(text) ? SpeakerPrefix.speaker(in: text) : nil
            }
            if let speaker {
                speakers.add(speaker)
                if speakers.isTranscriptLike { return true }
            }
        }
        return false
    }

    /// The first prefix of an SRT file whose cues `startsWithRollingCaptions` or
    /// `startsWithCuesReadAlone` look at: a small file whole, so that its layout, made once, also
    /// serves its one piece (`WholeLayout`).
    static func firstPrefixSize(of buffer: ByteView) -> Int {
        buffer.count <= 1 << 16 ? buffer.count : firstPieceSize
    }

    /// How many of a file's first cues decide whether its texts are read as they lie, neither
    /// merged as rolling captions nor unlabelled as speaker turns (`plainSRTRollsOrTalks`).
    static let decidingCues = Swift.max(RollingCaptions.sampledCues, SpeakerTurns.sampledCues) + 1

    /// The first prefix of a large SRT file, and the first piece of any file counted only until
    /// enough matches are found (`-l`): room for a few hundred cues, so that the first look
    /// decides from its layout, which then serves the first piece too.
    static let firstPieceSize = 1 << 15

    /// Whether enough of the first cues of `layout` might roll (`RollingCaptions`) for the
    /// rule to hold: an upper bound on the cues that do.
    private static func mayRoll(_ bytes: ByteView, _ layout: SRTLayout) -> Bool {
        let sampled = Swift.min(layout.spans.count, RollingCaptions.sampledCues)
        guard sampled >= 3 else { return false }
        // The marked cues are in order: the first not before `cue - 1` tells whether it or `cue` is one.
        let marked = layout.marked
        var nextMarked = 0
        // The rule wants at least this many of the cues after the first: past the point where
        // the cues left could not make it up, the answer is no.
        let wanted = Swift.max(2, (sampled - 1 + 2) / 3)
        var rolls = 0
        for cue in 1..<sampled {
            while nextMarked < marked.count && marked[nextMarked] < cue - 1 { nextMarked += 1 }
            if nextMarked < marked.count && marked[nextMarked] <= cue
                || firstLineRepeats(bytes, layout.spans[cue], after: layout.spans[cue - 1]) {
                rolls += 1
            } else if rolls + (sampled - 1 - cue) < wanted {
                return false
            }
        }
        return rolls >= wanted
    }

    /// Whether `text` has a second line and its first line, without the spaces and tabs
    /// around it, is one of `previous`'s lines so trimmed.
    private static func firstLineRepeats(
        _ bytes: ByteView, _ text: Range<Int>, after previous: Range<Int>
    ) -> Bool {
        let firstEnd = ByteSearch.first(0x0A, in: bytes, from: text.lowerBound, to: text.upperBound)
        guard firstEnd < text.upperBound else { return false }
        let first = trimmedLine(bytes, text.lowerBound..<firstEnd)
        var start = previous.lowerBound
        while start <= previous.upperBound {
            let end = ByteSearch.first(0x0A, in: bytes, from: start, to: previous.upperBound)
            let line = trimmedLine(bytes, start..<end)
            if line.count == first.count && bytes[line].elementsEqual(bytes[first]) { return true }
            start = end + 1
        }
        return false
    }

    private static func trimmedLine(_ bytes: ByteView, _ line: Range<Int>) -> Range<Int> {
        var lower = line.lowerBound
        var upper = line.upperBound
        while lower < upper && (bytes[lower] == 0x20 || bytes[lower] == 0x09) { lower += 1 }
        while upper > lower && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09) { upper -= 1 }
        return lower..<upper
    }
}

/// The layout of the first prefix of an SRT file that the look at its first cues made (the
/// whole of a small file): kept so that a piece that is that prefix is not laid out again.
struct WholeLayout {
    /// The end of the prefix laid out, once one is.
    private(set) var keptEnd: Int?
    private var layout: SRTLayout?

    init() {}

    /// Keeps `layout` (`nil`: not plain) of `prefix`, the first bytes of `buffer`.
    mutating func keep(_ layout: SRTLayout?, of prefix: ByteView, in buffer: ByteView) {
        keptEnd = prefix.count
        self.layout = layout
    }

    /// The layout of `piece`: the one kept when `piece` is the whole file, else made now.
    func layout(of piece: ByteView, in buffer: ByteView) -> SRTLayout? {
        keptEnd == buffer.count && piece.count == buffer.count ? layout : SRTLayout(piece)
    }

    /// The layout of the piece at `range` of `buffer`: the one kept when the piece is the prefix
    /// laid out, else made now.
    func layout(at range: Range<Int>, in buffer: ByteView) -> SRTLayout? {
        range.lowerBound == 0 && range.upperBound == keptEnd ? layout : SRTLayout(buffer.extracting(range))
    }
}
