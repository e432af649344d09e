/// Terminal control sequences as data; `sequence` is the one place they become escape codes.
public enum TerminalCommand: Hashable, Sendable {
    case enterAlternateScreen
    case exitAlternateScreen
    case hideCursor
    case showCursor
    case clearScreen
    case clearToEndOfLine
    /// Moves the cursor to a 0-based row and column.
    case moveTo(row: Int, column: Int)
    case setStyle(Style)
    case resetStyle
    /// SGR mouse reporting (clicks and wheel).
    case enableMouse
    case disableMouse
    case enableBracketedPaste
    case disableBracketedPaste
    /// Text reaching the right margin stays on its row instead of wrapping (DECAWM off).
    case disableAutowrap
    case enableAutowrap

    /// The escape sequence for this command.
    public var sequence: String {
        switch self {
        case .enterAlternateScreen: return csi + "?1049h"
        case .exitAlternateScreen: return csi + "?1049l"
        case .hideCursor: return csi + "?25l"
        case .showCursor: return csi + "?25h"
        case .clearScreen: return csi + "2J" + csi + "H"
        case .clearToEndOfLine: return csi + "K"
        case let .moveTo(row, column): return csi + "\(row + 1);\(column + 1)H"
        case let .setStyle(style): return Style.reset + style.sgr
        case .resetStyle: return Style.reset
        case .enableMouse: return csi + "?1000h" + csi + "?1006h"
        case .disableMouse: return csi + "?1006l" + csi + "?1000l"
        case .enableBracketedPaste: return csi + "?2004h"
        case .disableBracketedPaste: return csi + "?2004l"
        case .disableAutowrap: return csi + "?7l"
        case .enableAutowrap: return csi + "?7h"
        }
    }

    private var csi: String { "\u{1B}[" }
}
