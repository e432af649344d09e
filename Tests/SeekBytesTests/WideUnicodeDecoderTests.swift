import Testing
@testable import SeekBytes

/// The hand-written UTF-16 and UTF-32 decoders against the standard library's `transcode`.
@Suite struct WideUnicodeDecoderTests {
    /// What `transcode` makes of `bytes` read as `width`-byte code units, plus one U+FFFD for a
    /// partial unit at the end.
    static func expected(_ bytes: [UInt8], width: Int, bigEndian: Bool) -> [UInt8] {
        var units: [UInt32] = []
        var index = 0
        while index + width <= bytes.count {
            var unit: UInt32 = 0
            for offset in 0..<width {
                unit = unit << 8 | UInt32(bytes[index + (bigEndian ? offset : width - 1 - offset)])
            }
            units.append(unit)
            index += width
        }
        var output: [UInt8] = []
        if width == 2 {
            _ = transcode(units.map { UInt16($0) }.makeIterator(), from: UTF16.self, to: UTF8.self,
                          stoppingOnError: false) { output.append($0) }
        } else {
            _ = transcode(units.makeIterator(), from: UTF32.self, to: UTF8.self,
                          stoppingOnError: false) { output.append($0) }
        }
        if bytes.count % width != 0 { output += [0xEF, 0xBF, 0xBD] }
        return output
    }

    static func decoded(_ bytes: [UInt8], width: Int, bigEndian: Bool) -> [UInt8] {
        width == 2 ? WideUnicodeDecoder.decodeUTF16(bytes[...], bigEndian: bigEndian)
                   : WideUnicodeDecoder.decodeUTF32(bytes[...], bigEndian: bigEndian)
    }

    /// `units` as bytes in one byte order.
    static func bytes(_ units: [UInt32], width: Int, bigEndian: Bool) -> [UInt8] {
        units.flatMap { unit in
            (0..<width).map { offset in
                UInt8(truncatingIfNeeded: unit >> (8 * (bigEndian ? width - 1 - offset : offset)))
            }
        }
    }

    /// Code units that meet every branch: ASCII (runs of it take the four-at-a-time path), two-
    /// and three-byte UTF-8, both surrogate halves, U+FEFF, U+FFFF; for UTF-32 also scalars past
    /// U+FFFF, the last one, and values past U+10FFFF.
    static func randomUnit(width: Int, using random: inout SeededRandom) -> UInt32 {
        let choices: [ClosedRange<UInt32>] = width == 2
            ? [0...0x7F, 0...0x7F, 0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xD800...0xDBFF, 0xDC00...0xDFFF,
               0xE000...0xFFFF, 0xFEFF...0xFEFF, 0xFFFD...0xFFFF]
            : [0...0x7F, 0...0x7F, 0x80...0x7FF, 0x800...0xFFFF, 0xD800...0xDFFF, 0x10000...0x10FFFF,
               0x10FFFF...0x110000, 0x110000...0xFFFF_FFFF, 0xFEFF...0xFEFF]
        return UInt32.random(in: choices[Int.random(in: 0..<choices.count, using: &random)], using: &random)
    }

