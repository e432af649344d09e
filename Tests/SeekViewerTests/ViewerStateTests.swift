import Testing
@testable import SeekKit
@testable import SeekViewer

/// A small timed transcript with two speakers, shared by the viewer and renderer tests.
enum ViewerFixture {
    static let lines: [(speaker: String?, text: String)] = [
        ("Ana", "Good evening, everyone."),
        ("Ana", "Tonight I want to talk about how a city listens to itself."),
        ("Ben", "Ten years ago our city council had no idea what the streets sounded like."),
        ("Ana", "We measured traffic, water and electricity."),
        ("Ben", "But nobody had ever measured noise in the city."),
        ("Ana", "So we put forty small microphones on lamp posts."),
        ("Ben", "They only count decibels, every second."),
        ("Ana", "The city listens, and now the city council listens too."),
        ("Ben", "Capacity planning came later."),
        ("Ana", "Thank you."),
    ]

    static let transcript = Transcript(lines.enumerated().map { number, line in
        Cue(ordinal: number + 1, start: number * 4000 + 1000, end: number * 4000 + 3500,
            speaker: line.speaker, text: line.text, line: number * 4 + 3)
    })

    static func state(_ keywords: [String] = [], rows: Int = 12, columns: Int = 60,
                      completions: @escaping (String) -> [String] = { _ in [] }) -> ViewerState {
        var state = ViewerState(transcript: transcript, displayName: "talk.srt", keywords: keywords,
                                size: TerminalSize(rows: rows, columns: columns), completions: completions)
        state.searchInitiallyNow()
        return state
    }

    static func count(_ keywords: [String], speaker: String? = nil) -> Int {
        MatchIndex(transcript: transcript, query: Query(keywords: keywords, scope: Scope(speaker: speaker))).count
    }
}

extension ViewerState {
    mutating func type(_ text: String) {
        for character in text { _ = handleNow(.character(character)) }
    }

    mutating func press(_ keys: Key...) {
        for key in keys { _ = handleNow(key) }
    }
}

@Suite struct ViewerStateTests {
    @Test func withAKeywordItOpensBrowsingOnMatchOne() {
        let state = ViewerFixture.state(["city"])
        #expect(state.mode == .browsing)
        #expect(state.navigator.current == 1)
        #expect(state.navigator.index.count == ViewerFixture.count(["city"]))
        #expect(state.navigator.index.count > 3)
        #expect(state.visibleCues.contains { $0.cue == state.navigator.currentMatch?.cue })
    }

    @Test func withoutAKeywordItStartsInTheEmptySearchField() {
        let state = ViewerFixture.state()
        #expect(state.mode == .searching)
        #expect(state.text == "")
        #expect(state.navigator.current == nil)
    }

    @Test func typingAsksForANewerSearchEachTime() {
        var state = ViewerFixture.state()
        let first = state.handle(.character("c"))
        let second = state.handle(.character("i"))
        #expect(first == .search(SearchRequest(query: Query(keywords: ["c"]), generation: 1)))
        #expect(second == .search(SearchRequest(query: Query(keywords: ["ci"]), generation: 2)))
        #expect(state.isSearching)
    }

    @Test func onlyTheNewestSearchIsApplied() {
        var state = ViewerFixture.state()
        guard case .search(let old)? = state.handle(.character("n")),
              case .search(let new)? = state.handle(.character("o")) else {
            Issue.record("typing did not ask for a search")
            return
        }
        let newIndex = MatchIndex(transcript: ViewerFixture.transcript, query: new.query)
        let oldIndex = MatchIndex(transcript: ViewerFixture.transcript, query: old.query)
        let appliedNew = state.apply(newIndex, generation: new.generation)
        let appliedOld = state.apply(oldIndex, generation: old.generation)
        #expect(appliedNew)
        #expect(!appliedOld)
        #expect(state.navigator.index.count == newIndex.count)
        #expect(!state.isSearching)
    }

    @Test func nextAndPreviousWrapAndSaySo() {
        var state = ViewerFixture.state(["city"])
        let count = state.navigator.index.count
        state.press(.character("N"))
        #expect(state.navigator.current == count)
        #expect(state.message == .searchWrapped)
        state.press(.character("n"))
        #expect(state.navigator.current == 1)
        state.press(.character("n"))
        #expect(state.navigator.current == 2)
        #expect(state.message == nil)
    }

