/// Whether bytes are valid UTF-8 without NUL, eight bytes at a time.
///
/// The same answer as `UTF8Scan` giving no invalid sequence and no NUL, but without
/// walking the text sequence by sequence: for each word of eight bytes it works out,
/// with shifts and masks, which bytes must be continuation bytes (those one to three
/// places after a lead byte, as the lead asks) and checks that exactly those are.
/// The few lead bytes with a narrower second byte (E0, ED, F0, F4) and the bytes
/// that are never valid (C0, C1, F5–FF, and NUL here) are looked at one by one.
enum UTF8Validation {
    private static let highBits = WordBytes.highBits

    /// - Complexity: O(n).
    static func isValidWithoutNULs(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        var carry: UInt64 = 0
        while index + 8 <= count {
            if carry == 0 && index + 32 <= count {
                // Four words of ASCII at once: no high bit, and (approximately, never missing one) no NUL.
                let raw = UnsafeRawPointer(base + index)
                let a = raw.loadUnaligned(as: UInt64.self)
                let b = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let c = raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                let d = raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let nulOrHigh = ((a &- ones) | a) | ((b &- ones) | b) | ((c &- ones) | c) | ((d &- ones) | d)
                if nulOrHigh & highBits == 0 {
                    index += 32
                    continue
                }
            }
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if word & highBits == 0 && carry == 0 {
                if WordBytes.zeros(word) != 0 { return false }
            } else if !check(word, carry: &carry, at: index, in: bytes) {
                return false
            }
            index += 8
        }
        if index < count {
            // The tail, padded with spaces: a sequence cut short by the end then misses a continuation byte.
            if !check(WordBytes.load(bytes, at: index, padding: 0x20), carry: &carry, at: index, in: bytes) {
                return false
            }
        }
        return carry == 0
    }

    /// `isValidWithoutNULs`, on all cores for large texts: pieces are cut before ASCII
    /// bytes, where no sequence (valid or not) runs across.
    static func isValidWithoutNULsInPieces(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let bounds = TextPieces.boundaries(count: bytes.count) { target in
            bytes[target...].firstIndex { $0 < 0x80 }
        }
        return TextPieces.map(bounds.count - 1) { i in
            isValidWithoutNULs(UnsafeBufferPointer(rebasing: bytes[bounds[i]..<bounds[i + 1]]))
        }.allSatisfy { $0 }
    }

    /// Checks one word; `carry` holds which of its first bytes the previous word's
    /// lead bytes need as continuation bytes, and on return which of the next word's.
    @inline(__always)
    private static func check(
        _ word: UInt64, carry: inout UInt64, at index: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let bit7 = word & highBits
        let bit6 = (word << 1) & highBits
        let bit5 = (word << 2) & highBits
        let bit4 = (word << 3) & highBits
        let continuation = bit7 & ~bit6
        let lead2 = bit7 & bit6
        let lead3 = lead2 & bit5
        let lead4 = lead3 & bit4
        let needed = (lead2 << 8) | (lead3 << 16) | (lead4 << 24) | carry
        carry = (lead2 >> 56) | (lead3 >> 48) | (lead4 >> 40)
        if needed != continuation { return false }
        let special = lead4 | WordBytes.zeros(word) | WordBytes.equal(word, 0xE0)
            | WordBytes.equal(word, 0xED) | WordBytes.equal(word & 0xFEFE_FEFE_FEFE_FEFE, 0xC0)
        if special == 0 { return true }
        var marks = special
        while marks != 0 {
            let offset = marks.trailingZeroBitCount / 8
            marks &= marks - 1
            let position = index + offset
            let next = position + 1 < bytes.count ? bytes[position + 1] : 0x80
            switch UInt8(truncatingIfNeeded: word >> (offset * 8)) {
            case 0x00, 0xC0, 0xC1, 0xF5...0xFF: return false
            case 0xE0: if next < 0xA0 { return false }
            case 0xED: if next >= 0xA0 { return false }
            case 0xF0: if next < 0x90 { return false }
            case 0xF4: if next >= 0x90 { return false }
            default: break
            }
        }
        return true
    }
}
