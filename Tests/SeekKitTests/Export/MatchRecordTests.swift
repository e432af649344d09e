import Testing
@testable import SeekKit

/// `MatchRecords` numbers its records among the file's matches: a file's matches exported a part
/// at a time (the cues of each part a transcript of their own) give the records the whole gives.
@Suite struct MatchRecordTests {
    /// A record's columns, but its cue's number: a transcript made of some cues numbers them from 1
    /// (a part's cues keep their numbers in the file by its ordinal column, which
    /// `DecodedFileWindowsTests` checks).
    static func line(_ record: MatchRecord) -> String {
        MatchRecord.Column.allCases.filter { $0 != .cue }.map { "\($0.value(in: record))" }.joined(separator: "|")
    }

    @Test(arguments: [0, 1, 2, 5, 9])
    func partsNumberedFromTheMatchesBeforeThemGiveTheWholeFilesRecords(cut: Int) {
        let cues = (0..<9).map { i in
            Cue(ordinal: i + 1, id: i % 2 == 0 ? "c\(i)" : nil, start: i * 1_000, end: i * 1_000 + 900,
                text: String(repeating: "a b ", count: i % 4) + "é\nab", line: 1 + 3 * i)
        }
        let query = Query(keywords: ["a", "b"])
        let whole = Transcript(cues)
        let wholeIndex = MatchIndex(transcript: whole, query: query)
        let expected = MatchRecords(file: "f.srt", transcript: whole, index: wholeIndex).map(Self.line)

        let first = Transcript(Array(cues[..<cut]))
        let rest = Transcript(Array(cues[cut...]))
        let firstIndex = MatchIndex(transcript: first, query: query)
        let restIndex = MatchIndex(transcript: rest, query: query)
        let total = firstIndex.count + restIndex.count
        let parts = MatchRecords(file: "f.srt", transcript: first, index: firstIndex, totalMatches: total).map(Self.line)
            + MatchRecords(file: "f.srt", transcript: rest, index: restIndex, matchesBefore: firstIndex.count,
                           totalMatches: total).map(Self.line)
        #expect(parts == expected)
        var alone = MatchRecords(file: "f.srt", transcript: rest, index: restIndex).makeIterator()
        #expect(alone.next()?.position == (restIndex.isEmpty ? nil : 1), "numbered from 1 when no part comes before")
    }
}