    @Test(arguments: [Key.enter, .down, .control("n")])
    func inTheFieldEnterDownAndCtrlNGoToTheNextMatch(_ key: Key) {
        var state = ViewerFixture.state()
        state.type("city")
        let before = state.navigator.current ?? 0
        state.press(key)
        #expect(state.navigator.current == before % state.navigator.index.count + 1)
        #expect(state.mode == .searching)
    }

    @Test(arguments: [Key.up, .control("p")])
    func inTheFieldUpAndCtrlPGoToThePreviousMatch(_ key: Key) {
        var state = ViewerFixture.state(["city"])
        state.press(.character("/"), .down, .down)
        #expect(state.navigator.current == 3)
        state.press(key)
        #expect(state.navigator.current == 2)
    }

    @Test func slashReturnsToTheFieldWithTheQueryKept() {
        var state = ViewerFixture.state(["city"])
        state.press(.character("/"))
        #expect(state.mode == .searching)
        #expect(state.text == "city")
        #expect(state.cursor == 4)
        state.press(.escape)
        #expect(state.mode == .browsing)
        #expect(state.text == "city")
    }

    @Test func editingTheQueryStaysOnTheMatchYouWereOn() {
        var state = ViewerFixture.state(["city"])
        state.press(.character("n"), .character("n"))
        let before = state.navigator.currentMatch
        #expect(before?.position == 3)
        state.press(.character("/"), .backspace)
        #expect(state.text == "cit")
        #expect(state.navigator.currentMatch?.cue == before?.cue)
        #expect(state.navigator.currentMatch?.range.lowerBound == before?.range.lowerBound)
        state.type("y")
        #expect(state.navigator.currentMatch == before)
    }

    @Test func theQueryIsEditedAtTheCursor() {
        var state = ViewerFixture.state()
        state.type("cty")
        state.press(.left, .left)
        state.type("i")
        #expect(state.text == "city")
        #expect(state.cursor == 2)
        state.press(.right, .right, .right)
        #expect(state.cursor == 4)
        state.press(.control("u"))
        #expect(state.text == "")
        #expect(state.navigator.index.isEmpty)
    }

    @Test func pastedTextGoesIntoTheQueryOnOneLine() {
        var state = ViewerFixture.state()
        state.press(.paste("城市\n噪音"))
        #expect(state.text == "城市 噪音")
        #expect(state.cursor == 5)
    }

    @Test func ctrlTMakesATokenAndCtrlXRemovesIt() {
        var state = ViewerFixture.state()
        state.type("city")
        state.press(.control("t"))
        #expect(state.tokens == ["city"])
        #expect(state.text == "")
        state.type("noise")
        #expect(state.query.keywords == ["city", "noise"])
        #expect(state.navigator.index.count == ViewerFixture.count(["city", "noise"]))
        state.press(.control("x"))
        #expect(state.tokens == [])
        #expect(state.query.keywords == ["noise"])
    }

    @Test func tabAcceptsTheTopSuggestionForTheWordBeingTyped() {
        var state = ViewerFixture.state(completions: { prefix in
            prefix == "cou" ? ["council", "count"] : []
        })
        state.type("cou")
        #expect(state.suggestions == ["council", "count"])
        state.press(.tab)
        #expect(state.text == "council")
        #expect(state.cursor == 7)
        state.press(.home)
        state.type("city ")
        state.press(.end)
        #expect(state.navigator.index.count == ViewerFixture.count(["city council"]))
    }

    @Test func noMatchesIsSaid() {
        var state = ViewerFixture.state()
        state.type("zebra")
        #expect(state.navigator.index.isEmpty)
        #expect(state.navigator.current == nil)
        #expect(state.message == .noMatches)
    }

    @Test func pAndEnterPlayTheCurrentMatchWithoutMoving() throws {
        var state = ViewerFixture.state(["city"])
        state.press(.character("n"))
        let match = try #require(state.navigator.currentMatch)
        #expect(state.handleNow(.character("p")) == .play(match))
        #expect(state.handleNow(.enter) == .play(match))
        #expect(state.navigator.current == 2)
    }

    @Test func pWithoutAMatchSaysSoAndEnterStillSteps() {
        var state = ViewerFixture.state(["zebra"])
        #expect(state.handleNow(.character("p")) == nil)
        #expect(state.message == .notice("no match to play"))
        #expect(state.handleNow(.enter) == nil)
        #expect(state.message == .noMatches)
    }

