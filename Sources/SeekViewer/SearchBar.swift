import SeekKit

/// The bottom line of the navigator: the query, then the match count, then the rest as room allows.
///
/// The query comes first and is never dropped: when it is wider than its room it
/// scrolls so the cursor stays in view, and `…` marks the ends that are cut. The
/// count comes next (`24/148`, `searching…`, or a red `no matches`); then the
/// `? help` hint, the scope, and last the file name, shortened in the middle
/// (`Children.of.Men…REVEiLLE.srt`) and the first to go when space runs out.
/// The bar stops one column short of the right edge: its last cell is the
/// screen's bottom-right one, which is never written.
enum SearchBar {
    /// The query gets at least this many columns before the count is dropped.
    static let minimumQueryWidth = 10

    /// The bar's spans and the cursor's column (when typing).
    static func render(_ state: ViewerState) -> (spans: [Frame.Span], cursor: Int?) {
        let width = max(0, state.size.columns - 1)
        let bar = Palette.bar
        let natural = queryWidth(state)
        var count = countSpan(state, compact: false)
        if state.isLibrary {
            count = libraryCountSpan(state, nameRoom: width - natural - 1)
        } else if natural + DisplayWidth.widest(count.text) > width {
            count = countSpan(state, compact: true)
        }
        let countWidth = DisplayWidth.widest(count.text)
        let queryRoom: Int
        if natural + countWidth <= width {
            queryRoom = natural
        } else if width - countWidth - 1 >= minimumQueryWidth {
            queryRoom = width - countWidth - 1
        } else {
            queryRoom = width
        }
        var (left, cursor) = query(state, width: queryRoom)
        // One column after the query stays free: the cursor's cell, or a gap before the count.
        var room = width - spansWidth(left) - 1
        var right: [Frame.Span] = []
        if countWidth <= room {
            right.append(count)
            room -= countWidth
        }
        var extras: [Frame.Span] = []
        if state.mode == .browsing, room >= 8 {
            extras.append(Frame.Span(" ? help ", bar))
            room -= 8
        }
        if let scope = scopeText(state), DisplayWidth.widest(scope) <= room {
            right.append(Frame.Span(scope, bar))
            room -= DisplayWidth.widest(scope)
        }
        if !state.isLibrary, let name = shortenedName(state.displayName, fitting: room - 2) {
            right.append(Frame.Span(" " + name + " ", bar))
            room -= DisplayWidth.widest(name) + 2
        }
        right.insert(contentsOf: extras, at: 0)
        if room + 1 > 0 { left.append(Frame.Span(String(repeating: " ", count: room + 1), bar)) }
        if let column = cursor { cursor = min(column, max(0, width - 1)) }
        return (left + right, cursor)
    }

    // MARK: - The query

    private static func label(_ state: ViewerState) -> String {
        state.mode == .searching ? " / " : " search: "
    }

    /// Columns the whole query takes, with a cell for the cursor after it.
    private static func queryWidth(_ state: ViewerState) -> Int {
        if case .jumping(let digits) = state.mode { return DisplayWidth.widest(" jump to match: " + digits) + 1 }
        let tokens = state.tokens.reduce(0) { $0 + DisplayWidth.widest(Sanitizer.sanitize($1)) + 3 }
        return DisplayWidth.widest(label(state)) + tokens + DisplayWidth.widest(Sanitizer.sanitize(state.text)) + 1
    }

