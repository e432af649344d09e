import Testing
@testable import SeekBytes

/// Counting a byte sixteen at a time equals counting it one by one, wherever the range starts and ends.
@Suite struct ByteCountingTests {
    @Test func countsAsAByteLoopDoes() {
        let cases: [Int] = [0, 1, 15, 16, 17, 63, 64, 65, 80, 129, 63 * 64 + 20, 255 * 16 + 3, 5_000]
        for length in cases {
            var state: UInt64 = UInt64(length) &+ 7
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return [0x0A, 0x20, 0x61, 0xE4][Int(state >> 62)]
            }
            bytes.withUnsafeBufferPointer { buffer in
                let starts = [0, 1, 3, 7, 8, 9, 15, 16, 17].filter { $0 <= length }
                let ends = [0, 1, 5, 8, 9, 15, 16, 17].map { length - $0 }.filter { $0 >= 0 }
                for range in starts.flatMap({ start in ends.filter { $0 >= start }.map { start..<$0 } }) {
                    let expected = bytes[range].filter { $0 == 0x0A }.count
                    #expect(ByteCounting.count(0x0A, in: buffer, range) == expected, "\(range)")
                }
            }
        }
    }

    /// Short ranges anywhere in a text: sixteen bytes at most, read as the end of the sixteen
    /// bytes before their end (bytes before the range, not counted) when the text has them.
    @Test func countsShortRangesAsAByteLoopDoes() {
        let bytes = (0..<120).map { UInt8(ascii: $0 % 3 == 0 || $0 % 7 == 0 ? "\n" : "a") }
        bytes.withUnsafeBufferPointer { buffer in
            for start in 0..<60 {
                for end in start...Swift.min(start + 40, bytes.count) {
                    let expected = bytes[start..<end].filter { $0 == 0x0A }.count
                    #expect(ByteCounting.count(0x0A, in: buffer, start..<end) == expected, "\(start)..<\(end)")
                }
            }
        }
    }
}
