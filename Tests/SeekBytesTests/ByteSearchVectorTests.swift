import Testing
@testable import SeekBytes

/// `ByteSearch.firstIndex`: finding the first of a few bytes sixteen at a time stops where a byte loop stops.
@Suite struct ByteSearchVectorTests {
    @Test(arguments: [0, 1, 15, 16, 17, 64, 500])
    func stopsWhereAByteLoopStops(length: Int) {
        var state: UInt64 = UInt64(length) &+ 11
        let bytes = (0..<length).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 58 == 0 ? Array("\n{&<>?=".utf8)[Int(state >> 40 & 7) % 7] : 0x61
        }
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start <= length {
                let expected = bytes[start...].firstIndex { [0x0A, 0x7B, 0x26, 0x3C, 0x3E].contains($0) } ?? length
                #expect(ByteSearch.firstIndex(in: buffer, from: start, of: 0x0A, 0x7B, 0x26, orMasked: 0x3E, mask: 0x02)
                        == expected, "from \(start)")
                start = expected + 1
            }
        }
    }
}
