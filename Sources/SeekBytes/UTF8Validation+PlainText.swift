extension UTF8Validation {
    /// Whether `bytes` are valid UTF-8 without NUL, and whether their first `head` bytes may hold
    /// a control byte (`ByteView.hasControlBytes`: below 0x20 but for 0x09–0x0D), found in the
    /// same pass: the head's runs of ASCII are looked at for both at once, sixty-four bytes a
    /// step. `controlBytesInHead` is true whenever `bytes.extracting(first: head).hasControlBytes`
    /// is (it may be true of a few bytes past the head too); it says nothing when `valid` is false.
    ///
    /// - Complexity: O(n), a large text's pieces after the head on all cores.
    package static func isValidWithoutNULs(
        _ bytes: ByteView, controlBytesInFirst head: Int
    ) -> (valid: Bool, controlBytesInHead: Bool) {
        // The head is cut before an ASCII byte, where no sequence runs across.
        var cut = Swift.min(head, bytes.count)
        while cut < bytes.count && bytes[cut] >= 0x80 { cut += 1 }
        let start = bytes.extracting(..<cut)
        var controls = false
        var place = 0
        while place < cut {
            place = controls ? asciiRunEnd(start, from: place) : plainRunEnd(start, from: place, controls: &controls)
            guard place < cut else { break }
            // A stretch of at least 4 KiB, to where an ASCII byte stands, as in the skipping check.
            var end = Swift.min(place + 4096, cut)
            while end < cut && start[end] >= 0x80 { end += 1 }
            let stretch = start.extracting(place..<end)
            guard isValidWithoutNULs(stretch) else { return (false, controls) }
            if !controls && stretch.hasControlBytes { controls = true }
            place = end
        }
        guard cut < bytes.count else { return (true, controls) }
        return (isValidWithoutNULsInPiecesSkippingASCII(bytes.extracting(cut...)), controls)
    }

    /// `asciiRunEnd`, also setting `controls` when the run holds a byte below 0x20 but for
    /// 0x09–0x0D (then it may stop early, at the start of that byte's block).
    @inlinable
    static func plainRunEnd(_ bytes: ByteView, from start: Int, controls: inout Bool) -> Int {
        let count = bytes.count
        var place = start
        // (`pointwiseMin` and `pointwiseMax` are left calls; these compile to one instruction.)
        @inline(__always) func min(_ x: SIMD16<UInt8>, _ y: SIMD16<UInt8>) -> SIMD16<UInt8> {
            x.replacing(with: y, where: y .< x)
        }
        @inline(__always) func max(_ x: SIMD16<UInt8>, _ y: SIMD16<UInt8>) -> SIMD16<UInt8> {
            x.replacing(with: y, where: y .> x)
        }
        let shift = SIMD16<UInt8>(repeating: 0xF2)
        // Most text is printable ASCII and line feeds: a byte is neither when it is below 0x20 as
        // a signed byte (a control byte, NUL, or one not ASCII) and not a line feed.
        let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
        let space = SIMD16<Int8>(repeating: 0x20)
        @inline(__always) func odd(_ x: SIMD16<UInt8>) -> SIMD16<UInt8> {
            let below = unsafeBitCast(unsafeBitCast(x, to: SIMD16<Int8>.self) .< space, to: SIMD16<UInt8>.self)
            return below & ~unsafeBitCast(x .== lineFeed, to: SIMD16<UInt8>.self)
        }
        // (A place stays within the bytes: its sums cannot overflow, and are not checked.)
        // A hundred and twenty-eight bytes a step while they are all such bytes; a step that finds
        // another leaves it to the steps of sixty-four after.
        while place &+ 128 <= count {
            @inline(__always) func chunk(_ k: Int) -> SIMD16<UInt8> {
                odd(bytes.load(at: place &+ 16 &* k, as: SIMD16<UInt8>.self))
            }
            let odds = unsafeBitCast(((chunk(0) | chunk(1)) | (chunk(2) | chunk(3)))
                | ((chunk(4) | chunk(5)) | (chunk(6) | chunk(7))), to: SIMD2<UInt64>.self)
            if odds[0] | odds[1] != 0 { break }
            place &+= 128
        }
        while place &+ 64 <= count {
            let a = bytes.load(at: place, as: SIMD16<UInt8>.self)
            let b = bytes.load(at: place &+ 16, as: SIMD16<UInt8>.self)
            let c = bytes.load(at: place &+ 32, as: SIMD16<UInt8>.self)
            let d = bytes.load(at: place &+ 48, as: SIMD16<UInt8>.self)
            // 64 bytes of printable ASCII and line feeds, passed in one test.
            let odds = unsafeBitCast((odd(a) | odd(b)) | (odd(c) | odd(d)), to: SIMD2<UInt64>.self)
            if odds[0] | odds[1] == 0 {
                place &+= 64
                continue
            }
            // 64 bytes are ASCII without NUL when, in each of the sixteen lanes, the most is below
            // 0x80 and the least above 0.
            let least = min(min(a, b), min(c, d))
            let (low, high) = ((max(max(a, b), max(c, d)) .>= SIMD16<UInt8>(repeating: 0x80))
                .| (least .== SIMD16<UInt8>(repeating: 0))).words
            if low | high != 0 { return place }
            // Then the control bytes 0x01–0x08 are there when a lane's least is below 9, and
            // 0x0E–0x1F when it is below 0x12 once 0x0E is taken off each byte (0x01–0x0D wrap
            // to 0xF3 and above).
            let leastShifted = min(min(a &+ shift, b &+ shift), min(c &+ shift, d &+ shift))
            let controlMarks = (least .< SIMD16<UInt8>(repeating: 9)) .| (leastShifted .< SIMD16<UInt8>(repeating: 0x12))
            let (first, second) = controlMarks.words
            if first | second != 0 {
                controls = true
                return asciiRunEnd(bytes, from: place)
            }
            place += 64
        }
        while place < count && bytes[place] != 0 && bytes[place] < 0x80 {
            if bytes[place] < 0x20 && !(0x09...0x0D).contains(bytes[place]) { controls = true }
            place += 1
        }
        return place
    }
}
