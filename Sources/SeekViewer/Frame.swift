import SeekKit

/// One screen of the navigator: rows of styled text, and where the cursor is.
///
/// The renderer makes frames; `bytes(replacing:)` is the one place a frame
/// becomes terminal output, and `plainText` is its form for tests.
public struct Frame: Hashable, Sendable {
    /// A run of text in one style.
    public struct Span: Hashable, Sendable {
        public var text: String
        public var style: Style

        public init(_ text: String, _ style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    /// A cell position, 0-based.
    public struct Position: Hashable, Sendable {
        public var row: Int
        public var column: Int

        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    public var size: TerminalSize
    /// Exactly `size.rows` rows; each fits in `size.columns`.
    public var rows: [[Span]]
    /// Where to show the cursor; hidden when `nil`.
    public var cursor: Position?

    public init(size: TerminalSize, rows: [[Span]], cursor: Position? = nil) {
        self.size = size
        self.rows = rows
        self.cursor = cursor
    }

    /// The text of every row, trailing spaces removed, joined by newlines.
    public var plainText: String {
        rows.map { row in
            var line = row.map(\.text).joined()
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// The terminal output that turns `previous` (or an unknown screen) into this frame.
    ///
    /// Only rows that differ from `previous` are rewritten; with no previous
    /// frame, or one of another size, the whole screen is cleared and drawn.
    /// The bottom-right cell is never written, so no terminal scrolls.
    /// Without `colors` (`NO_COLOR`, `--color never`), styles keep their attributes and lose their
    /// colours (`Style.withoutColors`).
    public func bytes(replacing previous: Frame?, colors: Bool = true) -> String {
        var commands: [TerminalCommand] = [.hideCursor]
        let full = previous == nil || previous?.size != size
        if full { commands.append(.clearScreen) }
        var output = commands.map(\.sequence).joined()
        for (index, row) in rows.enumerated() {
            if !full, let previous, index < previous.rows.count, previous.rows[index] == row { continue }
            output += TerminalCommand.moveTo(row: index, column: 0).sequence
            // Writing the bottom-right cell scrolls some terminals; that cell is left blank.
            let row = index == size.rows - 1 ? FrameRenderer.truncate(row, to: size.columns - 1) : row
            for span in row where !span.text.isEmpty {
                let style = colors ? span.style : span.style.withoutColors
                output += style == .plain
                    ? TerminalCommand.resetStyle.sequence
                    : TerminalCommand.setStyle(style).sequence
                output += span.text
            }
            output += TerminalCommand.resetStyle.sequence
            // A full row leaves the cursor on its last cell, which erasing would blank.
            if row.reduce(0, { $0 + DisplayWidth.widest($1.text) }) < size.columns {
                output += TerminalCommand.clearToEndOfLine.sequence
            }
        }
        if let cursor {
            output += TerminalCommand.moveTo(row: cursor.row, column: cursor.column).sequence
            output += TerminalCommand.showCursor.sequence
        }
        return output
    }
}
