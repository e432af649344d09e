import Testing
@testable import SeekBytes

/// The carriage returns of CR LF line breaks taken out eight bytes a step, against a byte loop.
@Suite struct CarriageReturnsTests {
    /// The bytes without each CR that stands before an LF, `nil` with a CR elsewhere or none.
    static func byteLoop(_ bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var taken = false
        for (i, byte) in bytes.enumerated() {
            guard byte == 0x0D else {
                out.append(byte)
                continue
            }
            guard i + 1 < bytes.count, bytes[i + 1] == 0x0A else { return nil }
            taken = true
        }
        return taken ? out : nil
    }

    @Test func carriageReturnsBeforeLineFeedsGoAsAByteLoopTakesThemOut() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let alphabet = Array("ab 1:\r\n\r\n\r\n\u{E9}".utf8)
        var taken = 0
        for round in 0..<3_000 {
            var bytes = (0..<next(round < 1_500 ? 40 : 400)).map { _ in alphabet[next(alphabet.count)] }
            // Most rounds as the files this is for (every CR before an LF); the rest keep their lone CRs.
            if next(4) != 0 {
                for i in bytes.indices where bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A) {
                    bytes[i] = 0x61
                }
            }
            var released: [Range<Int>] = []
            let found = bytes.withByteView { $0.removingCarriageReturnsBeforeLineFeeds { released.append($0) } }
            let expected = Self.byteLoop(bytes)
            #expect(found == expected, "round \(round)")
            if expected != nil {
                taken += 1
                #expect(released == [0..<bytes.count], "round \(round)")
            }
        }
        #expect(taken > 1_500)
    }

    /// A text of several megabytes: its bytes are told, once copied, in ranges of a megabyte or more
    /// that follow one another to its end.
    @Test func aLargeTextIsToldAsItIsCopied() {
        let line = Array("00:00:01,000 --> 00:00:02,000\r\nsome words of a cue\r\n\r\n".utf8)
        let bytes = Array([[UInt8]](repeating: line, count: 60_000).joined())
        var released: [Range<Int>] = []
        let found = bytes.withByteView { $0.removingCarriageReturnsBeforeLineFeeds { released.append($0) } }
        #expect(found == Self.byteLoop(bytes))
        #expect(released.count >= 3 && released.first?.lowerBound == 0 && released.last?.upperBound == bytes.count)
        #expect(zip(released, released.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(released.dropLast().allSatisfy { $0.count >= 1 << 20 })
    }
}
