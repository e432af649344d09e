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
}
