import Testing
@testable import SeekKit

@Suite struct TextOffsetsTests {
    /// (text, UTF-8 offset, scalars, UTF-16 units).
    @Test(arguments: [
        ("abc", 2, 2, 2),
        ("é", 2, 1, 1),
        ("e\u{301}x", 3, 2, 2),
        ("👍x", 4, 1, 2),
        ("预算x", 6, 2, 2),
        ("", 0, 0, 0),
    ])
    func converts(text: String, utf8: Int, scalars: Int, utf16: Int) {
        #expect(TextOffsets.scalars(utf8, in: text[...]) == scalars)
        #expect(TextOffsets.utf16(utf8, in: text[...]) == utf16)
        #expect(TextOffsets.scalars(utf8, in: text[...]) == text.utf8.prefix(utf8).count(where: { $0 & 0xC0 != 0x80 }))
    }

    @Test func rangesAgreeWithStringIndices() {
        let text = "👍🏽 says café 预算"
        let utf8 = text.utf8
        for (lower, upper) in [(0, 8), (9, 13), (14, 19), (20, 26)] {
            let start = utf8.index(utf8.startIndex, offsetBy: lower)
            let end = utf8.index(utf8.startIndex, offsetBy: upper)
            let scalars = text.unicodeScalars
            let utf16 = text.utf16
            #expect(TextOffsets.scalarRange(lower..<upper, in: text[...])
                == scalars.distance(from: scalars.startIndex, to: start)..<scalars.distance(from: scalars.startIndex, to: end))
            #expect(TextOffsets.utf16Range(lower..<upper, in: text[...])
                == utf16.distance(from: utf16.startIndex, to: start)..<utf16.distance(from: utf16.startIndex, to: end))
        }
    }
}
