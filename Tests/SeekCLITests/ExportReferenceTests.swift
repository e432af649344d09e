import Foundation
import Testing

/// `seek --json --format text` on an untimed file must report, for every keyword,
/// exactly the ranges `Regex(verbatim:).ignoresCase()` finds line by line.
@Suite struct ExportReferenceTests {
    static let fragments = [
        "café", "cafe\u{301}", "CAFÉ", "the \u{212A}elvin scale", "ΣΊΣΥΦΟΣ σίσυφος ς", "ß ẞ SS ss",
        "👍🏽 👍 👍🏻 👩‍👩‍👧", "a.b a-b A.B f(x)", "aaaa", "家乡 家鄉 家乡人 \u{F900}", "İstanbul ıi Iİ",
        "ﬁsh fish FISH", "e\u{301}e E", "Ꭰ ꭰ ᏸ", "ǆ ǅ Ǆ", "where is your", "home town", "k K",
        "\u{0600}a", "naïve NAÏVE", "Straße STRASSE", "\u{1100}\u{1161}\u{11A8}",
    ]
    static let keywords = ["e", "café", "σ", "k", "家乡", "a.b", "ß", "👍", "aa", "fi", "i", "ǆ", "ss", "Ꭰ", "a"]

    @Test func jsonRangesEqualTheRegexReference() throws {
        var random = CLIRandom(seed: 7)
        var lines: [String] = []
        for _ in 0..<400 {
            let count = 1 + Int(random.next() % 5)
            let words = (0..<count).map { _ in Self.fragments[Int(random.next() % UInt64(Self.fragments.count))] }
            lines.append("· " + words.joined(separator: random.next() % 2 == 0 ? " " : ""))
        }
        let directory = try TemporaryDirectory()
        try directory.write("lines.txt", lines.joined(separator: "\n") + "\n")

        var total = 0
        for keyword in Self.keywords {
            let regex = Regex<AnyRegexOutput>(verbatim: keyword).ignoresCase()
            var expected: [[Int]] = []
            for (number, line) in lines.enumerated() {
                for range in line.ranges(of: regex) {
                    expected.append([
                        number + 1,
                        line.utf8.distance(from: line.startIndex, to: range.lowerBound),
                        line.utf8.distance(from: line.startIndex, to: range.upperBound),
                        line.unicodeScalars.distance(from: line.startIndex, to: range.lowerBound),
                        line.unicodeScalars.distance(from: line.startIndex, to: range.upperBound),
                        line.utf16.distance(from: line.startIndex, to: range.lowerBound),
                        line.utf16.distance(from: line.startIndex, to: range.upperBound),
                    ])
                }
            }
            let result = try SeekProcess.run(["--json", "--format", "text", "-e", keyword, "lines.txt"], in: directory.url)
            #expect(result.status == (expected.isEmpty ? 1 : 0), "\(keyword): \(result.stderr)")
            var actual: [[Int]] = []
            for row in result.stdout.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any])
                actual.append(["line", "byte_start", "byte_end", "char_start", "char_end", "utf16_start", "utf16_end"]
                    .map { (object[$0] as? Int) ?? -1 })
                #expect(object["cue"] as? Int == object["line"] as? Int)
                #expect(object["total"] as? Int == expected.count)
            }
            #expect(actual == expected, "keyword \(keyword)")
            total += expected.count
        }
        #expect(total > 500, "the generated lines exercise the keywords")
    }
}
