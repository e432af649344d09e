import SeekBytes

/// Spaces and tabs next to a line break inside a cue's text: left out of every format's cue text.
///
/// A matcher reads a cue's line break as one space (`making\nour` is found by `making our`), so a
/// blank at the end of a line or the start of the next (`making \nour`, ASS `making \N our`) would
/// make two separators and lose the phrase. Players show no such blank; the cue's text keeps its
/// lines as they show, and blanks at the very start and end of the text are left as they are.
enum LineBreakBlanks {
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Removes the spaces and tabs before and after each line feed of `text[start...]`.
    ///
    /// - Complexity: O(n) in the bytes from `start`; nothing is moved when there are none.
    static func remove(from text: inout [UInt8], startingAt start: Int = 0) {
        guard var read = text.withByteView({ firstLineFeedWithBlank(in: $0, from: start) }) else { return }
        var write = read
        var afterBreak = false
        while read < text.count {
            let byte = text[read]
            read += 1
            if byte == 0x0A {
                while write > start && isBlank(text[write - 1]) { write -= 1 }
                afterBreak = true
            } else if afterBreak && isBlank(byte) {
                continue
            } else {
                afterBreak = false
            }
            text[write] = byte
            write += 1
        }
        text.removeSubrange(write...)
    }

    /// Whether `text` has a space or tab before or after one of its line feeds.
    ///
    /// - Complexity: O(n).
    static func occur(in text: ByteView) -> Bool { firstLineFeedWithBlank(in: text, from: 0) != nil }

    /// The first line feed of `text[start...]` with a space or tab just before it (from `start` on)
    /// or just after it, found a line feed at a time.
    private static func firstLineFeedWithBlank(in text: ByteView, from start: Int) -> Int? {
        var index = start
        while let found = text.firstIndex(of: 0x0A, in: index..<text.count) {
            if found > start && isBlank(text[found - 1]) || found + 1 < text.count && isBlank(text[found + 1]) { return found }
            index = found + 1
        }
        return nil
    }
}
