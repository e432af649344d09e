import Testing
@testable import SeekKit
import SeekBytes

/// The shortcuts in `SRTParser` (the usual `HH:MM:SS,mmm` read at once, markup looked for
/// eight bytes at a time) must agree with the general code on every shape of input.
@Suite struct SRTParserFastPathTests {
    @Test func timingLines() {
        let cases: [(String, SRTParser.Timing)] = [
            ("00:00:02,692 --> 00:00:04,778", SRTParser.Timing.valid(start: 2_692, end: 4_778)),
            ("00:00:02.692 --> 00:00:04.778", .valid(start: 2_692, end: 4_778)),
            ("12:34:56,789 --> 99:59:59,999", .valid(start: 45_296_789, end: 359_999_999)),
            ("00:00:02,6925 --> 00:00:04,7", .valid(start: 2_692, end: 4_700)),
            ("00:00:02,69 --> 00:00:04,778", .valid(start: 2_690, end: 4_778)),
            ("1:02:03,004 --> 01:02:03,5", .valid(start: 3_723_004, end: 3_723_500)),
            ("100:00:00,000 --> 100:00:01,000", .valid(start: 360_000_000, end: 360_001_000)),
            ("00:00:02,692-->00:00:04,778", .valid(start: 2_692, end: 4_778)),
            ("00:00:02,692 --> 00:00:04,778 X1:10 Y1:20", .valid(start: 2_692, end: 4_778)),
            ("00:00:02,692 --> 00:00:04,778x", .invalid(SRTParser.expectedTiming)),
            ("00:00:0x,692 --> 00:00:04,778", .invalid(SRTParser.expectedTiming)),
            ("00:00:02,692", .none),
        ]
        for (line, expected) in cases {
            let bytes = Array(line.utf8)
            let timing = bytes.withByteView { SRTParser.timing($0, 0, $0.count) }
            #expect(timing == expected, "\(line)")
        }
    }

    @Test func markupIsFoundAtEveryPosition() {
        for length in 0..<20 {
            let plain = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(!plain.withByteView(SRTParser.needsCleaning))
            for position in 0..<length {
                for marker in ["<", "{", "&"].map({ UInt8(ascii: $0) }) {
                    var text = plain
                    text[position] = marker
                    #expect(text.withByteView(SRTParser.needsCleaning), "\(length) \(position)")
                }
            }
        }
    }
}
