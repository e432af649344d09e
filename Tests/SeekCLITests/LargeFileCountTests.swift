import Foundation
import Testing

/// Files of several megabytes are counted in pieces from a mapped file: the counts and
/// warnings must be those of the full search (`--json`, one line per match).
@Suite struct LargeFileCountTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    static func srt(cues: Int, badBlockEvery: Int) -> String {
        var text = ""
        for number in 1...cues {
            let seconds = number * 2
            let time = String(format: "%02d:%02d:%02d,%03d", seconds / 3600, seconds / 60 % 60, seconds % 60, number % 1000)
            text += "\(number)\n"
            text += number % badBlockEvery == 0 ? "00:00:xx,000 --> 00:00:01,000\n" : "\(time) --> \(time)\n"
            text += number % 7 == 0 ? "ALICE: our <i>budget</i> for \(number)\n\n" : "words of cue \(number), Budget budget\n\n"
        }
        return text
    }

    static func untimed(lines: Int) -> String {
        (0..<lines).map { $0 % 5 == 0 ? "\n" : "line \($0): 预算 and the budget, BUDGET\n" }.joined()
    }

    /// A generated file, named for the log: the test's argument is this name, not the text.
    enum Case: String, CaseIterable, CustomTestStringConvertible {
        case bigSRT = "big.srt"
        case bigText = "big.txt"
        case badUTF8 = "bad-utf8.txt"
        case timedText = "timed.txt"

        var testDescription: String { rawValue }

        var bytes: [UInt8] {
            switch self {
            case .bigSRT: Array(LargeFileCountTests.srt(cues: 120_000, badBlockEvery: 1_000).utf8)
            case .bigText: Array(LargeFileCountTests.untimed(lines: 150_000).utf8)
            case .badUTF8: Array((LargeFileCountTests.untimed(lines: 150_000) + "\u{FFFD}").utf8) + [0xFF, 0x0A]
            case .timedText: Array((LargeFileCountTests.untimed(lines: 150_000) + "[00:01:02] late budget\n").utf8)
            }
        }
    }

    @Test(arguments: Case.allCases)
    func countIsTheFullSearchsCount(file: Case) throws {
        let name = file.rawValue
        let bytes = file.bytes
        try Data(bytes).write(to: directory.url.appendingPathComponent(name))
        #expect(bytes.count > 4_000_000)
        for keyword in ["budget", "预算"] {
            let seek = SeekProcess.largeInputExecutable
            let counted = try SeekProcess.run(["--count", "-e", keyword, name], in: directory.url, program: seek)
            // The full search's records (hundreds of thousands) are counted by `wc`, not read here.
            let full = try runShell(#""$0" --json -e "# + "'\(keyword)' \(name)" + #" > records; status=$?; wc -l < records; exit $status"#,
                                    in: directory.url, program: seek)
            let lines = Int(full.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(lines != nil && counted.stdout == "\(lines ?? -1)\n", "\(name) \(keyword): \(counted.stdout) for \(full.stdout)")
            #expect(counted.stderr == full.stderr, "\(name) \(keyword)")
            #expect(counted.status == full.status)
        }
    }
}
