import Testing
@testable import SeekKit

func searchTranscript(_ texts: [String]) -> Transcript {
    Transcript(texts.enumerated().map { Cue(ordinal: $0.offset + 1, text: $0.element, line: $0.offset + 1) })
}

/// Numbering, lookups both ways, and merging several tokens.
@Suite struct MatchIndexTests {
    @Test func numbersMatchesInReadingOrder() {
        let index = MatchIndex(transcript: searchTranscript(["a b a", "", "b", "aa"]), query: Query("a"))
        #expect(index.count == 4)
        #expect((1...4).map { index[$0].cue } == [0, 0, 3, 3])
        #expect((1...4).map { index[$0].range } == [0..<1, 4..<5, 0..<1, 1..<2])
        #expect((1...4).map { index[$0].position } == [1, 2, 3, 4])
    }

    @Test(arguments: [(0, 0), (1, 2), (2, 4), (3, 5), (9, 7)])
    func limitedKeepsTheMatchesOfTheFirstCues(cues: Int, matches: Int) {
        let index = MatchIndex(transcript: searchTranscript(["a b a", "", "b", "aa", "a", "a a"]), query: Query("a"))
        let limited = index.limited(toCues: cues)
        #expect(limited.count == min(matches, index.count))
        #expect((1..<limited.count + 1).allSatisfy { limited[$0] == index[$0] })
    }

    @Test func positionsInCue() {
        let index = MatchIndex(transcript: searchTranscript(["a b a", "", "b", "aa"]), query: Query("a"))
        #expect(index.positions(inCue: 0) == 1..<3)
        #expect(index.positions(inCue: 1).isEmpty)
        #expect(index.positions(inCue: 3) == 3..<5)
        #expect(index.positions(inCue: 99).isEmpty)
        #expect(index.positions(inCues: 1..<4) == 3..<5)
        #expect(index.position(inCue: 3, utf8Offset: 1) == 4)
        #expect(index.position(inCue: 0, utf8Offset: 2) == nil)
    }

    /// (keywords, text, expected (range, token) in order).
    static let merging: [([String], String, [(Range<Int>, Int)])] = [
        (["cat", "dog"], "dog cat", [(0..<3, 1), (4..<7, 0)]),
        (["at", "cat"], "cat", [(0..<3, 1)]),
        (["ca", "cat"], "cat", [(0..<3, 1)]),
        (["cat", "ca"], "cat", [(0..<3, 0)]),
        (["a", "a"], "a", [(0..<1, 0)]),
        (["ab", "bc"], "abc", [(0..<2, 0)]),
        (["bc", "ab"], "abcbc", [(0..<2, 1), (3..<5, 0)]),
        (["", "x"], "x", [(0..<1, 1)]),
    ]

    @Test(arguments: merging)
    func tokensMerge(keywords: [String], text: String, expected: [(Range<Int>, Int)]) {
        let index = MatchIndex(transcript: searchTranscript([text]), query: Query(keywords: keywords))
        let found = (0..<index.count).map { index[$0 + 1] }
        #expect(found.map(\.range) == expected.map(\.0))
        #expect(found.map(\.token) == expected.map(\.1))
    }

