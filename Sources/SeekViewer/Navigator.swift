import SeekKit

/// Holds the matches of the current query and which one is current.
///
/// A value type with no terminal code: `ViewerState` drives it, keys in and
/// positions out, so it is tested without a terminal.
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

    /// Replaces the matches after the query changed, keeping the current match where it was
    /// (`MatchIndex.position(keeping:visible:viewHeight:)` has the rules).
    ///
    /// - Complexity: O(v log n + k) for v visible cues, n matches and k matches in the old cue.
    public mutating func update(index newIndex: MatchIndex, visible: [VisibleCue], viewHeight: Int) {
        let old = currentMatch
        index = newIndex
        current = newIndex.position(keeping: old, visible: visible, viewHeight: viewHeight)
    }
}