    @Test func inTheSearchFieldPIsTyped() {
        var state = ViewerFixture.state()
        #expect(state.handleNow(.character("p")) == nil)
        #expect(state.text == "p")
    }

    @Test func colonJumpsToAMatchByNumber() {
        var state = ViewerFixture.state(["city"])
        state.press(.character(":"), .character("3"))
        #expect(state.mode == .jumping("3"))
        state.press(.enter)
        #expect(state.navigator.current == 3)
        #expect(state.mode == .browsing)
        state.press(.character(":"), .character("9"), .character("9"), .enter)
        #expect(state.navigator.current == 3)
        #expect(state.message?.text.hasPrefix("no match 99") == true)
    }

    @Test func sCyclesTheSpeakerScope() {
        var state = ViewerFixture.state(["city"])
        state.press(.character("s"))
        #expect(state.scope.speaker == "Ana")
        #expect(state.navigator.index.count == ViewerFixture.count(["city"], speaker: "Ana"))
        state.press(.character("s"))
        #expect(state.scope.speaker == "Ben")
        #expect(state.navigator.index.count == ViewerFixture.count(["city"], speaker: "Ben"))
        state.press(.character("s"))
        #expect(state.scope.speaker == nil)
        #expect(state.navigator.index.count == ViewerFixture.count(["city"]))
    }

    @Test func aTogglesIgnoringAccentsAndTheStatusLineShowsIt() {
        let transcript = Transcript(["Le café ouvre", "cafe noir", "ｃａｆｅ au lait"].enumerated().map {
            Cue(ordinal: $0.offset + 1, start: $0.offset * 1000, end: $0.offset * 1000 + 900, text: $0.element,
                line: $0.offset * 4 + 3)
        })
        var state = ViewerState(transcript: transcript, displayName: "cafe.srt", keywords: ["cafe"],
                                size: TerminalSize(rows: 8, columns: 60))
        state.searchInitiallyNow()
        #expect(state.navigator.index.count == 1)
        #expect(!FrameRenderer.render(state).plainText.contains("≈accents"))
        state.press(.character("a"))
        #expect(state.query.ignoresAccents)
        #expect(state.navigator.index.count == 3)
        #expect(FrameRenderer.render(state).plainText.contains("≈accents"))
        state.press(.character("a"))
        #expect(!state.query.ignoresAccents)
        #expect(state.navigator.index.count == 1)
    }

    @Test func wholeWordsFromTheCommandLineReachTheQuery() {
        var state = ViewerState(transcript: ViewerFixture.transcript, displayName: "talk.srt", keywords: ["city"],
                                wholeWords: true, size: TerminalSize(rows: 12, columns: 60))
        state.searchInitiallyNow()
        #expect(state.navigator.index.count == ViewerFixture.count(["city"]) - 2, "not in electricity or Capacity")
        #expect(FrameRenderer.render(state).plainText.contains("words"))
    }

    @Test(arguments: [
        (Key.character("q"), ViewerAction.quit(status: 0)),
        (.control("c"), .quit(status: 130)),
        (.control("z"), .suspend),
    ])
    func browsingKeysAskTheHost(_ key: Key, _ action: ViewerAction) {
        var state = ViewerFixture.state(["city"])
        #expect(state.handle(key) == action)
    }

    @Test func qInTheFieldIsJustALetter() {
        var state = ViewerFixture.state()
        #expect(state.handleNow(.character("q")) == nil)
        #expect(state.text == "q")
    }

    @Test func questionMarkShowsHelpAndAnyKeyClosesIt() {
        var state = ViewerFixture.state(["city"])
        state.press(.character("?"))
        #expect(state.mode == .help)
        #expect(state.handle(.character("q")) == nil)
        #expect(state.mode == .browsing)
    }

    @Test func scrollingKeysMoveTheView() {
        var state = ViewerFixture.state(["city"], rows: 6, columns: 40)
        state.press(.character("g"))
        #expect(state.viewport.topCue == 0 && state.viewport.topRow == 0)
        state.press(.character("j"))
        #expect(state.viewport.topCue == 0 && state.viewport.topRow == 1 || state.viewport.topCue == 1)
        state.press(.character("k"))
        #expect(state.viewport.topCue == 0 && state.viewport.topRow == 0)
        state.press(.character("G"))
        let last = state.visibleCues.last
        #expect(last?.cue == ViewerFixture.transcript.count - 1)
        #expect(last.map { $0.rows.upperBound <= state.listHeight } == true)
        state.press(.character("b"))
        #expect(!state.visibleCues.contains { $0.cue == ViewerFixture.transcript.count - 1 })
        state.press(.character(" "))
        #expect(state.visibleCues.last?.cue == ViewerFixture.transcript.count - 1)
    }

