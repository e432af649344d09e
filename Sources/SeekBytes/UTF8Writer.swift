/// Appends Unicode scalars to a UTF-8 byte buffer.
public enum UTF8Writer {
    package static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Appends the scalar `value`, or U+FFFD when it is not one (a surrogate, or past U+10FFFF).
    @inlinable
    package static func append(_ value: UInt32, to output: inout [UInt8]) {
        var (bytes, width) = encode(value)
        for _ in 0..<width {
            output.append(UInt8(truncatingIfNeeded: bytes))
            bytes >>= 8
        }
    }

    /// The UTF-8 of the scalar `value` (U+FFFD when it is not one: a surrogate, or past U+10FFFF),
    /// its first byte lowest in the word, and how many bytes it has.
    @inlinable @inline(__always)
    package static func encode(_ value: UInt32) -> (bytes: UInt32, width: Int) {
        switch value {
        case 0..<0x80:
            return (value, 1)
        case 0x80..<0x800:
            return (0xC0 | value >> 6 | (0x80 | value & 0x3F) << 8, 2)
        case 0x800..<0xD800, 0xE000..<0x10000:
            return (0xE0 | value >> 12 | (0x80 | value >> 6 & 0x3F) << 8 | (0x80 | value & 0x3F) << 16, 3)
        case 0x10000...0x10FFFF:
            return (0xF0 | value >> 18 | (0x80 | value >> 12 & 0x3F) << 8 | (0x80 | value >> 6 & 0x3F) << 16
                        | (0x80 | value & 0x3F) << 24, 4)
        default:
            return (0xBD_BF_EF, 3)
        }
    }
}
