import Testing
@testable import SeekKit

@Suite struct TimestampTests {
    @Test func formats() {
        let cases: [(Int, String)] = [
            (0, "00:00:00.000"), (1_500, "00:00:01.500"), (3_723_004, "01:02:03.004"),
            (360_000_000, "100:00:00.000"), (-5_000, "-00:00:05.000"),
        ]
        for (milliseconds, expected) in cases {
            #expect(Timestamp.format(milliseconds) == expected, "\(milliseconds) ms")
        }
    }

    @Test func parses() {
        let cases: [(String, Int)] = [
            ("01:02:03", 3_723_000), ("01:02:03.5", 3_723_500), ("02:03.250", 123_250),
            ("90", 90_000), ("90.5", 90_500), ("0", 0),
        ]
        for (text, expected) in cases {
            #expect(Timestamp.parse(text) == expected, "\(text)")
        }
    }

    @Test func rejects() {
        for text in ["", "abc", "1:2:3:4", "01:60", "-5", "1.2345", "01:02:", String(repeating: "9", count: 300)] {
            #expect(Timestamp.parse(text) == nil, "\(text)")
        }
    }
}