    @Test func clickingAHighlightedMatchMakesItCurrent() {
        var state = ViewerFixture.state(["city"], rows: 24, columns: 80)
        state.press(.character("g"))
        let target = state.navigator.index[2]
        let shown = state.visibleCues.first { $0.cue == target.cue }!
        let text = ViewerFixture.transcript.text(at: target.cue)
        let before = text.utf8.prefix(target.range.lowerBound)
        let label = state.displayLines(ofCue: target.cue, highlights: [])[0]
            .prefix { $0.source.isEmpty }.map(\.text).joined()
        #expect(label == "\(ViewerFixture.lines[target.cue].speaker ?? ""): ")
        let column = state.gutterWidth + DisplayWidth.of(label) + DisplayWidth.of(String(decoding: before, as: UTF8.self)) + 1
        state.press(.mouse(MouseEvent(kind: .press(button: 0), row: shown.rows.lowerBound, column: column)))
        #expect(state.navigator.current == 2)
        state.press(.mouse(MouseEvent(kind: .press(button: 0), row: shown.rows.lowerBound, column: 0)))
        #expect(state.navigator.current == 2)
        // Clicking the speaker's name selects nothing new.
        state.press(.character(":"), .character("1"), .enter)
        #expect(state.navigator.current == 1)
        state.press(.mouse(MouseEvent(kind: .press(button: 0), row: shown.rows.lowerBound, column: state.gutterWidth)))
        #expect(state.navigator.current == 1)
    }

    @Test func theWheelScrolls() {
        var state = ViewerFixture.state(["city"], rows: 6, columns: 40)
        state.press(.character("g"))
        state.press(.mouse(MouseEvent(kind: .wheelDown, row: 0, column: 0)))
        let down = state.viewport
        #expect(down != Viewport(topCue: 0, topRow: 0, height: state.listHeight))
        state.press(.mouse(MouseEvent(kind: .wheelUp, row: 0, column: 0)))
        #expect(state.viewport == Viewport(topCue: 0, topRow: 0, height: state.listHeight))
    }

    @Test func movingToAMatchOutOfViewCentresIt() {
        let state = ViewerFixture.state(["thank"], rows: 6, columns: 40)
        let cue = state.navigator.currentMatch?.cue
        #expect(cue == ViewerFixture.transcript.count - 1)
        #expect(state.visibleCues.contains { $0.cue == cue && $0.rows.lowerBound >= 0 })
    }

    @Test func resizingKeepsTheCurrentMatchInView() {
        var state = ViewerFixture.state(["city"], rows: 24, columns: 80)
        state.press(.character("N"))
        state.resize(to: TerminalSize(rows: 5, columns: 30))
        #expect(state.listHeight == 3)
        let cue = state.navigator.currentMatch?.cue
        #expect(state.visibleCues.contains { $0.cue == cue })
    }

    @Test func aNoticeIsClearedByTheNextKey() {
        var state = ViewerFixture.state(["city"])
        state.press(.character("N"))
        #expect(state.message == .searchWrapped)
        state.press(.character("j"))
        #expect(state.message == nil)
        state.press(.character(":"), .character("9"), .character("9"), .enter)
        #expect(state.message == .notice("no match 99: 1–\(ViewerFixture.count(["city"]))"))
        state.press(.character("k"))
        #expect(state.message == nil)
    }

    @Test(arguments: [
        (":-1", "not a match number: -1 (1–7)"),
        (":abc", "not a match number: abc (1–7)"),
        (":3x", "not a match number: 3x (1–7)"),
        (":0", "no match 0: 1–7"),
        (":99", "no match 99: 1–7"),
    ])
    func aJumpThatIsNotAMatchNumberIsAnswered(_ typed: String, _ notice: String) {
        var state = ViewerFixture.state(["city"])
        #expect(ViewerFixture.count(["city"]) == 7)
        state.press(.character("n"))
        let before = state.navigator.current
        state.type(typed)
        state.press(.enter)
        #expect(state.message == .notice(notice))
        #expect(state.navigator.current == before)
        #expect(state.mode == .browsing)
    }

