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
        // Where ASCII decodes to itself (every code page here), runs of it go eight bytes a step.
        let asciiIsItself = (0..<128).allSatisfy { table[$0] == 1 << 24 | UInt32($0) }
        return bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return ([], 0) }
            let count = source.count
            /// How many bytes from `i` are ASCII, up to eight, when they decode to themselves.
            @inline(__always) func asciiRun(at i: Int) -> Int {
                guard asciiIsItself && i &+ 8 <= count else { return 0 }
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                return (word & 0x8080_8080_8080_8080).trailingZeroBitCount &>> 3
            }
            var length = 0
            var invalid = 0
            var i = 0
            while i < count {
                let run = asciiRun(at: i)
                length &+= run
                i &+= run
                guard run < 8, i < count else { continue }
                let packed = table[Int(base[i])]
                length &+= Int(packed >> 24)
                if packed == replacement { invalid &+= 1 }
                i &+= 1
            }
            let output = [UInt8](unsafeUninitializedCapacity: length) { buffer, written in
                guard let out = buffer.baseAddress else { return }
                var at = 0
                var i = 0
                while i < count {
                    let run = asciiRun(at: i)
                    if run > 0 {
                        // (Eight bytes stored, `run` of them kept: room for them all while a run is found.)
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
                written = at
            }
            return (output, invalid)
        }
    }
}
