/// Converts UTF-8 offsets in a cue's text into the other units tools use.
public enum TextOffsets {
    /// The number of Unicode scalars in the first `utf8Offset` bytes of `text`.
    public static func scalars(_ utf8Offset: Int, in text: Substring) -> Int {
        var count = 0
        for byte in text.utf8.prefix(utf8Offset) where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The number of UTF-16 code units in the first `utf8Offset` bytes of `text`.
    public static func utf16(_ utf8Offset: Int, in text: Substring) -> Int {
        var count = 0
        for byte in text.utf8.prefix(utf8Offset) where byte & 0xC0 != 0x80 {
            count += byte >= 0xF0 ? 2 : 1
        }
        return count
    }

    /// A UTF-8 range of `text` in Unicode scalars.
    public static func scalarRange(_ range: Range<Int>, in text: Substring) -> Range<Int> {
        let lower = scalars(range.lowerBound, in: text)
        let inside = text.utf8.dropFirst(range.lowerBound).prefix(range.count)
        return lower..<lower + inside.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    }

    /// A UTF-8 range of `text` in UTF-16 code units.
    public static func utf16Range(_ range: Range<Int>, in text: Substring) -> Range<Int> {
        let lower = utf16(range.lowerBound, in: text)
        let inside = text.utf8.dropFirst(range.lowerBound).prefix(range.count)
        return lower..<lower + inside.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? ($1 >= 0xF0 ? 2 : 1) : 0) }
    }
}
