/// Counts one byte value in a range of bytes, eight bytes at a time.
package enum ByteCount {
    /// How many times `byte` occurs in `bytes[from..<to]`.
    ///
    /// - Complexity: O(to - from), a word load and a population count per eight bytes.
    @inlinable
    package static func occurrences(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        assert(from >= 0 && from <= to && to <= bytes.count, "range outside the bytes")
        var count = 0
        var index = from
        while index + 8 <= to {
            count += marked(WordBytes.equal(WordBytes.load(bytes, at: index, padding: 0), byte))
            index += 8
        }
        if index < to, index + 8 <= bytes.count {
            // The last few bytes in one load, the bytes past `to` masked off.
            let marks = WordBytes.equal(WordBytes.load(bytes, at: index, padding: 0), byte)
            return count + marked(marks & (UInt64.max >> (64 - (to - index) * 8)))
        }
        while index < to {
            if bytes[index] == byte { count += 1 }
            index += 1
        }
        return count
    }

    /// How many bytes of `marks` are marked (0x80 in a byte, nothing else set): a multiply
    /// sums them where a population count instruction may be missing.
    @inlinable @inline(__always)
    static func marked(_ marks: UInt64) -> Int {
        Int(((marks >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }
}
