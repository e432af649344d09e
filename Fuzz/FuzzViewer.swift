// libFuzzer target: the navigator's state (headless) under random keys, resizes and search
// results that arrive late, out of order or never. After every step: the current match is
// within the index, the index is the search of the query the screen shows once the newest
// result is in, and a frame renders at the state's size.
// Input layout: byte 0 = cue count (low 3 bits) and a seed for texts; then one operation per
// byte pair. Compiled with SeekBytes, SeekKit and SeekViewer as one module by Fuzz/run.

private let pieces = ["the ", "city", "a", "b", " ", "\n", "é", "e\u{301}", "\u{212A}", "家乡", "\u{1B}[31m", "👍🏽",
                      "\t", "k", "ab", "Ana: ", "\u{202E}", "xyzzy "]
private let typed: [Character] = ["c", "i", "t", "y", "a", "b", " ", "é", "k", "家", "\u{212A}", "q", "n", "w", "y"]

private func key(_ selector: UInt8, _ argument: UInt8) -> Key {
    switch selector % 40 {
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
    default: return .unknown([argument])
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzViewer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let cueCount = Int(bytes[0] & 7)
    var seed = UInt64(bytes[0]) &* 0x9E37_79B9_7F4A_7C15 | 1
    func nextRandom() -> Int {
        seed ^= seed << 13
        seed ^= seed >> 7
        seed ^= seed << 17
        return Int(truncatingIfNeeded: seed >> 1)
    }
    let cues = (0..<cueCount).map { number in
        Cue(ordinal: number + 1, start: number % 3 == 2 ? nil : number * 1000, end: number * 1000 + 900,
            speaker: number % 2 == 0 ? "Ana" : nil,
            text: (0..<(nextRandom() % 12 + 1)).map { _ in pieces[nextRandom() % pieces.count] }.joined(), line: number + 1)
    }
    let transcript = Transcript(cues)
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
