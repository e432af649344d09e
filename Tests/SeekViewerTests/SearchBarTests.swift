import Testing
@testable import SeekKit
@testable import SeekViewer

@Suite struct SearchBarTests {
    static let releaseName = "Children.of.Men.2006.1080p.BluRay.x264.DTS-HD.MA.5.1-REVEiLLE.srt"

    private func bar(_ state: ViewerState) -> (text: String, cursor: Int?) {
        let frame = FrameRenderer.render(state)
        return (frame.rows.last.map { $0.map(\.text).joined() } ?? "", frame.cursor?.column)
    }

    private func typing(_ text: String, columns: Int, name: String = releaseName) -> ViewerState {
        var state = ViewerState(transcript: ViewerFixture.transcript, displayName: name,
                                size: TerminalSize(rows: 8, columns: columns))
        _ = state.handleNow(.paste(text))
        return state
    }

    @Test(arguments: [80, 40, 24, 12])
    func theQueryComesFirstAndTheCursorNeverSitsOnTheCount(_ columns: Int) {
        for query in ["baby", "baby cries", "city council"] {
            let state = typing(query, columns: columns)
            let (text, cursor) = bar(state)
            #expect(DisplayWidth.widest(text) <= columns - 1)
            let shown = text.dropFirst(3)
            if columns >= 24 { #expect(shown.hasPrefix(query), "\(text)") }
            #expect(shown.contains(query.suffix(min(query.count, columns - 6))), "\(text)")
            let cursorColumn = try! #require(cursor)
            #expect(cursorColumn <= 3 + query.count, "cursor at \(cursorColumn) in \(text)")
            let afterCursor = text.dropFirst(cursorColumn)
            #expect(afterCursor.first == " " || afterCursor.first == "…", "cursor on \(afterCursor)")
        }
    }

    @Test func theCountComesBeforeTheNameWhichIsShortenedInTheMiddle() {
        let state = typing("baby", columns: 50)
        let (text, _) = bar(state)
        #expect(text.contains(" no matches "))
        #expect(text.contains("Children.of.…REVEiLLE.srt") || text.contains("…"), "\(text)")
        #expect(!text.contains("Children.of.Men.2006"), "\(text)")
        assertFrameSnapshot(text, named: "search-bar-release-name-50")
    }

    @Test func aLongPasteScrollsToKeepTheCursorInView() {
        let pasted = String(repeating: "lorem ipsum dolor ", count: 13) + "end"
        var state = typing(pasted, columns: 80)
        var (text, cursor) = bar(state)
        #expect(text.hasPrefix(" / …"), "\(text)")
        #expect(text.contains("dolor end"), "\(text)")
        #expect(cursor.map { $0 < 79 } == true)
        #expect(text.dropFirst(cursor ?? 0).first == " ")
        assertFrameSnapshot(text + "\ncursor: \(cursor ?? -1)", named: "search-bar-long-paste-end")
        _ = state.handleNow(.home)
        (text, cursor) = bar(state)
        #expect(text.hasPrefix(" / lorem ipsum"))
        #expect(cursor == 3)
        #expect(text.contains("…"))
        for _ in 0..<150 { _ = state.handleNow(.right) }
        (text, cursor) = bar(state)
        #expect(text.hasPrefix(" / …") && text.dropFirst(4).contains("…"), "\(text)")
        let under = text.dropFirst(cursor ?? 0).first
        let expected = pasted[pasted.index(pasted.startIndex, offsetBy: 150)]
        #expect(under == expected, "cursor on \(String(describing: under)) in \(text)")
        assertFrameSnapshot(text + "\ncursor: \(cursor ?? -1)", named: "search-bar-long-paste-middle")
    }

    @Test func whileTheFirstSearchRunsItSaysSearchingNotNoMatches() {
        var state = ViewerState(transcript: ViewerFixture.transcript, displayName: "talk.srt", keywords: ["city"],
                                size: TerminalSize(rows: 8, columns: 60))
        let request = state.initialSearch()
        #expect(bar(state).text.contains("searching…"))
        #expect(!bar(state).text.contains("no matches"))
        state.apply(MatchIndex(transcript: state.transcript, query: request!.query), generation: request!.generation)
        #expect(bar(state).text.contains(" 1/\(ViewerFixture.count(["city"])) "))
    }

    @Test(arguments: [
        ("abcdef", 6, 10, "abcdef", 6),
        ("abcdefghij", 10, 8, "…efghij", 7),
        ("abcdefghij", 0, 8, "abcdefg…", 0),
        ("abcdefghij", 5, 8, "abcdefg…", 5),
        ("abcdefghij", 8, 8, "…defghij", 6),
        ("你好世界你好", 6, 8, "…界你好", 7),
        ("ab", 2, 2, "", 0),
    ] as [(String, Int, Int, String, Int)])
    func fitKeepsTheCursorInView(_ text: String, _ cursor: Int, _ width: Int, _ shown: String, _ column: Int) {
        let fitted = SearchBar.fit(text, cursor: cursor, width: width)
        #expect(fitted.text == shown)
        #expect(fitted.cursor == column)
        #expect(DisplayWidth.widest(fitted.text) + (cursor == text.count ? 1 : 0) <= width || fitted.text.isEmpty)
    }

    @Test(arguments: [
        ("talk.srt", 20, "talk.srt"),
        ("/a/long/folder/talk.srt", 10, "talk.srt"),
        (releaseName, 26, "Children.of.M…REVEiLLE.srt"),
        (releaseName, 6, nil),
    ] as [(String, Int, String?)])
    func fileNamesAreShortenedInTheMiddle(_ name: String, _ width: Int, _ expected: String?) {
        #expect(SearchBar.shortenedName(name, fitting: width) == expected)
    }
}
