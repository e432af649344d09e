import SeekBytes

/// A short ASCII literal (one to eight bytes, letters given in lower case) found in text with one
/// load and compare, its letters in either case: `<sync st` matches `<SYNC St`. (Made once, say
/// in a `static let`: the making reads the literal byte by byte.)
///
/// Only letters are matched in both cases: every other byte of the literal is matched by itself
/// alone.
///
///     let sync = CaselessWord("<sync")
///     sync.occurs(in: bytes, at: index)
struct CaselessWord {
    /// The literal's bytes, the first lowest, as a word loaded on the little-endian machines Seek
    /// runs on holds them.
    private let value: UInt64
    /// Bit 5 of each of the literal's letters: set in the text's byte before the compare.
    private let caseBits: UInt64
    /// The bytes of the literal's length.
    private let kept: UInt64
    let count: Int

    init(_ literal: String) {
        let count = literal.utf8.count
        precondition(count >= 1 && count <= 8, "a literal of one to eight bytes")
        var value: UInt64 = 0
        var caseBits: UInt64 = 0
        for (offset, byte) in literal.utf8.enumerated() {
            precondition(byte < 0x80 && !(byte >= 0x41 && byte <= 0x5A), "an ASCII literal in lower case")
            value |= UInt64(byte) << (8 * offset)
            if byte >= 0x61 && byte <= 0x7A { caseBits |= 0x20 << (8 * offset) }
        }
        self.value = value
        self.caseBits = caseBits
        kept = count == 8 ? .max : (1 << (8 * count)) - 1
        self.count = count
    }

    /// Whether `bytes` holds the literal at `index` (the bytes up to its end asked of the view).
    @inline(__always)
    func occurs(in bytes: ByteView, at index: Int) -> Bool {
        guard index >= 0, index + count <= bytes.count else { return false }
        return starts(bytes.loadWord(at: index, padding: 0))
    }

    /// Whether `word` (eight bytes of text, the first lowest) starts with the literal.
    @inline(__always)
    func starts(_ word: UInt64) -> Bool {
        (word | caseBits) & kept == value
    }
}
