import Testing
@testable import SeekBytes

/// NULs by the parity of their offset, and control bytes other than tabs, line breaks and Esc.
@Suite struct ControlByteCountsTests {
    static func reference(_ bytes: [UInt8]) -> ControlByteCounts.Reference {
        var counts = ControlByteCounts.Reference()
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case 0: if offset % 2 == 0 { counts.nulsAtEven += 1 } else { counts.nulsAtOdd += 1 }
            case 0x01...0x08, 0x0E...0x1A, 0x1C...0x1F: counts.controls += 1
            default: break
            }
        }
        return counts
    }

    @Test func eachByteValueAtEachOffsetIsCountedOnce() {
        for value in 0...255 as ClosedRange<UInt8> {
            for offset in 0..<19 {
                var bytes = [UInt8](repeating: 0x61, count: 19)
                bytes[offset] = value
                let counts = ControlByteCounts(bytes)
                #expect(counts.reference == Self.reference(bytes), "byte \(value) at \(offset)")
            }
        }
    }

    @Test func utf16TextHasItsNULsOnOneSide() {
        let little = "hello".utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        let counts = ControlByteCounts(little)
        #expect(counts.nulsAtOdd == 5 && counts.nulsAtEven == 0 && counts.controls == 0)
        #expect(ControlByteCounts(little[1...]).nulsAtEven == 5, "offsets count from the start of the bytes given")
    }
}

extension ControlByteCounts {
    struct Reference: Equatable {
        var nulsAtEven = 0
        var nulsAtOdd = 0
        var controls = 0
    }

    var reference: Reference { Reference(nulsAtEven: nulsAtEven, nulsAtOdd: nulsAtOdd, controls: controls) }
}
