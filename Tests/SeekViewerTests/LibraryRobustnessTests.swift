import Testing
@testable import SeekKit
@testable import SeekViewer

/// A library under random keys, clicks, sizes, files read late or never, results out of order and
/// files changing on disk: after every step the state holds together and a frame fits the screen.
@Suite struct LibraryRobustnessTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
    }

    static let keys: [Key] = [
        .character("n"), .character("N"), .character("]"), .character("["), .character("l"), .character("t"),
        .character(":"), .character("3"), .character("0"), .character("/"), .character("c"), .character("i"),
        .character("y"), .character("s"), .character("a"), .character("?"), .character("g"), .character("G"),
        .character("j"), .character("k"), .enter, .escape, .backspace, .tab, .up, .down, .pageUp, .pageDown,
        .home, .end, .control("u"), .control("w"), .control("t"), .control("x"), .paste("ci\u{1B}ty"),
        .character("e"), .character("0"), .character("4"),
    ]

    static func library() -> [LibraryFile] {
        [
            LibraryFile(name: "S01E01.srt", content: .loaded(LibraryFixture.transcript(["The city council met.", "A city budget."]))),
            LibraryFile(name: "S01E02.srt"),
            LibraryFile(name: "S01E03.srt", content: .failed("S01E03.srt: binary file")),
            LibraryFile(name: "empty.srt", content: .loaded(Transcript([]))),
            LibraryFile(name: "notes.txt", content: .loaded(Transcript((1...12).map {
                Cue(ordinal: $0, speaker: $0 % 3 == 0 ? "Ana" : nil, text: $0 % 4 == 0 ? "city note \($0)" : "note", line: $0)
            }))),
            LibraryFile(name: "S01E06.srt"),
        ]
    }

    @Test func randomStepsNeverBreakTheLibraryNavigator() {
        var random = Generator(state: 0x5EEC_0018)
        let late = LibraryFixture.transcript(["city lights", "no", "the old city, the city"])
        for run in 0..<40 {
            var files = Self.library()
            var state = ViewerState(library: files, keywords: run % 2 == 0 ? ["city"] : [],
                                    size: TerminalSize(rows: 3 + random.next(20), columns: 1 + random.next(90)))
            var pending: [SearchRequest] = []
            if let request = state.initialSearch() { pending.append(request) }
            for step in 0..<120 {
                switch random.next(10) {
                case 0:
                    state.resize(to: TerminalSize(rows: random.next(30), columns: random.next(100)))
                case 1:
                    let file = [1, 5][random.next(2)]
                    if !files[file].isRead {
                        files[file].content = random.next(3) == 0 ? .failed("\(files[file].name): gone") : .loaded(late)
                        state.fileLoaded(file, content: files[file].content)
                    }
                case 2 where !pending.isEmpty:
                    let request = pending.remove(at: random.next(pending.count))
                    let results = files.indices.compactMap { file in
                        files[file].transcript.map { FileMatches(file: file, index: MatchIndex(transcript: $0, query: request.query)) }
                    }.filter { _ in random.next(4) != 0 }
                    state.apply(results, generation: request.generation)
                case 3:
                    state.fileChangedOnDisk(random.next(files.count), random.next(2) == 0 ? .deleted : .changed)
                case 4:
                    let kind: MouseEvent.Kind = [.press(button: 0), .wheelUp, .wheelDown][random.next(3)]
                    _ = state.handle(.mouse(MouseEvent(kind: kind, row: random.next(30), column: random.next(100))))
                default:
                    if case .search(let request)? = state.handle(Self.keys[random.next(Self.keys.count)]) { pending.append(request) }
                }
                let place = "run \(run) step \(step)"
                #expect(state.files.indices.contains(state.currentFile), "\(place)")
                if let current = state.navigator.current {
                    #expect(current >= 1 && current <= state.navigator.index.count, "\(place)")
                }
                if state.mode == .files, state.fileList.rowCount > 0 {
                    #expect(state.fileList.selection < state.fileList.rowCount && state.fileList.top <= state.fileList.selection, "\(place)")
                }
                let frame = FrameRenderer.render(state)
                if state.size.columns > 0 {
                    #expect(frame.rows.count == state.size.rows, "\(place)")
                }
                #expect(frame.rows.allSatisfy { $0.reduce(0) { $0 + DisplayWidth.widest($1.text) } <= max(0, state.size.columns) },
                        "\(place): a row is wider than the screen")
                _ = frame.bytes(replacing: nil)
            }
        }
    }
}
