import Testing
@testable import SeekBytes

/// A single-byte encoding decoded through its packed table, against the table read entry by entry.
@Suite struct PackedUTF8TableTests {
    /// Latin-1 with 0x81 unassigned (U+FFFD) and 0x80 the euro sign, packed as the tables are.
    static let table: [UInt32] = (0..<256).map { byte in
        let scalar: Unicode.Scalar = byte == 0x80 ? "€" : byte == 0x81 ? "\u{FFFD}" : Unicode.Scalar(UInt8(byte))
        let utf8 = Array(String(scalar).utf8)
        return utf8.enumerated().reduce(UInt32(utf8.count) << 24) { $0 | UInt32($1.element) << (8 * $1.offset) }
    }

    @Test func decodesEachByteByItsEntry() {
        let cases: [[UInt8]] = [[], [0x41], [0x80], [0x81, 0x41], [0xE9, 0x0A, 0x80, 0x81, 0xFF]]
        for bytes in cases {
            let decoded = PackedUTF8Table.decode(bytes[...], table: Self.table)
            let expected = bytes.map { $0 == 0x80 ? "€" : $0 == 0x81 ? "\u{FFFD}" : String(Unicode.Scalar($0)) }.joined()
            #expect(decoded.utf8 == Array(expected.utf8), "\(bytes)")
            #expect(decoded.invalid == bytes.filter { $0 == 0x81 }.count, "\(bytes)")
        }
    }

    @Test func aSliceDecodesOnlyItsBytes() {
        let bytes: [UInt8] = [0x80, 0x41, 0x80]
        #expect(PackedUTF8Table.decode(bytes[1...], table: Self.table).utf8 == Array("A€".utf8))
    }

    /// Random texts, mostly ASCII (taken eight bytes a step where the table keeps ASCII as it is),
    /// through this table and through one that does not (`A` read as `B`), against entry by entry.
    @Test func runsOfASCIIDecodeAsEachByteByItsEntry() {
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var shifted = Self.table
        shifted[0x41] = 1 << 24 | 0x42
        for round in 0..<2_000 {
            let bytes = (0..<next(120)).map { _ in next(10) == 0 ? UInt8(0x80 + next(128)) : UInt8(0x20 + next(0x60)) }
            let start = next(4)
            let slice = bytes.count > start ? bytes[start...] : bytes[...]
            for table in [Self.table, shifted] {
                var expected: [UInt8] = []
                for byte in slice {
                    let packed = table[Int(byte)]
                    for k in 0..<Int(packed >> 24) { expected.append(UInt8(truncatingIfNeeded: packed >> (8 * k))) }
                }
                let decoded = PackedUTF8Table.decode(slice, table: table)
                #expect(decoded.utf8 == expected, "round \(round)")
                #expect(decoded.invalid == slice.filter { table[Int($0)] == PackedUTF8Table.replacement }.count)
            }
        }
    }

    /// A text cut into pieces, each measured then written to its place on all cores, as the whole
    /// is decoded; `nil` for a NUL or a text longer than the limit.
    @Test func piecesWrittenInPlaceDecodeAsTheWhole() {
        var state: UInt64 = 5
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for round in 0..<300 {
            let bytes = (0..<next(3_000)).map { _ in next(8) == 0 ? UInt8(0x80 + next(128)) : UInt8(0x20 + next(0x60)) }
            var bounds = [0]
            while bounds[bounds.count - 1] < bytes.count {
                bounds.append(Swift.min(bytes.count, bounds[bounds.count - 1] + 1 + next(200)))
            }
            if bytes.isEmpty { bounds.append(0) }
            let whole = PackedUTF8Table.decode(bytes[...], table: Self.table)
            let pieces = bytes.withByteView { PackedUTF8Table.decode($0, pieces: bounds, table: Self.table, limit: .max) }
            #expect(pieces?.utf8 == whole.utf8 && pieces?.invalid == whole.invalid, "round \(round)")
            let limited = bytes.withByteView {
                PackedUTF8Table.decode($0, pieces: bounds, table: Self.table, limit: whole.utf8.count - 1)
            }
            #expect(limited == nil, "round \(round)")
        }
        let nul: [UInt8] = [0x41, 0x00, 0xE9]
        #expect(nul.withByteView { PackedUTF8Table.decode($0, pieces: [0, 3], table: Self.table, limit: .max) } == nil)
    }
}
