import SeekBytes
import Testing
@testable import SeekKit

@Suite struct XMLScannerTests {
    /// The value `attribute(name)` finds in the start tag `tag`, or `nil`.
    static func value(_ name: StaticString, in tag: String) -> String? {
        Array(tag.utf8).withByteView { bytes -> String? in
            var scanner = XMLScanner(bytes)
            guard case let .start(_, attributes, _)? = scanner.next() else { return nil }
            return scanner.attribute(name, in: attributes).map { bytes.string(in: $0) }
        }
    }

    /// The first attribute written plainly is read at once; every other way of writing it takes
    /// the general walk: both give the first attribute of that local name, any case, any prefix.
    @Test func attributesAreFoundHoweverTheyAreWritten() {
        let rows: [(StaticString, String, String?)] = [
            ("start", "<SYNC Start=1200>", "1200"),
            ("start", "<SYNC Start=1200 End=3>", "1200"),
            ("start", "<SYNC START=\"1200\">", "1200"),
            ("start", "<SYNC Start='1 2'>", "1 2"),
            ("start", "<SYNC Start = 1200>", "1200"),
            ("start", "<SYNC  Start=1200>", "1200"),
            ("start", "<SYNC x:start=5>", "5"),
            ("start", "<SYNC Startx=1 start=2>", "2"),
            ("start", "<SYNC Class=EN Start=9>", "9"),
            ("start", "<SYNC Start= >", ""),
            ("start", "<SYNC Start=>", ""),
            ("start", "<SYNC Start= 1200>", "1200"),
            ("start", "<SYNC Start=\t'7'>", "7"),
            ("start", "<SYNC Start=3/>", "3"),
            ("start", "<SYNC Star=1>", nil),
            ("class", "<P Class=ENCC>", "ENCC"),
            ("class", "<P Class=\"EN CC\">", "EN CC"),
        ]
        for (name, tag, expected) in rows {
            #expect(Self.value(name, in: tag) == expected, "\(tag)")
        }
    }

    /// Two ranges hold the same bytes exactly when their arrays are equal: one word at a time
    /// for short ranges away from the end, byte by byte near it and for longer ones.
    @Test func comparesRangesAsArraysDo() {
        var random = SeededRandom(seed: 21)
        let bytes: [UInt8] = (0..<64).map { _ in [0x61, 0x62, 0x70, 0x3E][Int(random.next() % 4)] }
        bytes.withByteView { view in
            let scanner = XMLScanner(view)
            for _ in 0..<20_000 {
                let length = Int(random.next() % 11)
                let a = Int(random.next() % UInt64(65 - length))
                let b = Int(random.next() % UInt64(65 - length))
                let other = random.next() % 8 == 0 ? max(0, length - 1) : length
                let expected = other == length && bytes[a..<(a + length)] == bytes[b..<(b + length)]
                #expect(scanner.sameBytes(a..<(a + length), b..<(b + other)) == expected, "\(a) \(b) \(length) \(other)")
            }
        }
    }
}
