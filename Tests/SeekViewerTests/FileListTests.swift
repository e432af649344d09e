import Testing
@testable import SeekKit
@testable import SeekViewer

@Suite struct FileListTests {
    /// The rows of the list as text, one per row on screen.
    private func listRows(_ state: ViewerState) -> [String] {
        Array(FrameRenderer.render(state).plainText.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix(state.listHeight).map(String.init))
    }

    @Test func lListsEveryFileWithItsMatchCountInLoadOrder() {
        var state = LibraryFixture.state(["city"], rows: 9, columns: 72)
        state.press(.character("]"))
        state.press(.character("l"))
        #expect(state.mode == .files)
        #expect(state.fileList.selectedFile == 3, "the list opens on the file on screen")
        let rows = listRows(state)
        let expected = LibraryFixture.files.map { file in file.transcript.map { MatchIndex(transcript: $0, query: Query(keywords: ["city"])).count } }
        for (file, count) in expected.enumerated() {
            #expect(rows[file].contains(LibraryFixture.files[file].name))
            #expect(rows[file].contains(count.map { "  \($0)  " } ?? "!  "), "row \(file): \(rows[file])")
        }
        #expect(rows[2].contains("binary file"), "an unreadable file says why: \(rows[2])")
        #expect(rows[3].hasPrefix("▸"))
        assertFrameSnapshot(frameSnapshot(state), named: "file-list")
    }

    @Test func tabHidesTheFilesWithoutMatchesAndShowsThemAgain() {
        var state = LibraryFixture.state(["city"], rows: 9, columns: 50)
        state.press(.character("l"), .tab)
        #expect((0..<state.fileList.rowCount).map(state.fileList.file(atRow:)) == [0, 3, 4])
        assertFrameSnapshot(frameSnapshot(state), named: "file-list-hiding")
        state.press(.tab)
        #expect(state.fileList.rowCount == LibraryFixture.files.count)
    }

    @Test func typingFiltersTheListAndEnterOpensTheFileAtItsFirstMatch() {
        var state = LibraryFixture.state(["city"])
        state.press(.character("l"))
        state.type("e04")
        #expect(state.fileList.rowCount == 1 && state.fileList.selectedFile == 3)
        state.press(.backspace)
        #expect(state.fileList.rowCount == LibraryFixture.files.count, "every name contains E0")
        state.type("5")
        #expect(state.fileList.rowCount == 1 && state.fileList.selectedFile == 4)
        state.press(.control("u"))
        state.type("zzz")
        #expect(state.fileList.rowCount == 0)
        #expect(listRows(state)[0].contains("no file's name contains"))
        state.press(.control("u"))
        state.type("s01e04")
        state.press(.enter)
        #expect(state.mode == .browsing && state.currentFile == 3 && state.navigator.current == 1)
        #expect(FrameRenderer.render(state).plainText.contains("3/7 · 1/4 in S01E04.srt"))
    }

    @Test func arrowsMoveTheSelectionAndEscGoesBackWithoutOpening() {
        var state = LibraryFixture.state(["city"])
        state.press(.character("l"), .down, .down, .down, .down, .down, .down)
        #expect(state.fileList.selectedFile == 4, "stops at the last file")
        state.press(.up, .escape)
        #expect(state.mode == .browsing && state.currentFile == 0)
        state.press(.character("l"))
        #expect(state.fileList.selectedFile == 0, "reopens on the file on screen")
        state.press(.end, .up)
        #expect(state.fileList.selectedFile == 3)
        state.press(.home)
        #expect(state.fileList.selectedFile == 0)
    }

    @Test func anUnreadableFileSaysWhyInsteadOfOpening() {
        var state = LibraryFixture.state(["city"])
        state.press(.character("l"), .down, .down, .enter)
        #expect(state.mode == .files && state.currentFile == 0)
        #expect(state.message?.severity == .error && state.message?.text.contains("binary") == true)
    }

    @Test func aClickOpensTheFileOnItsRowAndTheWheelScrolls() {
        var state = LibraryFixture.state(["city"], rows: 4, columns: 60)
        state.press(.character("l"))
        state.press(.mouse(MouseEvent(kind: .wheelDown, row: 0, column: 0)))
        #expect(state.fileList.top == 3, "two rows of five: the wheel stops at the last page")
        state.press(.mouse(MouseEvent(kind: .press(button: 0), row: 1, column: 10)))
        #expect(state.mode == .browsing && state.currentFile == 4 && state.navigator.current == 1)
    }

    @Test func aHundredThousandFilesOpenTheirListAndPage() {
        let files = (0..<100_000).map { LibraryFile(name: "talks/\($0).srt") }
        var state = ViewerState(library: files, keywords: ["city"], size: TerminalSize(rows: 12, columns: 60))
        _ = state.initialSearch()
        state.press(.character("l"))
        #expect(listRows(state)[0].contains("talks/0.srt") && listRows(state)[9].contains("talks/9.srt"))
        state.press(.pageDown)
        #expect(state.fileList.selectedFile == 18 && listRows(state).contains { $0.contains("talks/18.srt") })
        state.press(.end)
        #expect(listRows(state)[9].contains("talks/99999.srt"))
        #expect(FrameRenderer.render(state).plainText.contains("100000 files · searching 0/100000"))
        state.type("9999")
        #expect(state.fileList.rowCount == (0..<100_000).filter { String($0).contains("9999") }.count)
        #expect(state.fileList.selectedFile == 99999)
    }

