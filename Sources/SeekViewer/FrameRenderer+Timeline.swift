import SeekKit

/// The timeline strip under the text, and the small strips of the file list.
extension FrameRenderer {
    /// Dashes where nothing matches.
    static let emptyCell: Character = "─"
    /// The current match's cell.
    static let currentCell: Character = "◆"
    /// The shade of the cells the view shows (inverse video without colours).
    static let inViewShade = Style(background: .black, brightBackground: true)

    /// The strip's row: the file's length in the time column (its last cue's number when untimed),
    /// then the strip.
    static func timelineRow(_ state: ViewerState) -> [Frame.Span] {
        let columns = state.timelineColumns
        let timeline = state.timeline
        var spans: [Frame.Span] = []
        if columns.lowerBound > 0 {
            let label: String
            switch timeline.axis {
            case .time(_, let end): label = String(Timestamp.format(max(0, end)).prefix { $0 != "." })
            case .cues(let count): label = String(count)
            }
            let fitted = DisplayWidth.prefix(label, fitting: columns.lowerBound - 1)
            spans.append(Frame.Span(String(repeating: " ", count: max(0, columns.lowerBound - 1 - fitted.count)) + fitted + " ",
                                    Palette.timestamp))
        }
        return truncate(spans + strip(timeline), to: state.size.columns)
    }

    /// A strip's cells as spans, neighbours of one style in one span: a bar in its keyword's colour
    /// as tall as its share of the busiest cell, `◆` on the current match, the view's cells shaded.
    static func strip(_ timeline: Timeline) -> [Frame.Span] {
        var spans: [Frame.Span] = []
        for cell in timeline.cells {
            let glyph: Character
            var style: Style
            if cell.isCurrent {
                glyph = currentCell
                style = Palette.match(token: cell.token, current: true)
            } else if cell.count > 0 {
                glyph = Timeline.bar(count: cell.count, busiest: timeline.busiest)
                style = Style(foreground: Palette.match(token: cell.token).background)
                if cell.token >= Palette.keywordColors.count { style.underline = true }
            } else {
                glyph = emptyCell
                style = Palette.context
            }
            if cell.isInView && !cell.isCurrent {
                style.background = inViewShade.background
                style.brightBackground = inViewShade.brightBackground
                style.dim = false
            }
            if let last = spans.last, last.style == style {
                spans[spans.count - 1].text.append(glyph)
            } else {
                spans.append(Frame.Span(String(glyph), style))
            }
        }
        return spans
    }
}