    @Test func agreesWithTranscodeOnRandomUnitsAndBytes() {
        var random = SeededRandom(seed: 1_614)
        for width in [2, 4] {
            for bigEndian in [false, true] {
                for round in 0..<3_000 {
                    let count = Int.random(in: 0...24, using: &random)
                    var input = round % 3 == 2
                        ? (0..<count * width).map { _ in UInt8.random(in: 0...255, using: &random) }
                        : Self.bytes((0..<count).map { _ in Self.randomUnit(width: width, using: &random) },
                                     width: width, bigEndian: bigEndian)
                    if round % 5 == 4 { input += (0..<Int.random(in: 1..<width, using: &random)).map { _ in 0x41 } }
                    let got = Self.decoded(input, width: width, bigEndian: bigEndian)
                    #expect(got == Self.expected(input, width: width, bigEndian: bigEndian),
                            "UTF-\(width * 8)\(bigEndian ? "BE" : "LE") bytes \(input)")
                }
            }
        }
    }

    /// Each edge with its UTF-8 written out, so a mistake shared with `transcode` still shows.
    @Test func edgesDecodeAsUnicodeSays() {
        let utf16: [([UInt32], [UInt8], String)] = [
            ([], [], "nothing"),
            ([0xD800], [0xEF, 0xBF, 0xBD], "a lone high surrogate"),
            ([0xDC00], [0xEF, 0xBF, 0xBD], "a lone low surrogate"),
            ([0xDC00, 0xD800], [0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD], "low before high"),
            ([0xD83D, 0xDE00], [0xF0, 0x9F, 0x98, 0x80], "a pair: U+1F600"),
            ([0xDBFF, 0xDFFF], [0xF4, 0x8F, 0xBF, 0xBF], "the last pair: U+10FFFF"),
            ([0xD83D, 0x41, 0x42, 0x43, 0x44], [0xEF, 0xBF, 0xBD, 0x41, 0x42, 0x43, 0x44], "a high surrogate before ASCII"),
            ([0x41, 0x42, 0x43, 0xD83D, 0xDE00], [0x41, 0x42, 0x43, 0xF0, 0x9F, 0x98, 0x80], "a pair across four units"),
            ([0xFEFF, 0x41], [0xEF, 0xBB, 0xBF, 0x41], "a byte order mark is a character here"),
            ([0x7F, 0x80, 0x7FF, 0x800, 0xFFFF], [0x7F, 0xC2, 0x80, 0xDF, 0xBF, 0xE0, 0xA0, 0x80, 0xEF, 0xBF, 0xBF],
             "the edges of each length"),
        ]
        for (units, utf8, name) in utf16 {
            for bigEndian in [false, true] {
                let input = Self.bytes(units, width: 2, bigEndian: bigEndian)
                #expect(Self.decoded(input, width: 2, bigEndian: bigEndian) == utf8, "UTF-16: \(name)")
                #expect(Self.decoded(input + [0x41], width: 2, bigEndian: bigEndian) == utf8 + [0xEF, 0xBF, 0xBD],
                        "UTF-16: \(name), then an odd byte")
            }
        }
        let utf32: [([UInt32], [UInt8], String)] = [
            ([0x10FFFF], [0xF4, 0x8F, 0xBF, 0xBF], "the last scalar"),
            ([0x110000], [0xEF, 0xBF, 0xBD], "past the last scalar"),
            ([0xD800, 0xDFFF], [0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD], "surrogates"),
            ([0xFFFF_FFFF, 0x41], [0xEF, 0xBF, 0xBD, 0x41], "all bits set"),
            ([0x1F600], [0xF0, 0x9F, 0x98, 0x80], "U+1F600"),
        ]
        for (units, utf8, name) in utf32 {
            for bigEndian in [false, true] {
                let input = Self.bytes(units, width: 4, bigEndian: bigEndian)
                #expect(Self.decoded(input, width: 4, bigEndian: bigEndian) == utf8, "UTF-32: \(name)")
                #expect(Self.decoded(input + [0, 0, 0], width: 4, bigEndian: bigEndian) == utf8 + [0xEF, 0xBF, 0xBD],
                        "UTF-32: \(name), then three bytes")
            }
        }
    }

    /// A slice that does not start at index 0 is read from its own start.
    @Test func aSliceIsReadFromItsStart() {
        let bytes: [UInt8] = [0xFF, 0x41, 0x00, 0x42, 0x00, 0x3D, 0xD8, 0x00, 0xDE]
        #expect(WideUnicodeDecoder.decodeUTF16(bytes[1...], bigEndian: false) == [0x41, 0x42, 0xF0, 0x9F, 0x98, 0x80])
    }
}