    /// The query in at most `width` columns, and the cursor's column in it.
    private static func query(_ state: ViewerState, width: Int) -> ([Frame.Span], Int?) {
        let bar = Palette.bar
        if case .jumping(let digits) = state.mode {
            let prompt = " jump to match: " + digits
            let shown = fit(prompt, cursor: prompt.count, width: width)
            return ([Frame.Span(shown.text, bar)], shown.cursor)
        }
        var spans = [Frame.Span(label(state), bar)]
        var used = DisplayWidth.widest(label(state))
        // Tokens take what the typed text (or at least a few columns of it) leaves.
        let typed = Sanitizer.sanitize(state.text)
        let typedRoom = min(DisplayWidth.widest(typed) + 1, minimumQueryWidth)
        for (number, token) in state.tokens.enumerated() {
            let pill = "[" + Sanitizer.sanitize(token) + "]"
            let pillWidth = DisplayWidth.widest(pill) + 1
            if used + pillWidth + typedRoom > width {
                let rest = "+\(state.tokens.count - number) "
                if used + DisplayWidth.widest(rest) + typedRoom <= width {
                    spans.append(Frame.Span(rest, bar))
                    used += DisplayWidth.widest(rest)
                }
                break
            }
            spans.append(Frame.Span(pill, Palette.match(token: number)))
            spans.append(Frame.Span(" ", bar))
            used += pillWidth
        }
        if used > width {
            spans = FrameRenderer.truncate(spans, to: width)
            used = spansWidth(spans)
        }
        let cursorInTyped = Sanitizer.sanitize(String(state.text.prefix(state.cursor))).count
        let shown = fit(typed, cursor: cursorInTyped, width: width - used)
        if !shown.text.isEmpty { spans.append(Frame.Span(shown.text, Style(bold: true, inverse: true))) }
        return (spans, state.mode == .searching ? used + shown.cursor : nil)
    }

    /// The part of `text` shown in `width` columns with the cursor (before character `cursor`, or after
    /// the last) in view; `…` stands for the cut parts. Returns the text and the cursor's column in it.
    static func fit(_ text: String, cursor: Int, width: Int) -> (text: String, cursor: Int) {
        let characters = Array(text)
        let widths = characters.map { DisplayWidth.widest($0) }
        let cursor = min(max(0, cursor), characters.count)
        func span(_ range: Range<Int>) -> Int { widths[range].reduce(0, +) }
        let cursorCell = cursor < characters.count ? max(1, widths[cursor]) : 1
        if span(0..<characters.count) + (cursor == characters.count ? 1 : 0) <= width {
            return (text, span(0..<cursor))
        }
        guard width >= 3 else { return ("", 0) }
        var start = 0
        if span(0..<cursor) + cursorCell + 1 > width {
            // Cut on the left: "…" then as much as fits before the cursor.
            start = cursor
            while start > 0 && 1 + span(start - 1..<cursor) + cursorCell + (cursor + 1 < characters.count ? 1 : 0) <= width {
                start -= 1
            }
        }
        let lead = start > 0 ? 1 : 0
        var end = start
        while end < characters.count {
            let after = end + 1 < characters.count ? 1 : 0
            guard lead + span(start..<end + 1) + after <= width else { break }
            end += 1
        }
        end = max(end, min(cursor, characters.count))
        var shown = (start > 0 ? "…" : "") + String(characters[start..<end])
        if end < characters.count { shown += "…" }
        return (shown, lead + span(start..<cursor))
    }

    // MARK: - The rest

    /// The match count; `compact` says `…` for "searching…" and a red `0/0` for "no matches".
    private static func countSpan(_ state: ViewerState, compact: Bool) -> Frame.Span {
        let index = state.navigator.index
        if state.isSearching && (index.isEmpty || state.navigator.current == nil) {
            return Frame.Span(compact ? " … " : " searching… ", Palette.bar)
        }
        if index.isEmpty {
            if state.query.isEmpty { return Frame.Span(" 0/0 ", Palette.bar) }
            return Frame.Span(compact ? " 0/0 " : " no matches ", Style(foreground: .red, bold: true, inverse: true))
        }
        return Frame.Span(" \(state.navigator.current ?? 0)/\(index.count)\(state.isSearching ? " …" : "") ", Palette.bar)
    }

