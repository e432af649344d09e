/// The byte scanners' entries for a `ByteView`, so search and the parsers built on it hold no
/// buffer pointer: each forwards to the scanner it names, at the same speed (`@inlinable` where the scanner is).
extension BytePairFinder {
    /// `next(in:from:to:)` over a view.
    package func next(in text: ByteView, from start: Int, to limit: Int) -> Int {
        next(in: text.buffer, from: start, to: limit)
    }
}

extension ByteSearch {
    /// `first(_:in:from:to:)` over a view.
    @inlinable @inline(__always)
    package static func first(_ byte: UInt8, in bytes: ByteView, from: Int, to: Int) -> Int {
        first(byte, in: bytes.buffer, from: from, to: to)
    }

    /// `contains(_:in:from:to:)` over a view.
    @inlinable @inline(__always)
    package static func contains(_ byte: UInt8, in bytes: ByteView, from: Int, to: Int) -> Bool {
        contains(byte, in: bytes.buffer, from: from, to: to)
    }

    /// `firstSpaceOrByte(_:in:from:to:)` over a view.
    @inlinable @inline(__always)
    package static func firstSpaceOrByte(_ byte: UInt8, in bytes: ByteView, from: Int, to: Int) -> Int {
        firstSpaceOrByte(byte, in: bytes.buffer, from: from, to: to)
    }

    /// `firstOf(_:_:_:_:in:from:to:)` over a view.
    @inlinable @inline(__always)
    package static func firstOf(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, in bytes: ByteView,
                                from: Int, to: Int) -> Int {
        firstOf(a, b, c, d, in: bytes.buffer, from: from, to: to)
    }

    /// `plainRunEnd(stop:in:from:to:)` over a view.
    @inlinable @inline(__always)
    package static func plainRunEnd(stop: UInt8, in bytes: ByteView, from: Int, to: Int) -> Int {
        plainRunEnd(stop: stop, in: bytes.buffer, from: from, to: to)
    }
}

extension ByteCounting {
    /// `count(_:in:_:)` over a view.
    @inlinable @inline(__always)
    package static func count(_ byte: UInt8, in bytes: ByteView, _ range: Range<Int>) -> Int {
        count(byte, in: bytes.buffer, range)
    }
}

extension ByteEvents {
    /// A scanner of `bytes` as `init(_:_:_:_:orMasked:mask:)` makes one.
    package init(_ bytes: ByteView, _ a: UInt8, _ b: UInt8, _ c: UInt8, orMasked d: UInt8, mask dMask: UInt8) {
        self.init(bytes.buffer, a, b, c, orMasked: d, mask: dMask)
    }
}

extension BytePattern16 {
    /// `matches(_:at:)` over a view.
    @inlinable @inline(__always)
    package func matches(_ bytes: ByteView, at position: Int) -> Bool {
        matches(bytes.buffer, at: position)
    }

    /// `misfits(_:at:)` over a view.
    @inlinable @inline(__always)
    package func misfits(_ bytes: ByteView, at position: Int) -> SIMD2<UInt64> {
        misfits(bytes.buffer, at: position)
    }
}

extension LineStarts {
    /// `countLineFeeds(in:_:lookingAtStartsAtMost:orIn:look:)` over a view.
    package static func countLineFeeds(
        in bytes: ByteView, _ range: Range<Int>, lookingAtStartsAtMost atMost: UInt8,
        orIn band: ClosedRange<UInt8>, look: (Int) -> Bool
    ) -> Int? {
        countLineFeeds(in: bytes.buffer, range, lookingAtStartsAtMost: atMost, orIn: band, look: look)
    }
}
