import SeekBytes

/// A run of a keyword's characters that every match holds as bytes, found in a file's raw text
/// before it is parsed: a parser searching for the keyword may leave unread the cues whose raw
/// text has none of it, when their text is those raw bytes with only white space and line breaks
/// changed.
///
/// The piece is the longest run of the keyword's characters that are printable ASCII, matched
/// only by themselves in either case (`Matcher.requiredPiece`), with no space (which a line
/// break matches) and no `<`, `>` or `&` (so that a place of it never straddles markup). Every
/// match of the keyword in a cue's text holds the piece's bytes, in some ASCII case; each run of
/// bytes without white space in such a cue's text is a run of its raw bytes, so they hold the
/// piece too.
///
///     var piece = RawPiece(query: Query("your father"))   // "father"
///     piece?.occurs(in: 120..<164, of: bytes)
struct RawPiece {
    /// The piece's bytes, ASCII letters lowered.
    let bytes: [UInt8]
    /// Finds the places of its two rarest bytes (a few apart where it can), in either case.
    private let pairs: BytePairFinder
    /// The first place of the piece at or after `searchedFrom` (or the end of the text).
    private var next = -1
    private var searchedFrom = Int.max

    /// The piece of `query`'s one keyword, or `nil` when it has none (no such run, several
    /// keywords, accents ignored: then every cue may match).
    init?(query: Query) {
        let keywords = query.keywords.filter { !$0.isEmpty }
        guard keywords.count == 1, !query.ignoresAccents, let required = Matcher.requiredPiece(of: keywords[0]) else { return nil }
        let longest = required.utf8.split(separator: 0x20).max { $0.count < $1.count }
        guard let longest, !longest.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") })
        else { return nil }
        let lowered = longest.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        let ranked = lowered.indices.sorted { (FastPlan.rank(lowered[$0]), $0) < (FastPlan.rank(lowered[$1]), $1) }
        let second = ranked.first { abs($0 - ranked[0]) >= 2 } ?? ranked[ranked.count > 1 ? 1 : 0]
        func pairByte(_ offset: Int) -> BytePairFinder.Byte {
            let byte = lowered[offset]
            return byte &- 0x61 < 26 ? BytePairFinder.Byte(offset: offset, orMask: 0x20, target: byte)
                : BytePairFinder.Byte(offset: offset, target: byte)
        }
        bytes = lowered
        pairs = BytePairFinder(pairByte(ranked[0]), pairByte(second))
    }

    /// Whether the piece lies inside `range` of `text`, in any ASCII case. Ranges asked of one
    /// text should not start before an earlier one (the place found is kept for the next).
    ///
    /// - Complexity: amortised O(n) in the text passed over, for ranges asked in order.
    mutating func occurs(in range: Range<Int>, of text: ByteView) -> Bool {
        if next < range.lowerBound || searchedFrom > range.lowerBound {
            next = firstPlace(in: text, from: range.lowerBound)
            searchedFrom = range.lowerBound
        }
        return next + bytes.count <= range.upperBound
    }

    /// Whether the piece lies anywhere in `text`, in any ASCII case (the places found in another
    /// text by `occurs(in:of:)` are neither used nor changed).
    ///
    /// - Complexity: O(n) in the size of `text`.
    func occurs(anywhereIn text: ByteView) -> Bool {
        firstPlace(in: text, from: 0) < text.count
    }

    /// The first place of the piece at or after `start`, or the text's end.
    private func firstPlace(in text: ByteView, from start: Int) -> Int {
        let length = bytes.count
        let limit = text.count - length + 1
        var position = start
        while position < limit {
            position = pairs.next(in: text, from: position, to: limit)
            guard position < limit else { break }
            var offset = 0
            while offset < length {
                let byte = text[position + offset]
                if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != bytes[offset] { break }
                offset += 1
            }
            if offset == length { return position }
            position += 1
        }
        return text.count
    }
}
