import Testing
@testable import SeekBytes

/// The eight-bytes-at-once tests, each byte value in each place, next to every other kind of byte.
@Suite struct WordBytesTests {
    static func marks(_ word: UInt64) -> [Bool] { (0..<8).map { word >> ($0 * 8 + 7) & 1 == 1 } }

    @Test func marksExactlyTheBytesAsked() {
        let cases: [UInt8] = [0x00, 0x09, 0x0A, 0x20, 0x21, 0x7F, 0x80, 0xC0, 0xFF]
        for neighbour in cases {
            for value in 0...255 as ClosedRange<UInt8> {
                for place in 0..<8 {
                    var bytes = [UInt8](repeating: neighbour, count: 8)
                    bytes[place] = value
                    let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << ($1.offset * 8) }
                    #expect(Self.marks(WordBytes.zeros(word)) == bytes.map { $0 == 0 }, "\(neighbour)")
                    #expect(Self.marks(WordBytes.equal(word, 0x0A)) == bytes.map { $0 == 0x0A }, "\(neighbour)")
                    for limit in [0x01, 0x21, 0x80] as [UInt8] {
                        #expect(Self.marks(WordBytes.below(word, limit)) == bytes.map { $0 < limit }, "\(neighbour)")
                    }
                }
            }
        }
    }

    /// Digits up to a place, then each byte value there, then bytes that carry or look like digits.
    @Test func countsTheDigitsAWordStartsWith() {
        for after in [0x37, 0xFF, 0xFA, 0x3A, 0x2F, 0x00] as [UInt8] {
            for value in 0...255 as ClosedRange<UInt8> {
                for place in 0..<8 {
                    var bytes = [UInt8](repeating: after, count: 8)
                    for digit in 0..<place { bytes[digit] = 0x30 + UInt8(digit) }
                    bytes[place] = value
                    let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << ($1.offset * 8) }
                    let expected = bytes.firstIndex { $0 < 0x30 || $0 > 0x39 } ?? 8
                    #expect(WordBytes.leadingDigits(word) == expected, "\(bytes)")
                }
            }
        }
    }
}
