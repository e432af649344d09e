import Foundation
import Testing
@testable import SeekKit

/// Long keywords scan in one linear pass and agree with the reference; oversized queries are refused.
@Suite struct QueryLimitsTests {
    @Test(arguments: 0..<4)
    func longKeywordsAgreeWithTheReference(seed: UInt64) {
        var random = SeededRandom(seed: seed &+ 77)
        // Few distinct pieces, so long keywords have long partial matches everywhere.
        let pieces = ["a", "a", "a", "b", "A", " ", "\n", "ab", "k", "\u{212A}", "é"]
        let cues = (0..<40).map { number in
            Cue(ordinal: number + 1, text: (0..<Int.random(in: 1...200, using: &random)).map { _ in
                pieces.randomElement(using: &random)!
            }.joined(), line: number + 1)
        }
        let transcript = Transcript(cues)
        let keywords = [
            String(repeating: "a", count: 30), String(repeating: "a", count: 29) + "b",
            String(repeating: "ab", count: 15), String(repeating: "a", count: 12) + " " + String(repeating: "a", count: 12),
            String(repeating: "aab", count: 9) + "k", String(repeating: "A", count: 40),
        ]
        for keyword in keywords {
            for caseSensitive in [false, true] {
                let fast = Matcher(keyword: keyword, caseSensitive: caseSensitive)
                let reference = ReferenceMatcher(keyword: keyword, caseSensitive: caseSensitive)
                #expect(searchScanned(fast, transcript) == searchReferenceScan(reference, transcript),
                        "keyword \(keyword) caseSensitive \(caseSensitive) seed \(seed)")
            }
        }
    }

    @Test func theFailureTableIsKnuthMorrisPratts() {
        #expect(FastPlan.failureTable(Array("abab".utf8)) == [0, 0, 1, 2])
        #expect(FastPlan.failureTable(Array("aaab".utf8)) == [0, 1, 2, 0])
        #expect(FastPlan.failureTable(Array("abcabd".utf8)) == [0, 0, 0, 1, 2, 0])
        #expect(FastPlan.failureTable(Array("a".utf8)) == [0])
    }

    @Test func aLongKeywordOnTextOfNearMatchesIsFoundOnce() {
        // Every place of the text starts a near match of the keyword: a check of each costs its length.
        let keyword = String(repeating: "a", count: 255) + "b"
        let text = String(repeating: "a", count: 200_000) + "b"
        let transcript = Transcript([Cue(ordinal: 1, text: text, line: 1)])
        let found = searchScanned(Matcher(keyword: keyword), transcript)
        #expect(found == [SearchFound(cue: 0, range: (200_000 - 255)..<200_001)])
    }

    @Test(arguments: [
        ([String](repeating: "a", count: 100_001), "too many keywords: 100001 (at most 100000)"),
        ([String](repeating: "é", count: 1_001), "too many keywords searched one by one: 1001 (at most 1000 with -w, "
            + "--ignore-accents or characters beyond ASCII and CJK ideographs)"),
        ([String(repeating: "é", count: 257)], "keyword too long: 257 characters (at most 256)"),
    ])
    func oversizedQueriesAreRefused(keywords: [String], message: String) {
        #expect(QueryLimits.problem(with: keywords) == message)
    }

    @Test func queriesWithinTheLimitsPass() {
        #expect(QueryLimits.problem(with: [String](repeating: "a", count: 100_000)) == nil)
        #expect(QueryLimits.problem(with: [String](repeating: "é", count: 1_000)) == nil)
        #expect(QueryLimits.problem(with: [String](repeating: "a", count: 1_001), wholeWords: true) != nil)
        #expect(QueryLimits.problem(with: [String](repeating: "a", count: 1_001), ignoresAccents: true) != nil)
        #expect(QueryLimits.problem(with: [String(repeating: "é", count: 256)]) == nil)
    }
}
