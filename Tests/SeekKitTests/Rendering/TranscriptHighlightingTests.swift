import Foundation
import Testing
import SeekKit

/// Matches as standard-library values: a collection, `Range<String.Index>`, `AttributedString`.
@Suite struct TranscriptHighlightingTests {
    static let transcript = Transcript([
        Cue(ordinal: 1, text: "Le café 😀 budget, BUDGET", line: 3),
        Cue(ordinal: 2, text: "nothing", line: 7),
        Cue(ordinal: 3, text: "预算 and the budget", line: 11),
    ])

    @Test func theIndexIsACollectionOfMatchesNumberedFromOne() {
        let index = MatchIndex(transcript: Self.transcript, query: Query("budget"))
        #expect(index.startIndex == 1 && index.endIndex == 4)
        #expect(index.map(\.position) == [1, 2, 3])
        #expect(index.first?.cue == 0 && index.last?.cue == 2)
        #expect(index[2...].map(\.cue) == [0, 2])
        #expect(index.prefix(1).map(\.position) == [1])
        #expect(MatchIndex().first == nil)
        var seen = 0
        for match in index { seen += match.position }
        #expect(seen == 6)
    }

    @Test func aMatchIsARangeOfItsCuesText() {
        let index = MatchIndex(transcript: Self.transcript, query: Query(keywords: ["budget", "预算"]))
        let found = index.map { Self.transcript.text(at: $0.cue)[Self.transcript.textRange(of: $0)] }
        #expect(found == ["budget", "BUDGET", "预算", "budget"])
        let copy = String(Self.transcript.text(at: 2))
        #expect(copy[index[3].textRange(in: copy)] == "预算")
    }

    @Test func attributedTextMarksEachMatchAndTheCurrentOne() {
        let index = MatchIndex(transcript: Self.transcript, query: Query("budget"))
        let text = Self.transcript.attributedText(of: 0, highlighting: index, current: 2) { match, isCurrent, attributes in
            attributes[MatchPositionAttribute.self] = match.position * 10
        }
        var marked: [(String, Int, Bool)] = []
        for run in text.runs {
            guard let position = run[MatchPositionAttribute.self] else { continue }
            marked.append((String(text[run.range].characters), position, run[CurrentMatchAttribute.self] ?? false))
        }
        #expect(marked.map(\.0) == ["budget", "BUDGET"])
        #expect(marked.map(\.1) == [10, 20])
        #expect(marked.map(\.2) == [false, true])
        #expect(String(text.characters) == String(Self.transcript.text(at: 0)))
        let plain = Self.transcript.attributedText(of: 1, highlighting: index)
        #expect(plain.runs.count == 1)
    }
}
