import SeekKit

/// One thing the user did at the keyboard or with the mouse.
public enum Key: Hashable, Sendable {
    /// A printable character (any script).
    case character(Character)
    /// Ctrl plus a letter or symbol, named by its lowercase letter (`.control("c")` is Ctrl-C).
    case control(Character)
    /// Alt (Meta) plus a character, sent as Esc then the character.
    case alt(Character)
    /// Text pasted while bracketed paste was on.
    case paste(String)
    case enter, tab, backTab, backspace, delete, escape
    case up, down, left, right, home, end, pageUp, pageDown
    case mouse(MouseEvent)
    /// A sequence Seek does not know; ignored.
    case unknown([UInt8])
}

/// A mouse report (SGR mode): a press, release or wheel step at a 0-based cell.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        case press(button: Int)
        case release(button: Int)
        case drag(button: Int)
        case wheelUp
        case wheelDown
    }

    public var kind: Kind
    public var row: Int
    public var column: Int

    public init(kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.row = row
        self.column = column
    }
}
