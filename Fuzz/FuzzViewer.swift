// libFuzzer target: the navigator's state (headless) under random keys, resizes and search
// results that arrive late, out of order or never, over one file or a library. After every step:
// the current match is within the index, a frame renders at the state's size, and in a library
// the library's count is the sum of its files' counts, the file on screen is the one whose text and
// matches are shown and holds the current match (its library position leads back to it). Once
// every file is read and the newest results are in, the count is the search of the query the
// screen shows, over every file read, and n visits each match once, in order.
// Input layout: byte 0 = cue count (low 3 bits), keywords given (bit 3), a library (bit 4) of
// 2 to 5 files (bits 5-6), and a seed for texts; then one operation per byte pair.
// Compiled with SeekBytes, SeekKit and SeekViewer as one module by Fuzz/run.

private let pieces = ["the ", "city", "a", "b", " ", "\n", "é", "e\u{301}", "\u{212A}", "家乡", "\u{1B}[31m", "👍🏽",
                      "\t", "k", "ab", "Ana: ", "\u{202E}", "xyzzy "]
private let typed: [Character] = ["c", "i", "t", "y", "a", "b", " ", "é", "k", "家", "\u{212A}", "q", "n", "w", "y"]

private func key(_ selector: UInt8, _ argument: UInt8) -> Key {
    switch selector % 44 {
    case 0: return .character(typed[Int(argument) % typed.count])
    case 1: return .character("n")
    case 2: return .character("N")
    case 3: return .character("/")
    case 4: return .character("j")
    case 5: return .character("k")
    case 6: return .character("g")
    case 7: return .character("G")
    case 8: return .character(":")
    case 9: return .character(Character(String(argument % 10)))
    case 10: return .enter
    case 11: return .escape
    case 12: return .backspace
    case 13: return .delete
    case 14: return .up
    case 15: return .down
    case 16: return .left
    case 17: return .right
    case 18: return .home
    case 19: return .end
    case 20: return .pageUp
    case 21: return .pageDown
    case 22: return .tab
    case 23: return .control("t")
    case 24: return .control("w")
    case 25: return .control("u")
    case 26: return .character("s")
    case 27: return .character("a")
    case 28: return .character("w")
    case 29: return .character("?")
    case 30: return .paste(String(repeating: pieces[Int(argument) % pieces.count], count: Int(argument % 5) + 1))
    case 31: return .mouse(MouseEvent(kind: .press(button: 0), row: Int(argument % 30), column: Int(argument / 4)))
    case 32: return .mouse(MouseEvent(kind: argument & 1 == 0 ? .wheelUp : .wheelDown, row: 0, column: 0))
    case 33: return .alt(typed[Int(argument) % typed.count])
    case 34: return .control("n")
    case 35: return .control("p")
    case 36: return .character("y")
    case 37: return .character("q")
    case 38: return .control("l")
    case 39: return .character("]")
    case 40: return .character("[")
    case 41: return .character("l")
    case 42: return .character("t")
    case 43: return .mouse(MouseEvent(kind: argument & 1 == 0 ? .wheelUp : .wheelDown, row: 1, column: 1))
    default: return .unknown([argument])
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzViewer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var random = FuzzRandom(seed: bytes[0])
    if bytes[0] & 16 != 0 {
        fuzzLibrary(Array(bytes), random: &random)
        return 0
    }
    let transcript = random.transcript(cueCount: Int(bytes[0] & 7), speaker: "Ana")
    var state = ViewerState(transcript: transcript, displayName: "fuzz.srt", keywords: bytes[0] & 8 != 0 ? ["the"] : [],
                            size: TerminalSize(rows: 10, columns: 40))
    var pending: [SearchRequest] = []
    if let request = state.initialSearch() { pending.append(request) }
    var i = 1
    while i + 1 < size {
        let operation = bytes[i]
        let argument = bytes[i + 1]
        i += 2
        switch operation >> 6 {
        case 0, 1:
            switch state.handle(key(operation, argument)) {
            case .search(let request)?: pending.append(request)
            case .export(let request)?:
                if argument & 1 == 0 { state.askToReplace(request, shownName: request.name ?? "fuzz.matches.jsonl") }
            default: break
            }
        case 2:
            state.resize(to: TerminalSize(rows: Int(argument % 40), columns: Int(operation & 63) * 2 + Int(argument >> 7)))
        default:
            // A search finishes: any pending one, in any order; some are dropped.
            guard !pending.isEmpty else { break }
            let request = pending.remove(at: Int(argument) % pending.count)
            if operation & 1 == 0 {
                state.apply(MatchIndex(transcript: transcript, query: request.query), generation: request.generation)
            }
        }
        let index = state.navigator.index
        if let current = state.navigator.current {
            precondition(current >= 1 && current <= index.count, "current match \(current) outside 1...\(index.count)")
        }
        let frame = FrameRenderer.render(state)
        precondition(frame.rows.count == max(0, state.size.rows) || state.size.columns == 0,
                     "frame has \(frame.rows.count) rows for \(state.size.rows)")
        _ = frame.bytes(replacing: nil)
    }
    // Every search the viewer still waits for arrives, newest last: the index is then the query's.
    for request in pending {
        state.apply(MatchIndex(transcript: transcript, query: request.query), generation: request.generation)
    }
    if !state.isSearching {
        precondition(state.navigator.index.count == MatchIndex(transcript: transcript, query: state.query).count,
                     "the index is not the search of the query on screen")
    }
    return 0
}

/// The fuzzer's texts: a xorshift generator seeded by the input's first byte.
private struct FuzzRandom {
    var seed: UInt64

    init(seed byte: UInt8) { seed = UInt64(byte) &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next() -> Int {
        seed ^= seed << 13
        seed ^= seed >> 7
        seed ^= seed << 17
        return Int(truncatingIfNeeded: seed >> 1)
    }

    /// `cueCount` cues of pieces, some untimed, every other one `speaker`'s.
    mutating func transcript(cueCount: Int, speaker: String) -> Transcript {
        Transcript((0..<cueCount).map { number in
            Cue(ordinal: number + 1, start: number % 3 == 2 ? nil : number * 1000, end: number * 1000 + 900,
                speaker: number % 2 == 0 ? speaker : nil,
                text: (0..<(next() % 12 + 1)).map { _ in pieces[next() % pieces.count] }.joined(), line: number + 1)
        })
    }
}

/// A library of 2 to 5 files, read late (or never), some unreadable, their results arriving per file
/// in any order, some of them never.
private func fuzzLibrary(_ bytes: [UInt8], random: inout FuzzRandom) {
    let fileCount = 2 + Int(bytes[0] >> 5 & 3)
    let names = ["S01E01.srt", "家乡 E02.srt", "cafe\u{301} E03.vtt", "\u{202E}E04.srt", "👍🏽 E05.srt"]
    let contents: [LibraryFile.Content] = (0..<fileCount).map { file in
        let kind = random.next() % 8
        if kind == 0 { return .failed(names[file] + ": binary file; not a subtitle or transcript") }
        if kind == 1 { return .failed(names[file] + ":3: expected a timing line") }
        return .loaded(random.transcript(cueCount: random.next() % 9, speaker: file % 2 == 0 ? "Ana" : "Bo"))
    }
    var state = ViewerState(library: (0..<fileCount).map { LibraryFile(name: names[$0]) },
                            keywords: bytes[0] & 8 != 0 ? ["the"] : [], size: TerminalSize(rows: 10, columns: 60))
    var loaded = Array(repeating: false, count: fileCount)
    /// Searches asked for and the files whose results have not arrived yet.
    var pending: [(request: SearchRequest, files: [Int])] = []
    func ask(_ request: SearchRequest) { pending.append((request, Array(0..<fileCount))) }
    func result(of file: Int, for request: SearchRequest) -> FileMatches? {
        contents[file].transcript.map { FileMatches(file: file, index: MatchIndex(transcript: $0, query: request.query)) }
    }
    func load(_ file: Int) {
        guard !loaded[file] else { return }
        loaded[file] = true
        state.fileLoaded(file, content: contents[file])
    }
    if let request = state.initialSearch() { ask(request) }
    var i = 1
    while i + 1 < bytes.count {
        let operation = bytes[i]
        let argument = bytes[i + 1]
        i += 2
        switch operation >> 6 {
        case 0, 1:
            switch state.handle(key(operation, argument)) {
            case .search(let request)?: ask(request)
            case .export(let request)?:
                if argument & 1 == 0 { state.askToReplace(request, shownName: request.name ?? "seek-matches.jsonl") }
            default: break
            }
        case 2:
            if operation & 32 == 0 {
                state.resize(to: TerminalSize(rows: Int(argument % 40), columns: Int(operation & 31) * 4 + Int(argument >> 6)))
            } else if operation & 16 == 0 {
                load(Int(argument) % fileCount)
            } else {
                state.fileChangedOnDisk(Int(argument) % fileCount, argument & 64 == 0 ? .deleted : .changed)
            }
        default:
            // One file's results for one search asked for (the worker reads a file before searching it);
            // with bit 0 set, the search is dropped instead (cancelled: a newer one was asked for).
            guard !pending.isEmpty else { break }
            let which = Int(argument) % pending.count
            if operation & 1 == 1 && which < pending.count - 1 {
                pending.remove(at: which)
                break
            }
            let readable = pending[which].files.filter { loaded[$0] }
            guard !readable.isEmpty else { break }
            let file = readable[Int(operation >> 1 & 31) % readable.count]
            pending[which].files.removeAll { $0 == file }
            if let found = result(of: file, for: pending[which].request) {
                state.apply([found], generation: pending[which].request.generation)
            }
            if pending[which].files.isEmpty { pending.remove(at: which) }
        }
        checkLibrary(state)
    }
    // Every file is read, then every search still awaited gets its results, newest last.
    for file in 0..<fileCount { load(file) }
    for (request, files) in pending {
        state.apply(files.compactMap { result(of: $0, for: request) }, generation: request.generation)
    }
    checkLibrary(state)
    guard !state.isSearching, state.mode != .files, !state.query.isEmpty else { return }
    let expected = (0..<fileCount).map { file in
        contents[file].transcript.map { MatchIndex(transcript: $0, query: state.query).count } ?? 0
    }
    precondition(state.matches.total == expected.reduce(0, +),
                 "library count \(state.matches.total), files hold \(expected) for \(state.query.keywords)")
    // n from the first match visits every match once, in order, then wraps.
    guard state.matches.total > 0, state.matches.total <= 200, state.exportPrompt == nil else { return }
    state.mode = .browsing
    _ = state.handle(.character(":"))
    _ = state.handle(.character("1"))
    _ = state.handle(.enter)
    for number in 1...state.matches.total {
        let current = state.navigator.current ?? 0
        precondition(state.matches.libraryPosition(file: state.currentFile, position: current) == number,
                     "n reached match \(state.matches.libraryPosition(file: state.currentFile, position: current)), expected \(number)")
        _ = state.handle(.character("n"))
    }
    precondition(state.message == .searchWrapped, "n past the last match did not wrap")
}

/// What holds after every step in a library.
private func checkLibrary(_ state: ViewerState) {
    let index = state.navigator.index
    if let current = state.navigator.current {
        precondition(current >= 1 && current <= index.count, "current match \(current) outside 1...\(index.count)")
    }
    // The file on screen holds the current match: its text is the one shown and the match lies in it.
    let onScreen = state.files[state.currentFile]
    precondition(state.displayName == onScreen.name, "showing \(state.displayName) as file \(state.currentFile), \(onScreen.name)")
    precondition(state.transcript.count == (onScreen.transcript?.count ?? 0), "the text on screen is not file \(state.currentFile)'s")
    if let match = state.navigator.currentMatch {
        precondition(match.cue < state.transcript.count, "the current match is in cue \(match.cue) of \(state.transcript.count)")
        precondition(match.range.upperBound <= state.transcript.text(at: match.cue).utf8.count, "the current match runs past its cue")
    }
    let matches = state.matches
    let sum = (0..<matches.fileCount).reduce(0) { $0 + (matches.count(inFile: $1) ?? 0) }
    precondition(matches.total == sum, "library count \(matches.total) is not the sum of the files' \(sum)")
    precondition(matches.searchedCount <= matches.fileCount, "\(matches.searchedCount) of \(matches.fileCount) files searched")
    if matches.generation == state.generation, let count = matches.count(inFile: state.currentFile) {
        precondition(index.count == count, "the file on screen shows \(index.count) matches of its \(count)")
        if let current = state.navigator.current, matches.isFinal {
            var settled = matches
            settled.settle()
            let position = settled.libraryPosition(file: state.currentFile, position: current)
            precondition(settled.location(ofMatch: position).map { $0 == (state.currentFile, current) } ?? false,
                         "library match \(position) is not match \(current) of the file on screen")
        }
    }
    if state.mode == .files, state.fileList.rowCount > 0 {
        precondition(state.fileList.selection < state.fileList.rowCount, "selection past the list")
        precondition(state.fileList.top <= state.fileList.selection, "selection above the screen")
    }
    let frame = FrameRenderer.render(state)
    precondition(frame.rows.count == max(0, state.size.rows) || state.size.columns == 0,
                 "frame has \(frame.rows.count) rows for \(state.size.rows)")
    for row in frame.rows {
        precondition(row.reduce(0) { $0 + DisplayWidth.widest($1.text) } <= state.size.columns, "a row wider than the screen")
    }
    _ = frame.bytes(replacing: nil)
}
