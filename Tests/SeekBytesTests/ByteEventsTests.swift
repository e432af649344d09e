import Testing
@testable import SeekBytes

/// `ByteEvents` hands out the places a byte loop finds, and `BytePattern16` fits where a byte loop says.
@Suite struct ByteEventsTests {
    @Test func handsOutEveryPlaceAByteLoopFinds() {
        for length in [0, 1, 15, 16, 17, 31, 64, 500] {
            var state: UInt64 = UInt64(length) &+ 11
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return state >> 58 < 3 ? Array("\n{&<>?=".utf8)[Int(state >> 40 & 7) % 7] : 0x61
            }
            let chosen: [UInt8] = [0x0A, 0x7B, 0x26, 0x3C, 0x3E]
            bytes.withUnsafeBufferPointer { buffer in
                var events = ByteEvents(buffer, 0x0A, 0x7B, 0x26, orMasked: 0x3E, mask: 0x02)
                for start in Set([0, length / 3, length]) {
                    events.move(to: start)
                    var found: [Int] = []
                    while case let place = events.next(), place < length { found.append(place) }
                    let expected = bytes.indices.filter { $0 >= start && chosen.contains(bytes[$0]) }
                    #expect(found == expected, "length \(length) from \(start)")
                    #expect(events.next() == length, "and then none")
                }
            }
        }
    }

    @Test func aTemplateFitsDigitsAndItsBytes() {
        let pattern = BytePattern16(Array("00:00:00,000 -->".utf8), digit: 0x30, orMasks: [8: 0x02])
        let cases: [(String, Bool)] = [
            ("12:34:56,789 -->", true), ("12:34:56.789 -->", true), ("99:99:99,999 -->", true),
            ("12:34:56/789 -->", false), ("12:34:56,78a -->", false), ("1:34:56,789 --> ", false),
            ("12:34:56,789 ->>", false), ("12;34:56,789 -->", false), ("\u{0}2:34:56,789 -->", false),
        ]
        for (text, fits) in cases {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { #expect(pattern.matches($0, at: 0) == fits, "\(text)") }
        }
    }
}
