import Testing
@testable import SeekKit
import SeekBytes

/// `-l`, `-L` and `-q` count a file only until its first match: from a first piece of about
/// `firstPieceSize` bytes on, in pieces that grow, whatever the file's size; the answer (a match
/// or none) is the whole count's.
@Suite struct TranscriptLoaderFirstMatchTests {
    /// About 45 KB of SRT: "budget" in cues `matching`, then a broken cue at the very end.
    static func srt(matching: Set<Int>) -> [UInt8] {
        var text = ""
        for cue in 0..<1_000 {
            let time = "00:\(two(cue * 2 / 60 % 60)):\(two(cue * 2 % 60))"
            text += "\(cue + 1)\n\(time),000 --> \(time),900\n\(matching.contains(cue) ? "the budget \(cue)" : "line \(cue)")\n\n"
        }
        return Array((text + "1001\n00:99:00,000 --> not a time\nbroken\n").utf8)
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    static func counts(_ bytes: [UInt8], _ name: String, _ query: Query, pieceSize: Int = TextPieces.pieceSize)
        throws -> (all: MatchCount, first: MatchCount) {
        try bytes.withByteView { (view) throws(Diagnostic) in
            (try TranscriptLoader.countMatches(inPlace: view, fileName: name, options: LoadOptions(), query: query,
                                               pieceSize: pieceSize),
             try TranscriptLoader.countMatches(inPlace: view, fileName: name, options: LoadOptions(), query: query,
                                               pieceSize: pieceSize, enough: 1))
        }
    }

    @Test func aSmallFileIsReadOnlyUpToItsFirstPiece() throws {
        let bytes = Self.srt(matching: [7, 900])
        #expect(bytes.count > TranscriptLoader.firstPieceSize && bytes.count < 1 << 16)
        let (all, first) = try Self.counts(bytes, "small.srt", Query("budget"))
        #expect(all.matches == 2 && !all.warnings.isEmpty)
        #expect(first.matches == 1)
        #expect(first.warnings.isEmpty, "the broken cue at the end was never read")
    }

    @Test func aMatchAfterTheFirstPieceIsFoundWithTheWarningsBeforeIt() throws {
        for matching: Set<Int> in [[900], [999], []] {
            let (all, first) = try Self.counts(Self.srt(matching: matching), "late.srt", Query("budget"))
            #expect(all.matches == matching.count && first.matches == matching.count)
            #expect(first.warnings == all.warnings, "the last piece, with the broken cue, was read")
        }
    }

    /// On the piece tests' tricky SRT and untimed text, with pieces as small as a few blocks:
    /// a match is found exactly when the whole count finds one, and a file without any has the
    /// whole count's warnings.
    @Test func theFirstMatchIsFoundExactlyWhenTheWholeCountFindsOne() throws {
        let inputs = TextPiecesTests.srtInputs.map { ($0, "t.srt") } + TextPiecesTests.textInputs.map { ($0, "t.txt") }
        let queries = TextPiecesTests.queries + [Query("no such word"), Query("just words 1")]
        for (input, name) in inputs {
            for query in queries {
                for pieceSize in [64, 1_500, TextPieces.pieceSize] {
                    let (all, first) = try Self.counts(Array(input.utf8), name, query, pieceSize: pieceSize)
                    #expect(min(first.matches, 1) == min(all.matches, 1), "\(name), pieces of \(pieceSize)")
                    #expect(first.matches <= all.matches, "\(name), pieces of \(pieceSize)")
                    if all.matches == 0 { #expect(first.warnings == all.warnings, "\(name), pieces of \(pieceSize)") }
                }
            }
        }
    }
}
