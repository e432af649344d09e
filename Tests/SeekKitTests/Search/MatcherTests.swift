import Foundation
import Testing
@testable import SeekKit

/// The fast matcher: which keywords take the byte path, and traps at its edges.
@Suite struct MatcherTests {
    @Test func fastPathEligibility() {
        let cases: [(String, Bool)] = [("hello", true), ("a.b", true), ("预算", true), ("café", false), ("Σ", false),
                                       ("👍", false), ("a\nb", false), ("", false)]
        for (keyword, fast) in cases {
            #expect(Matcher(keyword: keyword).hasFastPath == fast, "\(keyword)")
        }
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
        (" b", "a\r\nb a\nb"),
        ("a ", "a\r\nb a\nb"),
        ("x;", "x\u{037E} x;"),
        ("`a", "\u{1FEF}a `a"),
        ("丽", "\u{2F800} 丽"),
    ]

    @Test func agreesWithReferenceOnTraps() {
        for row: (keyword: String, text: String) in Self.traps {
            for caseSensitive in [false, true] {
                let reference = ReferenceMatcher(keyword: row.keyword, caseSensitive: caseSensitive)
                let fast = Matcher(keyword: row.keyword, caseSensitive: caseSensitive)
                #expect(fast.ranges(in: row.text[...]) == reference.ranges(in: row.text[...]), "\(row)")
                let transcript = Transcript(row.text.split(separator: " ", omittingEmptySubsequences: false)
                    .enumerated().map { Cue(ordinal: $0.offset + 1, text: String($0.element), line: 1) })
                #expect(searchScanned(fast, transcript) == searchReferenceScan(reference, transcript), "\(row)")
            }
        }
    }

    @Test func requiredPiece() {
        let cases: [(String, String?)] = [("café", "caf"), ("cafe\u{301}", "caf"), ("Kelvin é", "elvin "), ("σ", nil), ("ok é", "o"),
                                          ("home\u{2019}s", "home")]
        for (keyword, piece) in cases {
            #expect(Matcher.requiredPiece(of: keyword) == piece, "\(keyword)")
        }
    }

    @Test func needsNonASCII() {
        let cases: [(String, Bool)] = [("σ", true), ("café", true), ("\u{212A}", false), ("k", false), ("e\u{301}", true), ("ab", false)]
        for (keyword, needs) in cases {
            #expect(Matcher.needsNonASCII(keyword) == needs, "\(keyword)")
        }
    }

    @Test func looksForEquivalentsOnlyWhenTheKeywordHasThem() {
        let cases: [(String, Bool)] = [("budget", false), ("预算", false), ("kitchen", true), ("K", true), ("a;b", true),
                                       ("`", true), ("豈", true), ("丽", true), ("home town", false)]
        for (keyword, looks) in cases {
            #expect(FastPlan(keyword: keyword, caseSensitive: false)?.hasEquivalents == looks, "\(keyword)")
        }
    }

    /// Every compatibility ideograph is found by a keyword of its unified twin, exactly as the reference finds it.
    @Test func everyCompatibilityIdeographIsFoundByItsTwin() {
        var twins: Set<UInt32> = []
        var checked = 0
        for range in CompatibilityIdeographs.ranges {
            for value in range {
                guard let compat = Unicode.Scalar(value) else { continue }
                let text = "x\(Character(compat))y"
                for twin in String(Character(compat)).precomposedStringWithCanonicalMapping.unicodeScalars
                where twin.value != value {
                    twins.insert(twin.value)
                    guard FastPlan.isPlainKeywordScalar(twin.value) else { continue }
                    let keyword = String(Character(twin))
                    let reference = ReferenceMatcher(keyword: keyword).ranges(in: text[...])
                    #expect(!reference.isEmpty, "the reference finds U+\(String(value, radix: 16)) for its twin")
                    #expect(Matcher(keyword: keyword).ranges(in: text[...]) == reference)
                    let transcript = Transcript([Cue(ordinal: 1, text: "plain " + keyword, line: 1),
                                                 Cue(ordinal: 2, text: text, line: 2)])
                    #expect(searchScanned(Matcher(keyword: keyword), transcript)
                            == searchReferenceScan(ReferenceMatcher(keyword: keyword), transcript))
                    checked += 1
                }
            }
        }
        #expect(checked > 800)
        #expect(twins == CompatibilityIdeographs.twinned)
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
