import SeekBytes

/// One legacy encoding's tables, unpacked from `LegacyEncodingTables` on first use.
struct LegacyCodePage: Sendable {
    /// The code point of each byte 0x80–0xFF read alone; U+FFFD where the byte is
    /// unassigned or starts a two-byte character.
    let high: [UInt32]
    /// Lead 0x81–0xFE by trail 0x40–0xFE, row after row, U+FFFD where unassigned;
    /// empty for single-byte encodings.
    let grid: [UInt16]
    /// Whether each byte starts a character of two (or, in GB18030, four) bytes.
    let isLead: [Bool]
    /// GB18030's four-byte runs, `(linear index, first code point)` pairs in order.
    let fourByteRuns: [UInt32]
    /// For single-byte encodings, each byte's UTF-8 (up to three bytes, first in the low
    /// byte) and, in the top byte, its length.
    let singleByteUTF8: [UInt32]

    static let trailCount = 0xFF - 0x40

    /// Unpacks a table in the layout `Scripts/generate-legacy-encoding-tables.py` describes.
    init(packed: String, multiByte: Bool, fourByteRuns: [UInt32] = []) {
        var scalars = packed.unicodeScalars.makeIterator()
        var high: [UInt32] = []
        for _ in 0..<128 { high.append(scalars.next()?.value ?? 0xFFFD) }
        var grid: [UInt16] = []
        if multiByte {
            grid.reserveCapacity(126 * Self.trailCount)
            while let scalar = scalars.next() {
                switch scalar.value {
                case 0x01:
                    let count = Int(scalars.next()!.value) - 0x20
                    grid.append(contentsOf: repeatElement(0xFFFD, count: count))
                case 0x02:
                    let count = Int(scalars.next()!.value) - 0x20
                    let last = grid[grid.count - 1]
                    for step in 1...count { grid.append(last + UInt16(step)) }
                default:
                    grid.append(UInt16(scalar.value))
                }
            }
            precondition(grid.count == 126 * Self.trailCount, "a legacy encoding table is damaged")
        }
        var isLead = [Bool](repeating: false, count: 256)
        if multiByte {
            for lead in 0x81...0xFE where high[lead - 0x80] == 0xFFFD {
                let row = (lead - 0x81) * Self.trailCount
                isLead[lead] = grid[row..<row + Self.trailCount].contains { $0 != 0xFFFD }
            }
        }
        self.high = high
        self.grid = grid
        self.isLead = isLead
        self.fourByteRuns = fourByteRuns
        singleByteUTF8 = multiByte ? [] : (0..<256).map { byte in
            var bytes: [UInt8] = []
            UTF8Writer.append(byte < 0x80 ? UInt32(byte) : high[byte - 0x80], to: &bytes)
            var packed = UInt32(bytes.count) << 24
            for (i, value) in bytes.enumerated() { packed |= UInt32(value) << (8 * i) }
            return packed
        }
    }

    /// The character starting at `index` (a byte of 0x80 or more) and its length in bytes;
    /// U+FFFD for a byte or sequence the encoding does not assign (no table maps to U+FFFD).
    ///
    /// An unassigned pair whose second byte is ASCII takes one byte, so the ASCII byte
    /// is read again on its own.
    @inline(__always)
    func character<Bytes: RandomAccessCollection<UInt8>>(
        in bytes: Bytes, at index: Int
    ) -> (scalar: UInt32, length: Int) where Bytes.Index == Int {
        let lead = Int(bytes[index])
        guard isLead[lead] else { return (high[lead - 0x80], 1) }
        guard index + 1 < bytes.endIndex else { return (0xFFFD, 1) }
        let trail = Int(bytes[index + 1])
        if trail >= 0x40 && trail <= 0xFE {
            let value = grid[(lead - 0x81) * Self.trailCount + trail - 0x40]
            return (UInt32(value), value == 0xFFFD && trail < 0x80 ? 1 : 2)
        }
        if !fourByteRuns.isEmpty, trail >= 0x30 && trail <= 0x39, index + 3 < bytes.endIndex {
            let third = Int(bytes[index + 2])
            let fourth = Int(bytes[index + 3])
            if third >= 0x81 && third <= 0xFE && fourth >= 0x30 && fourth <= 0x39 {
                let linear = (((lead - 0x81) * 10 + trail - 0x30) * 126 + third - 0x81) * 10 + fourth - 0x30
                return (fourByteScalar(linear), 4)
            }
        }
        return (0xFFFD, 1)
    }

