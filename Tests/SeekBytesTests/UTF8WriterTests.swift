import Testing
@testable import SeekBytes

/// `UTF8Writer` writes what the standard library encodes, and U+FFFD for what is not a scalar.
@Suite struct UTF8WriterTests {
    @Test func writesTheScalarsUTF8() {
        let cases: [UInt32] = [0, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF]
        for value in cases {
            var out: [UInt8] = [0x2A]
            UTF8Writer.append(value, to: &out)
            #expect(out == [0x2A] + Array(String(Unicode.Scalar(value)!).utf8), "\(value)")
        }
    }

    @Test func writesTheReplacementCharacterForWhatIsNotAScalar() {
        let cases: [UInt32] = [0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, UInt32.max]
        for value in cases {
            var out: [UInt8] = []
            UTF8Writer.append(value, to: &out)
            #expect(out == UTF8Writer.replacementCharacter, "\(value)")
        }
    }

    /// Every scalar (and the values around and past them) is written as the standard library writes it.
    @Test func everyValueIsEncodedAsTheStandardLibraryEncodesIt() {
        var value: UInt32 = 0
        while value <= 0x11_0100 {
            let (bytes, width) = UTF8Writer.encode(value)
            var expected: [UInt8] = []
            Unicode.UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { expected.append($0) }
            let written = (0..<width).map { UInt8(truncatingIfNeeded: bytes >> (8 * UInt32($0))) }
            #expect(written == expected, "\(value)")
            if written != expected { break }
            value += value < 0x1_1000 ? 1 : 13
        }
    }
}
