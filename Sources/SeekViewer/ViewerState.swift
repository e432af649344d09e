import SeekKit

/// The size of a terminal in cells.
public struct TerminalSize: Hashable, Sendable {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}

/// What the keyboard currently drives.
public enum ViewerMode: Hashable, Sendable {
    /// Typing edits the query.
    case searching
    /// Letters are commands (`n`, `N`, `j`, `k`, …).
    case browsing
    /// `:` was pressed; digits typed so far.
    case jumping(String)
    /// The help overlay is shown; the mode before it comes back when it closes.
    case help
    /// A library's file list (`l`): typing filters it, Enter opens a file, Esc goes back.
    case files
}

/// A search the viewer wants run; its result is applied only if `generation` is still the newest.
public struct SearchRequest: Hashable, Sendable {
    public var query: Query
    public var generation: Int
    /// The file to search first (the one on screen); a library's others follow it, wrapping.
    public var firstFile: Int

    public init(query: Query, generation: Int, firstFile: Int = 0) {
        self.query = query
        self.generation = generation
        self.firstFile = firstFile
    }
}

/// One file's matches for a search, as the host hands them to `ViewerState.apply(_:generation:)`.
public struct FileMatches: Sendable {
    public var file: Int
    public var index: MatchIndex

    public init(file: Int, index: MatchIndex) {
        self.file = file
        self.index = index
    }
}

/// Something the viewer asks its host (the terminal loop or a test) to do.
public enum ViewerAction: Hashable, Sendable {
    /// Leave with this exit status.
    case quit(status: Int32)
    /// Run this search (off the input loop) and hand the result to `apply(_:generation:)`.
    case search(SearchRequest)
    /// Write the current matches as JSON Lines where the request says, and report it with
    /// `message` (or, when the file exists and may not be replaced, `askToReplace(_:shownName:)`).
    case export(ExportRequest)
    /// Suspend the process (Ctrl-Z).
    case suspend
    /// Play this match in the media player (`p`, or Enter on a match) and report it with `message`.
    case play(Match)
}

/// Everything the interactive navigator shows, as a value: keys in, state out.
///
/// `handle(_:)` changes the state and returns what the host must do; the
/// renderer (`FrameRenderer`) turns a state into a frame. No terminal code here.
public struct ViewerState {
    /// The cues of the file on screen (empty while it is being read).
    public internal(set) var transcript: Transcript
    /// The name of the file on screen.
    public var displayName: String
    /// The files navigated, in the order the command prints them (one for `seek -i FILE`).
    public internal(set) var files: [LibraryFile]
    /// Whether this is a library (`seek -i` with several files or a directory): positions count across files.
    public let isLibrary: Bool
    /// The index in `files` of the file on screen.
    public internal(set) var currentFile = 0
    /// Every file's matches for the newest query applied, numbered across the library.
    public internal(set) var matches: LibraryMatches
    public internal(set) var mode: ViewerMode
    /// The first help line shown when the help is taller than the screen.
    public private(set) var helpTop = 0
    /// The mode to go back to when help closes.
    private var modeBeforeHelp: ViewerMode = .browsing
    /// Keywords turned into tokens (shown as pills), in order.
    public private(set) var tokens: [String]
    /// The keyword being typed, and its cursor.
    public private(set) var line: EditedLine
    /// The keyword being typed.
    public var text: String { line.text }
    /// The cursor position in `text`, in characters.
    public var cursor: Int { line.cursor }
    public let caseSensitive: Bool
    /// Whole words only (`-w`).
    public let wholeWords: Bool
    /// Accents, typographic punctuation and width forms folded (`--ignore-accents`, the `a` key).
    public private(set) var ignoresAccents: Bool
    /// The scope given on the command line (speaker and time window).
    public let baseScope: Scope
    /// The speaker chosen with `s` (index into `speakers`), overriding the base speaker.
    public private(set) var speakerChoice: Int?
    /// The speakers `s` cycles through: the transcript's, or every read file's in a library (first seen first).
    public internal(set) var speakers: [String]
    /// Where the search for a file with matches (the current one has none) goes on from.
    var nearestScan: Int?
    public internal(set) var navigator: Navigator
    public internal(set) var viewport: Viewport
    public private(set) var size: TerminalSize
    /// The short message under the list ("search wrapped", "exported …"), with its severity.
    public var message: ViewerMessage?
    /// Whether the timeline strip (`t`) is on: a row under the text showing where the matches fall.
    public private(set) var showsTimeline = false
    /// The file list `l` shows (a library's), with its filter and selection.
    public internal(set) var fileList = FileList()
    /// The prompt `w` opened for the export's file name, while it is open.
    public private(set) var exportPrompt: ExportPrompt?
    /// The name `w` proposes (the host's default file beside the transcript, as shown).
    public var exportDefaultName = "seek-matches.jsonl"
    /// Completions of the word being typed, best first.
    public internal(set) var suggestions: [String] = []
    /// The newest search asked for.
    public private(set) var generation = 0
    /// True while the newest search has not been applied yet.
    public internal(set) var isSearching = false
    /// Whether the next applied result should start on match 1 (the first search of `seek -i KEYWORD`).
    var startsOnFirstMatch: Bool
    private let completions: (String) -> [String]
    private(set) var layout: LayoutCache
    /// Columns taken by the timestamp column (including its trailing space).
    public internal(set) var gutterWidth: Int

