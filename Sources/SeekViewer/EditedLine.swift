/// A line of text being typed and its cursor: the search field and the export prompt edit
/// through it, so the keys that move and delete mean the same in both.
///
/// The cursor counts characters (grapheme clusters) and always lies in `0...text.count`, also
/// when typed text joins the character before it (a combining accent after a letter).
public struct EditedLine: Hashable, Sendable {
    public private(set) var text: String
    /// The cursor position in `text`, in characters.
    public private(set) var cursor: Int

    /// `text` with the cursor at its end.
    public init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// What an editing key did.
    public enum Edit: Hashable, Sendable {
        /// The text changed.
        case changed
        /// Only the cursor moved (or stayed, at an edge).
        case moved
        /// Nothing: the key had nothing to delete.
        case unchanged
    }

    /// Applies one of the editing keys every line field shares: Backspace, Delete and Ctrl-D,
    /// Ctrl-U (clear), Left/Ctrl-B, Right/Ctrl-F, Home/Ctrl-A, End/Ctrl-E. `nil` for any other key.
    public mutating func apply(_ key: Key) -> Edit? {
        switch key {
        case .backspace:
            guard cursor > 0 else { return .unchanged }
            text.remove(at: index(cursor - 1))
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < text.count else { return .unchanged }
            text.remove(at: index(cursor))
        case .control("u"):
            guard !text.isEmpty else { return .unchanged }
            self = EditedLine()
        case .left, .control("b"):
            cursor = max(0, cursor - 1)
            return .moved
        case .right, .control("f"):
            cursor = min(text.count, cursor + 1)
            return .moved
        case .home, .control("a"):
            cursor = 0
            return .moved
        case .end, .control("e"):
            cursor = text.count
            return .moved
        default:
            return nil
        }
        cursor = min(cursor, text.count)
        return .changed
    }

    /// Inserts `typed` at the cursor and moves the cursor past it (past the character it ends
    /// in, when it joins the one after it).
    public mutating func insert(_ typed: String) {
        let head = String(text[..<index(cursor)]) + typed
        text.insert(contentsOf: typed, at: index(cursor))
        cursor = min(head.count, text.count)
    }

    /// Moves the cursor to the end of the text.
    public mutating func moveToEnd() {
        cursor = text.count
    }

    /// The word the cursor ends: the characters before it back to a space.
    public var wordBeforeCursor: String {
        String(text.prefix(cursor).split(separator: " ", omittingEmptySubsequences: false).last ?? "")
    }

    /// Deletes the word before the cursor and the spaces after it, as Ctrl-W does in a shell.
    public mutating func deleteWordBeforeCursor() {
        let characters = Array(text)
        var start = cursor
        while start > 0 && characters[start - 1] == " " { start -= 1 }
        while start > 0 && characters[start - 1] != " " { start -= 1 }
        text = String(characters[..<start] + characters[cursor...])
        cursor = min(start, text.count)
    }

    /// Replaces the word before the cursor with `word` (a completion), the cursor after it.
    public mutating func replaceWordBeforeCursor(with word: String) {
        let length = wordBeforeCursor.count
        let after = text.count - cursor
        text.replaceSubrange(index(cursor - length)..<index(cursor), with: word)
        cursor = text.count - after
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: offset)
    }
}
