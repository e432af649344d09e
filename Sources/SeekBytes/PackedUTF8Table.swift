/// Decodes a single-byte encoding through a table of 256 packed entries: each byte's UTF-8
/// (one to three bytes, the first in the low byte) and, in the top byte, its length.
public enum PackedUTF8Table {
    /// The entry of a byte that decodes to U+FFFD.
    package static let replacement: UInt32 = 0x03BD_BFEF

    /// `bytes` through `table`, and how many of them decoded to U+FFFD; in two passes, the
    /// length first, then the bytes written in place.
    ///
    /// Takes an `ArraySlice`, not any collection: a generic here is not specialised across the
    /// module boundary, and decoded windows-1251 at 2 MB/s instead of 71 (`seek-bench --only decoding`).
    ///
    /// - Complexity: O(n).
    package static func decode(_ bytes: ArraySlice<UInt8>, table: [UInt32]) -> (utf8: [UInt8], invalid: Int) {
        precondition(table.count == 256, "a packed table has an entry for each byte")
        var length = 0
        var invalid = 0
        for byte in bytes {
            let packed = table[Int(byte)]
            length += Int(packed >> 24)
            if packed == replacement { invalid += 1 }
        }
        let output = [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            var at = 0
            for byte in bytes {
                let packed = table[Int(byte)]
                let width = Int(packed >> 24)
                assert(width >= 1 && width <= 3 && at + width <= length, "write past the measured length")
                buffer[at] = UInt8(truncatingIfNeeded: packed)
                if width >= 2 {
                    buffer[at + 1] = UInt8(truncatingIfNeeded: packed >> 8)
                    if width == 3 { buffer[at + 2] = UInt8(truncatingIfNeeded: packed >> 16) }
                }
                at += width
            }
            count = at
        }
        return (output, invalid)
    }
}
