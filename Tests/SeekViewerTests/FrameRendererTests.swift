import Foundation
import Testing
@testable import SeekKit
@testable import SeekViewer

/// Compares `text` with `Snapshots/<name>.txt`; `SEEK_RECORD=1` (or a missing file) records it instead.
func assertFrameSnapshot(_ text: String, named name: String, filePath: String = #filePath,
                    sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = directory.appendingPathComponent(name + ".txt")
    let recording = ProcessInfo.processInfo.environment["SEEK_RECORD"] == "1"
    if !recording, let stored = try? String(contentsOf: file, encoding: .utf8) {
        #expect(text + "\n" == stored, "snapshot \(name) differs (SEEK_RECORD=1 re-records)",
                sourceLocation: sourceLocation)
        return
    }
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? (text + "\n").write(to: file, atomically: true, encoding: .utf8)
    if !recording {
        Issue.record("recorded a new snapshot \(name); run again to compare", sourceLocation: sourceLocation)
    }
}

/// The frame of `state` as text with a ruler line so trailing layout is visible in the snapshot.
func frameSnapshot(_ state: ViewerState) -> String {
    let frame = FrameRenderer.render(state)
    let ruler = String(repeating: "-", count: state.size.columns)
    var text = ruler + "\n" + frame.plainText + "\n" + ruler
    if let cursor = frame.cursor { text += "\ncursor: \(cursor.row),\(cursor.column)" }
    return text
}

@Suite struct FrameRendererTests {
    private func snapshot(_ state: ViewerState) -> String { frameSnapshot(state) }

    @Test func browsingWithAKeyword() {
        let state = ViewerFixture.state(["city"], rows: 12, columns: 60)
        assertFrameSnapshot(snapshot(state), named: "browsing-city")
    }

    @Test func browsingALibraryShowsThePositionInTheLibraryAndInTheFile() {
        var state = LibraryFixture.state(["city"], rows: 8, columns: 60)
        state.press(.character("]"), .character("n"))
        assertFrameSnapshot(snapshot(state), named: "library-browsing")
    }

    @Test func aLibraryBeingSearchedSaysHowManyFilesAreDone() {
        var state = ViewerState(library: LibraryFixture.files.map { LibraryFile(name: $0.name) }, keywords: ["city"],
                                size: TerminalSize(rows: 6, columns: 60))
        _ = state.initialSearch()
        state.fileLoaded(0, content: LibraryFixture.files[0].content)
        assertFrameSnapshot(snapshot(state), named: "library-searching")
    }

    @Test func typingWithTokensAndSuggestions() {
        var state = ViewerFixture.state(rows: 10, columns: 70, completions: { prefix in
            prefix.lowercased() == "c" ? ["city", "council", "count", "capacity"] : []
        })
        state.type("noise")
        state.press(.control("t"))
        state.type("c")
        assertFrameSnapshot(snapshot(state), named: "typing-tokens-suggestions")
    }

