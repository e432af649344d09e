/// A cue on screen: which rows of the view it covers (may start above 0 when clipped).
///
/// A list that knows only which cues show can give each one row: `VisibleCue(cue: c, rows: i..<i + 1)`.
public struct VisibleCue: Hashable, Sendable {
    public var cue: Int
    /// Screen rows, relative to the top of the view; clipped parts lie outside `0..<height`.
    public var rows: Range<Int>

    public init(cue: Int, rows: Range<Int>) {
        self.cue = cue
        self.rows = rows
    }
}


extension MatchIndex {
    /// The match to make current after the query changed, so that the view stays where it was.
    ///
    /// 1. A match in the same cue overlapping `old` (the current match of the previous
    ///    query) stays current (the earliest such match).
    /// 2. Otherwise, among the cues in view with matches, the one nearest the view's centre:
    ///    its first match if it sits at or below the centre, its last if above.
    /// 3. Otherwise the first match after the view, wrapping to the first match.
    /// 4. No matches: `nil`.
    ///
    /// The navigator passes screen rows; a list that knows only which cues show can give
    /// each one row and `viewHeight` the number of cues.
    ///
    /// - Complexity: O(v log n + k) for v visible cues, n matches and k matches in the old cue.
    public func position(keeping old: Match?, visible: [VisibleCue], viewHeight: Int) -> Int? {
        guard !isEmpty else { return nil }
        if let old {
            for position in positions(inCue: old.cue) where self[position].range.overlaps(old.range) {
                return position
            }
        }
        let centre = Double(viewHeight) / 2
        var best: (distance: Double, position: Int)?
        for item in visible {
            let positions = positions(inCue: item.cue)
            guard !positions.isEmpty else { continue }
            let top = Swift.max(item.rows.lowerBound, 0)
            let bottom = Swift.min(item.rows.upperBound, Swift.max(viewHeight, top + 1))
            let middle = Double(top + bottom) / 2
            let distance = abs(middle - centre)
            let position = middle >= centre ? positions.lowerBound : positions.upperBound - 1
            if best.map({ distance < $0.distance }) ?? true { best = (distance, position) }
        }
        if let best { return best.position }
        if let lastVisible = visible.last?.cue {
            // `positions(inCue:)` gives the insertion point even for cues without matches.
            let position = positions(inCue: lastVisible + 1).lowerBound
            return position > count ? 1 : position
        }
        return 1
    }
}
