/// The places of a few chosen bytes in a text, in order, found sixteen bytes at a time
/// and handed out one by one: a scan that stops at every line feed without starting again
/// at each one.
///
/// The bytes are `a`, `b`, `c`, and any byte equal to `d` after an OR with `dMask`
/// (`0x3E` with `0x02` finds both `<` and `>`), as in `ByteSearch.firstIndex(in:from:of:_:_:orMasked:mask:)`.
///
///     var events = ByteEvents(text, 0x0A, 0x7B, 0x26, orMasked: 0x3E, mask: 0x02)
///     events.move(to: 0)
///     while case let place = events.next(), place < text.count { … }
public struct ByteEvents: ChunkScanning {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline let a: SIMD16<UInt8>
    @usableFromInline let b: SIMD16<UInt8>
    @usableFromInline let c: SIMD16<UInt8>
    @usableFromInline let d: SIMD16<UInt8>
    @usableFromInline let dMask: SIMD16<UInt8>
    public var places: ChunkPlaces
    @inlinable public var scannedCount: Int { bytes.count }

    package init(_ bytes: UnsafeBufferPointer<UInt8>, _ a: UInt8, _ b: UInt8, _ c: UInt8,
                 orMasked d: UInt8, mask dMask: UInt8) {
        self.bytes = bytes
        self.a = SIMD16(repeating: a)
        self.b = SIMD16(repeating: b)
        self.c = SIMD16(repeating: c)
        self.d = SIMD16(repeating: d)
        self.dMask = SIMD16(repeating: dMask)
        places = ChunkPlaces(start: bytes.count)
    }

    /// The places of the chunk at `position` (sixteen bytes, fewer at the end).
    @inlinable @inline(__always)
    public func chunk(at position: Int) -> ChunkPlaces {
        let count = bytes.count
        guard let base = bytes.baseAddress, position < count else { return ChunkPlaces(start: position) }
        if count - position >= 16 {
            assert(position + 16 <= count, "sixteen bytes inside the text")
            let chunk = UnsafeRawPointer(base + position).loadUnaligned(as: SIMD16<UInt8>.self)
            let hits = ((chunk .== a) .| (chunk .== b) .| (chunk .== c) .| ((chunk | dMask) .== d)).words
            return ChunkPlaces(start: position, low: hits.low, high: hits.high)
        }
        var places = ChunkPlaces(start: position)
        for lane in 0..<(count - position) {
            assert(position + lane < count, "a byte inside the text")
            let byte = base[position + lane]
            if byte == a[0] || byte == b[0] || byte == c[0] || byte | dMask[0] == d[0] { places.insert(lane: lane) }
        }
        return places
    }
}

/// Sixteen bytes compared with a template at once: each place either any ASCII digit or a
/// given byte (compared after an OR with that place's mask, so `,` with `0x02` takes `.` too).
///
///     let time = BytePattern16(Array("00:00:00,000 -->".utf8), digit: 0x30, orMasks: [8: 0x02])
public struct BytePattern16: Sendable {
    @usableFromInline let target: SIMD16<UInt8>
    @usableFromInline let orMask: SIMD16<UInt8>
    /// 0xFF at the places that take any digit, 0 elsewhere.
    @usableFromInline let digits: SIMD16<UInt8>

    /// `template`'s places holding `digit` take any digit; `orMasks` by place.
    package init(_ template: [UInt8], digit: UInt8, orMasks: [Int: UInt8] = [:]) {
        precondition(template.count == 16, "a template of sixteen bytes")
        var target = SIMD16<UInt8>()
        var orMask = SIMD16<UInt8>()
        var digits = SIMD16<UInt8>()
        for place in 0..<16 {
            digits[place] = template[place] == digit ? 0xFF : 0
            orMask[place] = orMasks[place] ?? 0
            target[place] = template[place] | orMask[place]
        }
        self.target = target
        self.orMask = orMask
        self.digits = digits
    }

    /// Whether the sixteen bytes at `position` fit the template.
    @inlinable @inline(__always)
    package func matches(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard bytes.baseAddress != nil else { return false }
        let misfits = misfits(bytes, at: position)
        return misfits[0] | misfits[1] == 0
    }

    /// The bits of the sixteen bytes at `position` that keep them from fitting the template, as
    /// two words: both zero when they fit. (Two templates' misfits joined with `|` are tested at once.)
    @inlinable @inline(__always)
    package func misfits(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> SIMD2<UInt64> {
        assert(position >= 0 && position + 16 <= bytes.count, "sixteen bytes inside the text")
        let chunk = UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
        // Bits set where a place does not fit, without lane comparisons (which compile lane
        // by lane for `<` on bytes): a digit's offset from `0` is at most 9, so it and it
        // plus 6 are both below 16; another place must equal its target.
        let offset = chunk &- SIMD16(repeating: 0x30)
        let notDigit = (offset | (offset &+ SIMD16(repeating: 6))) & SIMD16(repeating: 0xF0)
        let notTarget = (chunk | orMask) ^ target
        return unsafeBitCast((notDigit & digits) | (notTarget & ~digits), to: SIMD2<UInt64>.self)
    }
}
