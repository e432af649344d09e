import Testing
@testable import SeekKit

/// The fast matcher: which keywords take the byte path, and traps at its edges.
@Suite struct MatcherTests {
    @Test(arguments: [("hello", true), ("a.b", true), ("预算", true), ("café", false), ("Σ", false),
                      ("👍", false), ("a\nb", false), ("", false)])
    func fastPathEligibility(keyword: String, fast: Bool) {
        #expect(Matcher(keyword: keyword).hasFastPath == fast)
    }

    /// Texts where a byte match is not a match, or a match has different bytes.
    static let traps: [(keyword: String, text: String)] = [
        ("cafe", "cafe\u{301} cafe"),
        ("king", "\u{212A}ING king"),
        ("a", "\u{0600}a a"),
        ("豈", "\u{F900} 豈"),
        ("a b", "a\r\nb a\nb"),
        ("x", "x\u{200D}y x"),
        ("a", "a\u{FE0F} a"),
        ("hi", "hi\u{1F3FB}"),
        ("预算", "预算\u{302A}预算"),
        ("e ", "e\n"),
        ("ab", "a\nb"),
    ]

    @Test(arguments: traps)
    func agreesWithReferenceOnTraps(_ row: (keyword: String, text: String)) {
        for caseSensitive in [false, true] {
            let reference = ReferenceMatcher(keyword: row.keyword, caseSensitive: caseSensitive)
            let fast = Matcher(keyword: row.keyword, caseSensitive: caseSensitive)
            #expect(fast.ranges(in: row.text[...]) == reference.ranges(in: row.text[...]))
            let transcript = Transcript(row.text.split(separator: " ", omittingEmptySubsequences: false)
                .enumerated().map { Cue(ordinal: $0.offset + 1, text: String($0.element), line: 1) })
            #expect(searchScanned(fast, transcript) == searchReferenceScan(reference, transcript))
        }
    }

    @Test(arguments: [("café", "caf"), ("cafe\u{301}", "caf"), ("Kelvin é", "elvin "), ("σ", nil), ("ok é", "o"),
                      ("home\u{2019}s", "home")] as [(String, String?)])
    func requiredPiece(keyword: String, piece: String?) {
        #expect(Matcher.requiredPiece(of: keyword) == piece)
    }

    @Test(arguments: [("σ", true), ("café", true), ("\u{212A}", false), ("k", false), ("e\u{301}", true), ("ab", false)])
    func needsNonASCII(keyword: String, needs: Bool) {
        #expect(Matcher.needsNonASCII(keyword) == needs)
    }

    @Test func matchesNeverCrossCues() {
        let transcript = Transcript(["ab", "cd"].map { Cue(ordinal: 1, text: $0, line: 1) })
        #expect(searchScanned(Matcher(keyword: "b c"), transcript).isEmpty)
        #expect(searchScanned(Matcher(keyword: "bc"), transcript).isEmpty)
        #expect(searchScanned(Matcher(keyword: "c"), transcript).map(\.cue) == [1])
    }

    @Test func cancelledScanStops() {
        let transcript = Transcript((0..<10).map { Cue(ordinal: $0 + 1, text: "x", line: 1) })
        #expect(Matcher(keyword: "café").scan(transcript, isCancelled: { true }) { _, _ in } == false)
    }
}

struct SearchFound: Equatable, CustomStringConvertible {
    var cue: Int
    var range: Range<Int>
    var description: String { "\(cue):\(range)" }
}

func searchScanned(_ matcher: Matcher, _ transcript: Transcript) -> [SearchFound] {
    var result: [SearchFound] = []
    matcher.scan(transcript) { result.append(SearchFound(cue: $0, range: $1)) }
    return result
}

func searchReferenceScan(_ reference: ReferenceMatcher, _ transcript: Transcript) -> [SearchFound] {
    transcript.indices.flatMap { cue in
        reference.ranges(in: transcript.text(at: cue)).map { SearchFound(cue: cue, range: $0) }
    }
}
