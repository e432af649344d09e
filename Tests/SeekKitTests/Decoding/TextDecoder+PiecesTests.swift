#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SeekBytes
import Testing
@testable import SeekKit

@Suite struct TextDecoderPiecesTests {
    /// Random text made of `units`: each draw appends one of them.
    static func text(of units: [[UInt8]], count: Int, random: inout SeededRandom) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count { bytes += units.randomElement(using: &random)! }
        return bytes
    }

    /// Every encoding, given or found, decodes a piece at a time to what it decodes to whole:
    /// the same text, encoding, warnings and errors, with pieces of a few bytes cut in the
    /// middle of surrogate pairs, multi-byte characters, invalid sequences and NULs.
    @Test func piecesDecodeToTheWholeText() throws {
        var random = SeededRandom(seed: 22)
        let shapes: [(String?, [[UInt8]], [UInt8])] = [
            (nil, [[0xE9], [0xE9, 0xE9], [0x0A], [0x61], [0x20], [0x00]], []),
            (nil, [[0x82, 0xA0], [0x8A, 0xBF], [0x0A], [0x20], [0x61], [0x82]], []),
            (nil, [[0xC4, 0xE3], [0xBA, 0xC3], [0x81, 0x30, 0x81, 0x30], [0x0A], [0x2E]], []),
            (nil, [[0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xFF], [0xE2, 0x82], [0x0A], [0x20], [0x00]], []),
            (nil, [[0x68, 0x00], [0x0A, 0x00], [0x3D, 0xD8, 0x1B, 0xDE], [0x00, 0xDC], [0x00, 0x00]], [0xFF, 0xFE]),
            (nil, [[0x00, 0x68], [0x00, 0x0A], [0xD8, 0x3D, 0xDE, 0x1B], [0xD8, 0x3D], [0x4F, 0x60]], [0xFE, 0xFF]),
            (nil, [[0x68, 0, 0, 0], [0x0A, 0, 0, 0], [0x00, 0xD8, 0, 0], [0x1B, 0xF6, 0x01, 0]], [0xFF, 0xFE, 0, 0]),
            (nil, [[0x68, 0x00], [0x0A, 0x00], [0x69, 0x00], [0x20, 0x00]], []),
            (nil, [[0xEF, 0xBB, 0xBF], [0xC3, 0xA9], [0x0A], [0x00]], [0xEF, 0xBB, 0xBF]),
            ("windows-874", [[0xA1], [0xE0], [0x80], [0x0A], [0x00], [0xFF]], []),
            ("latin1", [[0x93], [0xE9], [0x0A], [0x00]], []),
            ("shift_jis", [[0x82, 0xA0], [0x82], [0x0A], [0x8A, 0x41], [0x20]], []),
            ("gb18030", [[0x81, 0x30, 0x81, 0x30], [0x94, 0x39, 0xFC, 0x36], [0x81, 0x30], [0x30], [0x0A]], []),
            ("big5", [[0xA4, 0xA4], [0xA4], [0x0A], [0x7E]], []),
            ("utf-16le", [[0x68, 0x00], [0x3D, 0xD8], [0x1B, 0xDE], [0x0A, 0x00]], [0xFF, 0xFE]),
            ("utf-16be", [[0x00, 0x68], [0xD8, 0x3D], [0xDE, 0x1B], [0x00, 0x0A]], []),
            ("utf-8", [[0xC3, 0xA9], [0xC3], [0xFF], [0x0A], [0x00]], []),
        ]
        for (name, units, mark) in shapes {
            let encoding = name.flatMap(TextEncoding.init(name:))
            for length in [0, 1, 7, 64, 301, 2_000] {
                var bytes = mark + Self.text(of: units, count: length, random: &random)
                if length == 301 && encoding?.name.hasPrefix("UTF-16") == true { bytes.append(0x68) }
                let whole = Result { () throws(Diagnostic) in try TextDecoder.decode(bytes, encoding: encoding, fileName: "x") }
                for pieceSize in [1, 2, 3, 5, 16, 100] {
                    var released: [Range<Int>] = []
                    let pieces = bytes.withByteView { view in
                        Result { () throws(Diagnostic) in
                            try TextDecoder.decode(view, encoding: encoding, fileName: "x", pieceSize: pieceSize) {
                                released.append($0)
                            }
                        }
                    }
                    let label = "\(name ?? "found") \(length) bytes in pieces of \(pieceSize)"
                    switch (whole, pieces) {
                    case (.success(let whole), .success(let pieces)):
                        #expect(pieces.utf8 == whole.utf8, "\(label): \(pieces.utf8) for \(whole.utf8)")
                        #expect(pieces.encoding == whole.encoding && pieces.warnings == whole.warnings,
                                "\(label): \(pieces.encoding.name) \(pieces.warnings) for \(whole.encoding.name) \(whole.warnings)")
                        // Everything read once to choose, then each piece in order, the whole text covered.
                        let after = released.dropFirst()
                        #expect(released.first == 0..<bytes.count && after.last?.upperBound ?? bytes.count == bytes.count
                                && zip(after, after.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound },
                                "\(label): released \(released)")
                    case (.failure(let whole), .failure(let pieces)):
                        #expect(pieces == whole, "\(label)")
                    default:
                        Issue.record("\(label): \(pieces) for \(whole)")
                    }
                }
            }
        }
    }

    /// Bytes that are lost once let go (standard input read into a `ReadBuffer`) are let go
    /// only once decoded: the text is the whole decoding's even though each page really goes.
    @Test func lostPagesGoOnlyOnceDecoded() throws {
        var random = SeededRandom(seed: 10)
        let shapes: [(String?, [[UInt8]])] = [
            (nil, [[0xE9], [0xE9, 0xE9], [0x0A], [0x61], [0x20]]),
            (nil, [[0xA1], [0xE0], [0xB5], [0x0A]]),
            (nil, [[0xC3, 0xA9], [0x61], [0x0A]]),
            ("utf-16le", [[0x68, 0x00], [0x0A, 0x00], [0x3D, 0xD8, 0x1B, 0xDE]]),
        ]
        for (name, units) in shapes {
            let encoding = name.flatMap(TextEncoding.init(name:))
            let bytes = Self.text(of: units, count: 50_000, random: &random)
            let whole = try TextDecoder.decode(bytes, encoding: encoding, fileName: "x")
            let buffer = try #require(try Self.readBuffer(holding: bytes))
            let pieces = try buffer.withByteView { (view) throws(Diagnostic) in
                try TextDecoder.decode(view, encoding: encoding, fileName: "x", pieceSize: 3_000, pages: .lost) {
                    view.releasePages(before: $0.upperBound)
                }
            }
            #expect(pieces.utf8 == whole.utf8 && pieces.encoding == whole.encoding && pieces.warnings == whole.warnings,
                    "\(name ?? "found"): \(pieces.utf8.count) bytes of \(pieces.encoding.name) for \(whole.utf8.count)")
        }
    }

    /// `bytes` read into a `ReadBuffer` through a file.
    static func readBuffer(holding bytes: [UInt8]) throws -> ReadBuffer? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pieces-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        return ReadBuffer.read(descriptor, capacity: bytes.count + 1) { got, _ in got > 0 ? .max : nil }
    }

    /// No piece ends inside a character: between a UTF-16 surrogate pair's units, or after a
    /// byte that may start a multi-byte character.
    @Test func piecesEndBetweenCharacters() {
        let pair: [UInt8] = [0x3D, 0xD8, 0x1B, 0xDE]
        let wide = Array(repeating: pair, count: 4).flatMap { $0 }
        wide.withByteView { view in
            #expect(TextDecoder.pieceEnd(of: view, in: .utf16LittleEndian, from: 1) == 4)
            #expect(TextDecoder.pieceEnd(of: view, in: .utf16LittleEndian, from: 4) == 4)
            #expect(TextDecoder.pieceEnd(of: view, in: .utf16LittleEndian, from: 5) == 8)
        }
        let shiftJIS: [UInt8] = [0x82, 0xA0, 0x82, 0x0A, 0x8A, 0x41, 0x82, 0xA0]
        shiftJIS.withByteView { view in
            #expect(TextDecoder.pieceEnd(of: view, in: .legacy(.shiftJIS), from: 1) == 4)
            #expect(TextDecoder.pieceEnd(of: view, in: .legacy(.shiftJIS), from: 5) == nil)
            #expect(TextDecoder.pieceEnd(of: view, in: .legacy(.windows1252), from: 5) == 5)
        }
    }
}
