import SeekBytes

/// Converts UTF-8 offsets in a cue's text into the other units tools use.
public enum TextOffsets {
    /// The number of Unicode scalars in the first `utf8Offset` bytes of `text`.
    public static func scalars(_ utf8Offset: Int, in text: Substring) -> Int {
        text.utf8.withByteView { count($0, 0..<min(utf8Offset, $0.count)).scalars }
    }

    /// The number of UTF-16 code units in the first `utf8Offset` bytes of `text`.
    public static func utf16(_ utf8Offset: Int, in text: Substring) -> Int {
        text.utf8.withByteView { count($0, 0..<min(utf8Offset, $0.count)).utf16 }
    }

    /// A UTF-8 range of `text` in Unicode scalars.
    public static func scalarRange(_ range: Range<Int>, in text: Substring) -> Range<Int> {
        text.utf8.withByteView { bytes in
            let (before, inside) = counts(bytes, range)
            return before.scalars..<before.scalars + inside.scalars
        }
    }

    /// A UTF-8 range of `text` in UTF-16 code units.
    public static func utf16Range(_ range: Range<Int>, in text: Substring) -> Range<Int> {
        text.utf8.withByteView { bytes in
            let (before, inside) = counts(bytes, range)
            return before.utf16..<before.utf16 + inside.utf16
        }
    }

    /// What `count` gives before `range` and inside it (both clamped to the bytes).
    private static func counts(_ bytes: ByteView, _ range: Range<Int>) -> (before: Counts, inside: Counts) {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        return (count(bytes, 0..<lower), count(bytes, lower..<upper))
    }

    /// Unicode scalars, UTF-16 code units and line feeds in some UTF-8 bytes.
    package typealias Counts = (scalars: Int, utf16: Int, lineFeeds: Int)

    /// The scalars, UTF-16 code units and line feeds in `bytes[range]` (valid UTF-8): every byte
    /// but a continuation byte starts a scalar, and a 4-byte one is two UTF-16 units.
    ///
    /// - Complexity: O(range.count).
    package static func count(_ bytes: ByteView, _ range: Range<Int>) -> Counts {
        var scalars = 0
        var utf16 = 0
        var lineFeeds = 0
        for index in range {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 {
                scalars += 1
                utf16 += byte >= 0xF0 ? 2 : 1
                if byte == 0x0A { lineFeeds += 1 }
            }
        }
        return (scalars, utf16, lineFeeds)
    }
}
