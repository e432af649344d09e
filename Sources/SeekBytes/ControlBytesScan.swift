extension ByteView {
    /// Whether the view holds a byte below 0x20 other than a tab or a line break (0x09–0x0D):
    /// a NUL or another control byte, Esc included. What `ControlByteCounts` counts, and Esc,
    /// found without counting: text almost never holds one, and then needs no count at all.
    ///
    /// - Complexity: O(n), sixteen bytes at a time.
    package var hasControlBytes: Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var index = 0
        while index + 16 <= count {
            assert(index >= 0 && index + 16 <= count, "a word outside the view")
            let first = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let second = UnsafeRawPointer(base + index + 8).loadUnaligned(as: UInt64.self)
            // Most chunks of text hold no byte below 0x20 at all (a line feed in one of three).
            if WordBytes.below(first, 0x20) | WordBytes.below(second, 0x20) != 0,
               Self.controlMarks(first) | Self.controlMarks(second) != 0 {
                return true
            }
            index += 16
        }
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 && !(0x09...0x0D).contains(byte) { return true }
            index += 1
        }
        return false
    }

    /// Marks (with 0x80) the bytes of `word` below 0x20 but for 0x09–0x0D.
    @inline(__always)
    private static func controlMarks(_ word: UInt64) -> UInt64 {
        WordBytes.below(word, 0x09) | (WordBytes.below(word, 0x20) & ~WordBytes.below(word, 0x0E))
    }
}
