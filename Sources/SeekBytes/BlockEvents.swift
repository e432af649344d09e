/// The places in a text where a block of lines may end or need a look, found sixteen bytes
/// at a time and handed out one by one: a line feed followed by a line feed (an empty line
/// next), a space or a tab (a line that may hold only blanks), a space or tab followed by a
/// line feed (a line ending in a blank), and any byte of markup (`{`, `&`, `<`, `>`).
///
/// Unlike `ByteEvents`, it passes the line feeds between ordinary lines, so a scan of a
/// subtitle block's text stops about once per block instead of once per line.
///
///     var events = BlockEvents(text)
///     events.move(to: textStart)
///     while case let place = events.next(), place < text.count { … }
///
/// A line feed that is the text's last byte is not a place (nothing follows it).
public struct BlockEvents: ChunkScanning {
    @usableFromInline let bytes: ByteView
    @usableFromInline let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
    @usableFromInline let space = SIMD16<UInt8>(repeating: 0x20)
    @usableFromInline let tab = SIMD16<UInt8>(repeating: 0x09)
    @usableFromInline let brace = SIMD16<UInt8>(repeating: UInt8(ascii: "{"))
    @usableFromInline let ampersand = SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
    @usableFromInline let angle = SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
    @usableFromInline let angleMask = SIMD16<UInt8>(repeating: 0x02)
    public var places: ChunkPlaces
    @inlinable public var scannedCount: Int { bytes.count }

    @inlinable
    package init(_ bytes: ByteView) {
        self.bytes = bytes
        places = ChunkPlaces(start: bytes.count)
    }

    /// Whether the byte at `index` is a place, given the byte after it (`nil` at the end).
    @inlinable @inline(__always)
    static func isPlace(_ byte: UInt8, before next: UInt8?) -> Bool {
        if byte == 0x0A { return next == 0x0A || next == 0x20 || next == 0x09 }
        if byte == 0x20 || byte == 0x09 { return next == 0x0A }
        return byte == UInt8(ascii: "{") || byte == UInt8(ascii: "&") || byte | 0x02 == UInt8(ascii: ">")
    }

    /// The places of the chunk at `position` (sixteen bytes, fewer at the end).
    @inlinable @inline(__always)
    public func chunk(at position: Int) -> ChunkPlaces {
        let count = bytes.count
        if count &- position >= 17 {
            let places = placeLanes(at: position)
            return ChunkPlaces(start: position, low: places[0], high: places[1])
        }
        var places = ChunkPlaces(start: position)
        guard position < count else { return places }
        for lane in 0..<Swift.min(16, count - position) {
            let index = position + lane
            if Self.isPlace(bytes[index], before: index + 1 < count ? bytes[index + 1] : nil) { places.insert(lane: lane) }
        }
        return places
    }

    /// The places of the sixteen bytes at `position`, a lane of all ones each, as two words; the
    /// byte after them is looked at too (seventeen bytes from `position` must lie in the text).
    @inlinable @inline(__always)
    func placeLanes(at position: Int) -> SIMD2<UInt64> {
        let chunk = bytes.load(at: position, as: SIMD16<UInt8>.self)
        let after = bytes.load(at: position &+ 1, as: SIMD16<UInt8>.self)
        // Masks joined only with `.|`, then as words (other lane-wise steps on masks compile byte by byte).
        let lineFeeds = SIMD2<UInt64>(lanes: chunk .== lineFeed)
        let feedsAfter = SIMD2<UInt64>(lanes: after .== lineFeed)
        let breaks = SIMD2<UInt64>(lanes: (after .== lineFeed) .| (after .== space) .| (after .== tab))
        let blanks = SIMD2<UInt64>(lanes: (chunk .== space) .| (chunk .== tab))
        let markup = SIMD2<UInt64>(lanes: (chunk .== brace) .| (chunk .== ampersand) .| ((chunk | angleMask) .== angle))
        return (lineFeeds & breaks) | (blanks & feedsAfter) | markup
    }
}
