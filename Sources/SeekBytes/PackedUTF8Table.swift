/// Decodes a single-byte encoding through a table of 256 packed entries: each byte's UTF-8
/// (one to three bytes, the first in the low byte) and, in the top byte, its length.
public enum PackedUTF8Table {
    /// The entry of a byte that decodes to U+FFFD.
    package static let replacement: UInt32 = 0x03BD_BFEF

    /// `bytes` through `table`, and how many of them decoded to U+FFFD; in two passes, the
    /// length first, then the bytes written in place, ASCII eight bytes a step where the table
    /// keeps it as it is.
    ///
    /// Takes an `ArraySlice`, not any collection: a generic here is not specialised across the
    /// module boundary, and decoded windows-1251 at 2 MB/s instead of 71 (`seek-bench --only decoding`).
    ///
    /// - Complexity: O(n).
    package static func decode(_ bytes: ArraySlice<UInt8>, table: [UInt32]) -> (utf8: [UInt8], invalid: Int) {
        precondition(table.count == 256, "a packed table has an entry for each byte")
        return bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return ([], 0) }
            let reader = Reader(table: table)
            let (length, invalid) = reader.measure(base, count: source.count)
            let output = [UInt8](unsafeUninitializedCapacity: length) { buffer, written in
                guard let out = buffer.baseAddress else { return }
                reader.write(base, count: source.count, to: out, length: length)
                written = length
            }
            return (output, invalid)
        }
    }

    /// `decode` of `bytes` cut at `bounds` (`0`, each piece's end, `bytes.count`), on all cores:
    /// each piece's length found, then each piece written to its place in the text, which is asked
    /// for in large pages (`LargeAllocations`). `nil`, with nothing written, when the text would take
    /// more than `limit` bytes, or `bytes` hold a NUL (which a text never holds: the caller replaces it).
    /// With `releasing`, told of each piece once measured and again once written (from any core), so
    /// that the pages of bytes read again when touched (a file's map) can go: they are never all
    /// held beside the text.
    ///
    /// - Complexity: O(n), two passes.
    package static func decode(
        _ bytes: ByteView, pieces bounds: [Int], table: [UInt32], limit: Int,
        releasing: ((Range<Int>) -> Void)? = nil
    ) -> (utf8: [UInt8], invalid: Int)? {
        precondition(table.count == 256, "a packed table has an entry for each byte")
        guard bytes.firstIndex(of: 0) == nil else { return nil }
        guard let base = bytes.buffer.baseAddress else { return limit >= 0 ? ([], 0) : nil }
        let reader = Reader(table: table)
        let measured = TextPieces.map(bounds.count - 1) { i in
            defer { releasing?(bounds[i]..<bounds[i + 1]) }
            return reader.measure(base + bounds[i], count: bounds[i + 1] - bounds[i])
        }
        var places = [0]
        for (length, _) in measured { places.append(places[places.count - 1] + length) }
        let total = places[places.count - 1]
        guard total <= limit else { return nil }
        let utf8 = [UInt8](unsafeUninitializedCapacity: total) { buffer, written in
            guard let out = buffer.baseAddress else { return }
            LargeAllocations.adviseHugePages(out, count: total)
            _ = TextPieces.map(bounds.count - 1) { i in
                reader.write(base + bounds[i], count: bounds[i + 1] - bounds[i], to: out + places[i],
                             length: places[i + 1] - places[i])
                releasing?(bounds[i]..<bounds[i + 1])
            }
            written = total
        }
        return (utf8, measured.reduce(0) { $0 + $1.invalid })
    }

    /// The two passes over bytes through one table.
    private struct Reader {
        let table: [UInt32]
        /// Whether ASCII decodes to itself (every code page here): its runs then go eight bytes a step.
        let asciiIsItself: Bool

        init(table: [UInt32]) {
            self.table = table
            asciiIsItself = (0..<128).allSatisfy { table[$0] == 1 << 24 | UInt32($0) }
        }

        /// How many of eight bytes at `i` (of `count` at `base`) are ASCII, when it decodes to itself.
        @inline(__always)
        private func asciiRun(_ base: UnsafePointer<UInt8>, at i: Int, count: Int) -> Int {
            guard asciiIsItself && i &+ 8 <= count else { return 0 }
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            return (word & 0x8080_8080_8080_8080).trailingZeroBitCount &>> 3
        }

        /// The length of the `count` bytes at `base` decoded, and how many decode to U+FFFD.
        func measure(_ base: UnsafePointer<UInt8>, count: Int) -> (length: Int, invalid: Int) {
            var length = 0
            var invalid = 0
            var i = 0
            while i < count {
                let run = asciiRun(base, at: i, count: count)
                length &+= run
                i &+= run
                guard run < 8, i < count else { continue }
                let packed = table[Int(base[i])]
                length &+= Int(packed >> 24)
                if packed == replacement { invalid &+= 1 }
                i &+= 1
            }
            return (length, invalid)
        }

        /// Writes the `count` bytes at `base` decoded (`length` bytes, as `measure` found) at `out`,
        /// never past `out + length`.
        func write(_ base: UnsafePointer<UInt8>, count: Int, to out: UnsafeMutablePointer<UInt8>, length: Int) {
            var at = 0
            var i = 0
            while i < count {
                let run = asciiRun(base, at: i, count: count)
                if run > 0 {
                    // (Eight bytes stored, `run` of them kept, where there is room for all eight.)
                    if at &+ 8 <= length {
                        UnsafeMutableRawPointer(out + at).storeBytes(
                            of: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self), as: UInt64.self)
                    } else {
                        for k in 0..<run { out[at &+ k] = base[i &+ k] }
                    }
                    at &+= run
                    i &+= run
                    guard run < 8, i < count else { continue }
                }
                let packed = table[Int(base[i])]
                let width = Int(packed >> 24)
                precondition(width >= 1 && width <= 3 && at + width <= length, "a write past the measured length")
                out[at] = UInt8(truncatingIfNeeded: packed)
                if width >= 2 {
                    out[at &+ 1] = UInt8(truncatingIfNeeded: packed >> 8)
                    if width == 3 { out[at &+ 2] = UInt8(truncatingIfNeeded: packed >> 16) }
                }
                at &+= width
                i &+= 1
            }
        }
    }
}
