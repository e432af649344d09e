import Testing
@testable import SeekKit
@testable import SeekViewer

@Suite struct ScrollPolicyTests {
    /// Twenty cues; cue 7 is three rows tall, the rest one.
    static func rows(_ cue: Int) -> Int { cue == 7 ? 3 : 1 }

    func reveal(_ cue: Int, from view: Viewport) -> Viewport {
        ScrollPolicy.reveal(cue: cue, in: view, cueCount: 20, rowsOf: Self.rows)
    }

    @Test(arguments: [
        // (top cue, cue made current, expected top cue, expected top row)
        (0, 3, 0, 0),      // fully in view: stays still
        (0, 4, 0, 0),      // last fully visible row
        (0, 5, 3, 0),      // below the view: centred (cue 5 at row 2 of 5)
        (10, 2, 0, 0),     // above the view: centred as far as the top allows
        (0, 19, 15, 0),    // near the end: the last page
        (0, 7, 6, 0),      // tall cue centred: one row above it
    ])
    func revealCentresOnlyWhenNeeded(top: Int, cue: Int, expectedCue: Int, expectedRow: Int) {
        let view = reveal(cue, from: Viewport(topCue: top, height: 5))
        #expect(view == Viewport(topCue: expectedCue, topRow: expectedRow, height: 5))
    }

    @Test func partlyVisibleCueIsCentred() {
        // Cue 7 spans rows 3..<6 of a 5-row view from cue 4: clipped, so the view moves.
        let view = reveal(7, from: Viewport(topCue: 4, height: 5))
        #expect(view == Viewport(topCue: 6, topRow: 0, height: 5))
        let visible = ScrollPolicy.visibleCues(in: view, cueCount: 20, rowsOf: Self.rows)
        #expect(visible.first { $0.cue == 7 }?.rows == 1..<4)
    }

    @Test func visibleCuesListsClippedRows() {
        let visible = ScrollPolicy.visibleCues(in: Viewport(topCue: 7, topRow: 1, height: 3), cueCount: 20,
                                               rowsOf: Self.rows)
        #expect(visible == [VisibleCue(cue: 7, rows: -1..<2), VisibleCue(cue: 8, rows: 2..<3)])
    }

    @Test(arguments: [(0, 3, 3, 0), (0, -3, 0, 0), (6, 2, 7, 1), (7, -1, 6, 0), (0, 100, 15, 0)])
    func scrollStopsAtTheEnds(top: Int, by rows: Int, expectedCue: Int, expectedRow: Int) {
        let view = ScrollPolicy.scroll(Viewport(topCue: top, height: 5), by: rows, cueCount: 20, rowsOf: Self.rows)
        #expect(view == Viewport(topCue: expectedCue, topRow: expectedRow, height: 5))
    }

    @Test func bottomShowsTheLastPage() {
        #expect(ScrollPolicy.bottom(Viewport(height: 5), cueCount: 20, rowsOf: Self.rows)
            == Viewport(topCue: 15, height: 5))
        #expect(ScrollPolicy.bottom(Viewport(height: 50), cueCount: 20, rowsOf: Self.rows)
            == Viewport(topCue: 0, height: 50))
    }
}
