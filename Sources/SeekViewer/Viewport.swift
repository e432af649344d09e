import SeekKit

/// What part of a transcript is on screen, in rows of wrapped text.
///
/// The view starts `topRow` rows into cue `topCue` and is `height` rows tall.
/// Cue heights come from a closure (`rowsOf`), so only cues near the view are
/// ever measured.
public struct Viewport: Hashable, Sendable {
    public var topCue: Int
    public var topRow: Int
    public var height: Int

    public init(topCue: Int = 0, topRow: Int = 0, height: Int) {
        self.topCue = topCue
        self.topRow = topRow
        self.height = height
    }
}

/// How the view moves: pure functions from a view, a cue and cue heights to a new view.
public enum ScrollPolicy {
    /// The cues overlapping the view, top to bottom.
    public static func visibleCues(in view: Viewport, cueCount: Int, rowsOf: (Int) -> Int) -> [VisibleCue] {
        var result: [VisibleCue] = []
        var row = -view.topRow
        var cue = view.topCue
        while cue < cueCount && row < view.height {
            let rows = max(1, rowsOf(cue))
            result.append(VisibleCue(cue: cue, rows: row..<row + rows))
            row += rows
            cue += 1
        }
        return result
    }

    /// The view after making `cue` current: unchanged when the cue is fully in view,
    /// otherwise moved so the cue is centred (as far as the ends of the transcript allow).
    public static func reveal(cue: Int, in view: Viewport, cueCount: Int, rowsOf: (Int) -> Int) -> Viewport {
        let visible = visibleCues(in: view, cueCount: cueCount, rowsOf: rowsOf)
        if let shown = visible.first(where: { $0.cue == cue }),
           shown.rows.lowerBound >= 0, shown.rows.upperBound <= view.height {
            return view
        }
        return centre(cue: cue, in: view, cueCount: cueCount, rowsOf: rowsOf)
    }

    /// The view after making row `row` of `cue` current: for a cue taller than the view,
    /// unchanged when that row is in view, otherwise moved so the row sits in the middle;
    /// for a cue that fits, as `reveal(cue:in:cueCount:rowsOf:)`.
    public static func reveal(row: Int, ofCue cue: Int, in view: Viewport, cueCount: Int,
                              rowsOf: (Int) -> Int) -> Viewport {
        let rows = max(1, rowsOf(cue))
        guard rows > view.height, view.height > 0 else {
            return reveal(cue: cue, in: view, cueCount: cueCount, rowsOf: rowsOf)
        }
        let visible = visibleCues(in: view, cueCount: cueCount, rowsOf: rowsOf)
        if let shown = visible.first(where: { $0.cue == cue }), (0..<view.height).contains(shown.rows.lowerBound + row) {
            return view
        }
        let top = min(max(0, row - view.height / 2), rows - 1)
        return clampBottom(Viewport(topCue: cue, topRow: top, height: view.height), cueCount: cueCount, rowsOf: rowsOf)
    }

    /// The view with `cue` centred vertically (a cue taller than the view starts at the top).
    public static func centre(cue: Int, in view: Viewport, cueCount: Int, rowsOf: (Int) -> Int) -> Viewport {
        let rows = max(1, rowsOf(cue))
        var above = max(0, (view.height - rows) / 2)
        var top = Viewport(topCue: cue, topRow: 0, height: view.height)
        while above > 0 && top.topCue > 0 {
            let previous = max(1, rowsOf(top.topCue - 1))
            if previous <= above {
                top.topCue -= 1
                above -= previous
            } else {
                top.topCue -= 1
                top.topRow = previous - above
                above = 0
            }
        }
        return clampBottom(top, cueCount: cueCount, rowsOf: rowsOf)
    }

    /// Scrolls by `rows` (negative: up), stopping at the top and at the last page.
    public static func scroll(_ view: Viewport, by rows: Int, cueCount: Int, rowsOf: (Int) -> Int) -> Viewport {
        guard cueCount > 0 else { return view }
        var result = view
        var remaining = rows
        while remaining > 0 {
            let height = max(1, rowsOf(result.topCue))
            if result.topRow + 1 < height {
                result.topRow += 1
            } else if result.topCue + 1 < cueCount {
                result.topCue += 1
                result.topRow = 0
            } else {
                break
            }
            remaining -= 1
        }
        while remaining < 0 {
            if result.topRow > 0 {
                result.topRow -= 1
            } else if result.topCue > 0 {
                result.topCue -= 1
                result.topRow = max(1, rowsOf(result.topCue)) - 1
            } else {
                break
            }
            remaining += 1
        }
        return rows > 0 ? clampBottom(result, cueCount: cueCount, rowsOf: rowsOf) : result
    }

    /// The view showing the last page.
    public static func bottom(_ view: Viewport, cueCount: Int, rowsOf: (Int) -> Int) -> Viewport {
        guard cueCount > 0 else { return view }
        var result = Viewport(topCue: cueCount - 1, topRow: 0, height: view.height)
        var below = max(0, view.height - max(1, rowsOf(cueCount - 1)))
        while below > 0 && result.topCue > 0 {
            let previous = max(1, rowsOf(result.topCue - 1))
            result.topCue -= 1
            if previous <= below {
                below -= previous
            } else {
                result.topRow = previous - below
                below = 0
            }
        }
        return result
    }

    /// Moves the view up if it shows empty rows below the last cue.
    static func clampBottom(_ view: Viewport, cueCount: Int, rowsOf: (Int) -> Int) -> Viewport {
        let last = bottom(view, cueCount: cueCount, rowsOf: rowsOf)
        if (view.topCue, view.topRow) > (last.topCue, last.topRow) { return last }
        return view
    }
}