    @Test func theGutterShowsWhenTheCurrentMatchIsSpoken() throws {
        let vtt = "WEBVTT\n\n00:00:05.000 --> 00:00:12.000\nso the <00:00:09.200><c>starter</c> is\n\n"
            + "00:00:12.000 --> 00:00:15.000\nanother starter\n"
        let transcript = try TranscriptLoader.load(Array(vtt.utf8), fileName: "t.vtt").transcript
        var state = ViewerState(transcript: transcript, displayName: "t.vtt", keywords: ["starter"],
                                size: TerminalSize(rows: 8, columns: 40), completions: { _ in [] })
        state.searchInitiallyNow()
        var rows = FrameRenderer.render(state).plainText.split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("00:00:09 so the starter") })
        #expect(rows.contains { $0.hasPrefix("00:00:12 another starter") })
        state.press(.character("n"))
        rows = FrameRenderer.render(state).plainText.split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("00:00:05 so the starter") })
    }

    @Test func noMatches() {
        var state = ViewerFixture.state(rows: 8, columns: 60)
        state.type("zebra")
        assertFrameSnapshot(snapshot(state), named: "no-matches")
    }

    @Test func helpOverlay() {
        var state = ViewerFixture.state(["city"], rows: 32, columns: 110)
        state.press(.character("?"))
        let text = FrameRenderer.render(state).plainText
        for line in FrameRenderer.helpLines { #expect(text.contains(line.meaning)) }
        assertFrameSnapshot(snapshot(state), named: "help")
    }

    @Test func jumpPrompt() {
        var state = ViewerFixture.state(["city"], rows: 8, columns: 50)
        state.press(.character(":"), .character("4"))
        assertFrameSnapshot(snapshot(state), named: "jump-prompt")
    }

    @Test func wideCharactersWrapWithoutBeingCut() {
        let transcript = Transcript([
            Cue(ordinal: 1, start: 0, end: 3000, text: "张老三，我问你，你的家乡在哪里？我的家，在山西，过河还有三百里。", line: 3),
            Cue(ordinal: 2, start: 4000, end: 7000, text: "就是修水渠的预算还没批下来。😀👍🏽 e\u{301}té", line: 7),
        ])
        var state = ViewerState(transcript: transcript, displayName: "chinese.srt", keywords: ["预算"],
                                size: TerminalSize(rows: 10, columns: 24))
        state.searchInitiallyNow()
        let frame = FrameRenderer.render(state)
        for row in frame.rows {
            #expect(row.reduce(0) { $0 + DisplayWidth.of($1.text) } <= 24)
        }
        assertFrameSnapshot(snapshot(state), named: "wide-characters")
    }

    @Test func theCurrentMatchIsBrighterAndBold() {
        let state = ViewerFixture.state(["city"], rows: 12, columns: 60)
        let spans = FrameRenderer.render(state).rows.prefix(state.listHeight).flatMap { $0 }
            .filter { $0.text.lowercased() == "city" }
        let current = Palette.match(token: 0, current: true)
        #expect(spans.filter { $0.style == current }.count == 1)
        #expect(spans.filter { $0.style == Palette.match(token: 0) }.count == spans.count - 1)
        #expect(current.bold && current.brightBackground)
    }

    @Test func eachKeywordHasItsOwnColour() {
        var state = ViewerFixture.state(rows: 12, columns: 60)
        state.type("city")
        state.press(.control("t"))
        state.type("noise")
        let styles = Set(FrameRenderer.render(state).rows.prefix(state.listHeight).flatMap { $0 }
            .filter { ["noise", "city"].contains($0.text.lowercased()) }.map(\.style.background))
        #expect(styles == [Palette.keywordColors[0], Palette.keywordColors[1]])
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        let transcript = Transcript([
            Cue(ordinal: 1, start: 0, end: 1000, text: "evil \u{1B}]0;pwned\u{07} title \u{9B}31m", line: 1),
        ])
        var state = ViewerState(transcript: transcript, displayName: "bad\u{1B}[2J.srt", keywords: ["title"],
                                size: TerminalSize(rows: 5, columns: 60))
        state.searchInitiallyNow()
        let frame = FrameRenderer.render(state)
        for span in frame.rows.flatMap({ $0 }) {
            #expect(!span.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
        #expect(frame.plainText.contains("evil ^[]0;pwned^G title <U+009B>31m"))
        #expect(!frame.bytes(replacing: nil).contains("\u{1B}]"))
    }

    @Test func theSearchBarNeverHidesTheLastLines() {
        var state = ViewerFixture.state(["thank"], rows: 7, columns: 40)
        state.press(.character("G"))
        let frame = FrameRenderer.render(state)
        #expect(frame.rows.count == 7)
        let listRows = frame.rows.prefix(state.listHeight).map { $0.map(\.text).joined() }
        #expect(listRows.contains { $0.contains("Thank you.") })
        #expect(frame.rows.last.map { $0.map(\.text).joined() }?.contains("1/1") == true)
    }

    @Test func onlyChangedRowsAreRewritten() {
        var state = ViewerFixture.state(["city"], rows: 12, columns: 60)
        let first = FrameRenderer.render(state)
        state.press(.character("n"))
        let second = FrameRenderer.render(state)
        let full = second.bytes(replacing: nil)
        let diff = second.bytes(replacing: first)
        #expect(full.contains(TerminalCommand.clearScreen.sequence))
        #expect(!diff.contains(TerminalCommand.clearScreen.sequence))
        #expect(diff.count < full.count)
        #expect(second.bytes(replacing: second).count < 40)
    }

    @Test func untimedCuesShowTheirNumber() {
        let transcript = Transcript((1...12).map { Cue(ordinal: $0, text: "note \($0)", line: $0) })
        let state = ViewerState(transcript: transcript, displayName: "notes.txt", size: TerminalSize(rows: 6, columns: 30))
        #expect(state.gutterWidth == 3)
        #expect(FrameRenderer.render(state).plainText.hasPrefix(" 1 note 1\n 2 note 2"))
    }

    @Test func aTinyTerminalStillGetsAFrame() {
        for size in [TerminalSize(rows: 1, columns: 1), TerminalSize(rows: 2, columns: 5), TerminalSize(rows: 0, columns: 0)] {
            var state = ViewerFixture.state(["city"], rows: size.rows, columns: size.columns)
            state.press(.character("n"), .character("G"), .character("?"))
            let frame = FrameRenderer.render(state)
            #expect(frame.rows.count == size.rows)
            for row in frame.rows { #expect(row.reduce(0) { $0 + DisplayWidth.of($1.text) } <= size.columns) }
        }
    }

    @Test func withoutColoursMatchesAreInverseAndTheCurrentOneBoldAndUnderlined() {
        var state = ViewerFixture.state(["city"], rows: 12, columns: 60)
        state.press(.control("t"))
        let frame = FrameRenderer.render(state)
        let output = frame.bytes(replacing: nil, colors: false)
        let codes = output.matches(of: #/\u{1B}\[([0-9;]*)m/#).flatMap { $0.output.1.split(separator: ";") }
            .compactMap { Int($0) }
        #expect(!codes.contains { (30...49).contains($0) || (90...107).contains($0) }, "\(codes)")
        #expect(Palette.match(token: 0).withoutColors == Style(inverse: true))
        #expect(Palette.match(token: 0, current: true).withoutColors == Style(bold: true, underline: true, inverse: true))
        #expect(Palette.warning.withoutColors == Style(bold: true))
        #expect(frame.bytes(replacing: nil).contains("43"))
    }

    @Test(arguments: [
        (ViewerMessage.info("search wrapped"), Style.plain),
        (ViewerMessage.notice("no match to play"), Style(bold: true)),
        (ViewerMessage.noMatches, Palette.warning),
        (ViewerMessage.error("could not export: out.jsonl is the transcript itself"), Palette.warning),
    ])
    func aMessageIsDrawnInItsSeveritysStyle(_ message: ViewerMessage, _ style: Style) {
        var state = ViewerFixture.state(["city"], rows: 8, columns: 80)
        state.message = message
        let spans = FrameRenderer.render(state).rows.flatMap { $0 }
        let drawn = spans.first { $0.text.hasPrefix(message.text) }
        #expect(drawn?.style == style)
    }

    @Test func aMessageIsSanitisedWhateverItsSeverity() {
        var state = ViewerFixture.state(["city"], rows: 8, columns: 80)
        state.message = .error("could not export: a\u{1B}[2Jb")
        let text = FrameRenderer.render(state).rows.flatMap { $0 }.map(\.text).joined()
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("could not export: a^[[2Jb"))
    }

    @Test func theBottomRightCellIsNeverWritten() {
        var state = ViewerFixture.state(["city"], rows: 6, columns: 30)
        state.press(.character("/"))
        state.type("ทำ👋🏽")
        let frame = FrameRenderer.render(state)
        #expect(frame.rows.last.map { $0.reduce(0) { $0 + DisplayWidth.widest($1.text) } } == 29)
        let output = frame.bytes(replacing: nil)
        let lastRow = TerminalCommand.moveTo(row: 5, column: 0).sequence
        let afterLastRow = output.components(separatedBy: lastRow).last ?? ""
        let drawn = afterLastRow.components(separatedBy: TerminalCommand.moveTo(row: frame.cursor?.row ?? 0,
                                                                                column: frame.cursor?.column ?? 0).sequence)[0]
        let text = drawn.replacing(#/\u{1B}\[[0-9;?]*[A-Za-z]/#, with: "")
        #expect(DisplayWidth.widest(text) == 29)
    }

    /// One cue of forty numbered sentences, each naming the city once: far taller than the screen.
    private static let tallCue = Transcript([
        Cue(ordinal: 1, start: 0, end: 1000, text: "Before.", line: 1),
        Cue(ordinal: 2, start: 1000, end: 900_000,
            text: (1...40).map { "Part \($0) of the city." }.joined(separator: " "), line: 5),
        Cue(ordinal: 3, start: 900_000, end: 901_000, text: "After.", line: 9),
    ])

    @Test(arguments: [1, 17, 24, 40])
    func theCurrentMatchInACueTallerThanTheScreenIsInTheMiddle(_ number: Int) {
        var state = ViewerState(transcript: Self.tallCue, displayName: "long.md", keywords: ["city"],
                                size: TerminalSize(rows: 8, columns: 30))
        state.searchInitiallyNow()
        state.press(.character(":"))
        state.type(String(number))
        state.press(.enter)
        #expect(state.navigator.current == number)
        let frame = FrameRenderer.render(state)
        let current = Palette.match(token: 0, current: true)
        let row = frame.rows.prefix(state.listHeight).firstIndex { $0.contains { $0.style == current } }
        #expect(row != nil, "the current match is not on screen:\n\(frame.plainText)")
        if number > 2 && number < 39 { #expect(row.map { abs($0 - state.listHeight / 2) <= 1 } == true) }
        let text = frame.plainText
        #expect(text.contains("Part \(number) of"))
        if number == 24 { assertFrameSnapshot(snapshot(state), named: "tall-cue-match-24") }
    }

    @Test func nextMatchInsideATallCueScrollsToIt() {
        var state = ViewerState(transcript: Self.tallCue, displayName: "long.md", keywords: ["city"],
                                size: TerminalSize(rows: 8, columns: 30))
        state.searchInitiallyNow()
        let current = Palette.match(token: 0, current: true)
        for _ in 1..<40 {
            state.press(.character("n"))
            let frame = FrameRenderer.render(state)
            #expect(frame.rows.prefix(state.listHeight).contains { $0.contains { $0.style == current } },
                    "match \(state.navigator.current ?? 0) not shown:\n\(frame.plainText)")
        }
    }
}

@Suite struct TimeColumnTests {
    @Test func theTimeColumnFitsTheLongestTimeAndCueNumbers() {
        let transcript = Transcript([
            Cue(ordinal: 1, text: "an untimed note first", line: 1),
            Cue(ordinal: 2, start: 288_000, end: 290_000, text: "at four minutes forty-eight", line: 3),
            Cue(ordinal: 3, start: 1_020_134_000, end: 1_020_135_000, text: "two hundred eighty-three hours in", line: 5),
        ])
        let state = ViewerState(transcript: transcript, displayName: "mixed.txt", size: TerminalSize(rows: 6, columns: 50))
        #expect(state.gutterWidth == 10)
        let text = FrameRenderer.render(state).plainText
        #expect(text.contains(" 00:04:48 at four"), "\(text)")
        #expect(text.contains("283:22:14 two hundred"), "\(text)")
        #expect(text.contains("        1 an untimed"), "\(text)")
        assertFrameSnapshot(text, named: "time-column-mixed")
    }

    @Test(arguments: [
        ([nil, nil, nil] as [Int?], 2),
        ([0, 5_000], 9),
        ([nil, 5_000], 9),
        ([359_999_999], 9),
        ([360_000_000], 10),
    ])
    func gutterWidths(_ starts: [Int?], _ width: Int) {
        let transcript = Transcript(starts.enumerated().map { number, start in
            Cue(ordinal: number + 1, start: start, end: start.map { $0 + 1000 }, text: "x", line: number + 1)
        })
        #expect(ViewerState.gutterWidth(of: transcript) == width)
    }
}
