import Testing
@testable import SeekBytes

/// `ByteLanes`' steps (SSE2 on x86-64) give what their portable versions give, lane by lane as a
/// byte loop says, and `LanePattern16` takes what `BytePattern16` takes.
@Suite struct ByteLanesTests {
    /// Sixteen bytes drawn mostly from those the scans look for and their neighbours.
    static func chunks() -> [SIMD16<UInt8>] {
        var state: UInt64 = 0x5EED
        let near: [UInt8] = [0x00, 0x09, 0x0A, 0x0B, 0x20, 0x26, 0x2C, 0x2D, 0x2E, 0x2F, 0x30, 0x39, 0x3A, 0x3C, 0x3E, 0x7B, 0x7F, 0x80, 0xFF]
        return (0..<400).map { _ in
            var chunk = SIMD16<UInt8>()
            for lane in 0..<16 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let draw = state >> 33
                chunk[lane] = draw % 3 == 0 ? UInt8(truncatingIfNeeded: draw >> 8) : near[Int(draw >> 8) % near.count]
            }
            return chunk
        }
    }

    @Test func eachStepIsWhatTheLanesSay() {
        let chunks = Self.chunks()
        for (chunk, other) in zip(chunks, chunks.dropFirst()) {
            let lanes = ByteLanes(chunk), others = ByteLanes(other)
            let lower = ByteLanes(SIMD16(repeating: 0x2C)), upper = ByteLanes(SIMD16(repeating: 0x3A))
            var equalBits: UInt32 = 0, clampedBits: UInt32 = 0, highBits: UInt32 = 0
            for lane in 0..<16 {
                if chunk[lane] == other[lane] { equalBits |= 1 << lane }
                if chunk[lane] >= 0x2C && chunk[lane] <= 0x3A { clampedBits |= 1 << lane }
                if chunk[lane] >= 0x80 { highBits |= 1 << lane }
            }
            #expect(lanes.equal(others).highBits == equalBits)
            #expect(lanes.portableEqual(others).portableHighBits == equalBits)
            #expect(lanes.clamped(lower, upper).equal(lanes).highBits == clampedBits)
            #expect(lanes.portableClamped(lower, upper).portableEqual(lanes).portableHighBits == clampedBits)
            #expect(lanes.highBits == highBits && lanes.portableHighBits == highBits)
            #expect((lanes | others).vector == chunk | other && (lanes & others).vector == chunk & other)
            #expect((lanes ^ others).vector == chunk ^ other && lanes.clearing(others).vector == chunk & ~other)
            var minimum = chunk, maximum = chunk, excess = chunk, signedLessBits: UInt32 = 0
            for lane in 0..<16 {
                minimum[lane] = Swift.min(chunk[lane], other[lane])
                maximum[lane] = Swift.max(chunk[lane], other[lane])
                excess[lane] = chunk[lane] > other[lane] ? chunk[lane] - other[lane] : 0
                if Int8(bitPattern: chunk[lane]) < Int8(bitPattern: other[lane]) { signedLessBits |= 1 << lane }
            }
            #expect(lanes.minimum(others).vector == minimum && lanes.portableMinimum(others).vector == minimum)
            #expect(lanes.maximum(others).vector == maximum && lanes.portableMaximum(others).vector == maximum)
            #expect(lanes.excess(over: others).vector == excess && lanes.portableExcess(over: others).vector == excess)
            #expect(lanes.signedLess(others).highBits == signedLessBits)
            #expect(lanes.portableSignedLess(others).portableHighBits == signedLessBits)
            #expect(lanes.signedLess(others).equal(ByteLanes(repeating: 0xFF)).highBits == signedLessBits, "all ones or zero")
        }
    }

    @Test func aLanePatternTakesWhatAByteTemplateTakes() {
        let template = Array("00:00:00,000 -->".utf8)
        let lanePattern = LanePattern16(template, digit: 0x30, orMasks: [8: 0x02])
        let bytePattern = BytePattern16(template, digit: 0x30, orMasks: [8: 0x02])
        var taken = 0
        var lines = ["00:00:00,000 -->", "12:34:56.789 -->", "99:59:59,999 -->", "00:00:00-000 -->", "00:00:00/000 -->"]
        for place in 0..<16 {
            for byte: UInt8 in [0x2F, 0x30, 0x39, 0x3A, 0x2C, 0x2D, 0x2E, 0x20, 0x3E, 0x3C, 0xB0, 0x00] {
                var line = Array("01:23:45,678 -->".utf8)
                line[place] = byte
                lines.append(String(decoding: line, as: UTF8.self))
            }
        }
        for line in lines {
            let bytes = Array(line.utf8)
            guard bytes.count == 16 else { continue }
            bytes.withUnsafeBufferPointer { buffer in
                let view = ByteView(buffer)
                let takes = bytePattern.matches(buffer, at: 0)
                #expect(lanePattern.matches(view, at: 0) == takes, "\(line.debugDescription)")
                if takes { taken += 1 }
            }
        }
        #expect(taken > 20)
    }
}
