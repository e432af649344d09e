import Testing
@testable import SeekKit
@testable import SeekViewer

/// A library of small transcripts, some without matches, one unreadable.
enum LibraryFixture {
    static func transcript(_ texts: [String]) -> Transcript {
        Transcript(texts.enumerated().map { number, text in
            Cue(ordinal: number + 1, start: number * 5000 + 1000, end: number * 5000 + 4000, text: text, line: number * 4 + 3)
        })
    }

    static let files: [LibraryFile] = [
        LibraryFile(name: "S01E01.srt", content: .loaded(transcript([
            "The city council met.", "Nothing about money.", "The city budget was late.",
        ]))),
        LibraryFile(name: "S01E02.srt", content: .loaded(transcript(["No luck today.", "Still nothing."]))),
        LibraryFile(name: "S01E03.srt", content: .failed("S01E03.srt: binary file; not a subtitle or transcript")),
        LibraryFile(name: "S01E04.srt", content: .loaded(transcript([
            "A city of bridges.", "City lights, city nights.", "Quiet.", "The old city.",
        ]))),
        LibraryFile(name: "S01E05.srt", content: .loaded(transcript(["Goodbye, city."]))),
    ]

    /// Every (file, cue, byte range) of `keyword` in reading order across the library.
    static func expected(_ keyword: String) -> [(file: Int, cue: Int, range: Range<Int>)] {
        files.indices.flatMap { file -> [(file: Int, cue: Int, range: Range<Int>)] in
            guard let transcript = files[file].transcript else { return [] }
            return MatchIndex(transcript: transcript, query: Query(keywords: [keyword])).map { (file, $0.cue, $0.range) }
        }
    }

    static func state(_ keywords: [String] = [], files: [LibraryFile] = files, rows: Int = 10, columns: Int = 70) -> ViewerState {
        var state = ViewerState(library: files, keywords: keywords, size: TerminalSize(rows: rows, columns: columns))
        state.searchInitiallyNow()
        return state
    }
}

extension ViewerState {
    /// Where the current match is: file, cue and bytes.
    var place: (file: Int, cue: Int, range: Range<Int>)? {
        navigator.currentMatch.map { (currentFile, $0.cue, $0.range) }
    }
}

