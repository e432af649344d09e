import SeekKit

/// The file list (`l`): one row per file, only the rows on screen drawn.
extension FrameRenderer {
    /// The list's rows: a mark on the file on screen, the file's match count (`…` until searched,
    /// `!` when it could not be read), a small timeline of its matches where the terminal is wide
    /// enough, its name, and for an unreadable file why. Files without a
    /// match are dimmed; the selected row is drawn inverted, all but its strip, whose bars keep
    /// their keywords' colours (inverted, a bar would turn into a block of colour around a
    /// background-coloured glyph).
    static func fileList(_ state: ViewerState) -> [[Frame.Span]] {
        let height = state.listHeight
        var rows = Array(repeating: [Frame.Span](), count: height)
        guard height > 0 else { return rows }
        let list = state.fileList
        let width = state.size.columns
        if list.rowCount == 0 {
            let why = list.filter.isEmpty ? " no file has a match" : " no file's name contains \u{201C}\(Sanitizer.sanitize(list.filter))\u{201D}"
            rows[0] = truncate([Frame.Span(why, Palette.context)], to: width)
            return rows
        }
        let countWidth = max(3, String(state.matches.total).count)
        for offset in 0..<height {
            let row = list.top + offset
            guard row < list.rowCount else { break }
            let file = list.file(atRow: row)
            var (spans, strip) = fileRow(state, file: file, countWidth: countWidth, width: width)
            if row == list.selection {
                for index in spans.indices where !strip.contains(index) {
                    spans[index].style = selected(spans[index].style)
                }
                let used = spans.reduce(0) { $0 + DisplayWidth.widest($1.text) }
                if used < width { spans.append(Frame.Span(String(repeating: " ", count: width - used), Palette.bar)) }
            }
            rows[offset] = truncate(spans, to: width)
        }
        return rows
    }

    /// One file's row, at most `width` columns, and which of its spans are the strip.
    private static func fileRow(_ state: ViewerState, file: Int, countWidth: Int, width: Int)
        -> (spans: [Frame.Span], strip: Range<Int>) {
        let entry = state.files[file]
        let count = state.matchCount(inFile: file)
        let failure = entry.failure
        let countText: String
        if failure != nil {
            countText = "!"
        } else if state.query.isEmpty {
            countText = ""
        } else {
            countText = count.map(String.init) ?? "…"
        }
        let dimmed = failure != nil || count == 0
        var spans = [
            Frame.Span(file == state.currentFile ? "▸ " : "  ", Style(bold: true)),
            Frame.Span(String(repeating: " ", count: max(0, countWidth - countText.count)) + countText + "  ",
                       failure != nil ? Palette.warning : dimmed ? Palette.context : Style(bold: true)),
        ]
        var room = width - 2 - countWidth - 2
        var strip = spans.endIndex..<spans.endIndex
        if width >= fileStripMinimumWidth {
            spans += fileStrip(state, file: file)
            strip = strip.lowerBound..<spans.endIndex
            spans.append(Frame.Span("  "))
            room -= fileStripWidth + 2
        }
        let name = Sanitizer.sanitize(entry.name)
        guard let failure else {
            if let shown = SearchBar.shortenedName(name, fitting: room) {
                spans.append(Frame.Span(shown, dimmed ? Palette.context : .plain))
                switch entry.changeOnDisk {
                case .deleted?: spans.append(Frame.Span(" — deleted after it was read", Palette.warning))
                case .changed?: spans.append(Frame.Span(" — changed on disk after it was read", Palette.warning))
                case nil: break
                }
            }
            return (spans, strip)
        }
        // The message names the file first (and the line, `NAME:LINE: …`); the row already names it.
        var reason = failure.hasPrefix(entry.name + ":") ? String(failure.dropFirst(entry.name.count + 1)) : " " + failure
        if reason.first?.isASCII == true, reason.first?.isNumber == true { reason = " line " + reason }
        let nameRoom = max(min(DisplayWidth.widest(name), room / 2), room - DisplayWidth.widest(reason) - 2)
        if let shown = SearchBar.shortenedName(name, fitting: nameRoom) {
            spans.append(Frame.Span(shown, Palette.context))
            spans.append(Frame.Span(" —" + Sanitizer.sanitize(reason), Palette.warning))
        }
        return (spans, strip)
    }

    /// The cells of each file's own strip in the list.
    static let fileStripWidth = 12
    /// The narrowest terminal whose file list shows the strips.
    static let fileStripMinimumWidth = 56

    /// `file`'s strip (blank until searched, and for an empty query); the current match marked in
    /// the file on screen.
    private static func fileStrip(_ state: ViewerState, file: Int) -> [Frame.Span] {
        guard state.matchCount(inFile: file) != nil, let transcript = state.files[file].transcript,
              let index = state.matches.index(ofFile: file) else {
            return [Frame.Span(String(repeating: " ", count: fileStripWidth))]
        }
        let current = file == state.currentFile ? state.navigator.current : nil
        return strip(Timeline(transcript: transcript, index: index, width: fileStripWidth, current: current))
    }

    private static func selected(_ style: Style) -> Style {
        var style = style
        style.inverse = true
        style.dim = false
        return style
    }

    /// The list's bottom line: the filter being typed (the cursor after it), then how many files are
    /// listed, how many have a match, and the search's progress.
    static func fileListBar(_ state: ViewerState) -> (spans: [Frame.Span], cursor: Int?) {
        let width = max(0, state.size.columns - 1)
        let list = state.fileList
        let total = state.files.count
        var counts = list.isNarrowed ? " \(list.rowCount) of \(total) files" : " \(total) file\(total == 1 ? "" : "s")"
        if !state.query.isEmpty {
            let matches = state.matches
            if state.isSearching {
                counts += " · searching \(matches.generation == state.generation ? matches.searchedCount : 0)/\(total)"
            } else {
                counts += " · \(matches.filesWithMatches) with matches"
            }
        }
        counts += " "
        let label = " files: "
        let countWidth = DisplayWidth.widest(counts)
        let filter = Sanitizer.sanitize(list.filter)
        let room = max(0, width - DisplayWidth.widest(label) - (countWidth + 1 <= width / 2 ? countWidth : 0))
        let shown = SearchBar.fit(filter, cursor: filter.count, width: room)
        var left = [Frame.Span(label, Palette.bar)]
        if !shown.text.isEmpty { left.append(Frame.Span(shown.text, Style(bold: true, inverse: true))) }
        let cursor = min(DisplayWidth.widest(label) + shown.cursor, max(0, width - 1))
        let right = DisplayWidth.widest(label) + shown.cursor + 1 + countWidth <= width ? [Frame.Span(counts, Palette.bar)] : []
        return (join(left, right, width: width, fill: Palette.bar), cursor)
    }
}
