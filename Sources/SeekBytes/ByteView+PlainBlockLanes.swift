/// What a look at the start of a block of lines found (`ByteView.plainBlock(from:)`).
@frozen
public enum PlainBlockScan: Equatable {
    /// A block of plain lines, ended by the line feed at this index, which another follows.
    case end(Int)
    /// Something before the block's end is not plain: markup, or a blank next to a line feed.
    case notPlain
    /// Neither was found in the bytes looked at (the block runs on, or the view ends).
    case undecided
}

extension ByteView {
    /// The end of a block of plain lines starting at `start`, as `plainBlockEnd(from:)` finds it,
    /// from the line feeds and markup bytes of thirty-two bytes at a time read as the bits of a
    /// word: the end is the first two marks in a row (when both are line feeds), and only the
    /// marks before it are looked at one by one.
    ///
    /// Where it answers `.end`, `plainBlockEnd(from:)` answers the same or `nil` (near the view's
    /// end), and `BlockEvents` from `start` has no place before it but, maybe, a blank right
    /// before it. `.notPlain` where `BlockEvents` has a place before the end that the plain
    /// reading does not allow; `.undecided` when the block does not end within the first
    /// `windows` times 31 bytes, or less than 33 bytes are left.
    ///
    ///     switch bytes.plainBlock(from: textStart) {
    ///     case .end(let end): …                  // "it's\nbudget time\n\n2\n…": the line feed after "time"
    ///     case .notPlain: …                      // look at each place (`BlockEvents`)
    ///     case .undecided: …                     // `plainBlockEnd(from:)`, then each place
    ///     }
    ///
    /// The byte at `start` must be neither a line feed nor a blank.
    ///
    /// - Complexity: O(n) in the bytes passed, thirty-one at a time, with a few steps per line feed.
    @inlinable @inline(__always)
    package func plainBlock(from start: Int, windows: Int = 2) -> PlainBlockScan {
        assert(start >= 0 && start < count, "a place inside the view")
        assert(self[start] != 0x0A && self[start] != 0x20 && self[start] != 0x09, "a block that starts with a line")
        let lineFeed = ByteLanes(repeating: 0x0A)
        let brace = ByteLanes(repeating: UInt8(ascii: "{"))
        let ampersand = ByteLanes(repeating: UInt8(ascii: "&"))
        let angle = ByteLanes(repeating: UInt8(ascii: ">"))
        let angleMask = ByteLanes(repeating: 0x02)
        @inline(__always) func marks(at position: Int) -> UInt64 {
            let chunk = lanes(at: position)
            let found = chunk.equal(lineFeed) | chunk.equal(brace) | chunk.equal(ampersand) | (chunk | angleMask).equal(angle)
            return UInt64(found.highBits)
        }
        var position = start
        // Windows of thirty-two bytes, thirty-one apart: a pair of marks on the last byte of one
        // is the first byte of the next; the byte after the window is read (a line feed's next).
        for _ in 0..<windows {
            guard position &+ 33 <= count else { return .undecided }
            let found = marks(at: position) | marks(at: position &+ 16) &<< 16
            let pairs = found & (found &>> 1)
            // The marks before the first pair, or before the window's last byte when there is none
            // (which the next window starts with: a line feed there may end the block).
            var before = found & ((pairs ^ (pairs &- 1)) &>> 1) & 0x7FFF_FFFF
            while before != 0 {
                let place = position &+ before.trailingZeroBitCount
                before &= before &- 1
                guard self[place] == 0x0A, place > start else { return .notPlain }
                let next = self[place &+ 1]
                let previous = self[place &- 1]
                if next == 0x20 || next == 0x09 || previous == 0x20 || previous == 0x09 { return .notPlain }
            }
            if pairs != 0 {
                let end = position &+ pairs.trailingZeroBitCount
                return self[end] == 0x0A && self[end &+ 1] == 0x0A ? .end(end) : .notPlain
            }
            position &+= 31
        }
        return .undecided
    }
}
