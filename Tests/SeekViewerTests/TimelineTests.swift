import Testing
@testable import SeekKit
@testable import SeekViewer

@Suite struct TimelineTests {
    /// A long talk: cues of uneven length and gaps, `city` in some, `noise` in others.
    static let talk: Transcript = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var time = 2_000
        return Transcript((0..<700).map { number in
            let start = time
            time += 500 + next(6_000) + (next(20) == 0 ? 90_000 : 0)
            let words = ["city", "noise", "street", "the", "council", "city noise"]
            let text = (0..<1 + next(4)).map { _ in words[next(words.count)] }.joined(separator: " ")
            return Cue(ordinal: number + 1, start: start, end: time - 200, text: text, line: number * 4 + 3)
        })
    }()

    /// The cell each match falls in, found the slow way: the last cell whose start time is not after
    /// the match's cue's start.
    static func slowCells(_ transcript: Transcript, _ index: MatchIndex, width: Int) -> [Int] {
        let first = transcript.start(at: 0)!
        let end = max(transcript.end(at: transcript.count - 1)!, transcript.start(at: transcript.count - 1)!)
        var counts = [Int](repeating: 0, count: width)
        for match in index {
            let start = transcript.start(at: match.cue)!
            let cell = (0..<width).last { first + Int(Int64(end - first) * Int64($0) / Int64(width)) <= start } ?? 0
            counts[cell] += 1
        }
        return counts
    }

    @Test func eachCellCountsTheMatchesOfItsSliceOfTime() {
        let transcript = Self.talk
        for (keywords, width) in [(["city"], 60), (["noise", "council"], 17), (["the"], 1), (["street"], 301)] {
            let index = MatchIndex(transcript: transcript, query: Query(keywords: keywords))
            let timeline = Timeline(transcript: transcript, index: index, width: width)
            #expect(timeline.cells.map(\.count) == Self.slowCells(transcript, index, width: width), "\(keywords) in \(width)")
            #expect(timeline.cells.reduce(0) { $0 + $1.count } == index.count)
            #expect(timeline.busiest == timeline.cells.map(\.count).max())
        }
    }

    @Test func theCurrentMatchAndTheCuesInViewAreMarked() {
        let transcript = Self.talk
        let index = MatchIndex(transcript: transcript, query: Query(keywords: ["city"]))
        let timeline = Timeline(transcript: transcript, index: index, width: 40, current: 100, visible: 300...320)
        let current = timeline.cells.indices.filter { timeline.cells[$0].isCurrent }
        #expect(current.count == 1)
        let cell = timeline.cells[current[0]]
        #expect(cell.firstPosition <= 100 && 100 < cell.firstPosition + cell.count)
        let shaded = timeline.cells.indices.filter { timeline.cells[$0].isInView }
        let cueTime = { (cue: Int) in transcript.start(at: cue)! }
        guard case .time(let start, let end) = timeline.axis else { Issue.record("a timed file"); return }
        let cellOf = { (time: Int) in (0..<40).last { start + Int(Int64(end - start) * Int64($0) / 40) <= time } ?? 0 }
        #expect(shaded == Array(cellOf(cueTime(300))...cellOf(cueTime(320))))
    }

    @Test func aCellTakesTheColourOfMostOfItsMatches() {
        let transcript = LibraryFixture.transcript(["noise noise city", "city", "city city noise"])
        let index = MatchIndex(transcript: transcript, query: Query(keywords: ["city", "noise"]))
        let timeline = Timeline(transcript: transcript, index: index, width: 3)
        #expect(timeline.cells.map(\.token) == [1, 0, 0])
        let spans = FrameRenderer.strip(timeline)
        #expect(spans.first?.style.foreground == Palette.match(token: 1).background)
        #expect(spans.last?.style.foreground == Palette.match(token: 0).background)
    }

    @Test func anUntimedFileIsSlicedByCueNumber() {
        let transcript = Transcript((1...20).map { Cue(ordinal: $0, text: $0 % 5 == 0 ? "city" : "park", line: $0) })
        let index = MatchIndex(transcript: transcript, query: Query(keywords: ["city"]))
        let timeline = Timeline(transcript: transcript, index: index, width: 4)
        #expect(timeline.axis == .cues(count: 20))
        #expect(timeline.cells.map(\.count) == [1, 1, 1, 1])
        #expect(Timeline(transcript: Transcript([]), index: MatchIndex(), width: 5).cells.map(\.count) == [0, 0, 0, 0, 0])
    }

    @Test func barsRiseInEighthsOfTheBusiestCell() {
        #expect(Timeline.bar(count: 0, busiest: 8) == " ")
        #expect((1...8).map { Timeline.bar(count: $0, busiest: 8) } == ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"])
        #expect(Timeline.bar(count: 1, busiest: 1_000) == "▁")
        #expect(Timeline.bar(count: 999, busiest: 1_000) == "█")
    }

    // MARK: - On screen

    @Test func tShowsTheStripUnderTheText() {
        var state = ViewerFixture.state(["city"], rows: 12, columns: 60)
        state.press(.character("n"), .character("n"))
        let before = state.listHeight
        state.press(.character("t"))
        #expect(state.showsTimeline && state.listHeight == before - 1)
        assertFrameSnapshot(frameSnapshot(state), named: "timeline-city")
        state.press(.character("t"))
        #expect(state.listHeight == before)
    }

    @Test func anUntimedFileGetsAStripByCueNumber() {
        let transcript = Transcript((1...30).map { Cue(ordinal: $0, text: $0 % 7 == 0 ? "a city note \($0)" : "note \($0)", line: $0) })
        var state = ViewerState(transcript: transcript, displayName: "notes.txt", keywords: ["city"],
                                size: TerminalSize(rows: 8, columns: 50))
        state.searchInitiallyNow()
        state.press(.character("t"))
        assertFrameSnapshot(frameSnapshot(state), named: "timeline-untimed")
    }

    @Test func aNarrowTerminalDrawsTheStripAcrossTheRowOrNotAtAll() {
        var state = ViewerFixture.state(["city"], rows: 6, columns: 14)
        state.press(.character("t"))
        #expect(state.timelineColumns == 0..<14)
        assertFrameSnapshot(frameSnapshot(state), named: "timeline-narrow")
        for (rows, columns) in [(6, 9), (3, 40), (1, 1)] {
            var tiny = ViewerFixture.state(["city"], rows: rows, columns: columns)
            tiny.press(.character("t"))
            #expect(tiny.timelineRows == 0 && tiny.message?.severity == .notice, "\(rows)×\(columns)")
            #expect(FrameRenderer.render(tiny).rows.count == rows)
        }
    }

    @Test func clickingTheStripGoesToTheFirstMatchFromThatMoment() {
        var state = ViewerState(transcript: Self.talk, displayName: "talk.srt", keywords: ["noise"],
                                size: TerminalSize(rows: 12, columns: 80))
        state.searchInitiallyNow()
        state.press(.character("t"))
        let timeline = state.timeline
        let columns = state.timelineColumns
        let cell = try! #require(timeline.cells.indices.last { timeline.cells[$0].count > 0 && !timeline.cells[$0].isCurrent })
        state.press(.mouse(MouseEvent(kind: .press(button: 0), row: state.listHeight, column: columns.lowerBound + cell)))
        #expect(state.navigator.current == timeline.cells[cell].firstPosition)
        #expect(state.timeline.cells[cell].isCurrent && state.timeline.cells[cell].isInView)
    }

    @Test func theFileListGivesEachFileAStripOfItsOwn() {
        var state = LibraryFixture.state(["city"], rows: 9, columns: 72)
        state.press(.character("l"))
        let rows = FrameRenderer.render(state).plainText.split(separator: "\n").map(String.init)
        #expect(rows[0].contains("◆"), "the current match is marked in the file on screen: \(rows[0])")
        #expect(rows[3].contains("▁") || rows[3].contains("█"), "a file with matches has bars: \(rows[3])")
        #expect(!rows[1].contains("▁") && !rows[1].contains("█") && rows[1].contains("─"), "no bars without matches")
    }
}
