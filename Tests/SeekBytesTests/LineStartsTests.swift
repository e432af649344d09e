import Testing
@testable import SeekBytes

/// Line feeds counted sixteen bytes at a time, and the lines looked at, equal a byte loop's.
@Suite struct LineStartsTests {
    @Test func countsLineFeedsAndLooksAtTheLinesAsked() {
        let cases: [Int] = [0, 1, 16, 17, 18, 64, 65, 66, 100, 129, 200, 63 * 64 + 65, 63 * 64 + 130, 255 * 16 + 40]
        for length in cases {
            var state: UInt64 = UInt64(length) &+ 3
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Array("\n\n 1[\\ab".utf8)[Int(state >> 61)]
            }
            bytes.withUnsafeBufferPointer { buffer in
                for range in [0..<length, min(5, length)..<length] {
                    let starts = [range.lowerBound] + range.filter { $0 + 1 < range.upperBound && bytes[$0] == 0x0A }.map { $0 + 1 }
                    let expected = range.isEmpty ? [] : starts.filter { bytes[$0] <= 0x39 || bytes[$0] == 0x5B || bytes[$0] == 0x5C }
                    var looked: [Int] = []
                    let count = LineStarts.countLineFeeds(in: buffer, range, lookingAtStartsAtMost: 0x39, also: 0x5B,
                                                          orAlso: 0x5C) { looked.append($0); return true }
                    #expect(count == bytes[range].filter { $0 == 0x0A }.count, "\(range)")
                    #expect(looked == expected, "\(range)")
                    if let stop = expected.dropFirst().first {
                        #expect(LineStarts.countLineFeeds(in: buffer, range, lookingAtStartsAtMost: 0x39, also: 0x5B,
                                                          orAlso: 0x5C) { $0 != stop } == nil)
                    }
                }
            }
        }
    }
}
