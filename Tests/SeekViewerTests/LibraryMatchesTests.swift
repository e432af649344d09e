import Testing
@testable import SeekKit
@testable import SeekViewer

@Suite struct LibraryMatchesTests {
    /// Indices with `counts[f]` matches each, one per cue of a transcript of `counts.max()` cues.
    static func matches(_ counts: [Int?]) -> LibraryMatches {
        let cues = max(1, counts.compactMap { $0 }.max() ?? 1)
        let transcript = Transcript((0..<cues).map { Cue(ordinal: $0 + 1, start: $0 * 1000, end: $0 * 1000 + 500, text: "x", line: $0 * 4 + 3) })
        let all = MatchIndex(transcript: transcript, query: Query(keywords: ["x"]))
        var matches = LibraryMatches(fileCount: counts.count, generation: 1)
        for (file, count) in counts.enumerated() {
            guard let count else { matches.recordFailure(file: file); continue }
            matches.record(all.limited(toCues: count), file: file)
        }
        matches.settle()
        return matches
    }

    @Test(arguments: [
        [3, 0, 2, nil, 0, 5],
        [0, 0, 0],
        [1],
        [0, 4, nil],
    ] as [[Int?]])
    func everyLibraryPositionMapsToItsFileAndBack(_ counts: [Int?]) {
        let matches = Self.matches(counts)
        var expected: [(file: Int, position: Int)] = []
        for (file, count) in counts.enumerated() { for position in stride(from: 1, through: count ?? 0, by: 1) { expected.append((file, position)) } }
        #expect(matches.total == expected.count)
        #expect(matches.isFinal)
        for (offset, place) in expected.enumerated() {
            let found = matches.location(ofMatch: offset + 1)
            #expect(found?.file == place.file && found?.position == place.position)
            #expect(matches.libraryPosition(file: place.file, position: place.position) == offset + 1)
        }
        #expect(matches.location(ofMatch: 0) == nil)
        #expect(matches.location(ofMatch: expected.count + 1) == nil)
        let withMatches = counts.indices.filter { (counts[$0] ?? 0) > 0 }
        #expect(matches.firstFile == withMatches.first)
        #expect(matches.lastFile == withMatches.last)
        for file in counts.indices {
            #expect(matches.nextFile(after: file) == withMatches.first { $0 > file })
            #expect(matches.previousFile(before: file) == withMatches.last { $0 < file })
        }
    }

    @Test func theTotalIsFinalOnlyOnceEveryFileIsIn() {
        var matches = LibraryMatches(fileCount: 3, generation: 7)
        let transcript = Transcript([Cue(ordinal: 1, start: 0, end: 1, text: "a a", line: 3)])
        let index = MatchIndex(transcript: transcript, query: Query(keywords: ["a"]))
        matches.record(index, file: 2)
        #expect(!matches.isFinal && matches.searchedCount == 1 && matches.total == 2)
        matches.record(index, file: 2)
        #expect(matches.searchedCount == 1 && matches.total == 2)
        matches.recordFailure(file: 0)
        matches.record(MatchIndex(), file: 1)
        #expect(matches.isFinal && matches.total == 2)
    }

    @Test func eachFileAnswersItsOwnMatchesAndOneWithoutAnswersTheQuerysEmptyIndex() {
        let transcript = Transcript((0..<4).map { Cue(ordinal: $0 + 1, start: $0 * 1000, end: $0 * 1000 + 500, text: "x y", line: $0 * 4 + 3) })
        let query = Query(keywords: ["x"])
        let all = MatchIndex(transcript: transcript, query: query)
        var matches = LibraryMatches(fileCount: 4, generation: 1)
        #expect(matches.index(ofFile: 1) == nil, "not searched yet")
        matches.record(all.limited(toCues: 2), file: 2)
        matches.record(MatchIndex(transcript: transcript, query: Query(keywords: ["z"])), file: 1)
        matches.record(all, file: 0)
        #expect(matches.index(ofFile: 0)?.count == 4 && matches.index(ofFile: 2)?.count == 2)
        #expect(matches.index(ofFile: 1)?.isEmpty == true && matches.count(inFile: 1) == 0)
        #expect(matches.index(ofFile: 3) == nil && matches.count(inFile: 3) == nil)
        // A file searched again answers its newest matches, whichever way its count went.
        matches.record(all.limited(toCues: 1), file: 1)
        matches.record(MatchIndex(transcript: transcript, query: Query(keywords: ["z"])), file: 0)
        #expect(matches.index(ofFile: 1)?.count == 1 && matches.index(ofFile: 0)?.isEmpty == true)
        #expect(matches.total == 3 && matches.filesWithMatches == 2 && matches.searchedCount == 3)
    }
}
