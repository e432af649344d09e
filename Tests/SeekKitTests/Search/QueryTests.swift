import Testing
@testable import SeekKit

@Suite struct QueryTests {
    @Test(arguments: [([String](), true), ([""], true), (["", "a"], false), (["a"], false)])
    func emptiness(keywords: [String], isEmpty: Bool) {
        #expect(Query(keywords: keywords).isEmpty == isEmpty)
    }

    @Test func caseSensitiveQueryMatchesExactCase() {
        let text = searchTranscript(["Hello hello HELLO"])
        #expect(MatchIndex(transcript: text, query: Query("Hello", caseSensitive: true)).count == 1)
        #expect(MatchIndex(transcript: text, query: Query("Hello")).count == 3)
    }

    @Test func emptyQueryFindsNothing() {
        #expect(MatchIndex(transcript: searchTranscript(["abc"]), query: Query(keywords: [])).isEmpty)
        #expect(MatchIndex(transcript: Transcript(), query: Query("a")).isEmpty)
    }
}
