import Testing
@testable import SeekKit

/// Scopes narrow the search; the numbering counts only matches in scope.
@Suite struct ScopeTests {
    static let cues = Transcript([
        Cue(ordinal: 1, start: 0, end: 1_000, speaker: "Ana", text: "hello", line: 1),
        Cue(ordinal: 2, start: 1_000, end: 2_000, speaker: "Bo", text: "hello hello", line: 2),
        Cue(ordinal: 3, start: 2_000, end: 3_000, speaker: "ana", text: "hello", line: 3),
        Cue(ordinal: 4, text: "hello", line: 4),
        Cue(ordinal: 5, start: 5_000, end: 6_000, text: "hello", line: 5),
    ])

    /// (scope, cues whose matches remain).
    static let rows: [(Scope, [Int])] = [
        (Scope(), [0, 1, 1, 2, 3, 4]),
        (Scope(speaker: "ANA"), [0, 2]),
        (Scope(speaker: "bo"), [1, 1]),
        (Scope(speaker: "nobody"), []),
        (Scope(from: 1_500), [1, 1, 2, 4]),
        (Scope(to: 1_000), [0, 1, 1]),
        (Scope(from: 2_500, to: 5_000), [2, 4]),
        (Scope(from: 3_001, to: 4_999), []),
        (Scope(speaker: "ana", from: 1_001), [2]),
    ]

    @Test func narrows() {
        for (scope, cues) in Self.rows {
            for keywords in [["hello"], ["hello", "hell"]] {
                let index = MatchIndex(transcript: Self.cues, query: Query(keywords: keywords, scope: scope))
                #expect((0..<index.count).map { index[$0 + 1].cue } == cues, "\(scope)")
                #expect((0..<index.count).map { index[$0 + 1].position } == Array(1...max(1, cues.count)).prefix(cues.count).map { $0 }, "\(scope)")
                for cue in Self.cues.indices {
                    #expect(scope.includes(cue, of: Self.cues) == scope.filter(for: Self.cues)(cue), "\(scope)")
                }
            }
        }
    }
}