@Suite struct LibraryNavigationTests {
    @Test func nReachesEveryMatchOfTheLibraryOnceInOrderThenWraps() {
        let expected = LibraryFixture.expected("city")
        #expect(expected.count == 7)
        var state = LibraryFixture.state(["city"])
        #expect(state.matches.total == expected.count)
        for (number, place) in expected.enumerated() {
            #expect(state.place?.file == place.file && state.place?.cue == place.cue && state.place?.range == place.range,
                    "match \(number + 1)")
            #expect(state.matches.libraryPosition(file: state.currentFile, position: state.navigator.current ?? 0) == number + 1)
            #expect(state.transcript.count == LibraryFixture.files[place.file].transcript?.count)
            state.press(.character("n"))
            #expect((state.message == .searchWrapped) == (number == expected.count - 1))
        }
        #expect(state.place?.file == 0 && state.navigator.current == 1)
    }

    @Test func shiftNWalksTheLibraryBackwards() {
        let expected = LibraryFixture.expected("city")
        var state = LibraryFixture.state(["city"])
        state.press(.character("N"))
        #expect(state.message == .searchWrapped)
        for place in expected.reversed() {
            #expect(state.place?.file == place.file && state.place?.cue == place.cue && state.place?.range == place.range)
            state.press(.character("N"))
        }
        #expect(state.place?.file == LibraryFixture.expected("city").last?.file)
    }

    @Test func bracketsGoToTheFirstMatchOfTheNextAndPreviousFileWithOne() {
        var state = LibraryFixture.state(["city"])
        state.press(.character("]"))
        #expect(state.currentFile == 3 && state.navigator.current == 1)
        state.press(.character("]"))
        #expect(state.currentFile == 4 && state.navigator.current == 1)
        state.press(.character("]"))
        #expect(state.currentFile == 0 && state.message == .searchWrapped)
        state.press(.character("["))
        #expect(state.currentFile == 4 && state.message == .searchWrapped)
        state.press(.character("["))
        #expect(state.currentFile == 3 && state.navigator.current == 1)
    }

    @Test func colonJumpsToAMatchOfTheWholeLibrary() {
        let expected = LibraryFixture.expected("city")
        var state = LibraryFixture.state(["city"])
        state.press(.character(":"), .character("6"), .enter)
        #expect(state.place?.file == expected[5].file && state.place?.cue == expected[5].cue
                && state.place?.range == expected[5].range)
        state.press(.character(":"), .character("8"), .enter)
        #expect(state.message == .notice("no match 8: 1–7"))
    }

    @Test func editingTheQueryKeepsTheCurrentFileWhileItHasAMatch() {
        var state = LibraryFixture.state(["city"])
        state.press(.character("]"), .character("n"))
        #expect(state.currentFile == 3 && state.navigator.current == 2)
        let before = state.place
        state.press(.character("/"), .character(" "))
        // "city " still overlaps the match in this file: it stays current.
        #expect(state.currentFile == 3 && state.place?.cue == before?.cue)
        state.press(.control("u"))
        state.type("bridges")
        #expect(state.currentFile == 3 && state.place?.cue == 0)
    }

    @Test func aQueryTheCurrentFileLacksOpensTheNearestFileAfterIt() {
        var state = LibraryFixture.state(["city"])
        state.press(.character("]"))
        #expect(state.currentFile == 3)
        state.press(.character("/"), .control("u"))
        state.type("goodbye")
        #expect(state.currentFile == 4 && state.navigator.current == 1)
        state.press(.control("u"))
        state.type("budget")
        #expect(state.currentFile == 0 && state.navigator.current == 1, "wraps to the first file")
    }

    @Test func filesArriveInTheBackgroundAndTheCountIsFinalOnlyAtTheEnd() {
        let pending = LibraryFixture.files.map { LibraryFile(name: $0.name) }
        var state = ViewerState(library: pending, keywords: ["city"], size: TerminalSize(rows: 10, columns: 70))
        let request = state.initialSearch()
        #expect(request?.firstFile == 0)
        #expect(FrameRenderer.render(state).plainText.contains("searching 0/5 files"))
        let query = Query(keywords: ["city"])
        // The worker reads and searches from the first file on; results arrive a few at a time.
        for file in [0, 1, 2] {
            state.fileLoaded(file, content: LibraryFixture.files[file].content)
            if let transcript = LibraryFixture.files[file].transcript {
                state.apply([FileMatches(file: file, index: MatchIndex(transcript: transcript, query: query))],
                            generation: request?.generation ?? 0)
            }
        }
        #expect(state.isSearching)
        #expect(state.currentFile == 0 && state.navigator.current == 1)
        #expect(FrameRenderer.render(state).plainText.contains("1/2 in S01E01.srt · searching 3/5 files"))
        var results: [FileMatches] = []
        for file in [3, 4] {
            state.fileLoaded(file, content: LibraryFixture.files[file].content)
            results.append(FileMatches(file: file, index: MatchIndex(transcript: LibraryFixture.files[file].transcript!, query: query)))
        }
        state.apply(results, generation: request?.generation ?? 0)
        #expect(!state.isSearching)
        #expect(FrameRenderer.render(state).plainText.contains("1/7 · 1/2 in S01E01.srt"))
    }

    @Test func theFirstFileWithAMatchOpensOnceTheOnesBeforeItAreKnownToHaveNone() {
        let pending = LibraryFixture.files.map { LibraryFile(name: $0.name) }
        var state = ViewerState(library: pending, keywords: ["bridges"], size: TerminalSize(rows: 10, columns: 70))
        let generation = state.initialSearch()?.generation ?? 0
        let query = Query(keywords: ["bridges"])
        let found = { (file: Int) in FileMatches(file: file, index: MatchIndex(transcript: LibraryFixture.files[file].transcript!, query: query)) }
        state.fileLoaded(3, content: LibraryFixture.files[3].content)
        state.apply([found(3)], generation: generation)
        #expect(state.currentFile == 0, "file 0 is not searched yet")
        for file in [0, 1, 2] { state.fileLoaded(file, content: LibraryFixture.files[file].content) }
        state.apply([found(0), found(1)], generation: generation)
        #expect(state.currentFile == 3 && state.navigator.current == 1)
    }

    @Test func unreadableFilesAreSkippedAndCountNothing() {
        var state = LibraryFixture.state(["city"])
        #expect(state.matches.isSearched(2) && state.matches.count(inFile: 2) == nil)
        state.press(.character("]"))
        #expect(state.currentFile == 3)
    }

    @Test func noMatchesAnywhereSaysSo() {
        let state = LibraryFixture.state(["zebra"])
        #expect(state.message == .noMatches)
        #expect(state.currentFile == 0 && state.navigator.current == nil)
    }

    @Test func aFileChangedOnDiskIsReportedWhenOnScreenAndMarkedInTheList() {
        var state = LibraryFixture.state(["city"], rows: 10, columns: 90)
        state.fileChangedOnDisk(3, .changed)
        #expect(state.message == nil, "not the file on screen")
        state.fileChangedOnDisk(0, .deleted)
        #expect(state.message == .warning(FileChange.deleted.describe("S01E01.srt")))
        state.press(.character("n"))
        #expect(state.message == nil && state.navigator.current == 2, "keys still work on what was read")
        state.press(.character("]"))
        #expect(state.currentFile == 3 && state.message?.text.contains("S01E04.srt changed on disk") == true)
        state.press(.character("l"))
        let rows = FrameRenderer.render(state).plainText.split(separator: "\n").map(String.init)
        #expect(rows[0].hasSuffix("S01E01.srt — deleted after it was read"), "\(rows[0])")
        #expect(rows[3].hasSuffix("S01E04.srt — changed on disk after it was read"), "\(rows[3])")
    }

    @Test func sCyclesTheSpeakersOfEveryFileFirstSeenFirst() {
        func file(_ name: String, _ lines: [(String, String)]) -> LibraryFile {
            LibraryFile(name: name, content: .loaded(Transcript(lines.enumerated().map { number, line in
                Cue(ordinal: number + 1, start: number * 1000, end: number * 1000 + 900, speaker: line.0, text: line.1, line: number + 1)
            })))
        }
        let files = [
            file("a.srt", [("Ana", "the city"), ("Ben", "a park")]),
            file("b.srt", [("Cleo", "the city again"), ("Ana", "yes")]),
            LibraryFile(name: "c.srt"),
        ]
        var state = LibraryFixture.state(["city"], files: files)
        state.fileLoaded(2, content: file("c.srt", [("Dev", "city lights")]).content)
        #expect(state.speakers == ["Ana", "Ben", "Cleo", "Dev"])
        var seen: [String?] = []
        for _ in 0..<5 {
            state.press(.character("s"))
            seen.append(state.scope.speaker)
        }
        #expect(seen == ["Ana", "Ben", "Cleo", "Dev", nil])
        state.press(.character("s"), .character("s"), .character("s"))
        #expect(state.matches.total == 1 && state.currentFile == 1, "Cleo's city is in b.srt: \(state.matches.total)")
    }
}
