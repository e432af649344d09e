import Testing
@testable import SeekBytes

/// `ByteView.digitListRunEnd`: the whole sixteen-byte blocks of digits, commas and spaces from a
/// place, found by vector compares, against the same blocks looked at byte by byte.
@Suite struct DigitListRunTests {
    @Test func blocksEndAtTheFirstOneHoldingAnotherByte() {
        let plain = Array("0123456789, ".utf8)
        // Bytes next to the plain ones in value (`+`, `-`, `/`, `:`, `\u{1F}`, `!`), and high bytes.
        let others: [UInt8] = [0x2B, 0x2D, 0x2F, 0x3A, 0x1F, 0x21, 0x5D, 0x80, 0xAC, 0xB0, 0xFF, 0x00]
        var generator = SeededRandom(seed: 0xD1_6175)
        for _ in 0..<3000 {
            let count = Int.random(in: 0...120, using: &generator)
            var bytes = (0..<count).map { _ in plain.randomElement(using: &generator)! }
            if count > 0, Int.random(in: 0...3, using: &generator) > 0 {
                bytes[Int.random(in: 0..<count, using: &generator)] = others.randomElement(using: &generator)!
            }
            let start = Int.random(in: 0...count, using: &generator)
            var expected = start
            while expected + 16 <= count, bytes[expected..<(expected + 16)].allSatisfy({ plain.contains($0) }) {
                expected += 16
            }
            let found = bytes.withByteView { $0.digitListRunEnd(from: start) }
            #expect(found == expected, "\(bytes) from \(start)")
        }
    }
}