    /// A library's count: the match's place in the library and in its file, with the file's name
    /// (`37/412 · 3/9 in S01E04.srt`), `searching 412/1000 files` until every file is searched; the
    /// name shortened, then dropped, then the file's part, to fit `nameRoom` columns.
    private static func libraryCountSpan(_ state: ViewerState, nameRoom: Int) -> Frame.Span {
        let files = state.files.count
        let matches = state.matches
        let position = state.navigator.current
        var head: String
        var tail = ""
        var style = Palette.bar
        if state.query.isEmpty {
            let read = state.readCount
            head = read < files ? " reading \(read)/\(files) files" : " 0/0"
        } else if state.isSearching {
            let searched = matches.generation == state.generation ? matches.searchedCount : 0
            head = position.map { " \($0)/\(state.navigator.index.count)" } ?? ""
            tail = (head.isEmpty ? " " : " · ") + "searching \(searched)/\(files) files"
        } else if matches.total == 0 {
            return nameRoom >= 12 ? Frame.Span(" no matches ", Style(foreground: .red, bold: true, inverse: true))
                : Frame.Span(" 0/0 ", Style(foreground: .red, bold: true, inverse: true))
        } else if let position {
            let overall = matches.libraryPosition(file: state.currentFile, position: position)
            head = " \(overall)/\(matches.total) · \(position)/\(state.navigator.index.count)"
        } else {
            head = " –/\(matches.total) · 0"
        }
        if !state.query.isEmpty && !head.isEmpty {
            let room = nameRoom - DisplayWidth.widest(head + tail) - 5
            if let name = shortenedName(state.displayName, fitting: room) { head += " in " + name }
        }
        let full = head + tail + " "
        if DisplayWidth.widest(full) <= nameRoom { return Frame.Span(full, style) }
        style = Palette.bar
        if state.isSearching { return Frame.Span(" \(matches.generation == state.generation ? matches.searchedCount : 0)/\(files)… ", style) }
        if let position, !state.query.isEmpty, matches.total > 0 {
            return Frame.Span(" \(matches.libraryPosition(file: state.currentFile, position: position))/\(matches.total) ", style)
        }
        return Frame.Span(head.prefix { $0 != "·" } + " ", style)
    }

    private static func scopeText(_ state: ViewerState) -> String? {
        var parts: [String] = []
        if state.wholeWords { parts.append("words") }
        if state.ignoresAccents { parts.append("≈accents") }
        let scope = state.scope
        if let speaker = scope.speaker { parts.append("speaker: " + Sanitizer.sanitize(speaker)) }
        if scope.from != nil || scope.to != nil {
            let from = scope.from.map { String(Timestamp.format($0).prefix { $0 != "." }) } ?? "start"
            let to = scope.to.map { String(Timestamp.format($0).prefix { $0 != "." }) } ?? "end"
            parts.append(from + "–" + to)
        }
        return parts.isEmpty ? nil : " " + parts.joined(separator: "  ") + " "
    }

    /// The file name in at most `width` columns: whole, its last path component, or that cut in the
    /// middle with `…`; `nil` when not even a few characters fit.
    static func shortenedName(_ name: String, fitting width: Int) -> String? {
        let name = Sanitizer.sanitize(name)
        if DisplayWidth.widest(name) <= width { return name }
        let base = name.split(separator: "/").last.map(String.init) ?? name
        if DisplayWidth.widest(base) <= width { return base }
        guard width >= 7 else { return nil }
        let characters = Array(base)
        let tailWidth = (width - 1) / 2
        var tail = characters.count
        var used = 0
        while tail > 0 && used + DisplayWidth.widest(characters[tail - 1]) <= tailWidth {
            tail -= 1
            used += DisplayWidth.widest(characters[tail])
        }
        let head = DisplayWidth.prefix(String(characters[..<tail]), fitting: width - 1 - used)
        return head + "…" + String(characters[tail...])
    }

    private static func spansWidth(_ spans: [Frame.Span]) -> Int {
        spans.reduce(0) { $0 + DisplayWidth.widest($1.text) }
    }
}
