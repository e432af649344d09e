import SeekKit

/// Holds the matches of the current query and which one is current.
///
/// A value type with no terminal code: the command line and the interactive
/// viewer both drive it.
public struct Navigator: Sendable {
    /// The matches of the current query.
    public private(set) var index: MatchIndex
    /// The 1-based position of the current match, or `nil` when there is none.
    public private(set) var current: Int?

    /// A navigator on `index`, at `current` (clamped to the matches) or else the first match.
    public init(index: MatchIndex = MatchIndex(), current: Int? = nil) {
        self.index = index
        if index.isEmpty {
            self.current = nil
        } else {
            self.current = min(max(current ?? 1, 1), index.count)
        }
    }

    /// The current match.
    public var currentMatch: Match? { current.map { index[$0] } }

    /// Moves to the next match, wrapping to the first; returns whether it wrapped.
    @discardableResult
    public mutating func next() -> Bool {
        guard !index.isEmpty else { current = nil; return false }
        guard let position = current else { current = 1; return false }
        if position >= index.count { current = 1; return true }
        current = position + 1
        return false
    }

    /// Moves to the previous match, wrapping to the last; returns whether it wrapped.
    @discardableResult
    public mutating func previous() -> Bool {
        guard !index.isEmpty else { current = nil; return false }
        guard let position = current else { current = index.count; return false }
        if position <= 1 { current = index.count; return true }
        current = position - 1
        return false
    }

    /// Moves to the first match (none when there are no matches).
    public mutating func first() { current = index.isEmpty ? nil : 1 }

    /// Moves to the last match (none when there are no matches).
    public mutating func last() { current = index.isEmpty ? nil : index.count }

    /// Makes match `position` current; returns false (and changes nothing) when out of range.
    @discardableResult
    public mutating func jump(to position: Int) -> Bool {
        guard !index.isEmpty, position >= 1, position <= index.count else { return false }
        current = position
        return true
    }

    /// Makes the match covering `utf8Offset` in `cue` current (a click); false when none is there.
    @discardableResult
    public mutating func select(cue: Int, utf8Offset: Int) -> Bool {
        guard let position = index.position(inCue: cue, utf8Offset: utf8Offset) else { return false }
        current = position
        return true
    }

    /// Replaces the matches after the query changed, keeping the current match where it was.
    ///
    /// 1. A new match in the same cue overlapping the old current match becomes current (the earliest).
    /// 2. Otherwise, among cues in view with matches, the one nearest the view's centre:
    ///    its first match if it sits at or below the centre, its last if above.
    /// 3. Otherwise the first match after the view, wrapping to the first match.
    /// 4. No matches: no current match.
    ///
    /// - Complexity: O(v log n + k) for v visible cues, n matches and k matches in the old cue.
    public mutating func update(index newIndex: MatchIndex, visible: [VisibleCue], viewHeight: Int) {
        let old = currentMatch
        index = newIndex
        guard !newIndex.isEmpty else { current = nil; return }
        if let old {
            for position in newIndex.positions(inCue: old.cue) where newIndex[position].range.overlaps(old.range) {
                current = position
                return
            }
        }
        let centre = Double(viewHeight) / 2
        var best: (distance: Double, position: Int)?
        for item in visible {
            let positions = newIndex.positions(inCue: item.cue)
            guard !positions.isEmpty else { continue }
            let top = max(item.rows.lowerBound, 0)
            let bottom = min(item.rows.upperBound, max(viewHeight, top + 1))
            let middle = Double(top + bottom) / 2
            let distance = abs(middle - centre)
            let position = middle >= centre ? positions.lowerBound : positions.upperBound - 1
            if best.map({ distance < $0.distance }) ?? true { best = (distance, position) }
        }
        if let best { current = best.position; return }
        if let lastVisible = visible.last?.cue {
            let after = newIndex.positions(inCue: lastVisible + 1)
            var position = after.lowerBound
            // `positions(inCue:)` gives the insertion point even for cues without matches.
            if position > newIndex.count { position = 1 }
            current = position
            return
        }
        current = 1
    }
}
