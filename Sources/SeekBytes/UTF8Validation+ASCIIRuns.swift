extension UTF8Validation {
    /// `isValidWithoutNULs`, with runs of ASCII (most subtitle text) passed over sixty-four
    /// bytes a step; what is not ASCII is checked by `isValidWithoutNULs` in stretches that
    /// start after an ASCII byte and end before one, where no sequence (valid or not) runs across.
    ///
    /// - Complexity: O(n).
    package static func isValidWithoutNULsSkippingASCII(_ bytes: ByteView) -> Bool {
        let count = bytes.count
        var place = 0
        while place < count {
            place = asciiRunEnd(bytes, from: place)
            guard place < count else { return true }
            // A stretch of at least 4 KiB, to where an ASCII byte stands.
            var end = Swift.min(place + 4096, count)
            while end < count && bytes[end] >= 0x80 { end += 1 }
            guard isValidWithoutNULs(bytes.extracting(place..<end)) else { return false }
            place = end
        }
        return true
    }

    /// `isValidWithoutNULsSkippingASCII` on all cores for large texts: pieces are cut before
    /// ASCII bytes, where no sequence (valid or not) runs across.
    package static func isValidWithoutNULsInPiecesSkippingASCII(_ bytes: ByteView) -> Bool {
        let bounds = TextPieces.boundaries(count: bytes.count) { target in
            bytes.buffer[target...].firstIndex { $0 < 0x80 }
        }
        return TextPieces.map(bounds.count - 1) { i in
            isValidWithoutNULsSkippingASCII(bytes.extracting(bounds[i]..<bounds[i + 1]))
        }.allSatisfy { $0 }
    }

    /// Whether every byte of `bytes` is ASCII and none is NUL.
    ///
    /// - Complexity: O(n), a hundred and twenty-eight bytes a step.
    package static func isASCIIWithoutNULs(_ bytes: ByteView) -> Bool {
        asciiRunEnd(bytes, from: 0) == bytes.count
    }

    /// The start of the first block of sixty-four bytes from `start` holding a byte that is not
    /// ASCII or is NUL (rounded down to it: the bytes before it are ASCII without NUL), or `count`
    /// when the rest is all ASCII without NUL.
    @inlinable
    static func asciiRunEnd(_ bytes: ByteView, from start: Int) -> Int {
        let count = bytes.count
        var place = start
        // A byte is ASCII and not NUL exactly when its high bit is clear and adding 0x7F sets it.
        @inline(__always) func plain(_ chunk: SIMD16<UInt8>) -> SIMD16<UInt8> {
            ~chunk & (chunk &+ SIMD16<UInt8>(repeating: 0x7F))
        }
        // A hundred and twenty-eight bytes a step where their OR has no high bit and none is NUL;
        // a step that finds one leaves the finding of its block of sixty-four to the loop after.
        // (Only `.==` and `.|` on masks: other lane-wise steps, and `pointwiseMin`, compile byte by byte or as calls.)
        let zero = SIMD16<UInt8>(repeating: 0)
        while place + 128 <= count {
            @inline(__always) func chunk(_ k: Int) -> SIMD16<UInt8> { bytes.load(at: place + 16 * k, as: SIMD16<UInt8>.self) }
            let (a, b, c, d) = (chunk(0), chunk(1), chunk(2), chunk(3))
            let (e, f, g, h) = (chunk(4), chunk(5), chunk(6), chunk(7))
            let all = ((a | b) | (c | d)) | ((e | f) | (g | h))
            let nuls = (((a .== zero) .| (b .== zero)) .| ((c .== zero) .| (d .== zero)))
                .| (((e .== zero) .| (f .== zero)) .| ((g .== zero) .| (h .== zero)))
            let halves = unsafeBitCast(all | unsafeBitCast(nuls, to: SIMD16<UInt8>.self), to: SIMD2<UInt64>.self)
            if (halves[0] | halves[1]) & WordBytes.highBits != 0 { break }
            place += 128
        }
        while place + 64 <= count {
            let a = plain(bytes.load(at: place, as: SIMD16<UInt8>.self))
            let b = plain(bytes.load(at: place + 16, as: SIMD16<UInt8>.self))
            let c = plain(bytes.load(at: place + 32, as: SIMD16<UInt8>.self))
            let d = plain(bytes.load(at: place + 48, as: SIMD16<UInt8>.self))
            let (low, high) = ((a & b) & (c & d) .< SIMD16<UInt8>(repeating: 0x80)).words
            if low | high != 0 { return place }
            place += 64
        }
        while place < count && bytes[place] != 0 && bytes[place] < 0x80 { place += 1 }
        return place
    }
}
