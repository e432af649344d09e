import Testing
@testable import SeekKit

/// Many keywords in one pass give exactly what one Regex reference per keyword gives.
@Suite struct KeywordAutomatonTests {
    /// Keywords that overlap, hold one another, span a line break as a space, and meet Unicode's traps.
    static let keywords: [String] = [
        "the", "he", "e", "there", "her", "THE", "ab", "abab", "ba", "b", "a", "aa", "a b", "b a", "e ", " e", " ",
        "home", "home’s", "k", "king", "KING", "ing", "s", "ss", "i", "预算", "算", "预", "今年的", "豈", "丽", ";", "`",
        ".", "(", "cafe", "café", "e\u{301}", "\u{212A}", "σ", "ß", "fi", "👍", "a.b", "1", "2019", "to be", "be or",
    ]

    static func transcript(seed: UInt64, cues: Int = 80) -> Transcript {
        var random = SeededRandom(seed: seed &+ 0x22AC)
        let pieces = DifferentialTests.plain + ["there", "her", "abab", "aa", "to be or not to be", "2019", "a.b",
                                                "home’s", "今年的预算"]
        return Transcript((0..<cues).map { number in
            let trapRate = Int.random(in: 0...3, using: &random)
            let text = (0..<Int.random(in: 1...16, using: &random)).map { _ in
                Int.random(in: 0..<10, using: &random) < trapRate
                    ? DifferentialTests.traps.randomElement(using: &random)! : pieces.randomElement(using: &random)!
            }.joined()
            return Cue(ordinal: number + 1, text: text, line: number + 1)
        })
    }

    /// Each keyword's reference matches, merged as `MatchIndex` documents: where two overlap, the one
    /// that starts first wins (ties: the longer, then the earlier keyword).
    static func referenceIndex(_ transcript: Transcript, _ query: Query) -> [[Int]] {
        var found: [(cue: Int, start: Int, length: Int, token: Int)] = []
        for (token, keyword) in query.keywords.enumerated() {
            let reference = ReferenceMatcher(keyword: keyword, caseSensitive: query.caseSensitive)
            for cue in transcript.indices {
                for range in reference.ranges(in: transcript.text(at: cue)) {
                    found.append((cue, range.lowerBound, range.count, token))
                }
            }
        }
        found.sort { ($0.cue, $0.start, -$0.length, $0.token) < ($1.cue, $1.start, -$1.length, $1.token) }
        var merged: [[Int]] = []
        var lastCue = -1
        var end = 0
        for item in found {
            if item.cue != lastCue { (lastCue, end) = (item.cue, 0) }
            guard item.start >= end else { continue }
            merged.append([item.cue, item.start, item.length, item.token])
            end = item.start + item.length
        }
        return merged
    }

    static func indexed(_ transcript: Transcript, _ query: Query) -> [[Int]] {
        MatchIndex(transcript: transcript, query: query).map { [$0.cue, $0.range.lowerBound, $0.range.count, $0.token] }
    }

    /// What the automaton alone reports for each keyword, sorted.
    static func scanned(_ transcript: Transcript, _ query: Query) -> [[SearchFound]] {
        var found = [[SearchFound]](repeating: [], count: query.keywords.count)
        let automaton = KeywordAutomaton(query: query, tokens: query.keywords.indices)
        _ = automaton?.scan(transcript, inScope: { _ in true }, isCancelled: { false }) { cue, range, token in
            found[token].append(SearchFound(cue: cue, range: range))
        }
        return found.map { $0.sorted { ($0.cue, $0.range.lowerBound) < ($1.cue, $1.range.lowerBound) } }
    }

