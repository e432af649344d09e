import SeekBytes

extension TimestampedTextParser {
    /// What `untimedCueCount` gives for a text without carriage returns, with its number of
    /// line feeds, in one pass: line feeds are counted sixteen bytes at a time, and only
    /// lines that start with a byte a blank line or a timestamp can start with are read.
    ///
    /// - Returns: the cues (lines holding more than spaces and tabs) and line feeds, or
    ///   `nil` when a line starts with a timestamp.
    /// - Complexity: O(n).
    static func untimedCensus(_ buffer: ByteView) -> (cues: Int, lineFeeds: Int)? {
        var blankLines = 0
        // Timestamps start with a digit, `-`, `(`, `[` or `\`; blank lines with a line feed, space or tab.
        let lineFeeds = LineStarts.countLineFeeds(
            in: buffer, 0..<buffer.count, lookingAtStartsAtMost: UInt8(ascii: "9"),
            orIn: UInt8(ascii: "[")...UInt8(ascii: "\\")
        ) { start in
            var end = start
            var blank = true
            while end < buffer.count && buffer[end] != 0x0A {
                if buffer[end] != 0x20 && buffer[end] != 0x09 { blank = false }
                end += 1
            }
            if blank {
                blankLines += 1
                return true
            }
            return leadingTimestamp(buffer, start, end) == nil
        }
        guard let lineFeeds else { return nil }
        let lines = lineFeeds + (buffer.last.map { $0 != 0x0A } ?? false ? 1 : 0)
        return (lines - blankLines, lineFeeds)
    }
}