    @Test func aFilterThatLeavesFewRowsKeepsTheScreenFull() {
        let files = (0..<1_000).map { LibraryFile(name: "talks/\($0).srt") }
        var state = ViewerState(library: files, keywords: ["city"], size: TerminalSize(rows: 8, columns: 60))
        _ = state.initialSearch()
        state.press(.character("l"), .end)
        #expect(state.fileList.top == 1_000 - state.listHeight)
        state.type("99")
        let listed = (0..<1_000).filter { String($0).contains("99") }
        #expect(state.fileList.rowCount == listed.count && state.fileList.selectedFile == 999)
        #expect(state.fileList.top == listed.count - state.listHeight, "the rows above the last come back into view")
        let rows = listRows(state)
        for (row, file) in listed.suffix(state.listHeight).enumerated() {
            #expect(rows[row].contains("talks/\(file).srt"), "row \(row): \(rows[row])")
        }
    }

    @Test func theSelectedRowIsInvertedButItsStripKeepsItsColours() {
        var state = LibraryFixture.state(["city"], rows: 9, columns: 72)
        state.press(.character("l"), .down, .down, .down)
        #expect(state.fileList.selectedFile == 3)
        let isStrip = { (span: Frame.Span) in span.text.contains { "▁▂▃▄▅▆▇█◆─".contains($0) } }
        let selected = FrameRenderer.render(state).rows[3]
        state.press(.up)
        let unselected = FrameRenderer.render(state).rows[3]
        #expect(selected.filter(isStrip) == unselected.filter(isStrip), "the strip is drawn as on any row")
        #expect(selected.filter(isStrip).allSatisfy { !$0.style.inverse && $0.style.background != .white })
        #expect(selected.filter { !isStrip($0) && !$0.text.isEmpty }.allSatisfy { $0.style.inverse }, "the rest is inverted")
        #expect(selected.contains { $0.text.contains("S01E04.srt") && $0.style.inverse })
        // Without colours (NO_COLOR, --color never) the same holds: the strip's bars turn bold, its
        // dashes stay dim, as on any row, and the rest of the selected row stays inverted.
        let plain = { (row: [Frame.Span]) in row.filter(isStrip).map { Frame.Span($0.text, $0.style.withoutColors) } }
        #expect(plain(selected) == plain(unselected))
        #expect(plain(selected).allSatisfy { !$0.style.inverse })
        #expect(plain(selected).contains { $0.style.bold } && plain(selected).contains { $0.style.dim })
        #expect(selected.filter { !isStrip($0) && !$0.text.isEmpty }.allSatisfy { $0.style.withoutColors.inverse })
    }

    @Test func anUnreadableFileSaysWhyAndOnWhichLine() {
        let files = LibraryFixture.files + [
            LibraryFile(name: "bad.srt", content: .failed("bad.srt:2: expected a timing line like 00:00:01,000 --> 00:00:02,000")),
        ]
        var state = LibraryFixture.state(["city"], files: files, rows: 9, columns: 100)
        state.press(.character("l"))
        #expect(listRows(state)[5].contains("bad.srt — line 2: expected a timing line"), "\(listRows(state)[5])")
    }

    @Test func namesAndTextInEveryScriptKeepTheirColumns() {
        func file(_ name: String, _ text: String) -> LibraryFile {
            LibraryFile(name: name, content: .loaded(LibraryFixture.transcript(["intro", text, "outro"])))
        }
        let files = [
            file("東京の夜 第1話.srt", "東京の budget と家乡の budget"),
            file("cafe\u{301} noir.srt", "le budget du café"),
            file("שלום עולם.srt", "budget שלום"),
            file("👍🏽 party 👨‍👩‍👧.srt", "👍🏽 budget 👨‍👩‍👧"),
            LibraryFile(name: "壊れた.srt", content: .failed("壊れた.srt:2: expected a timing line like 00:00:01,000 --> 00:00:02,000")),
        ]
        for columns in [72, 40] {
            var state = LibraryFixture.state(["budget"], files: files, rows: 8, columns: columns)
            state.press(.character("l"), .down)
            let frame = FrameRenderer.render(state)
            #expect(frame.rows.allSatisfy { $0.reduce(0) { $0 + DisplayWidth.widest($1.text) } <= columns })
            assertFrameSnapshot(frameSnapshot(state), named: "file-list-scripts-\(columns)")
        }
    }

    @Test func theListFitsNarrowAndShortTerminals() {
        for (rows, columns) in [(3, 20), (2, 8), (1, 1), (5, 3)] {
            var state = LibraryFixture.state(["city"], rows: rows, columns: columns)
            state.press(.character("l"), .down, .tab)
            let frame = FrameRenderer.render(state)
            #expect(frame.rows.count == rows)
            #expect(frame.rows.allSatisfy { $0.reduce(0) { $0 + DisplayWidth.widest($1.text) } <= columns })
        }
    }
}
