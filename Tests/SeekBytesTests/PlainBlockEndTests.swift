import Testing
@testable import SeekBytes

/// `ByteView.plainBlockEnd(from:)` finds the empty line after plain lines exactly where a byte
/// loop does, and declines whatever a byte loop calls not plain.
@Suite struct PlainBlockEndTests {
    /// The first line feed from `start` followed by another, when every line feed before it
    /// stands between bytes other than blanks and line feeds and no markup comes before it
    /// (`nil` when none is, or something is not plain first), byte by byte.
    static func expectedEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            switch bytes[index] {
            case 0x0A:
                let next = bytes[index + 1]
                if next == 0x0A { return index }
                let before = bytes[index - 1]
                if next == 0x20 || next == 0x09 || before == 0x20 || before == 0x09 { return nil }
            case UInt8(ascii: "{"), UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return nil
            default: break
            }
            index += 1
        }
        return nil
    }

    @Test(arguments: [0, 1, 2, 16, 17, 18, 19, 32, 33, 34, 35, 48, 49, 50, 64, 65, 66, 200, 1000])
    func findsTheEndAByteLoopFinds(length: Int) {
        // Line feeds, blanks and markup among runs of letters; "=" and "?" differ from "<" and
        // ">" by the bit the scan masks, "z" and "'" are "{" and "&" less one.
        let rare = Array("\n \t{&<>=?z'".utf8)
        var ends = 0
        for seed: UInt64 in 0..<12 {
            var state = UInt64(length) &* 31 &+ seed &+ 7
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Seeds 0-5: mostly letters and line feeds, so that plain blocks are common.
                let draw = Int(state >> 56)
                if seed < 6 { return draw < 200 ? 0x61 : draw < 236 ? 0x0A : draw < 246 ? 0x20 : rare[draw % rare.count] }
                return draw < 128 ? 0x61 : rare[draw % rare.count]
            }
            bytes.withUnsafeBufferPointer { buffer in
                let view = ByteView(buffer)
                for start in 0..<length where bytes[start] != 0x0A {
                    let found = view.plainBlockEnd(from: start)
                    let expected = Self.expectedEnd(bytes, from: start)
                    if let found {
                        ends += 1
                        #expect(found == expected, "length \(length), seed \(seed), from \(start)")
                    } else if let expected {
                        // Declined only where the end's chunk of sixteen (and the byte after) passes the view's end.
                        #expect(start + (expected - start) / 16 * 16 + 17 > length,
                                "length \(length), seed \(seed), from \(start): \(expected) not found")
                    }
                }
            }
        }
        if length >= 200 { #expect(ends > 0, "some plain blocks") }
    }

    @Test func passesTheLineFeedsBetweenPlainLines() {
        let text = Array("it's\nbudget time\nagain and again\n\n2\n00:00:01,000 --> 00:00:02,000\nnext\n\n".utf8)
        text.withUnsafeBufferPointer { buffer in
            let view = ByteView(buffer)
            #expect(view.plainBlockEnd(from: 0) == 32)
            #expect(view.plainBlockEnd(from: 5) == 32)
        }
        for unplain in ["it's \nbudget", "it's\n budget", "it's\n\tbudget", "it's\t\nbudget", "it's &amp;", "<i>it's", "a > b"] {
            let text = Array((unplain + "\nmore words to pass sixteen bytes\n\nnext block\n").utf8)
            text.withUnsafeBufferPointer { buffer in
                #expect(ByteView(buffer).plainBlockEnd(from: 0) == nil, "\(unplain)")
            }
        }
    }
}
