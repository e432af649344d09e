import Testing
@testable import SeekBytes

/// Pieces for a text read only until something is found: a first piece where the caller says,
/// then pieces that double up to the usual size, the last taking what is left.
@Suite struct TextPiecesGrowingTests {
    @Test func piecesDoubleFromTheFirstUpToThePieceSize() {
        let cases: [(count: Int, firstEnd: Int, pieceSize: Int, expected: [Int])] = [
            (100, 10, 40, [0, 10, 30, 100]),
            (1_000, 100, 100, [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1_000]),
            (1_000, 10, 1_000, [0, 10, 30, 70, 150, 310, 630, 1_000]),
            (50, 80, 40, [0, 50]),
            (50, 50, 40, [0, 50]),
            (0, 10, 40, [0, 0]),
        ]
        for (count, firstEnd, pieceSize, expected) in cases {
            let bounds = TextPieces.growingBoundaries(count: count, firstEnd: firstEnd, pieceSize: pieceSize) { $0 }
            #expect(bounds == expected, "\(count) from \(firstEnd), up to \(pieceSize)")
        }
    }

    @Test func piecesEndWherePieceEndSays() {
        // Cuts only after multiples of 7; none past 60.
        let pieceEnd = { (target: Int) -> Int? in target > 60 ? nil : (target + 6) / 7 * 7 }
        #expect(TextPieces.growingBoundaries(count: 200, firstEnd: 7, pieceSize: 16, pieceEnd: pieceEnd)
            == [0, 7, 21, 42, 63, 200])
        #expect(TextPieces.growingBoundaries(count: 200, firstEnd: 14, pieceSize: 16) { _ in nil } == [0, 14, 200])
    }
}
