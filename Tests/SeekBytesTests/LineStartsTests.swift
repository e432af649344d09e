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
                    let count = LineStarts.countLineFeeds(in: buffer, range, lookingAtStartsAtMost: 0x39,
                                                          orIn: 0x5B...0x5C) { looked.append($0); return true }
                    #expect(count == bytes[range].filter { $0 == 0x0A }.count, "\(range)")
                    #expect(looked == expected, "\(range)")
                    if let stop = expected.dropFirst().first {
                        #expect(LineStarts.countLineFeeds(in: buffer, range, lookingAtStartsAtMost: 0x39,
                                                          orIn: 0x5B...0x5C) { $0 != stop } == nil)
                    }
                }
            }
        }
    }

    /// Lines of ordinary length (a line feed in tens of bytes, as in prose and subtitles), whose
    /// first bytes are those at and around the ones asked about, against a byte loop: the steps of
    /// sixty-four bytes hold a line start to look at now and then, in any of their chunks and lanes.
    ///
    /// Each step's fast test reads complements of the bytes after line feeds, so other limits and
    /// bands, down to a band of one byte and a limit of NUL, are tried as well.
    @Test(arguments: [(UInt8(0x39), UInt8(0x5B)...0x5C), (0x00, 0x80...0x80), (0x20, 0xE3...0xE9), (0x41, 0x00...0xFE)])
    func sparseLineStartsAreLookedAtAsAByteLoopFindsThem(atMost: UInt8, band: ClosedRange<UInt8>) {
        let firsts: [UInt8] = [0x00, 0x01, 0x09, 0x20, 0x21, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x42, 0x5A, 0x5B, 0x5C, 0x5D,
                               0x61, 0x7F, 0x80, 0x81, 0xE2, 0xE3, 0xE4, 0xE9, 0xEA, 0xFE, 0xFF]
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for round in 0..<200 {
            var bytes: [UInt8] = []
            let length = 1 + next(round < 100 ? 600 : 9_000)
            while bytes.count < length {
                // A line start of one of the bytes asked about or near them, then ordinary bytes.
                bytes.append(next(4) == 0 ? firsts[next(firsts.count)] : 0x61 + UInt8(next(26)))
                for _ in 0..<next(90) { bytes.append(next(12) == 0 ? 0x20 : 0x61 + UInt8(next(26))) }
                bytes.append(0x0A)
            }
            if next(2) == 0 { bytes.removeLast() }
            bytes.withUnsafeBufferPointer { buffer in
                for range in [0..<bytes.count, Swift.min(next(70), bytes.count)..<bytes.count] {
                    let starts = [range.lowerBound] + range.filter { $0 + 1 < range.upperBound && bytes[$0] == 0x0A }.map { $0 + 1 }
                    let expected = range.isEmpty ? [] : starts.filter { bytes[$0] <= atMost || band.contains(bytes[$0]) }
                    var looked: [Int] = []
                    let count = LineStarts.countLineFeeds(in: buffer, range, lookingAtStartsAtMost: atMost,
                                                          orIn: band) { looked.append($0); return true }
                    #expect(count == bytes[range].filter { $0 == 0x0A }.count, "round \(round), \(range)")
                    #expect(looked == expected, "round \(round), \(range)")
                    if expected.count > 1 {
                        let stop = expected[next(expected.count - 1) + 1]
                        var before: [Int] = []
                        #expect(LineStarts.countLineFeeds(in: buffer, range, lookingAtStartsAtMost: atMost,
                                                          orIn: band) { before.append($0); return $0 != stop } == nil)
                        #expect(before == Array(expected.prefix { $0 != stop }) + [stop], "round \(round)")
                    }
                }
            }
        }
    }
}
