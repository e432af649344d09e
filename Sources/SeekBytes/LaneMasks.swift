/// The lanes of a sixteen-byte comparison as two words, and the places they mark handed out
/// in order: the few lines every sixteen-bytes-at-a-time scan in this module shares.

extension SIMDMask where Storage == SIMD16<Int8> {
    /// The lanes as two words, eight lanes each; a true lane is a byte of all ones.
    ///
    /// (Read as words because lane-wise steps on a mask compile byte by byte, and `any` is not
    /// inlined.)
    @inlinable @inline(__always)
    package var words: (low: UInt64, high: UInt64) {
        let halves = unsafeBitCast(self, to: SIMD2<UInt64>.self)
        return (halves[0], halves[1])
    }

    /// The first true lane, or `nil` when no lane is true.
    @inlinable @inline(__always)
    package var firstTrueLane: Int? {
        let (low, high) = words
        guard low | high != 0 else { return nil }
        return low != 0 ? low.trailingZeroBitCount / 8 : 8 + high.trailingZeroBitCount / 8
    }
}

extension SIMD2 where Scalar == UInt64 {
    /// The sixteen lanes of `mask` as two words, eight lanes each; a true lane is a byte of all ones.
    @inlinable @inline(__always)
    package init(lanes mask: SIMDMask<SIMD16<Int8>>) { self = unsafeBitCast(mask, to: SIMD2<UInt64>.self) }
}

/// The places found in one sixteen-byte chunk of a text, handed out in order, and the loop
/// that loads chunk after chunk until one has a place: the cursor of a `ChunkScanning` type.
@frozen
public struct ChunkPlaces {
    /// Where the chunk starts in the text: the lanes count from here.
    @usableFromInline var start: Int
    /// The high bit of each byte of the chunk's first and second eight that is a place.
    @usableFromInline var low: UInt64
    @usableFromInline var high: UInt64

    /// A chunk at `start` whose places are the bytes of all ones in `low` and `high`.
    @inlinable @inline(__always)
    init(start: Int, low: UInt64 = 0, high: UInt64 = 0) {
        self.start = start
        self.low = low & 0x8080_8080_8080_8080
        self.high = high & 0x8080_8080_8080_8080
    }

    /// Marks lane `lane` (0 to 15) as a place: for the last, short chunk of a text.
    @inlinable @inline(__always)
    mutating func insert(lane: Int) {
        assert(lane >= 0 && lane < 16, "a lane of sixteen")
        if lane < 8 { low |= 0x80 << (8 * UInt64(lane)) } else { high |= 0x80 << (8 * UInt64(lane - 8)) }
    }

    /// The next place of a text of `count` bytes, calling `chunk` for the chunk at each
    /// position until one has a place; `count` when none is left.
    ///
    /// - Complexity: amortised O(1) per sixteen bytes passed.
    @inlinable @inline(__always)
    package mutating func next(count: Int, chunk: (Int) -> ChunkPlaces) -> Int {
        // (Places lie inside the text: their sums cannot overflow, and are not checked.)
        while low | high == 0 {
            guard start &+ 16 < count else {
                start = count
                return count
            }
            self = chunk(start &+ 16)
        }
        if low != 0 {
            let place = start &+ low.trailingZeroBitCount / 8
            low &= low &- 1
            return place
        }
        let place = start &+ 8 &+ high.trailingZeroBitCount / 8
        high &= high &- 1
        return place
    }
}

/// A scan that finds places sixteen bytes at a time and hands them out one by one
/// (`ByteEvents`, `BlockEvents`): it says what a chunk's places are, this extension keeps the
/// cursor.
public protocol ChunkScanning {
    /// The length of the text scanned.
    var scannedCount: Int { get }
    /// The chunk being handed out.
    var places: ChunkPlaces { get set }
    /// The places of the chunk at `position` (sixteen bytes, fewer at the end).
    func chunk(at position: Int) -> ChunkPlaces
}

extension ChunkScanning {
    /// Forgets the places found so far: `next()` continues from `position`.
    @inlinable @inline(__always)
    package mutating func move(to position: Int) {
        assert(position >= 0 && position <= scannedCount, "a position inside the text")
        places = chunk(at: position)
    }

    /// The next place, or the text's length when none is left.
    ///
    /// - Complexity: amortised O(1) per sixteen bytes passed.
    @inlinable @inline(__always)
    package mutating func next() -> Int {
        var places = places
        defer { self.places = places }
        return places.next(count: scannedCount) { chunk(at: $0) }
    }
}
