import Foundation
import Testing

/// Issue #16's bad input for machine transcripts, through the command: each gives a message
/// naming the file (and the line and byte, or the segment's line), status 2 or a result with
/// warnings, and the other files are still searched; `-c` says the same.
@Suite struct TranscriptBadInputTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        /// Exit status: 2 for a refused file (the good file still prints), 0 for a result with a warning.
        var status: Int32
        /// What standard error says after `name:`.
        var message: String
        var description: String { name }
    }

    static func segment(_ fields: String) -> [UInt8] {
        Array(#"{"segments": [{"start": 0, "end": 1, "text": "the budget"}, "#.utf8) + Array(fields.utf8) + Array("]}\n".utf8)
    }

    static let cases: [Case] = [
        Case(name: "deep.json", bytes: Array(#"{"segments": [{"x": "#.utf8) + Array(repeating: UInt8(ascii: "["), count: 100_000),
             status: 2, message: "nested deeper than 512"),
        Case(name: "huge-number.json", bytes: segment(#"{"start": 1e400, "end": 2, "text": "budget far"}"#),
             status: 0, message: "unreadable time"),
        Case(name: "nan.json", bytes: segment(#"{"start": NaN, "end": 2, "text": "budget"}"#),
             status: 2, message: "expected a time in seconds"),
        Case(name: "negative.json", bytes: segment(#"{"start": -3, "end": 2, "text": "budget early"}"#),
             status: 0, message: "negative"),
        Case(name: "reversed.json", bytes: segment(#"{"start": 9, "end": 2, "text": "budget backwards"}"#),
             status: 0, message: "reversed"),
        Case(name: "words.json", bytes: segment(
            #"{"start": 2, "end": 3, "text": "budget", "words": [{"word": "budget", "start": 2, "end": 2.5}, {"word": "more", "start": 2.5, "end": 3}]}"#),
             status: 0, message: "word(s) not found"),
        Case(name: "surrogate.json", bytes: segment(#"{"start": 2, "end": 3, "text": "budget \udc00 odd"}"#),
             status: 0, message: "lone surrogate"),
        Case(name: "bad-utf8.json", bytes: segment(#"{"start": 2, "end": 3, "text": "budget caf"#) + [0xE9] + Array(#""}]}"#.utf8),
             status: 0, message: "decoded as"),
        Case(name: "reversed.tsv", bytes: Array("start\tend\ttext\n0\t1000\tthe budget\n5000\t2000\tbudget backwards\n".utf8),
             status: 0, message: "negative or reversed"),
        Case(name: "negative.tsv", bytes: Array("start\tend\ttext\n0\t1000\tthe budget\n-500\t2000\tbudget early\n".utf8),
             status: 0, message: "negative or reversed"),
    ]

    @Test func badTranscriptIsNamedAndTheOthersAreSearched() throws {
        for bad: Case in Self.cases {
            let directory = try TemporaryDirectory()
            try Data(bad.bytes).write(to: directory.url.appendingPathComponent(bad.name))
            try directory.write("good.srt", "1\n00:00:01,000 --> 00:00:02,000\nthe budget\n")
            let result = try SeekProcess.run(["budget", bad.name, "good.srt"], in: directory.url)
            #expect(result.status == bad.status, "\(result.stderr)")
            #expect(result.stdout.contains("good.srt:1 00:00:01.000: the budget"), "\(result.stdout)")
            if bad.status == 2 {
                #expect(result.stderr.contains(bad.name + ":1:"), "\(result.stderr)")
                #expect(result.stderr.contains("(byte "), "\(result.stderr)")
            } else {
                #expect(result.stdout.components(separatedBy: bad.name + ":").count == 3, "\(result.stdout)")
            }
            #expect(result.stderr.contains(bad.name + ":"), "\(result.stderr)")
            #expect(result.stderr.contains(bad.message), "\(result.stderr)")
            // Counting reads the file without keeping what a count does not need: it warns the same.
            let counted = try SeekProcess.run(["-c", "budget", bad.name, "good.srt"], in: directory.url)
            #expect(counted.status == bad.status, "\(bad.name): \(counted.stderr)")
            #expect(counted.stderr == result.stderr, "\(bad.name) -c: \(counted.stderr)")
        }
    }
}
