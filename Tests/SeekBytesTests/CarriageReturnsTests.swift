import Foundation
import Testing
@testable import SeekBytes

/// The carriage returns of CR LF line breaks taken out thirty-two and eight bytes a step, against a
/// byte loop.
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

    /// What `releasing` is told, from any core.
    final class Released: @unchecked Sendable {
        private let lock = NSLock()
        private var ranges: [Range<Int>] = []

        func add(_ range: Range<Int>) { lock.withLock { ranges.append(range) } }

        var sorted: [Range<Int>] { lock.withLock { ranges.sorted { $0.lowerBound < $1.lowerBound } } }
    }

    /// A text of several megabytes, copied in pieces on all cores and moved together: the bytes a
    /// byte loop keeps, every piece told once copied (a megabyte or more each, one after another
    /// to the end), and a lone carriage return in its last piece found.
    @Test func aLargeTextIsCopiedInPieces() {
        var state: UInt64 = 3
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var bytes: [UInt8] = []
        while bytes.count < 3_300_000 {
            bytes += Array("00:00:01,000 --> 00:00:02,000\r\n".utf8)
            for _ in 0..<next(60) { bytes.append(next(9) == 0 ? 0x20 : 0x61 + UInt8(next(26))) }
            bytes += next(3) == 0 ? [0x0D, 0x0A, 0x0D, 0x0A] : [0x0D, 0x0A]
        }
        let released = Released()
        let found = bytes.withByteView { $0.removingCarriageReturnsBeforeLineFeeds { released.add($0) } }
        #expect(found == Self.byteLoop(bytes))
        let ranges = released.sorted
        #expect(ranges.count >= 3 && ranges.first?.lowerBound == 0 && ranges.last?.upperBound == bytes.count)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(ranges.allSatisfy { $0.count >= 1 << 20 })
        var lone = bytes
        lone[lone.count - 10] = 0x0D
        #expect(lone.withByteView { $0.removingCarriageReturnsBeforeLineFeeds() } == nil)
    }
}
