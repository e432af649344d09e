import SeekKit

/// Draws a viewer state as a frame: a pure function of the state and its size.
///
/// Only the cues in view are laid out, so drawing costs the same for ten cues
/// or a million.
public enum FrameRenderer {
    /// The frame for `state` at `state.size`.
    public static func render(_ state: ViewerState) -> Frame {
        let size = state.size
        guard size.rows > 0, size.columns > 0 else { return Frame(size: size, rows: []) }
        var rows = state.mode == .files ? fileList(state) : list(state)
        if state.timelineRows > 0 { rows.append(timelineRow(state)) }
        var cursor: Frame.Position?
        if size.rows >= ViewerState.chromeRows { rows.append(infoLine(state)) }
        var (bar, column) = state.mode == .files ? fileListBar(state) : SearchBar.render(state)
        if let prompt = state.exportPrompt { (bar, column) = prompt.render(width: size.columns) }
        rows.append(bar)
        if let column { cursor = Frame.Position(row: size.rows - 1, column: column) }
        if state.mode == .help { overlayHelp(on: &rows, state: state) }
        rows = Array(rows.suffix(size.rows))
        return Frame(size: size, rows: rows, cursor: cursor)
    }

    /// The keys, as the help overlay lists them.
    public static let helpLines: [(keys: String, meaning: String)] = [
        ("type", "edit the query (search field)"),
        ("Enter ↓ Ctrl-N", "next match (search field)"),
        ("↑ Ctrl-P", "previous match (search field)"),
        ("← → Home End", "move the cursor (also Ctrl-A, Ctrl-E)"),
        ("Backspace Delete", "delete before / at the cursor (Backspace in an empty field edits the last token)"),
        ("Ctrl-U", "clear the query"),
        ("Tab", "accept the top suggestion"),
        ("Ctrl-T", "make the query a token"),
        ("Ctrl-W / Ctrl-X", "delete the last word / the last token"),
        ("Esc", "leave the search field"),
        ("n / N", "next / previous match"),
        ("] / [", "next / previous file with a match (several files)"),
        ("l", "list the files with their match counts (several files)"),
        ("t", "timeline on / off: where the matches fall in the file"),
        ("p Enter", "play the match in mpv, from --pad before it"),
        ("/", "back to the search field"),
        ("j k ↓ ↑", "scroll a line"),
        ("Space PgDn / b PgUp", "scroll a page"),
        ("g / G", "top / bottom"),
        (": number Enter", "jump to that match"),
        ("s", "cycle the speaker scope"),
        ("a", "ignore accents on / off (cafe finds café)"),
        ("w", "write the matches as JSON Lines"),
        ("click / wheel", "make a match current / scroll"),
        ("?", "this help (j k Space b scroll it, other keys close it)"),
        ("Ctrl-Z / Ctrl-L", "suspend / redraw the screen"),
        ("q  Ctrl-C", "quit"),
    ]

    // MARK: - The cue list

    private static func list(_ state: ViewerState) -> [[Frame.Span]] {
        let height = state.listHeight
        var rows = Array(repeating: [Frame.Span](), count: height)
        guard height > 0 else { return rows }
        let index = state.navigator.index
        let current = state.navigator.current
        let gutter = state.gutterWidth
        let scope = state.scope
        for shown in state.visibleCues {
            let highlights = Highlighter.highlights(inCue: shown.cue, of: index, current: current)
            var lines = state.displayLines(ofCue: shown.cue, highlights: highlights)
            if !scope.isUnrestricted && !scope.includes(shown.cue, of: state.transcript) {
                lines = lines.map { $0.map { Segment(text: $0.text, style: Palette.context, source: $0.source) } }
            }
            let wrapped = CueLayout.rows(of: lines, width: state.textWidth)
            for (offset, segments) in wrapped.enumerated() {
                let row = shown.rows.lowerBound + offset
                guard row >= 0 && row < height else { continue }
                var spans: [Frame.Span] = []
                let label = offset == 0 ? gutterLabel(state, cue: shown.cue, current: state.navigator.currentMatch) : ""
                spans.append(Frame.Span(pad(label, to: gutter), Palette.timestamp))
                for segment in segments where !segment.text.isEmpty {
                    spans.append(Frame.Span(segment.text, segment.style))
                }
                rows[row] = truncate(spans, to: state.size.columns)
            }
        }
        return rows
    }

    /// A cue's time in the gutter: when the current match is spoken, in its cue (its first
    /// word's time where the file times words, as `p` plays it), else the cue's start.
    private static func gutterLabel(_ state: ViewerState, cue: Int, current: Match?) -> String {
        let label: String
        let time = current.flatMap { $0.cue == cue ? MatchMoment.time(of: $0, in: state.transcript) : nil }
        if let start = time ?? state.transcript.start(at: cue) {
            label = String(Timestamp.format(max(0, start)).prefix { $0 != "." })
        } else {
            label = String(cue + 1)
        }
        return String(repeating: " ", count: max(0, state.gutterWidth - 1 - label.count)) + label
    }

    // MARK: - The info line

