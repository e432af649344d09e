import Testing
@testable import SeekKit
import SeekBytes

/// `-m`: loading only the part of a file that holds its first matching cues, and `-l`'s count
/// that stops at the first match; both leave the rest of the file unread.
@Suite struct TranscriptLoaderPrefixTests {
    /// 3,000 cues, every 40th with three matches of "budget", then a broken cue at the very end.
    static let srt: [UInt8] = {
        var text = ""
        for cue in 0..<3000 {
            let seconds = cue * 2
            let time = "00:\(two(seconds / 60 % 60)):\(two(seconds % 60)),000"
            let end = "00:\(two(seconds / 60 % 60)):\(two(seconds % 60)),900"
            let words = cue % 40 == 7 ? "budget, budget and the budget \(cue)" : "line number \(cue)"
            text += "\(cue + 1)\n\(time) --> \(end)\n\(words)\n\n"
        }
        text += "3001\n00:99:00,000 --> not a time\nbroken\n"
        return Array(text.utf8)
    }()

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    @Test func theFirstMatchingCuesAreThoseOfTheWholeFile() throws {
        let cases: [Int] = [1, 2, 5, 30, 74, 75, 76, 10_000]
        for cueLimit in cases {
            let query = Query("budget")
            let whole = try TranscriptLoader.load(Self.srt, fileName: "big.srt")
            let expected = MatchIndex(transcript: whole.transcript, query: query).limited(toCues: cueLimit)
            let part = try Self.srt.withByteView { bytes in
                try TranscriptLoader.load(inPlace: bytes, fileName: "big.srt", options: LoadOptions(),
                                          untilMatchingCues: cueLimit, of: query, pieceSize: 4096)
            }
            let found = MatchIndex(transcript: part.transcript, query: query).limited(toCues: cueLimit)
            #expect(Array(found) == Array(expected), "\(cueLimit)")
            #expect(found.map { part.transcript.text(at: $0.cue) } == expected.map { whole.transcript.text(at: $0.cue) }, "\(cueLimit)")
            if cueLimit <= 70 {
                #expect(part.transcript.count < whole.transcript.count / 2, "read no further than needed")
                #expect(part.warnings.isEmpty && !whole.warnings.isEmpty, "the broken cue at the end was never read")
            }
        }
    }

    @Test func countingForOneMatchStopsEarly() throws {
        let query = Query("budget")
        let (all, first) = try Self.srt.withByteView { bytes in
            (try TranscriptLoader.countMatches(inPlace: bytes, fileName: "big.srt", options: LoadOptions(),
                                               query: query, pieceSize: 4096),
             try TranscriptLoader.countMatches(inPlace: bytes, fileName: "big.srt", options: LoadOptions(),
                                               query: query, pieceSize: 4096, enough: 1))
        }
        #expect(all.matches == 75 * 3)
        #expect(first.matches >= 1 && first.matches < all.matches)
        #expect(first.warnings.isEmpty && !all.warnings.isEmpty)
    }
}