    /// Issue 22 item 10: a file that is all matches keeps its index within a small part of its size.
    @Test func aMatchTakesAboutAByteWhateverTheQuery() {
        let words = searchTranscript(Array(repeating: String(repeating: "a ", count: 39) + "a", count: 1_500))
        let letters = searchTranscript(Array(repeating: String(repeating: "ab", count: 40), count: 1_500))
        let cases: [(Transcript, Query)] = [
            (words, Query("a")),
            (letters, Query(keywords: ["a", "b"])),
            (letters, Query(keywords: ["a", "b", "é"])),
            (letters, Query(keywords: ["a", "b"], wholeWords: false, ignoresAccents: true)),
        ]
        for (transcript, query) in cases {
            let index = MatchIndex(transcript: transcript, query: query)
            let reference = Self.referenceMatches(transcript, query)
            #expect(index.count == reference.count && index.count >= 60_000, "\(query.keywords)")
            #expect(index.map { [$0.cue, $0.range.lowerBound, $0.range.count, $0.token] } == reference,
                    "\(query.keywords)")
            #expect(index.storedBytes < index.count * 3 / 2, "\(index.storedBytes) bytes for \(index.count) matches")
        }
    }

    /// Every keyword's matches by its own reference, merged the slow way: sorted, overlaps dropped.
    static func referenceMatches(_ transcript: Transcript, _ query: Query) -> [[Int]] {
        var found: [[Int]] = []
        for token in query.keywords.indices {
            let matcher = query.matcher(for: token)
            for cue in transcript.indices {
                for range in matcher.ranges(in: transcript.text(at: cue)) {
                    found.append([cue, range.lowerBound, range.count, token])
                }
            }
        }
        found.sort { ($0[0], $0[1], -$0[2], $0[3]) < ($1[0], $1[1], -$1[2], $1[3]) }
        var kept: [[Int]] = []
        for match in found {
            if let last = kept.last, last[0] == match[0], match[1] < last[1] + last[2] { continue }
            kept.append(match)
        }
        return kept
    }

    @Test func cancelledBuildReturnsNil() {
        #expect(MatchIndex.build(transcript: searchTranscript(["a"]), query: Query("a"), isCancelled: { true }) == nil)
        #expect(MatchIndex.build(transcript: searchTranscript(["a"]), query: Query(keywords: ["a", "b"]),
                                 isCancelled: { true }) == nil)
    }

    @Test func countAgreesWithIndex() {
        let text = searchTranscript(["Kelvin \u{212A} k K", "kk", "no"])
        for query in [Query("k"), Query(keywords: ["k", "kk"]), Query("k", caseSensitive: true)] {
            #expect(MatchIndex.count(transcript: text, query: query) == MatchIndex(transcript: text, query: query).count)
        }
        #expect(MatchIndex.count(transcript: text, query: Query("k")) == 6)
    }

    /// Several keywords the automaton searches together are counted without an index: the count
    /// is the index's, overlaps left out as the index leaves them, in every mode and scope, on
    /// text made of the keywords' pieces (and on keywords searched alone, which still build one).
    @Test(arguments: [
        Query(keywords: ["a", "b"]), Query(keywords: ["a", "aa", "aaa"]), Query(keywords: ["ab", "ba", "b"]),
        Query(keywords: ["a", "a"]), Query(keywords: ["a", "", "b"]), Query(keywords: ["é", "e"]),
        Query(keywords: ["k", "kk"]), Query(keywords: ["A", "b"], caseSensitive: true),
        Query(keywords: ["a b", "b a"]), Query(keywords: ["ab", "b"], wholeWords: true),
        Query(keywords: ["e", "ca"], ignoresAccents: true), Query(keywords: ["预算", "算"]),
        Query(keywords: ["a", "b"], scope: Scope(speaker: "Ann")), Query(keywords: ["a", "b"], scope: Scope(from: 2_000)),
    ])
    func countOfSeveralKeywordsAgreesWithTheirIndex(query: Query) {
        var random = SeededRandom(seed: 22)
        let pieces = ["a", "b", " ", "aa", "ab", "é", "e\u{301}", "K", "\u{212A}", "k", "预算", "\n", "Ann: "]
        var cues: [Cue] = []
        for i in 0..<300 {
            let text = (0..<Int.random(in: 0...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            cues.append(Cue(ordinal: i + 1, start: i * 100, end: i * 100 + 90, speaker: i % 3 == 0 ? "Ann" : "Bo",
                            text: text, line: i + 1))
        }
        let long = Cue(ordinal: 301, text: String(repeating: "ab ", count: 5_000), line: 301)
        for transcript in [Transcript(cues), Transcript([long]), Transcript(cues + [long]), Transcript([])] {
            #expect(MatchIndex.count(transcript: transcript, query: query)
                    == MatchIndex(transcript: transcript, query: query).count, "\(query.keywords)")
        }
    }

    @Test func offsetsInOtherUnits() {
        let text = searchTranscript(["👍 café 预算"])
        let index = MatchIndex(transcript: text, query: Query("预算"))
        #expect(index[1].range == 11..<17)
        #expect(index.scalarRange(at: 1, in: text) == 7..<9)
        #expect(index.utf16Range(at: 1, in: text) == 8..<10)
    }
}