    /// The rows at the bottom that are not the list: the info line and the search bar.
    public static let chromeRows = 2
    /// Rows scrolled by one wheel step.
    public static let wheelStep = 3

    /// A viewer on `transcript`; with keywords it browses, without it starts in the search field.
    ///
    /// - Parameter completions: the word completions for a prefix (e.g. from `Suggestions`).
    public init(
        transcript: Transcript, displayName: String, keywords: [String] = [], caseSensitive: Bool = false,
        wholeWords: Bool = false, ignoresAccents: Bool = false, scope: Scope = Scope(), size: TerminalSize, completions: @escaping (String) -> [String] = { _ in [] }
    ) {
        self.init(files: [LibraryFile(name: displayName, content: .loaded(transcript))], isLibrary: false,
                  keywords: keywords, caseSensitive: caseSensitive, wholeWords: wholeWords,
                  ignoresAccents: ignoresAccents, scope: scope, size: size, completions: completions)
    }

    /// A viewer on a library of files, read in the background (`fileLoaded(_:content:)`) and searched
    /// file by file (`apply(_:generation:)` with one result per file); it opens on the first file.
    public init(
        library files: [LibraryFile], keywords: [String] = [], caseSensitive: Bool = false, wholeWords: Bool = false,
        ignoresAccents: Bool = false, scope: Scope = Scope(), size: TerminalSize,
        completions: @escaping (String) -> [String] = { _ in [] }
    ) {
        self.init(files: files, isLibrary: true, keywords: keywords, caseSensitive: caseSensitive,
                  wholeWords: wholeWords, ignoresAccents: ignoresAccents, scope: scope, size: size,
                  completions: completions)
    }

    private init(
        files: [LibraryFile], isLibrary: Bool, keywords: [String], caseSensitive: Bool, wholeWords: Bool,
        ignoresAccents: Bool, scope: Scope, size: TerminalSize, completions: @escaping (String) -> [String]
    ) {
        self.files = files
        self.isLibrary = isLibrary
        self.matches = LibraryMatches(fileCount: files.count, generation: 0)
        let transcript = files.first?.transcript ?? Transcript([])
        self.transcript = transcript
        self.displayName = files.first?.name ?? ""
        self.speakers = []
        let given = keywords.filter { !$0.isEmpty }
        self.tokens = Array(given.dropLast())
        self.line = EditedLine(given.last ?? "")
        self.mode = given.isEmpty ? .searching : .browsing
        self.caseSensitive = caseSensitive
        self.wholeWords = wholeWords
        self.ignoresAccents = ignoresAccents
        self.baseScope = scope
        self.navigator = Navigator()
        self.size = size
        self.completions = completions
        self.startsOnFirstMatch = !given.isEmpty
        self.gutterWidth = Self.gutterWidth(of: transcript)
        self.layout = LayoutCache()
        self.viewport = Viewport(height: max(0, size.rows - Self.chromeRows))
        for file in files { if let transcript = file.transcript { addSpeakers(of: transcript) } }
    }