    private static func infoLine(_ state: ViewerState) -> [Frame.Span] {
        let width = state.size.columns
        var left: [Frame.Span] = []
        if state.mode == .searching && !state.suggestions.isEmpty {
            left.append(Frame.Span(" "))
            for (number, word) in state.suggestions.prefix(5).enumerated() {
                if number > 0 { left.append(Frame.Span("  ")) }
                left.append(Frame.Span(Sanitizer.sanitize(word), number == 0 ? Style(bold: true) : Palette.context))
            }
        }
        if state.mode == .files && state.message == nil {
            let toggle = state.fileList.hidesFilesWithoutMatches ? "Tab lists every file" : "Tab hides files without matches"
            left = [Frame.Span(" type to filter · Enter opens · " + toggle + " · Esc back", Palette.context)]
        }
        var right: [Frame.Span] = []
        if state.message == nil && state.mode == .searching {
            right.append(Frame.Span("Esc browse · ^C quit ", Palette.context))
        }
        if let message = state.message {
            right.append(Frame.Span(Sanitizer.sanitize(message.text) + " ", style(of: message.severity)))
        }
        return join(left, right, width: width, fill: .plain)
    }

    /// How a message of `severity` is drawn: problems stand out, notices are bold.
    static func style(of severity: ViewerMessage.Severity) -> Style {
        switch severity {
        case .info: Style.plain
        case .notice: Style(bold: true)
        case .warning, .error: Palette.warning
        }
    }

    // MARK: - Help

    /// The help's lines at `width` columns: a title, then each key and its meaning, the meaning
    /// on the following lines (indented) when the two do not fit side by side.
    static func helpText(width: Int) -> [String] {
        let keysWidth = helpLines.map { DisplayWidth.of($0.keys) }.max() ?? 0
        var lines = [" Seek — keys", ""]
        for line in helpLines {
            let together = " " + pad(line.keys, to: keysWidth) + "  " + line.meaning
            if DisplayWidth.widest(together) + 1 <= width {
                lines.append(together)
                continue
            }
            lines.append(" " + line.keys)
            var rest = Substring(line.meaning)
            while !rest.isEmpty {
                let room = max(1, width - 5)
                var piece = DisplayWidth.prefix(String(rest), fitting: room)
                if piece.count < rest.count, let space = piece.lastIndex(of: " "), space > piece.startIndex {
                    piece = String(piece[..<space])
                }
                if piece.isEmpty { piece = String(rest.prefix(1)) }
                lines.append("    " + piece)
                rest = rest.dropFirst(piece.count).drop { $0 == " " }
            }
        }
        return lines
    }

    private static func overlayHelp(on rows: inout [[Frame.Span]], state: ViewerState) {
        let size = state.size
        let lines = helpText(width: size.columns)
        let boxWidth = min(size.columns, (lines.map { DisplayWidth.widest($0) }.max() ?? 0) + 2)
        let scrolls = lines.count > size.rows
        let shownCount = scrolls ? max(0, size.rows - 1) : lines.count
        let first = scrolls ? min(state.helpTop, max(0, lines.count - shownCount)) : 0
        var box = Array(lines[first..<min(lines.count, first + shownCount)])
        if scrolls {
            let more = first + shownCount < lines.count ? "↓ more: j k Space b" : "end: q or Esc closes"
            box.append(" " + more)
        }
        let top = max(0, (size.rows - box.count) / 2)
        let left = max(0, (size.columns - boxWidth) / 2)
        for (offset, line) in box.enumerated() where top + offset < rows.count {
            let text = pad(DisplayWidth.prefix(line, fitting: boxWidth), to: boxWidth)
            var row: [Frame.Span] = left > 0 ? [Frame.Span(String(repeating: " ", count: left))] : []
            let isTitle = first + offset == 0
            let isFooter = scrolls && offset == box.count - 1
            row.append(Frame.Span(text, isTitle || isFooter ? Style(bold: true, inverse: true) : Palette.bar))
            rows[top + offset] = row
        }
    }

    // MARK: - Helpers

    /// `left` then `right` aligned to the right edge, padded with `fill`; the left side gives way first.
    static func join(_ left: [Frame.Span], _ right: [Frame.Span], width: Int, fill: Style) -> [Frame.Span] {
        let rightSpans = truncate(right, to: width)
        let rightWidth = rightSpans.reduce(0) { $0 + DisplayWidth.widest($1.text) }
        let leftSpans = truncate(left, to: max(0, width - rightWidth))
        let leftWidth = leftSpans.reduce(0) { $0 + DisplayWidth.widest($1.text) }
        let gap = max(0, width - leftWidth - rightWidth)
        var row = leftSpans
        if gap > 0 { row.append(Frame.Span(String(repeating: " ", count: gap), fill)) }
        return row + rightSpans
    }

    /// The spans cut to `width` columns (as the widest terminal draws them), never inside a character.
    static func truncate(_ spans: [Frame.Span], to width: Int) -> [Frame.Span] {
        var result: [Frame.Span] = []
        var used = 0
        for span in spans {
            let spanWidth = DisplayWidth.widest(span.text)
            if used + spanWidth <= width {
                result.append(span)
                used += spanWidth
            } else {
                let cut = DisplayWidth.prefix(span.text, fitting: width - used)
                if !cut.isEmpty { result.append(Frame.Span(cut, span.style)) }
                break
            }
        }
        return result
    }

    static func pad(_ text: String, to width: Int) -> String {
        let fitted = DisplayWidth.prefix(text, fitting: width)
        return fitted + String(repeating: " ", count: max(0, width - DisplayWidth.of(fitted)))
    }
}
