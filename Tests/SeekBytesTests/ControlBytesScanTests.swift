import Testing
@testable import SeekBytes

/// `hasControlBytes` finds exactly the bytes below 0x20 other than 0x09–0x0D, wherever they lie
/// in a word, in the tail after the last sixteen bytes, or not at all.
@Suite struct ControlBytesScanTests {
    @Test func findsEveryControlByteAndOnlyThem() {
        let text = Array("The budget is ready.\r\n\tÉté: 0x0B\u{0B}\u{0C} fine".utf8)
        for length in [0, 1, 7, 15, 16, 17, 31, 33, 40] {
            let plain = Array(text.prefix(length))
            #expect(plain.withByteView { $0.hasControlBytes } == false, "\(length) bytes of text")
            for position in 0..<length {
                for byte in UInt8(0)...0x20 {
                    var bytes = plain
                    bytes[position] = byte
                    let expected = byte < 0x20 && !(0x09...0x0D).contains(byte)
                    #expect(bytes.withByteView { $0.hasControlBytes } == expected,
                            "0x\(String(byte, radix: 16)) at \(position) of \(length)")
                }
            }
        }
    }
}