    /// Columns for the widest label of the time column, and a space: `HH:MM:SS` for timed cues
    /// (more hour digits past 99 hours), the cue number for untimed ones, whichever is wider.
    ///
    /// - Complexity: O(n) in the number of cues.
    static func gutterWidth(of transcript: Transcript) -> Int {
        var latest: Int?
        var untimed = false
        for cue in 0..<transcript.count {
            if let start = transcript.start(at: cue) { latest = max(latest ?? 0, start) } else { untimed = true }
        }
        var width = untimed ? String(transcript.count).count : 0
        if let latest { width = max(width, String(max(0, latest) / 3_600_000).count + 6, 8) }
        return width + 1
    }

    // MARK: - Derived values

    /// The query the screen shows: tokens, then the typed keyword.
    public var query: Query {
        Query(keywords: tokens + (text.isEmpty ? [] : [text]), caseSensitive: caseSensitive, scope: scope,
              wholeWords: wholeWords, ignoresAccents: ignoresAccents)
    }

    /// The base scope with the speaker chosen by `s`.
    public var scope: Scope {
        var scope = baseScope
        if let speakerChoice, speakers.indices.contains(speakerChoice) {
            scope.speaker = speakers[speakerChoice]
        }
        return scope
    }

    /// The height of the cue list (or of the file list).
    public var listHeight: Int { max(0, size.rows - Self.chromeRows - timelineRows) }

    /// The rows the timeline strip takes: one when it is on and the screen has room for it and a
    /// row of text, none otherwise.
    public var timelineRows: Int {
        showsTimeline && size.rows >= Self.chromeRows + 2 && size.columns >= Self.narrowestTimeline ? 1 : 0
    }

    /// The fewest columns the timeline strip is drawn in.
    public static let narrowestTimeline = 10

    /// The width of cue text (after the timestamp column).
    public var textWidth: Int { max(1, size.columns - gutterWidth) }

    /// The rows cue `cue` takes at the current width.
    public func rows(ofCue cue: Int) -> Int {
        layout.rows(ofCue: cue, width: textWidth) { width in
            if ResultPrinter.speakerToShow(cue: cue, of: transcript) == nil {
                return CueLayout.rowCount(of: transcript.text(at: cue), width: width)
            }
            return CueLayout.rows(of: displayLines(ofCue: cue, highlights: []), width: width).count
        }
    }

    /// Cue `cue` as the list shows it: its speaker's name first (unless the text already
    /// starts with it), then its text with `highlights`, one array per text line.
    public func displayLines(ofCue cue: Int, highlights: [Highlight]) -> [[Segment]] {
        var lines = Highlighter.lines(of: transcript.text(at: cue), highlights: highlights)
        if let speaker = ResultPrinter.speakerToShow(cue: cue, of: transcript) {
            let label = Segment(text: Sanitizer.sanitize(speaker) + ": ", style: Palette.speaker, source: 0..<0)
            lines[0].insert(label, at: 0)
        }
        return lines
    }

    /// The cues on screen.
    public var visibleCues: [VisibleCue] {
        ScrollPolicy.visibleCues(in: viewport, cueCount: transcript.count, rowsOf: rows(ofCue:))
    }

    /// The search to run first (for the keywords given on the command line), if any.
    public mutating func initialSearch() -> SearchRequest? {
        guard !query.isEmpty else { return nil }
        generation += 1
        isSearching = true
        return SearchRequest(query: query, generation: generation, firstFile: currentFile)
    }

    // MARK: - Keys

    /// Applies one key; returns what the host must do, if anything.
    public mutating func handle(_ key: Key) -> ViewerAction? {
        // A notice answers the key before; the next key clears it.
        message = nil
        switch key {
        case .control("c"): return .quit(status: 130)
        case .control("z"): return .suspend
        case .control("l"): return nil
        case .mouse(let event): handleMouse(event); return nil
        case .alt(let character):
            // No Alt bindings: Esc typed just before a key arrives glued to it, so read it as both.
            let first = handle(.escape)
            return handle(.character(character)) ?? first
        default: break
        }
        if exportPrompt != nil { return handleExportPrompt(key) }
        switch mode {
        case .searching: return handleField(key)
        case .browsing: return handleBrowsing(key)
        case .jumping(let digits): handleJump(key, digits: digits); return nil
        case .help:
            handleHelp(key)
            return nil
        case .files:
            handleFileList(key)
            return nil
        }
    }

