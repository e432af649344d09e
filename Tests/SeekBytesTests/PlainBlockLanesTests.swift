import Testing
@testable import SeekBytes

/// `ByteView.plainBlock(from:)` ends a block where `plainBlockEnd(from:)` and a byte loop do,
/// says `.notPlain` only where they decline, and `.undecided` only where the block runs on.
@Suite struct PlainBlockLanesTests {
    @Test(arguments: [0, 1, 16, 32, 33, 34, 48, 62, 63, 64, 65, 66, 95, 96, 97, 200, 1000])
    func agreesWithTheByteLoop(length: Int) {
        let rare = Array("\n \t{&<>=?z'".utf8)
        var ends = 0, notPlain = 0
        for seed: UInt64 in 0..<12 {
            var state = UInt64(length) &* 131 &+ seed &+ 3
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let draw = Int(state >> 56)
                if seed < 8 { return draw < 210 ? 0x61 : draw < 240 ? 0x0A : draw < 248 ? 0x20 : rare[draw % rare.count] }
                return draw < 128 ? 0x61 : rare[draw % rare.count]
            }
            bytes.withUnsafeBufferPointer { buffer in
                let view = ByteView(buffer)
                for start in 0..<length where ![0x0A, 0x20, 0x09].contains(bytes[start]) {
                    for windows in [1, 2, 4] {
                        let expected = PlainBlockEndTests.expectedEnd(bytes, from: start)
                        switch view.plainBlock(from: start, windows: windows) {
                        case .end(let end):
                            ends += 1
                            #expect(end == expected, "length \(length), seed \(seed), from \(start)")
                            if let found = view.plainBlockEnd(from: start) { #expect(found == end) }
                        case .notPlain:
                            notPlain += 1
                            #expect(expected == nil && view.plainBlockEnd(from: start) == nil, "length \(length), seed \(seed), from \(start)")
                        case .undecided:
                            // The block runs past the windows looked at, or they pass the view's end.
                            #expect(start + 31 * windows + 2 > length || expected.map { $0 - start >= 31 * windows - 1 } ?? true,
                                    "length \(length), seed \(seed), from \(start): undecided")
                        }
                    }
                }
            }
        }
        if length >= 200 { #expect(ends > 0 && notPlain > 0, "some plain blocks and some not") }
    }
}
