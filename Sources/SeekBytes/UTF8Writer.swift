/// Appends Unicode scalars to a UTF-8 byte buffer, by the standard library's encoder.
public enum UTF8Writer {
    package static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Appends the scalar `value`, or U+FFFD when it is not one (a surrogate, or past U+10FFFF).
    @inlinable
    package static func append(_ value: UInt32, to output: inout [UInt8]) {
        Unicode.UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { output.append($0) }
    }
}
