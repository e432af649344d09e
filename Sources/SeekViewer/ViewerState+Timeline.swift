import SeekKit

/// The timeline strip (`t`): where the query's matches fall over the file on screen.
extension ViewerState {
    /// The columns of the strip in its row: after the time column, or the whole row when the
    /// terminal is too narrow for both.
    public var timelineColumns: Range<Int> {
        let start = size.columns - gutterWidth >= Self.narrowestTimeline ? gutterWidth : 0
        return start..<max(start, size.columns)
    }

    /// The strip of the file on screen: its matches, the current one marked, the cues in view shaded.
    ///
    /// - Complexity: O(w log n) for a strip of w cells over n cues and matches.
    public var timeline: Timeline {
        let shown = visibleCues.filter { $0.rows.upperBound > 0 && $0.rows.lowerBound < listHeight }
        let visible = shown.first.flatMap { first in shown.last.map { first.cue...$0.cue } }
        return Timeline(transcript: transcript, index: navigator.index, width: timelineColumns.count,
                        current: navigator.current, visible: visible)
    }

    /// A click on the strip makes current the first match at or after the moment clicked.
    mutating func clickTimeline(column: Int) {
        let columns = timelineColumns
        guard columns.contains(column) else { return }
        let cell = timeline.cells[column - columns.lowerBound]
        if navigator.jump(to: cell.firstPosition) {
            if mode == .help { mode = .browsing }
            revealCurrent()
        } else {
            message = .notice(navigator.index.isEmpty ? "no matches to show" : "no match after that moment")
        }
    }
}
