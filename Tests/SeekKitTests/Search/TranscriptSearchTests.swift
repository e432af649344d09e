import Foundation
import Testing
import SeekKit

/// The observable search model, driven headlessly: every change is followed by awaiting its result.
@MainActor @Suite struct TranscriptSearchTests {
    static let transcript = Transcript([
        "The budget is ready.", "No budget yet.", "Budgets again, and the budget vote.", "Nothing here.",
        "Le café ferme.",
    ].enumerated().map { Cue(ordinal: $0.offset + 1, start: $0.offset * 2000, end: $0.offset * 2000 + 1500,
                             text: $0.element, line: $0.offset * 4 + 3) })

    func search() -> TranscriptSearch { TranscriptSearch(transcript: Self.transcript, throttle: .zero) }

    @Test func editingTheQueryStaysOnTheMatchYouWereOn() async {
        let search = search()
        search.text = "bud"
        await search.searchFinished()
        #expect(search.count == 4)
        #expect(search.current == 1)
        search.next()
        search.next()
        #expect(search.currentMatch?.cue == 2)
        #expect(search.currentMatch?.range == 0..<3)
        search.text = "budget"
        await search.searchFinished()
        #expect(search.count == 4)
        #expect(search.current == 3, "Budgets in cue 3 overlaps the old match")
        search.text = "budget vote"
        await search.searchFinished()
        #expect(search.count == 1)
        #expect(search.currentMatch?.cue == 2)
    }

    @Test func theNewestQueryWins() async {
        let search = search()
        search.text = "ready"
        search.text = "nothing"
        search.tokens = ["café"]
        await search.searchFinished()
        #expect(search.index.query.keywords == ["café", "nothing"])
        #expect(search.index.map(\.cue) == [3, 4])
        #expect(!search.isSearching)
    }

    @Test func withoutAnOverlapTheMatchNearestTheVisibleCuesBecomesCurrent() async {
        let search = search()
        search.visibleCues = 1..<4
        search.text = "budget"
        await search.searchFinished()
        #expect(search.currentMatch?.cue == 2, "cue 2 is in the middle of the view")
        #expect(search.current == 3)
        search.visibleCues = 4..<5
        search.text = "the"
        await search.searchFinished()
        #expect(search.current == 1, "no match in view or after it: wrap to the first")
    }

    @Test func nextAndPreviousWrap() async {
        let search = search()
        search.text = "budget"
        await search.searchFinished()
        search.previous()
        #expect(search.current == 4)
        search.next()
        #expect(search.current == 1)
        search.select(3)
        #expect(search.current == 3)
        search.select(9)
        #expect(search.current == 3)
    }

    @Test func modesAndEmptyQueries() async {
        let search = search()
        search.text = "cafe"
        await search.searchFinished()
        #expect(search.count == 0)
        #expect(search.current == nil)
        search.ignoresAccents = true
        await search.searchFinished()
        #expect(search.count == 1)
        search.text = "budget"
        search.wholeWords = true
        await search.searchFinished()
        #expect(search.count == 3, "not Budgets")
        search.text = ""
        await search.searchFinished()
        #expect(search.count == 0 && search.current == nil && !search.isSearching)
    }

    @Test func suggestionsCompleteTheWordBeingTyped() async {
        let search = search()
        search.text = "the bu"
        #expect(search.suggestions.first == "budget")
        search.makeToken()
        #expect(search.tokens == ["the bu"] && search.text.isEmpty && search.suggestions.isEmpty)
    }
}