    @Test func anEmptyJumpDoesNothing() {
        var state = ViewerFixture.state(["city"])
        state.press(.character(":"), .enter)
        #expect(state.message == nil)
        #expect(state.navigator.current == 1)
    }

    @Test func backspaceInAnEmptyFieldTakesTheLastTokenBack() {
        var state = ViewerFixture.state()
        state.type("city")
        state.press(.control("t"))
        state.type("noise")
        state.press(.control("t"))
        #expect(state.tokens == ["city", "noise"] && state.text.isEmpty)
        state.press(.backspace)
        #expect(state.tokens == ["city"])
        #expect(state.text == "noise" && state.cursor == 5)
        state.press(.backspace)
        #expect(state.text == "nois")
        #expect(state.navigator.index.count == ViewerFixture.count(["city", "nois"]))
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursorAndCtrlXTheLastToken() {
        var state = ViewerFixture.state()
        state.type("noise")
        state.press(.control("t"))
        state.type("city council  ")
        state.press(.control("w"))
        #expect(state.text == "city " && state.cursor == 5)
        state.press(.control("w"))
        #expect(state.text.isEmpty)
        #expect(state.tokens == ["noise"])
        state.type("city")
        state.press(.control("x"))
        #expect(state.tokens.isEmpty && state.text == "city")
        #expect(state.navigator.index.count == ViewerFixture.count(["city"]))
    }

    @Test func aTokenEqualToAnotherIgnoringCaseIsNotAddedTwice() {
        var state = ViewerFixture.state()
        state.type("City")
        state.press(.control("t"))
        state.type("city")
        state.press(.control("t"))
        #expect(state.tokens == ["City"])
        #expect(state.text.isEmpty)
        #expect(state.message == .notice("already a token: city"))
    }

    @Test func theHelpScrollsWhenItDoesNotFit() {
        var state = ViewerFixture.state(["city"], rows: 12, columns: 40)
        state.press(.character("?"))
        var seen = ""
        var frame = FrameRenderer.render(state)
        for _ in 0..<200 where !frame.plainText.contains("end: q or Esc closes") {
            frame = FrameRenderer.render(state)
            for row in frame.rows {
                #expect(row.reduce(0) { $0 + DisplayWidth.widest($1.text) } <= 40)
            }
            seen += frame.plainText + "\n"
            state.press(.character("j"))
        }
        #expect(state.mode == .help)
        let words = Set(seen.split(whereSeparator: { $0 == " " || $0 == "\n" }))
        for line in FrameRenderer.helpLines {
            for word in line.meaning.split(separator: " ") { #expect(words.contains(word), "\(word) never shown") }
        }
        #expect(frame.plainText.contains("quit"))
        assertFrameSnapshot(frame.plainText, named: "help-40x12-scrolled-to-the-end")
        state.press(.character("q"))
        #expect(state.mode == .browsing)
    }

    @Test func theSearchFieldSaysHowToLeave() {
        var state = ViewerFixture.state(rows: 8, columns: 60)
        #expect(FrameRenderer.render(state).plainText.contains("Esc browse · ^C quit"))
        state.press(.escape)
        #expect(!FrameRenderer.render(state).plainText.contains("Esc browse"))
    }

    @Test func withASpeakerScopeOtherSpeakersCuesAreDimmed() {
        var state = ViewerFixture.state(["city"], rows: 14, columns: 90)
        state.press(.character("s"))
        #expect(state.scope.speaker == "Ana")
        let frame = FrameRenderer.render(state)
        for (number, row) in frame.rows.prefix(ViewerFixture.lines.count).enumerated() {
            let text = row.dropFirst().filter { !$0.text.isEmpty }
            let dimmed = text.allSatisfy { $0.style == Palette.context }
            #expect(dimmed == (ViewerFixture.lines[number].speaker == "Ben"), "row \(number)")
        }
    }

    @Test func theLastWordOfAPhraseIsCompletedWithWordsThatFollowInTheTranscript() {
        var state = ViewerFixture.state(completions: { _ in ["cinema"] })
        state.type("city co")
        #expect(state.suggestions == ["council"])
        state.press(.tab)
        #expect(state.text == "city council")
        state.press(.control("u"))
        state.type("the city ")
        #expect(state.suggestions == ["listens", "council"], "\(state.suggestions)")
        state.press(.control("u"))
        #expect(state.suggestions == ["cinema"])
    }
}
