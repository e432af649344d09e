extension ByteView {
    /// These bytes with the carriage return of each CR LF taken out, when every carriage return
    /// stands just before a line feed and there is at least one; `nil` otherwise. With `releasing`,
    /// told of each piece of these bytes once it is copied (from any core).
    ///
    /// The pieces (`TextPieces`, each ending after a line feed, so that no CR LF is cut) have their
    /// carriage returns counted, then are copied on all cores, each to its place in the result.
    ///
    /// - Complexity: O(n), thirty-two bytes a step, with a store for each carriage return.
    package func removingCarriageReturnsBeforeLineFeeds(releasing: ((Range<Int>) -> Void)? = nil) -> [UInt8]? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        let bounds = TextPieces.boundaries(count: count) { target in
            firstIndex(of: 0x0A, in: target..<count).map { $0 + 1 }
        }
        // Each piece's carriage returns counted first, so that each is copied to its place.
        let returns = TextPieces.map(bounds.count - 1) { i in ByteCounting.count(0x0D, in: buffer, bounds[i]..<bounds[i + 1]) }
        var places = [0]
        for (i, taken) in returns.enumerated() { places.append(places[i] + bounds[i + 1] - bounds[i] - taken) }
        let total = places[places.count - 1]
        guard total < count else { return nil }
        var lone = false
        let result = [UInt8](unsafeUninitializedCapacity: total) { buffer, written in
            guard let out = buffer.baseAddress else { return }
            LargeAllocations.adviseHugePages(out, count: total)
            let copied = TextPieces.map(bounds.count - 1) { i -> Bool in
                let start = bounds[i]
                let kept = Self.copyWithoutReturns(base + start, count: bounds[i + 1] - start,
                                                   to: out + places[i], room: places[i + 1] - places[i])
                releasing?(start..<bounds[i + 1])
                return kept == places[i + 1] - places[i]
            }
            lone = copied.contains(false)
            written = lone ? 0 : total
        }
        return lone ? nil : result
    }

    /// Copies the `count` bytes at `source` to `target` without the carriage return of each CR LF,
    /// writing only within `target`'s first `room` bytes (what the copy needs: every other carriage
    /// return leaves it): how many it wrote, or `nil` for a carriage return before anything but a
    /// line feed (or last), or for more bytes kept than `room`.
    private static func copyWithoutReturns(
        _ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>, room: Int
    ) -> Int? {
        var read = 0
        var write = 0
        let (carriageReturn, lineFeed) = (ByteLanes(repeating: 0x0D), ByteLanes(repeating: 0x0A))
        @inline(__always) func lanes(_ offset: Int) -> ByteLanes {
            ByteLanes(UnsafeRawPointer(source + offset).loadUnaligned(as: SIMD16<UInt8>.self))
        }
        @inline(__always) func store(_ offset: Int, at place: Int) {
            let (low, high) = (lanes(offset).vector, lanes(offset &+ 16).vector)
            UnsafeMutableRawPointer(target + place).storeBytes(of: low, as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(target + (place &+ 16)).storeBytes(of: high, as: SIMD16<UInt8>.self)
        }
        // Thirty-two bytes a step, stored whole; each carriage return among them ends a run, and
        // the thirty-two bytes after it are stored where the run ends (the next run, and bytes that a
        // later store or step overwrites). A step's stores end before `write + 63` and `read + 64`.
        while read &+ 64 <= count && write &+ 63 <= room {
            let (low, high) = (lanes(read), lanes(read &+ 16))
            store(read, at: write)
            var returns = UInt64(low.equal(carriageReturn).highBits) | UInt64(high.equal(carriageReturn).highBits) &<< 16
            guard returns != 0 else {
                read &+= 32
                write &+= 32
                continue
            }
            // Each carriage return's next byte is a line feed (the 33rd byte's is read too).
            let feeds = UInt64(low.equal(lineFeed).highBits) | UInt64(high.equal(lineFeed).highBits) &<< 16
                | (source[read &+ 32] == 0x0A ? 1 &<< 32 : 0)
            guard returns & ~(feeds &>> 1) == 0 else { return nil }
            var from = 0
            while returns != 0 {
                let place = returns.trailingZeroBitCount
                returns &= returns &- 1
                write &+= place &- from
                from = place &+ 1
                store(read &+ from, at: write)
            }
            write &+= 32 &- from
            read &+= 32
        }
        // Eight bytes a step, stored whole: a step holding a carriage return keeps the bytes before
        // it (those after are stored again by the next step) and goes on after it.
        while read &+ 8 <= count && write &+ 8 <= room {
            let word = UnsafeRawPointer(source + read).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(target + write).storeBytes(of: word, as: UInt64.self)
            let returns = WordBytes.zeros(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            guard returns != 0 else {
                read &+= 8
                write &+= 8
                continue
            }
            let kept = returns.trailingZeroBitCount / 8
            guard read &+ kept &+ 1 < count, source[read &+ kept &+ 1] == 0x0A else { return nil }
            write &+= kept
            read &+= kept &+ 1
        }
        // The last bytes one by one.
        while read < count {
            let byte = source[read]
            if byte == 0x0D {
                guard read &+ 1 < count, source[read &+ 1] == 0x0A else { return nil }
            } else {
                guard write < room else { return nil }
                target[write] = byte
                write &+= 1
            }
            read &+= 1
        }
        return write
    }
}
