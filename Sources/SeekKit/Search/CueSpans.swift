/// Cues at given byte ranges of a text, found walking forward; identifiers are their indices.
struct CueSpans: CueBounds {
    let spans: [Range<Int>]
    private var next = 0

    init(_ spans: [Range<Int>]) { self.spans = spans }

    mutating func cue(holding range: Range<Int>) -> (id: Int, bounds: Range<Int>)? {
        while next < spans.count && spans[next].upperBound < range.upperBound { next += 1 }
        guard next < spans.count, spans[next].lowerBound <= range.lowerBound else { return nil }
        return (next, spans[next])
    }
}
