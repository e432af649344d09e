/// Eight bytes of text in one `UInt64` (as loaded from memory on a little-endian machine):
/// the tests the byte scans share.
public enum WordBytes {
    @inlinable package static var highBits: UInt64 { 0x8080_8080_8080_8080 }
    @inlinable package static var lowBits: UInt64 { 0x7F7F_7F7F_7F7F_7F7F }

    /// The eight bytes of `bytes` at `index`; near the end, the bytes left followed by `padding`.
    @inlinable @inline(__always)
    package static func load(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, padding: UInt8) -> UInt64 {
        guard let base = bytes.baseAddress else { return spread(padding) }
        if index + 8 <= bytes.count { return UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) }
        var word = spread(padding)
        for offset in 0..<(bytes.count - index) {
            word = word & ~(0xFF << (offset * 8)) | UInt64(base[index + offset]) << (offset * 8)
        }
        return word
    }

    /// `byte` in each of the eight places.
    @inlinable @inline(__always)
    package static func spread(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// Marks (with 0x80) exactly the zero bytes of `word`.
    @inlinable @inline(__always)
    package static func zeros(_ word: UInt64) -> UInt64 {
        ~(((word & lowBits) &+ lowBits) | word | lowBits)
    }

    /// Marks (with 0x80) each byte of `word` that may be zero: every zero byte, and perhaps a
    /// 0x01 byte after one; one step cheaper than `zeros`, for scans that look again at a mark.
    @inlinable @inline(__always)
    package static func mayBeZero(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & highBits
    }

    /// Marks (with 0x80) exactly the bytes of `word` below `limit` (at most 0x80).
    @inlinable @inline(__always)
    package static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        ~(((word & lowBits) &+ spread(0x80 - limit)) | word) & highBits
    }

    /// Marks (with 0x80) exactly the bytes of `word` equal to `byte`.
    @inlinable @inline(__always)
    package static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 { zeros(word ^ spread(byte)) }

    /// How many ASCII digits `word` starts with (its first bytes in memory), 0 to 8.
    ///
    /// A byte is a digit when it XOR `0`, and that plus 6, both fit in four bits; a carry out of
    /// a byte that is no digit reaches only the bytes after it.
    @inlinable @inline(__always)
    package static func leadingDigits(_ word: UInt64) -> Int {
        let offsets = word ^ spread(0x30)
        let notDigits = (offsets | (offsets &+ spread(0x06))) & spread(0xF0)
        return notDigits.trailingZeroBitCount / 8
    }

    /// The value of the first `digits` (1 to 8) bytes of `word`, ASCII digits (`leadingDigits`):
    /// aligned to the word's end, then pairs, fours and eights of digits joined by multiplying.
    @inlinable @inline(__always)
    package static func value(_ word: UInt64, digits: Int) -> UInt64 {
        var value = (word & 0x0F0F_0F0F_0F0F_0F0F) << UInt64((8 - digits) * 8)
        value = (value &* 2561) >> 8 & 0x00FF_00FF_00FF_00FF
        value = (value &* 6_553_601) >> 16 & 0x0000_FFFF_0000_FFFF
        return (value &* 42_949_672_960_001) >> 32
    }
}