    /// Applies `key`, running any search it asks for right here on this thread.
    ///
    /// For tests and benchmarks: keys in, state out, with no terminal and no threads.
    public mutating func handleNow(_ key: Key) -> ViewerAction? {
        let action = handle(key)
        if case .search(let request)? = action {
            runNow(request)
            return nil
        }
        return action
    }

    /// Runs the search for the keywords given at start, on this thread.
    public mutating func searchInitiallyNow() {
        if let request = initialSearch() { runNow(request) }
    }

    private mutating func runNow(_ request: SearchRequest) {
        let results = files.indices.compactMap { file in
            files[file].transcript.map { FileMatches(file: file, index: MatchIndex(transcript: $0, query: request.query)) }
        }
        apply(results, generation: request.generation)
    }

    /// Applies a finished search of the file on screen if it is the newest one asked for; returns
    /// whether it was applied.
    @discardableResult
    public mutating func apply(_ index: MatchIndex, generation: Int) -> Bool {
        apply([FileMatches(file: currentFile, index: index)], generation: generation)
    }

    /// Applies finished searches of some files if they answer the newest search asked for; returns
    /// whether they were applied.
    ///
    /// The file on screen keeps its match (the one overlapping the old current match, or the nearest
    /// to the middle of the view); when it has none, the nearest file after it that has one opens,
    /// once every file in between is known to have none.
    ///
    /// - Complexity: O(r + f) for r results and f files.
    @discardableResult
    public mutating func apply(_ results: [FileMatches], generation: Int) -> Bool {
        guard generation == self.generation else { return false }
        if matches.generation != generation {
            matches = LibraryMatches(fileCount: files.count, generation: generation)
            for file in files.indices where files[file].failure != nil { matches.recordFailure(file: file) }
            nearestScan = nil
        }
        for result in results where files.indices.contains(result.file) {
            matches.record(result.index, file: result.file)
            guard result.file == currentFile else { continue }
            if startsOnFirstMatch {
                navigator = Navigator(index: result.index)
                if !result.index.isEmpty || !isLibrary { startsOnFirstMatch = false }
            } else {
                navigator.update(index: result.index, visible: visibleCues, viewHeight: listHeight)
            }
            if isTypingAPhrase { suggestions = phraseCompletions(from: result.index) }
            revealCurrent()
        }
        if matches.isFinal {
            isSearching = false
            startsOnFirstMatch = false
            matches.settle()
        }
        if isLibrary && navigator.current == nil && !query.isEmpty && matches.isSearched(currentFile) {
            openNearestFileWithMatches()
        }
        if matches.isFinal && matches.total == 0 && !query.isEmpty {
            message = .noMatches
        } else if message == .noMatches {
            message = nil
        }
        if mode == .files && fileList.hidesFilesWithoutMatches { refreshFileList() }
        return true
    }

    /// Whether the word being typed follows others in the field (`city co`, `city `).
    private var isTypingAPhrase: Bool {
        mode == .searching && cursor == text.count && text.contains(" ") && !text.allSatisfy { $0 == " " }
    }

