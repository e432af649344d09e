import Testing
@testable import SeekKit
@testable import SeekViewer

private func searchTranscript(_ texts: [String]) -> Transcript {
    Transcript(texts.enumerated().map { Cue(ordinal: $0.offset + 1, text: $0.element, line: $0.offset + 1) })
}

@Suite struct NavigatorTests {
    static let text = searchTranscript(["cat dog", "dog", "none", "cat cat", "dog"])

    func navigator(_ keyword: String, at current: Int? = nil) -> Navigator {
        Navigator(index: MatchIndex(transcript: Self.text, query: Query(keyword)), current: current)
    }

    @Test func nextAndPreviousWrap() {
        var nav = navigator("dog")
        #expect(nav.current == 1)
        #expect(nav.next() == false && nav.current == 2)
        #expect(nav.next() == false && nav.current == 3)
        #expect(nav.next() == true && nav.current == 1)
        #expect(nav.previous() == true && nav.current == 3)
        #expect(nav.previous() == false && nav.current == 2)
    }

    @Test func emptyIndexHasNoCurrent() {
        var nav = navigator("zebra")
        #expect(nav.current == nil && nav.currentMatch == nil)
        #expect(nav.next() == false && nav.current == nil)
        #expect(nav.previous() == false && nav.current == nil)
        nav.first()
        #expect(nav.current == nil)
        #expect(nav.jump(to: 1) == false)
    }

    @Test func firstLastJump() {
        var nav = navigator("cat")
        nav.last()
        #expect(nav.current == 3 && nav.currentMatch?.cue == 3)
        nav.first()
        #expect(nav.current == 1)
        #expect(nav.jump(to: 2) && nav.current == 2)
        #expect(nav.jump(to: 0) == false && nav.current == 2)
        #expect(nav.jump(to: 4) == false && nav.current == 2)
        #expect(navigator("cat", at: 99).current == 3)
    }

    @Test(arguments: [(3, 5, 3), (3, 0, 2), (0, 1, 1), (0, 3, nil), (2, 0, nil)] as [(Int, Int, Int?)])
    func selectClickedMatch(cue: Int, offset: Int, expected: Int?) {
        var nav = navigator("cat", at: 1)
        let selected = nav.select(cue: cue, utf8Offset: offset)
        #expect(selected == (expected != nil))
        #expect(nav.current == (expected ?? 1))
    }

    /// Cues 0...4 shown one row each in a view 5 rows tall (centre at row 2.5).
    static let allVisible = (0..<5).map { VisibleCue(cue: $0, rows: $0..<$0 + 1) }

    func updated(from old: String, at current: Int, to new: String, visible: [VisibleCue], height: Int = 5,
                 in text: Transcript = NavigatorTests.text) -> Match? {
        var nav = Navigator(index: MatchIndex(transcript: text, query: Query(old)), current: current)
        nav.update(index: MatchIndex(transcript: text, query: Query(new)), visible: visible, viewHeight: height)
        return nav.currentMatch
    }

    @Test func staysOnOverlappingMatch() {
        // Typing: "ca" at cue 3 offset 4 becomes "cat" at the same place.
        let match = updated(from: "ca", at: 3, to: "cat", visible: Self.allVisible)
        #expect(match?.cue == 3 && match?.range == 4..<7)
        // Deleting: "cat" at cue 0 becomes "c"; the earliest overlapping match wins.
        let widened = updated(from: "cat dog", at: 1, to: "t", visible: Self.allVisible)
        #expect(widened?.cue == 0 && widened?.range == 2..<3)
    }

    @Test func otherwiseNearestCueToTheCentre() {
        // Old match in cue 0 ("cat"); the new keyword "dog" has no overlapping match there... but
        // cue 0 also has "dog" at 4..<7 which does not overlap 0..<3. Visible cues with dogs: 0, 1, 4.
        // Centre 2.5: cue 1 (middle 1.5, distance 1) beats cue 4 (middle 4.5, distance 2); above centre, so its last.
        let match = updated(from: "cat", at: 1, to: "dog", visible: Self.allVisible)
        #expect(match?.cue == 1)
        // Below the centre: its first match. Cues 2 and 3 visible, three rows each.
        let text = searchTranscript(["x", "x", "x", "cat cat", "x"])
        let below = (2..<4).map { VisibleCue(cue: $0, rows: ($0 - 2) * 3..<($0 - 2) * 3 + 3) }
        let first = updated(from: "x", at: 1, to: "cat", visible: below, height: 6, in: text)
        #expect(first?.cue == 3 && first?.range == 0..<3)
        let above = [VisibleCue(cue: 3, rows: 0..<1), VisibleCue(cue: 4, rows: 1..<6)]
        let last = updated(from: "x", at: 1, to: "cat", visible: above, height: 6, in: text)
        #expect(last?.cue == 3 && last?.range == 4..<7)
    }

    @Test func nearestIsByAbsoluteDistance() {
        // Cue 0 is 2 rows above the centre, cue 4 one row below: cue 4 is nearer.
        let text = searchTranscript(["cat", "x", "x", "x", "cat", "x"])
        let visible = (0..<6).map { VisibleCue(cue: $0, rows: $0..<$0 + 1) }
        let match = updated(from: "x", at: 1, to: "cat", visible: visible, height: 6, in: text)
        #expect(match?.cue == 4)
    }

    @Test func otherwiseFirstMatchAfterTheView() {
        let text = searchTranscript(["cat", "x", "x", "x", "cat", "x"])
        let view = [VisibleCue(cue: 1, rows: 0..<1), VisibleCue(cue: 2, rows: 1..<2)]
        #expect(updated(from: "x", at: 1, to: "cat", visible: view, height: 2, in: text)?.cue == 4)
        let end = [VisibleCue(cue: 5, rows: 0..<1)]
        #expect(updated(from: "x", at: 4, to: "cat", visible: end, height: 1, in: text)?.cue == 0)
    }

    @Test func noMatchesNoCurrent() {
        #expect(updated(from: "cat", at: 1, to: "zebra", visible: Self.allVisible) == nil)
    }

    @Test func staleSearchIsNeverApplied() {
        let generation = SearchGeneration()
        var nav = navigator("cat")
        let old = generation.begin()
        let new = generation.begin()
        #expect(old.isCancelled && !new.isCancelled)
        #expect(MatchIndex.build(transcript: Self.text, query: Query("dog"), isCancelled: old.isCancelledCheck) == nil)
        let fresh = MatchIndex.build(transcript: Self.text, query: Query("dog"), isCancelled: new.isCancelledCheck)
        let stale = MatchIndex(transcript: Self.text, query: Query("none"))
        #expect(generation.apply(new) { if let fresh { nav.update(index: fresh, visible: [], viewHeight: 0) } })
        #expect(!generation.apply(old) { nav.update(index: stale, visible: [], viewHeight: 0) })
        #expect(nav.index.query == Query("dog"))
        generation.cancelAll()
        #expect(new.isCancelled)
    }
}
