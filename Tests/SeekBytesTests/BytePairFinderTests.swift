import Testing
@testable import SeekBytes

/// The pair finder stops at exactly the places a byte-by-byte check of both bytes stops at.
@Suite struct BytePairFinderTests {
    static let finders: [(BytePairFinder, String)] = [
        (BytePairFinder(.init(offset: 0, orMask: 0x20, target: 0x61), .init(offset: 2, orMask: 0x20, target: 0x62)), "a?b"),
        (BytePairFinder(.init(offset: 1, target: 0x20, alternative: 0x0A), .init(offset: 0, target: 0xE4)), "\u{E4} space"),
        (BytePairFinder(.init(offset: 0, target: 0xE4), .init(offset: 1, target: 0x20, alternative: 0x0A)), "\u{E4} space, second"),
        (BytePairFinder(.init(offset: 0, target: 0x62), .init(offset: 0, target: 0x62)), "b alone"),
    ]

    @Test func findsEveryPlaceABytewiseCheckFinds() {
        let cases: [Int] = [1, 16, 17, 31, 32, 33, 40, 48, 49, 63, 64, 65, 66, 80, 81, 96, 97, 333]
        for length in cases {
            var state: UInt64 = UInt64(length)
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return [0x61, 0x41, 0x62, 0x42, 0x20, 0x0A, 0xE4, 0x63][Int(state >> 61)]
            }
            for (finder, name) in Self.finders {
                let reach = max(finder.first.offset, finder.second.offset)
                let expected = (0..<length).filter { place in
                    place + reach < length && finder.first.matches(bytes[place + finder.first.offset])
                        && finder.second.matches(bytes[place + finder.second.offset])
                }
                var found: [Int] = []
                bytes.withUnsafeBufferPointer { buffer in
                    var place = 0
                    while place < length {
                        place = finder.next(in: buffer, from: place, to: length)
                        if place < length { found.append(place) }
                        place += 1
                    }
                }
                #expect(found == expected, "\(name)")
            }
        }
    }
}
