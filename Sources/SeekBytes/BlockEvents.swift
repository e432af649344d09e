/// The places in a text where a block of lines may end or need a look, found sixteen bytes
/// at a time and handed out one by one: a line feed followed by a line feed (an empty line
/// next), a space or a tab (a line that may hold only blanks), and any byte of markup
/// (`{`, `&`, `<`, `>`).
///
/// Unlike `ByteEvents`, it passes the line feeds between ordinary lines, so a scan of a
/// subtitle block's text stops about once per block instead of once per line.
///
///     var events = BlockEvents(text)
///     events.move(to: textStart)
///     while case let place = events.next(), place < text.count { … }
///
/// A line feed that is the text's last byte is not a place (nothing follows it).
public struct BlockEvents {
    @usableFromInline let bytes: ByteView
    @usableFromInline let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
    @usableFromInline let space = SIMD16<UInt8>(repeating: 0x20)
    @usableFromInline let tab = SIMD16<UInt8>(repeating: 0x09)
    @usableFromInline let brace = SIMD16<UInt8>(repeating: UInt8(ascii: "{"))
    @usableFromInline let ampersand = SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
    @usableFromInline let angle = SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
    @usableFromInline let angleMask = SIMD16<UInt8>(repeating: 0x02)
    /// Where the bits of `low` and `high` count from.
    @usableFromInline var chunkStart = 0
    /// The high bit of each byte of the chunk's first and second eight that is a found place.
    @usableFromInline var low: UInt64 = 0
    @usableFromInline var high: UInt64 = 0

    @inlinable
    package init(_ bytes: ByteView) {
        self.bytes = bytes
        chunkStart = bytes.count
    }

    /// Forgets the places found so far: `next()` continues from `position`.
    @inlinable @inline(__always)
    package mutating func move(to position: Int) {
        assert(position >= 0 && position <= bytes.count, "a position inside the text")
        load(at: position)
    }

    /// The next place, or `bytes.count` when none is left.
    ///
    /// - Complexity: amortised O(1) per sixteen bytes passed.
    @inlinable @inline(__always)
    package mutating func next() -> Int {
        while low | high == 0 {
            guard chunkStart + 16 < bytes.count else {
                chunkStart = bytes.count
                return bytes.count
            }
            load(at: chunkStart + 16)
        }
        if low != 0 {
            let place = chunkStart + low.trailingZeroBitCount / 8
            low &= low &- 1
            return place
        }
        let place = chunkStart + 8 + high.trailingZeroBitCount / 8
        high &= high &- 1
        return place
    }

    /// Whether the byte at `index` is a place, given the byte after it (`nil` at the end).
    @inlinable @inline(__always)
    static func isPlace(_ byte: UInt8, before next: UInt8?) -> Bool {
        if byte == 0x0A { return next == 0x0A || next == 0x20 || next == 0x09 }
        return byte == UInt8(ascii: "{") || byte == UInt8(ascii: "&") || byte | 0x02 == UInt8(ascii: ">")
    }

    /// A mask's lanes (all ones or all zeros) as two words, eight lanes each.
    @inlinable @inline(__always)
    static func words(_ mask: SIMDMask<SIMD16<Int8>>) -> (UInt64, UInt64) {
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return (halves[0], halves[1])
    }

    @inlinable @inline(__always)
    mutating func load(at position: Int) {
        chunkStart = position
        let count = bytes.count
        if count - position >= 17 {
            let chunk = bytes.load(at: position, as: SIMD16<UInt8>.self)
            let after = bytes.load(at: position + 1, as: SIMD16<UInt8>.self)
            // Masks joined only with `.|` and as words (other lane-wise steps compile byte by byte).
            let lineFeeds = Self.words(chunk .== lineFeed)
            let breaks = Self.words((after .== lineFeed) .| (after .== space) .| (after .== tab))
            let markup = Self.words((chunk .== brace) .| (chunk .== ampersand)
                .| ((chunk | angleMask) .== angle))
            low = ((lineFeeds.0 & breaks.0) | markup.0) & 0x8080_8080_8080_8080
            high = ((lineFeeds.1 & breaks.1) | markup.1) & 0x8080_8080_8080_8080
            return
        }
        low = 0
        high = 0
        guard position < count else { return }
        for offset in 0..<Swift.min(16, count - position) {
            let index = position + offset
            guard Self.isPlace(bytes[index], before: index + 1 < count ? bytes[index + 1] : nil) else { continue }
            if offset < 8 { low |= 0x80 << (8 * UInt64(offset)) } else { high |= 0x80 << (8 * UInt64(offset - 8)) }
        }
    }
}
