import SeekBytes
import Testing
@testable import SeekKit

/// `ClockTime.read` takes the usual `H…:MM:SS.fff` in one pass and every other form field by
/// field; both must read a time the same way and stop at the same byte.
@Suite struct ClockTimeTests {
    /// The time read at the start of `text` and where reading stopped, or `nil`.
    private func read(_ text: String, hours: Bool = true) -> (Int, Int)? {
        Array(text.utf8).withByteView { bytes in
            var index = 0
            return ClockTime.read(bytes, &index, bytes.count, hours: hours).map { ($0, index) }
        }
    }

    @Test func readsTheUsualFormsAndStopsAfterThem() {
        let cases: [(String, Int, Int)] = [
            ("0:00:01.000", 1_000, 11), ("00:00:01.00", 1_000, 11), ("0:01:02,5", 62_500, 9),
            ("1:02:03.45,0:00:00.00", 3_723_450, 10), ("100:00:01.614", 360_001_614, 13),
            ("123456:00:00.00", 444_441_600_000, 15), ("0:00:01.0009", 1_000, 12), ("0:00:01.9999 x", 1_999, 12),
            ("0:00:01", 1_000, 7), ("0:00:01.", 1_000, 7), ("01:23.45", 83_450, 8), ("0:1:2.3", 62_300, 7),
            ("0:00:01:50", 1_000, 7), ("00:00:99.00", 99_000, 11),
        ]
        for (text, milliseconds, end) in cases {
            let result = read(text)
            #expect(result?.0 == milliseconds && result?.1 == end, "\(text): \(String(describing: result))")
        }
    }

    @Test func refusesWhatNoFormAllows() {
        for text in ["1234567:00:00.00", "0:100:00.00", "0:00:100.00", ":00:01.00", "x", "", "0"] {
            #expect(read(text) == nil, "\(text)")
        }
    }

    /// Reading a time with its last bytes cut off stops where the shorter text ends.
    @Test func readsEveryPrefixAsTheFieldReaderWould() {
        let text = "12:34:56.789"
        let expected: [Int?] = [nil, nil, nil, nil, 723_000, 754_000, 754_000, 45_245_000, 45_296_000,
                                45_296_000, 45_296_700, 45_296_780, 45_296_789]
        for length in 0...text.count {
            #expect(read(String(text.prefix(length)))?.0 == expected[length], "\(text.prefix(length))")
        }
    }
}
