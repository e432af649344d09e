import Testing
@testable import SeekBytes

/// `ByteView.terminalSafeRunEnd` against a byte-by-byte reading of its definition.
@Suite struct TerminalSafeRunsTests {
    /// The first byte of `start..<end` that is a control, DEL, 0xC2, 0xE2, `a` or `b`, or `end`.
    static func reference(_ bytes: [UInt8], from start: Int, to end: Int, a: UInt8, b: UInt8) -> Int {
        bytes[start..<end].firstIndex { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 || $0 == a || $0 == b } ?? end
    }

    /// Every range of random texts of every length up to 40 (shorter and longer than a chunk, the
    /// last bytes read in a chunk that starts before the range or ends past it), with and
    /// without the two extra bytes, ends where the reference ends.
    @Test func everyRangeEndsWhereTheReferenceEnds() {
        // Safe bytes, the stops, and lead bytes next to the stops' (which do not stop a run).
        let alphabet: [UInt8] = [0x61, 0x20, 0x00, 0x0A, 0x1F, 0x7F, 0x7E, 0xC1, 0xC2, 0xC3, 0xD0, 0xE1, 0xE2, 0xE3, 0xE4,
                                 0x80, 0xA8, 0x22, 0x5C]
        var random = SeededRandom(seed: 19)
        for length in 0...40 {
            for _ in 0..<12 {
                // Mostly safe bytes, so that runs are long enough to reach the last chunk.
                let bytes = (0..<length).map { _ in
                    Int.random(in: 0..<4, using: &random) == 0 ? alphabet.randomElement(using: &random)! : 0x61
                }
                bytes.withByteView { view in
                    for start in 0...length {
                        for end in start...length {
                            for (a, b) in [(UInt8(0x7F), UInt8(0x7F)), (0x22, 0x5C)] {
                                let found = view.terminalSafeRunEnd(from: start, to: end, orAt: a, b)
                                #expect(found == Self.reference(bytes, from: start, to: end, a: a, b: b),
                                        "\(bytes) \(start)..<\(end) \(a) \(b)")
                            }
                        }
                    }
                }
            }
        }
    }

    /// The stops of a chunk (`terminalStops`): bit i set exactly when the byte at
    /// `position + i` is before `end` and is one where `terminalSafeRunEnd` stops without the
    /// two extra bytes, for every chunk of random texts up to 40 bytes (views under sixteen
    /// bytes read one by one, chunks past a longer view's end read from its last sixteen).
    @Test func everyChunksStopsAreTheReferencesStops() {
        let alphabet: [UInt8] = [0x61, 0x20, 0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x7E, 0x80, 0xC1, 0xC2, 0xC3, 0xE1,
                                 0xE2, 0xE3, 0xFF]
        var random = SeededRandom(seed: 23)
        for length in 1...40 {
            for _ in 0..<12 {
                let bytes = (0..<length).map { _ in
                    Int.random(in: 0..<3, using: &random) == 0 ? alphabet.randomElement(using: &random)! : 0x61
                }
                bytes.withByteView { view in
                    for position in 0..<length {
                        for end in position + 1...length {
                            var expected: UInt32 = 0
                            for place in position..<min(end, position + 16) {
                                if Self.reference(bytes, from: place, to: place + 1, a: 0x7F, b: 0x7F) == place {
                                    expected |= 1 << UInt32(place - position)
                                }
                            }
                            #expect(view.terminalStops(at: position, before: end) == expected,
                                    "\(bytes) \(position)..<\(end)")
                        }
                    }
                }
            }
        }
    }
}
