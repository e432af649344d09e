import Testing
@testable import SeekKit

@Suite struct TimestampTests {
    @Test(arguments: [
        (0, "00:00:00.000"), (1_500, "00:00:01.500"), (3_723_004, "01:02:03.004"),
        (360_000_000, "100:00:00.000"), (-5_000, "-00:00:05.000"),
    ])
    func formats(milliseconds: Int, expected: String) {
        #expect(Timestamp.format(milliseconds) == expected)
    }

    @Test(arguments: [
        ("01:02:03", 3_723_000), ("01:02:03.5", 3_723_500), ("02:03.250", 123_250),
        ("90", 90_000), ("90.5", 90_500), ("0", 0),
    ] as [(String, Int)])
    func parses(text: String, expected: Int) {
        #expect(Timestamp.parse(text) == expected)
    }

    @Test(arguments: ["", "abc", "1:2:3:4", "01:60", "-5", "1.2345", "01:02:", String(repeating: "9", count: 300)])
    func rejects(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }
}
