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
                for range in [0..<length, min(3, length)..<length, 0..<max(0, length - 5)] {
                    let expected = bytes[range].filter { $0 == 0x0A }.count
                    #expect(ByteCounting.count(0x0A, in: buffer, range) == expected, "\(range)")
                }
            }
        }
    }
}
