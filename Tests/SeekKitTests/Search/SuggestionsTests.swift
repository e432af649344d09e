import Testing
@testable import SeekKit

@Suite struct SuggestionsTests {
    static let text = searchTranscript([
        "The budget, the BUDGET and the buffer.",
        "Budgets matter; don't bury the budget.",
        "Bureau bureau",
        "今年的预算很紧，预算要减。",
        "Éclair éclairs ÉCLAIR",
        "Anna ANNA Anna",
    ])

    /// (prefix, limit, expected).
    static let rows: [(String, Int, [String])] = [
        ("bu", 10, ["budget", "bureau", "Budgets", "buffer", "bury"]),
        ("BU", 2, ["budget", "bureau"]),
        ("budget", 10, ["Budgets"]),
        ("th", 10, ["the"]),
        ("the", 10, []),
        ("don", 10, ["don't"]),
        ("预", 10, ["预算"]),
        ("算", 10, ["算很", "算要"]),
        ("écl", 10, ["Éclair", "éclairs"]),
        ("an", 10, ["Anna", "and"]),
        ("zz", 10, []),
        ("", 10, ["Anna", "the", "budget", "bureau", "Éclair"]),   // the most characteristic words
        ("b", 0, []),
    ]

    @Test func completes() {
        for (prefix, limit, expected) in Self.rows {
            #expect(Suggestions(transcript: Self.text).completions(for: prefix, limit: limit) == expected, "\(prefix)")
        }
    }

    @Test func wordsSplitOnLettersAndDigits() {
        var words: [String] = []
        Suggestions.forEachWord(in: "a1b2 x-y it's 'quoted' 预算。好") { words.append($0) }
        #expect(words == ["a1b2", "x", "y", "it's", "quoted", "预算", "好"])
    }

    @Test func aWordInEveryCueRanksBelowOneThatAFewCuesKeepReturningTo() {
        let cues = (0..<40).map { number in
            number % 10 == 0 ? "the theatre, the theatre again" : "the cue number \(number) and that"
        }
        let suggestions = Suggestions(transcript: searchTranscript(cues))
        #expect(suggestions.completions(for: "th", limit: 3) == ["theatre", "that", "the"])
        #expect(suggestions.completions(for: "", limit: 1) == ["theatre"])
    }

    @Test func scriptsWithoutSpacesGiveShortUnitsNotWholeSentences() {
        let thai = "สวัสดีครับ ผมชื่อสมชาย วันนี้อากาศดีมากครับ เราจะไปเที่ยวทะเลกันไหม"
        let japanese = "きょうはいいてんきですね、さんぽにいきましょう。"
        var words: [String] = []
        Suggestions.forEachWord(in: thai + " " + japanese) { words.append($0) }
        #expect(!words.isEmpty)
        #expect(words.allSatisfy { $0.count <= 2 }, "\(words.filter { $0.count > 2 })")
        #expect(words.contains("ทะ"))
        #expect(words.contains { $0.hasPrefix("ที่") }, "a Thai character keeps its marks: \(words)")
        let suggestions = Suggestions(transcript: searchTranscript([thai, japanese, thai]))
        #expect(suggestions.completions(for: "อา", limit: 5).allSatisfy { $0.count <= 2 })
        #expect(suggestions.completions(for: "ว", limit: 5).contains("วัน"))
    }

    @Test func aLibrarysWordsAreRankedAsIfItsFilesWereOneTranscript() {
        let first = ["The budget, the BUDGET and the buffer.", "Budgets matter; don't bury the budget."]
        let second = ["Bureau bureau", "the theatre, the theatre again", "Anna ANNA Anna"]
        let library = Suggestions(transcripts: [searchTranscript(first), searchTranscript(second)])
        let whole = Suggestions(transcript: searchTranscript(first + second))
        for prefix in ["", "b", "bu", "th", "a", "an", "bureau", "zz"] {
            #expect(library.completions(for: prefix, limit: 8) == whole.completions(for: prefix, limit: 8), "\(prefix)")
        }
        #expect(library.completions(for: "bu", limit: 8).contains("bureau"), "the second file's words are there")
        #expect(library.count == whole.count)
    }
}
