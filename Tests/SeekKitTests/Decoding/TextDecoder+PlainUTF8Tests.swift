import Testing
@testable import SeekKit
import SeekBytes

/// `TextDecoder.isPlainUTF8`, one pass, against the two checks it stands for.
@Suite struct TextDecoderPlainUTF8Tests {
    /// Pieces of text: ASCII, UTF-8, tabs and line breaks, control bytes, NULs, byte order marks,
    /// bytes that are not UTF-8, and UTF-16's ASCII.
    static let pieces: [[UInt8]] = [
        Array("plain words ".utf8), Array("line\n".utf8), Array("crlf\r\n".utf8), [0x09], [0x0B, 0x0C],
        Array("caf\u{E9} \u{65E5}\u{672C} ".utf8), [0x1B], [0x01], [0x1F], [0x00], [0xE9], [0xC3], [0xF0, 0x9F, 0x98, 0x80],
        [0x61, 0x00, 0x62, 0x00],
    ]

    static func text(_ random: inout SeededRandom) -> [UInt8] {
        var bytes: [UInt8] = []
        switch Int.random(in: 0..<8, using: &random) {
        case 0: bytes += [0xEF, 0xBB, 0xBF]
        case 1: bytes += [0xFF, 0xFE]
        default: break
        }
        let badRate = [0, 0, 1, 5, 30][Int.random(in: 0..<5, using: &random)]
        let length = [100, 60_000, 70_000, 140_000][Int.random(in: 0..<4, using: &random)]
        let plain = Self.pieces.filter { String(validating: $0, as: UTF8.self) != nil && !$0.contains { $0 < 0x20 && !(0x09...0x0D).contains($0) } }
        // Some texts hold control bytes but nothing else out of the way (plain if few enough).
        let bad = Bool.random(using: &random) ? Self.pieces : [[0x1B], [0x01], [0x1F]]
        while bytes.count < length {
            bytes += Int.random(in: 0..<1_000, using: &random) < badRate
                ? bad.randomElement(using: &random)! : plain.randomElement(using: &random)!
        }
        return bytes
    }

    @Test func answersAsTheHeadSniffAndTheUTF8CheckDo() {
        var random = SeededRandom(seed: 22)
        var plain = 0
        var plainWithControls = 0
        for _ in 0..<300 {
            let bytes = Self.text(&random)
            bytes.withByteView { view in
                let expected = TextDecoder.startsLikePlainUTF8(view) && TextDecoder.isValidWithoutNULs(view)
                #expect(TextDecoder.isPlainUTF8(view) == expected, "\(bytes.count) bytes")
                if expected {
                    plain += 1
                    if view.extracting(first: 65_536).hasControlBytes { plainWithControls += 1 }
                }
            }
        }
        #expect(plain >= 60 && plainWithControls >= 5)
    }
}
