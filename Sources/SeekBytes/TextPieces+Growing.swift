extension TextPieces {
    /// Piece boundaries for a text read only until something is found in it: `0`, `firstEnd`,
    /// then the ends of pieces that double in size up to `pieceSize`, and `count`.
    ///
    /// The first pieces are small, so that what lies after an early find is never read; the
    /// later ones as large as `boundaries(count:pieceSize:pieceEnd:)` makes them.
    ///
    /// - Parameters:
    ///   - firstEnd: where the first piece ends (a place `pieceEnd` could give, or `count`).
    ///   - pieceEnd: where a piece that reaches at least the given offset can end.
    /// - Complexity: O(p) calls of `pieceEnd` for p pieces.
    package static func growingBoundaries(
        count: Int, firstEnd: Int, pieceSize: Int, pieceEnd: (Int) -> Int?
    ) -> [Int] {
        precondition(pieceSize > 0, "pieces hold bytes")
        var bounds = [0]
        var end = Swift.min(firstEnd, count)
        var size = Swift.max(1, Swift.min(end, pieceSize))
        while end < count {
            bounds.append(end)
            size = Swift.min(2 * size, pieceSize)
            // The last piece takes what is left when less than another piece would follow it.
            guard count - end >= 2 * size, let next = pieceEnd(end + size), next > end, next < count else { break }
            end = next
        }
        bounds.append(count)
        return bounds
    }
}