    /// Completions of the last word of the phrase being typed: the words that follow the earlier ones
    /// in the transcript, read off the matches of the phrase itself, most frequent first.
    ///
    /// - Complexity: O(k) for the first k ≤ 300 matches (enough to rank the common continuations).
    private func phraseCompletions(from index: MatchIndex) -> [String] {
        let token = tokens.count
        var counts: [String: (word: String, count: Int, first: Int)] = [:]
        for position in stride(from: 1, through: min(index.count, 300), by: 1) {
            let match = index[position]
            guard match.token == token else { continue }
            let cue = transcript.text(at: match.cue)
            let utf8 = cue.utf8
            guard match.range.upperBound <= utf8.count else { continue }
            let end = utf8.index(utf8.startIndex, offsetBy: match.range.upperBound)
            let matched = cue[..<end]
            let partial = matched.reversed().prefix { !$0.isWhitespace }.count
            let rest = cue[end...].prefix { $0.isLetter || $0.isNumber || $0 == "'" || $0 == "\u{2019}" }
            guard !rest.isEmpty else { continue }
            let word = String(matched.suffix(partial)) + String(rest)
            guard word.count <= Suggestions.longestWord else { continue }
            let key = word.lowercased()
            let known = counts[key] ?? (word, 0, position)
            counts[key] = (known.word, known.count + 1, known.first)
        }
        return counts.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.first < $1.first }
            .prefix(5).map(\.word)
    }

    /// Asks, in the export prompt, whether to replace the existing file `request` names.
    public mutating func askToReplace(_ request: ExportRequest, shownName: String) {
        var prompt = exportPrompt ?? ExportPrompt(defaultName: exportDefaultName)
        prompt.askToReplace(request, shownName: shownName)
        exportPrompt = prompt
    }

    private mutating func handleExportPrompt(_ key: Key) -> ViewerAction? {
        switch exportPrompt?.handle(key) {
        case .submitted(let request)?:
            exportPrompt = nil
            return .export(request)
        case .cancelled?:
            exportPrompt = nil
            message = .info("export cancelled")
        case .editing?, nil:
            break
        }
        return nil
    }

    /// Changes the terminal size, keeping the top of the view and the current match in view.
    public mutating func resize(to newSize: TerminalSize) {
        guard newSize != size else { return }
        size = newSize
        heightChanged()
    }

    /// Fits the view to a new height of the list, keeping its top and the current match in view.
    private mutating func heightChanged() {
        viewport.height = listHeight
        // An empty transcript has no top cue to measure (found by Fuzz/FuzzViewer.swift).
        if viewport.topCue < transcript.count {
            viewport.topRow = min(viewport.topRow, max(0, rows(ofCue: viewport.topCue) - 1))
        }
        viewport = ScrollPolicy.scroll(viewport, by: 0, cueCount: transcript.count, rowsOf: rows(ofCue:))
        revealCurrent()
        if mode == .files { fileList.select(row: fileList.selection, height: listHeight) }
    }

    private mutating func handleField(_ key: Key) -> ViewerAction? {
        if key != .backspace || !text.isEmpty, let edit = line.apply(key) {
            return edit == .changed ? queryChanged() : nil
        }
        switch key {
        case .character(let character):
            guard text.count < QueryLimits.keywordCharacters else { return nil }
            line.insert(String(character))
            return queryChanged()
        case .paste(let pasted):
            let flat = String(pasted.unicodeScalars.map { scalar -> Character in
                Sanitizer.replacement(for: scalar) == nil ? Character(scalar) : " "
            })
            let room = max(0, QueryLimits.keywordCharacters - text.count)
            guard !flat.isEmpty, room > 0 else { return nil }
            line.insert(String(flat.prefix(room)))
            return queryChanged()
        case .backspace where text.isEmpty:
            return takeBackLastToken()
        case .enter, .down, .control("n"):
            step(forward: true)
        case .up, .control("p"):
            step(forward: false)
        case .pageDown:
            scroll(by: max(1, listHeight - 1))
        case .pageUp:
            scroll(by: -max(1, listHeight - 1))
        case .tab:
            return acceptSuggestion()
        case .control("t"):
            guard !text.isEmpty else { return nil }
            if tokens.contains(where: { caseSensitive ? $0 == text : $0.lowercased() == text.lowercased() }) {
                message = .notice("already a token: " + text)
            } else {
                tokens.append(text)
            }
            line = EditedLine()
            return queryChanged()
        case .control("w"):
            guard !text.isEmpty else { return takeBackLastToken() }
            line.deleteWordBeforeCursor()
            return queryChanged()
        case .control("x"):
            guard !tokens.isEmpty else { return nil }
            tokens.removeLast()
            return queryChanged()
        case .escape:
            mode = .browsing
            suggestions = []
        default:
            break
        }
        return nil
    }

    private mutating func handleBrowsing(_ key: Key) -> ViewerAction? {
        switch key {
        case .character("q"):
            return .quit(status: 0)
        case .character("p"):
            guard let match = navigator.currentMatch else {
                message = .notice("no match to play")
                return nil
            }
            return .play(match)
        case .enter where navigator.currentMatch != nil:
            return navigator.currentMatch.map(ViewerAction.play)
        case .character("n"), .enter:
            step(forward: true)
        case .character("N"):
            step(forward: false)
        case .character("]") where isLibrary:
            stepToFile(forward: true)
        case .character("[") where isLibrary:
            stepToFile(forward: false)
        case .character("l") where isLibrary:
            openFileList()
        case .character("t"):
            showsTimeline.toggle()
            if showsTimeline && timelineRows == 0 {
                message = .notice("the timeline needs \(Self.narrowestTimeline) columns and \(Self.chromeRows + 2) rows")
            }
            heightChanged()
        case .character("/"):
            mode = .searching
            line.moveToEnd()
            suggestions = completions(currentWord)
        case .character("j"), .down:
            scroll(by: 1)
        case .character("k"), .up:
            scroll(by: -1)
        case .character(" "), .pageDown, .control("f"):
            scroll(by: max(1, listHeight - 1))
        case .character("b"), .pageUp, .control("b"):
            scroll(by: -max(1, listHeight - 1))
        case .character("g"), .home:
            viewport = Viewport(topCue: 0, topRow: 0, height: listHeight)
        case .character("G"), .end:
            viewport = ScrollPolicy.bottom(viewport, cueCount: transcript.count, rowsOf: rows(ofCue:))
        case .character(":"):
            mode = .jumping("")
        case .character("s"):
            return cycleSpeaker()
        case .character("a"):
            ignoresAccents.toggle()
            message = .info(ignoresAccents ? "ignoring accents: cafe finds café, it's finds it’s" : "matching accents exactly")
            return queryChanged()
        case .character("w"):
            if navigator.index.isEmpty {
                message = .notice("nothing to export: no matches")
            } else {
                exportPrompt = ExportPrompt(defaultName: exportDefaultName)
            }
        case .character("?"):
            modeBeforeHelp = mode
            mode = .help
        default:
            break
        }
        return nil
    }

    private mutating func handleHelp(_ key: Key) {
        let page = max(1, size.rows - 2)
        let most = FrameRenderer.helpText(width: size.columns).count
        switch key {
        case .character("j"), .down: helpTop += 1
        case .character("k"), .up: helpTop -= 1
        case .character(" "), .pageDown: helpTop += page
        case .character("b"), .pageUp: helpTop -= page
        case .character("g"), .home: helpTop = 0
        case .character("G"), .end: helpTop = most
        default:
            mode = modeBeforeHelp
            helpTop = 0
        }
        helpTop = min(max(0, helpTop), max(0, most - (size.rows - 1)))
    }

    private mutating func handleJump(_ key: Key, digits: String) {
        switch key {
        case .character(let character) where !character.unicodeScalars.contains { Sanitizer.replacement(for: $0) != nil }:
            if digits.count < 12 { mode = .jumping(digits + String(character)) }
        case .backspace:
            mode = digits.isEmpty ? .browsing : .jumping(String(digits.dropLast()))
        case .enter:
            mode = .browsing
            matches.settle()
            let count = isLibrary ? matches.total : navigator.index.count
            guard !digits.isEmpty else { return }
            guard let number = Int(digits), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                message = .notice(count == 0 ? "no matches to jump to" : "not a match number: \(digits) (1–\(count))")
                return
            }
            if isLibrary, let (file, position) = matches.location(ofMatch: number) {
                go(toFile: file, position: position)
            } else if !isLibrary, navigator.jump(to: number) {
                revealCurrent()
            } else {
                message = count == 0 ? .noMatches : .notice("no match \(number): 1–\(count)")
            }
        case .escape:
            mode = .browsing
        default:
            break
        }
    }

    private mutating func handleMouse(_ event: MouseEvent) {
        if case .press(button: 0) = event.kind, timelineRows > 0, event.row == listHeight {
            return clickTimeline(column: event.column)
        }
        if mode == .files { return handleFileListMouse(event) }
        switch event.kind {
        case .wheelUp:
            scroll(by: -Self.wheelStep)
        case .wheelDown:
            scroll(by: Self.wheelStep)
        case .press(button: 0):
            guard event.row < listHeight, event.column >= gutterWidth,
                  let shown = visibleCues.first(where: { $0.rows.contains(event.row) }) else { return }
            let rows = CueLayout.rows(of: displayLines(ofCue: shown.cue, highlights: []), width: textWidth)
            let rowInCue = event.row - shown.rows.lowerBound
            guard rows.indices.contains(rowInCue),
                  let offset = CueLayout.sourceOffset(inRow: rows[rowInCue], column: event.column - gutterWidth)
            else { return }
            if navigator.select(cue: shown.cue, utf8Offset: offset) {
                message = nil
                if mode == .help { mode = modeBeforeHelp }
            }
        default:
            break
        }
    }

    // MARK: - Helpers

    private var currentWord: String { line.wordBeforeCursor }

    /// Puts the last token back into the (empty) field for editing.
    private mutating func takeBackLastToken() -> ViewerAction? {
        guard text.isEmpty, let last = tokens.popLast() else { return nil }
        line = EditedLine(last)
        return queryChanged()
    }

    private mutating func queryChanged() -> ViewerAction {
        generation += 1
        isSearching = true
        suggestions = mode == .searching && !isTypingAPhrase ? completions(currentWord) : []
        if message == .searchWrapped { message = nil }
        return .search(SearchRequest(query: query, generation: generation, firstFile: currentFile))
    }

    private mutating func acceptSuggestion() -> ViewerAction? {
        guard let top = suggestions.first else { return nil }
        line.replaceWordBeforeCursor(with: top)
        return queryChanged()
    }

    private mutating func cycleSpeaker() -> ViewerAction? {
        guard !speakers.isEmpty else {
            message = .notice(isLibrary ? "no speakers in these files" : "no speakers in this transcript")
            return nil
        }
        if let choice = speakerChoice {
            speakerChoice = choice + 1 < speakers.count ? choice + 1 : nil
        } else {
            speakerChoice = 0
        }
        message = .info(speakerChoice.map { "speaker: " + speakers[$0] } ?? "all speakers")
        return queryChanged()
    }

    private mutating func step(forward: Bool) {
        if isLibrary { return stepAcrossFiles(forward: forward) }
        guard !navigator.index.isEmpty else {
            if !query.isEmpty && !isSearching { message = .noMatches }
            return
        }
        let wrapped = forward ? navigator.next() : navigator.previous()
        message = wrapped ? .searchWrapped : nil
        revealCurrent()
    }

    private mutating func scroll(by rows: Int) {
        viewport = ScrollPolicy.scroll(viewport, by: rows, cueCount: transcript.count, rowsOf: rows(ofCue:))
    }

    /// Forgets the measured cue heights and the view (another file is on screen).
    mutating func resetLayout() {
        gutterWidth = Self.gutterWidth(of: transcript)
        layout = LayoutCache()
        viewport = Viewport(height: listHeight)
    }

    /// Adds the speakers of `transcript` that `s` does not cycle through yet.
    mutating func addSpeakers(of transcript: Transcript) {
        for speaker in transcript.speakers where !speakers.contains(speaker) { speakers.append(speaker) }
    }

    /// Replaces what is known of `file`.
    mutating func setContent(_ content: LibraryFile.Content, ofFile file: Int) {
        files[file].content = content
    }

    mutating func revealCurrent() {
        guard let match = navigator.currentMatch, listHeight > 0 else { return }
        let row = rows(ofCue: match.cue) > listHeight ? self.row(ofOffset: match.range.lowerBound, inCue: match.cue) : 0
        viewport = ScrollPolicy.reveal(row: row, ofCue: match.cue, in: viewport, cueCount: transcript.count,
                                       rowsOf: rows(ofCue:))
    }

    /// The row of `cue` (as laid out at the current width) that shows the text at UTF-8 `offset`.
    private func row(ofOffset offset: Int, inCue cue: Int) -> Int {
        let rows = CueLayout.rows(of: displayLines(ofCue: cue, highlights: []), width: textWidth)
        var last = 0
        for (number, row) in rows.enumerated() {
            for segment in row where !segment.source.isEmpty {
                if segment.source.contains(offset) { return number }
                if segment.source.lowerBound <= offset { last = number }
            }
        }
        return last
    }
}

/// Remembers how many rows cues take at one width, so only cues near the view are ever measured.
final class LayoutCache {
    private var width = 0
    private var heights: [Int: Int] = [:]

    func rows(ofCue cue: Int, width: Int, measure: (Int) -> Int) -> Int {
        if width != self.width || heights.count > 200_000 {
            heights.removeAll(keepingCapacity: true)
            self.width = width
        }
        if let known = heights[cue] { return known }
        let rows = measure(width)
        heights[cue] = rows
        return rows
    }
}