    /// GB18030's four-byte sequence number `linear`: a BMP character from the runs, or
    /// from 0x90308130 on, the supplementary planes in order.
    private func fourByteScalar(_ linear: Int) -> UInt32 {
        let supplementaryStart = 189_000
        if linear >= supplementaryStart {
            let value = linear - supplementaryStart
            return value < 0x100000 ? UInt32(0x10000 + value) : 0xFFFD
        }
        guard linear < 39_420 else { return 0xFFFD }
        let runsAfter = (0..<fourByteRuns.count / 2).partitionPoint { Int(fourByteRuns[2 * $0]) > linear }
        let run = max(0, runsAfter - 1)
        return fourByteRuns[2 * run + 1] + UInt32(linear - Int(fourByteRuns[2 * run]))
    }

    /// `bytes` as UTF-8, and how many bytes or sequences were not assigned (each became U+FFFD).
    ///
    /// - Complexity: O(n); large texts are decoded in pieces on all cores, cut after
    ///   line feeds (never part of a multi-byte character in these encodings).
    func decode(_ bytes: ArraySlice<UInt8>) -> (utf8: [UInt8], invalid: Int) {
        let start = bytes.startIndex
        let bounds = TextPieces.boundaries(count: bytes.count) { target in
            bytes[(start + target)...].firstIndex(of: 0x0A).map { $0 + 1 - start }
        }
        if bounds.count == 2 { return decodePiece(bytes) }
        var pieces = TextPieces.map(bounds.count - 1) { i in
            decodePiece(bytes[(start + bounds[i])..<(start + bounds[i + 1])])
        }
        // Each piece is let go once copied: the text is held once, not twice, at the end.
        var output: [UInt8] = []
        output.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count })
        var invalid = 0
        for i in pieces.indices {
            output.append(contentsOf: pieces[i].utf8)
            invalid += pieces[i].invalid
            pieces[i] = ([], 0)
        }
        return (output, invalid)
    }

    private func decodePiece(_ bytes: ArraySlice<UInt8>) -> (utf8: [UInt8], invalid: Int) {
        if !singleByteUTF8.isEmpty { return PackedUTF8Table.decode(bytes, table: singleByteUTF8) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2)
        var invalid = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte < 0x80 {
                output.append(byte)
                index += 1
                continue
            }
            let (scalar, length) = character(in: bytes, at: index)
            if scalar == 0xFFFD { invalid += 1 }
            UTF8Writer.append(scalar, to: &output)
            index += length
        }
        return (output, invalid)
    }
}

extension LegacyCodePage {
    static let windows1250 = LegacyCodePage(packed: LegacyEncodingTables.windows1250, multiByte: false)
    static let windows1251 = LegacyCodePage(packed: LegacyEncodingTables.windows1251, multiByte: false)
    static let windows1252 = LegacyCodePage(packed: LegacyEncodingTables.windows1252, multiByte: false)
    static let windows1253 = LegacyCodePage(packed: LegacyEncodingTables.windows1253, multiByte: false)
    static let windows1254 = LegacyCodePage(packed: LegacyEncodingTables.windows1254, multiByte: false)
    static let windows1255 = LegacyCodePage(packed: LegacyEncodingTables.windows1255, multiByte: false)
    static let windows1256 = LegacyCodePage(packed: LegacyEncodingTables.windows1256, multiByte: false)
    static let windows1257 = LegacyCodePage(packed: LegacyEncodingTables.windows1257, multiByte: false)
    static let windows1258 = LegacyCodePage(packed: LegacyEncodingTables.windows1258, multiByte: false)
    static let windows874 = LegacyCodePage(packed: LegacyEncodingTables.windows874, multiByte: false)
    static let iso8859_2 = LegacyCodePage(packed: LegacyEncodingTables.iso8859_2, multiByte: false)
    static let koi8R = LegacyCodePage(packed: LegacyEncodingTables.koi8r, multiByte: false)
    static let macCyrillic = LegacyCodePage(packed: LegacyEncodingTables.macCyrillic, multiByte: false)
    static let shiftJIS = LegacyCodePage(packed: LegacyEncodingTables.shiftJIS, multiByte: true)
    static let eucKR = LegacyCodePage(packed: LegacyEncodingTables.eucKR, multiByte: true)
    static let big5 = LegacyCodePage(packed: LegacyEncodingTables.big5, multiByte: true)
    static let gb18030 = LegacyCodePage(
        packed: LegacyEncodingTables.gb18030, multiByte: true, fourByteRuns: LegacyEncodingTables.gb18030FourByteRuns)
}
