import Testing
@testable import SeekBytes

/// `UTF8Scan` counts what the standard library's decoder sees: each invalid subsequence it
/// replaces by one U+FFFD, each valid multi-byte sequence, each NUL.
@Suite struct UTF8ScanTests {
    /// The counts the standard library gives for `bytes`.
    static func reference(_ bytes: [UInt8]) -> (multibyte: Int, invalid: Int, nuls: Int) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var counts = (multibyte: 0, invalid: 0, nuls: 0)
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count > 1 { counts.multibyte += 1 } else if encoded.first == 0 { counts.nuls += 1 }
            case .error: counts.invalid += 1
            case .emptyInput: return counts
            }
        }
    }

    @Test func countsAsTheStandardLibraryDecodes() {
        let cases: [[UInt8]] = [
            [], [0x41], [0x00, 0x41, 0x00], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80],
            [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xE2, 0x82, 0x41], [0xF4, 0x90, 0x80, 0x80],
            [0xE0, 0x80, 0x80], [0xF0, 0x9F, 0x98], Array("plain ASCII, longer than one word of eight".utf8),
        ]
        for bytes in cases {
            let scan = UTF8Scan(bytes)
            let expected = Self.reference(bytes)
            #expect(scan.multibyte == expected.multibyte && scan.invalid == expected.invalid && scan.nuls == expected.nuls,
                    "\(bytes)")
        }
    }

    @Test func randomBytesNearUTF8AreCountedAsTheStandardLibraryDecodes() {
        var random = SeededRandom(seed: 14)
        let pieces: [[UInt8]] = [[0x41], [0x00], [0xC3, 0xA9], [0xE4, 0xBD, 0xA0], [0xF0, 0x9F, 0x98, 0x80], [0x80],
                                 [0xFF], [0xE2], [0xED, 0xA0], [0xF4, 0x90], Array("eight by".utf8)]
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
            let scan = UTF8Scan(bytes)
            let expected = Self.reference(bytes)
            #expect(scan.invalid == expected.invalid, "\(bytes)")
            #expect(scan.multibyte == expected.multibyte, "\(bytes)")
            #expect(scan.nuls == expected.nuls, "\(bytes)")
        }
    }

    @Test func aLargeTextScannedInPiecesCountsTheSame() {
        var bytes: [UInt8] = []
        let line: [UInt8] = Array("ça coûte 5 € \n".utf8) + [0xFF, 0x0A]
        while bytes.count < 3 * TextPieces.pieceSize { bytes += line }
        let scan = UTF8Scan(bytes)
        let lines = bytes.count / line.count
        #expect(scan.invalid == lines)
        #expect(scan.multibyte == 3 * lines)
        #expect(Self.reference(Array(bytes.prefix(line.count * 1000))).invalid == 1000)
    }
}