    @Test(arguments: 0..<6)
    func eachKeywordFindsWhatItsReferenceFinds(seed: UInt64) {
        let transcript = Self.transcript(seed: seed)
        for caseSensitive in [false, true] {
            let query = Query(keywords: Self.keywords, caseSensitive: caseSensitive)
            let scanned = Self.scanned(transcript, query)
            for (token, keyword) in Self.keywords.enumerated()
            where FastPlan(keyword: keyword, caseSensitive: caseSensitive) != nil {
                let reference = ReferenceMatcher(keyword: keyword, caseSensitive: caseSensitive)
                #expect(scanned[token] == searchReferenceScan(reference, transcript),
                        "keyword \(keyword.debugDescription) caseSensitive \(caseSensitive) seed \(seed)")
            }
        }
    }

    @Test(arguments: 0..<6)
    func theMergedIndexIsTheReferences(seed: UInt64) {
        var random = SeededRandom(seed: seed &+ 5)
        let transcript = Self.transcript(seed: seed)
        for caseSensitive in [false, true] {
            let keywords = (0..<12).map { _ in Self.keywords.randomElement(using: &random)! }
            let query = Query(keywords: keywords, caseSensitive: caseSensitive)
            #expect(KeywordAutomaton(query: query, tokens: keywords.indices) != nil)
            #expect(Self.indexed(transcript, query) == Self.referenceIndex(transcript, query),
                    "keywords \(keywords) caseSensitive \(caseSensitive) seed \(seed)")
        }
    }

    @Test func thousandsOfKeywordsAgreeWithOneMatcherEach() {
        var random = SeededRandom(seed: 10_000)
        let letters = Array("abcdeklst ")
        let keywords = (0..<3_000).map { _ in
            String((0..<Int.random(in: 1...6, using: &random)).map { _ in letters.randomElement(using: &random)! })
        }.filter { !$0.isEmpty }
        let transcript = Transcript((0..<300).map { number in
            Cue(ordinal: number + 1, text: String((0..<Int.random(in: 0...60, using: &random)).map { _ in
                (letters + ["\n", "K", "\u{212A}", "é"]).randomElement(using: &random)!
            }), line: number + 1)
        })
        let query = Query(keywords: keywords)
        let scanned = Self.scanned(transcript, query)
        var total = 0
        for (token, keyword) in keywords.enumerated() {
            let expected = searchScanned(Matcher(keyword: keyword), transcript)
            total += expected.count
            #expect(scanned[token] == expected, "keyword \(keyword.debugDescription)")
        }
        #expect(total > 1_000, "the keywords must find something to compare")
    }

    @Test func aScopeAndKeywordsTheAutomatonCannotTakeMergeWithItsMatches() {
        let transcript = Transcript([
            Cue(ordinal: 1, start: 0, end: 1_000, speaker: "Ana", text: "the café is there", line: 1),
            Cue(ordinal: 2, start: 1_000, end: 2_000, speaker: "Bo", text: "the cafe\u{301} is here", line: 3),
            Cue(ordinal: 3, start: 2_000, end: 3_000, speaker: "Ana", text: "THERE\nthe Σ", line: 5),
        ])
        let query = Query(keywords: ["there", "the", "café", "σ", "e"], scope: Scope(speaker: "Ana"))
        #expect(Self.indexed(transcript, query) == [
            [0, 0, 3, 1], [0, 4, 5, 2], [0, 13, 5, 0],
            [2, 0, 5, 0], [2, 6, 3, 1], [2, 10, 2, 3],
        ])
    }

    @Test func wholeWordsAccentsAndASingleKeywordAreLeftToTheMatcher() {
        #expect(KeywordAutomaton(query: Query(keywords: ["a", "b"], wholeWords: true), tokens: 0..<2) == nil)
        #expect(KeywordAutomaton(query: Query(keywords: ["a", "b"], ignoresAccents: true), tokens: 0..<2) == nil)
        #expect(KeywordAutomaton(query: Query(keywords: ["a", "σ"]), tokens: 0..<2) == nil)
        let automaton = KeywordAutomaton(query: Query(keywords: ["a", "σ", "b"]), tokens: 0..<3)
        #expect(automaton?.searches == [true, false, true])
    }
}
