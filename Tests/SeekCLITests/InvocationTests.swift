import Testing
@testable import seek

/// The run's mode, decided once from the options, and the work each file gets for it.
@Suite struct InvocationTests {
    @Test func decidedOnce() throws {
        let cases: [([String], Invocation, String?)] = [
            (["budget", "a.srt"], Invocation.report(.blocks, silent: false), "matching cues"),
            (["-C", "1", "budget", "a.srt"], .report(.blocks, silent: false), "search"),
            (["-v", "budget", "a.srt"], .report(.blocks, silent: false), "search"),
            (["-o", "budget", "a.srt"], .report(.onlyMatching, silent: false), "matching cues"),
            (["-c", "budget", "a.srt"], .report(.count, silent: false), "count"),
            (["-c", "-m", "2", "budget", "a.srt"], .report(.count, silent: false), "part"),
            (["-m", "2", "budget", "a.srt"], .report(.blocks, silent: false), "part"),
            (["-m", "2", "-A", "1", "budget", "a.srt"], .report(.blocks, silent: false), "search"),
            (["-l", "-m", "2", "budget", "a.srt"], .report(.listFiles(.withMatches), silent: false), "count until 1"),
            (["-c", "-v", "budget", "a.srt"], .report(.count, silent: false), "search"),
            (["-l", "budget", "a.srt"], .report(.listFiles(.withMatches), silent: false), "count until 1"),
            (["-L", "budget", "a.srt"], .report(.listFiles(.withoutMatch), silent: false), "count until 1"),
            (["-q", "budget", "a.srt"], .report(.blocks, silent: true), "count until 1"),
            (["-q", "--json", "--output", "x.jsonl", "budget", "a.srt"], .report(.export(.jsonLines), silent: false),
             "matching cues"),
            (["--json", "budget", "a.srt"], .report(.export(.jsonLines), silent: false), "matching cues"),
            (["--csv", "budget", "a.srt"], .report(.export(.csv), silent: false), "matching cues"),
            (["--json", "-v", "budget", "a.srt"], .report(.export(.jsonLines), silent: false), "search"),
            (["--edl", "budget", "a.srt"], .report(.export(.edl), silent: false), "search"),
            (["--play", "-q", "budget", "a.srt"], .report(.export(.edl), silent: false), "search"),
            (["--cues", "a.srt"], .report(.cues(json: false), silent: false), "cues"),
            (["--cues", "--json", "a.srt"], .report(.cues(json: true), silent: false), "cues"),
            (["-i", "a.srt"], .interactive, nil),
            (["--help"], .help, nil),
            (["--version"], .version, nil),
        ]
        for (arguments, invocation, work) in cases {
            let options = try CommandLineOptions.parse(arguments)
            #expect(Invocation(options) == invocation, "\(arguments)")
            guard case .report(let output, let silent) = invocation else { return }
            let decided: String = switch FileWork(output, silent: silent, options: options) {
            case .loadCues: "cues"
            case .count(_, enough: .max): "count"
            case .count(_, let enough): "count until \(enough)"
            case .search: "search"
            case .searchPart: "part"
            case .searchMatching: "matching cues"
            }
            #expect(decided == work, "\(arguments)")
        }
    }
}
