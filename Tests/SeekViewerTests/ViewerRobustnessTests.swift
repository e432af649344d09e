import SeekKit
import Testing
@testable import SeekViewer

/// Findings of the viewer fuzz target (Fuzz/FuzzViewer.swift), reduced: sizes, orders and
/// transcripts the navigator must survive with its invariants intact.
@Suite struct ViewerRobustnessTests {
    static func check(_ state: ViewerState) {
        if let current = state.navigator.current {
            #expect(current >= 1 && current <= state.navigator.index.count)
        }
        let frame = FrameRenderer.render(state)
        #expect(frame.rows.count == state.size.rows || state.size.columns == 0)
    }

    @Test(arguments: [(0, 0), (1, 1), (2, 0), (0, 5), (1, 80), (3, 2), (40, 1)])
    func anEmptyTranscriptSurvivesAnySize(rows: Int, columns: Int) {
        var state = ViewerState(transcript: Transcript(), displayName: "empty.srt", keywords: ["the"],
                                size: TerminalSize(rows: 24, columns: 80))
        state.searchInitiallyNow()
        state.resize(to: TerminalSize(rows: rows, columns: columns))
        Self.check(state)
        for key: Key in [.character("n"), .character("N"), .character("G"), .character("g"), .pageDown, .pageUp,
                         .character("j"), .character("k"), .character("w"), .character("/"), .character("x"), .enter,
                         .mouse(MouseEvent(kind: .press(button: 0), row: 0, column: 0))] {
            _ = state.handleNow(key)
            Self.check(state)
        }
    }

    @Test func resultsArrivingOutOfOrderLeaveTheNewestQuerysIndex() {
        var state = ViewerFixture.state([])
        var requests: [SearchRequest] = []
        for character in "city" {
            if case .search(let request)? = state.handle(.character(character)) { requests.append(request) }
        }
        for request in requests.reversed() {
            state.apply(MatchIndex(transcript: ViewerFixture.transcript, query: request.query), generation: request.generation)
            Self.check(state)
        }
        #expect(state.navigator.index.count == MatchIndex(transcript: ViewerFixture.transcript, query: state.query).count)
        #expect(!state.isSearching)
    }

    @Test func shrinkingToNothingAndBackKeepsTheCurrentMatch() {
        var state = ViewerFixture.state(["city"])
        _ = state.handleNow(.character("n"))
        let current = state.navigator.current
        for size in [TerminalSize(rows: 0, columns: 0), TerminalSize(rows: 1, columns: 3), TerminalSize(rows: 12, columns: 60)] {
            state.resize(to: size)
            Self.check(state)
        }
        #expect(state.navigator.current == current)
    }
}
