/// How many NUL bytes (at even and at odd offsets) and other control bytes a sample holds:
/// what tells UTF-16 without a byte order mark, and binary data, from text.
///
/// Tabs, line breaks (0x09–0x0D) and Esc are text, not counted.
public struct ControlByteCounts: Sendable, Equatable {
    package private(set) var nulsAtEven = 0
    package private(set) var nulsAtOdd = 0
    package private(set) var controls = 0

    /// - Complexity: O(n), eight bytes at a time.
    package init(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { count($0) }
        if done == nil { Array(bytes).withUnsafeBufferPointer { count($0) } }
    }

    private mutating func count(_ buffer: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        while offset < buffer.count {
            // Bytes below 0x20, exactly; tabs and line breaks (0x09...0x0D) need no look.
            let word = WordBytes.load(buffer, at: offset, padding: 0x20)
            let low = WordBytes.below(word, 0x20)
            if low & ~(WordBytes.below(word, 0x0E) & ~WordBytes.below(word, 0x09)) != 0 {
                var marks = low
                while marks != 0 {
                    let position = offset + marks.trailingZeroBitCount / 8
                    marks &= marks - 1
                    switch buffer[position] {
                    case 0: if position & 1 == 0 { nulsAtEven += 1 } else { nulsAtOdd += 1 }
                    case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B: break
                    default: controls += 1
                    }
                }
            }
            offset += 8
        }
    }
}
