/// Counts of what a UTF-8 validation pass found: valid multi-byte sequences, invalid
/// subsequences (each maximal one counted once, as `String(decoding:as:)` replaces them) and NULs.
///
/// `UTF8Validation` answers "valid or not" faster; this is for deciding how to read a text that
/// is not (mostly UTF-8 with a few bad bytes, or another encoding).
public struct UTF8Scan: Sendable {
    /// Valid sequences of two to four bytes.
    package private(set) var multibyte = 0
    /// Invalid subsequences, each counted once.
    package private(set) var invalid = 0
    package private(set) var nuls = 0

    /// - Complexity: O(n); large texts are scanned in pieces on all cores.
    package init(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in scanInPieces(buffer) }
        if done == nil { Array(bytes).withUnsafeBufferPointer { scanInPieces($0) } }
    }

    private init() {}

    /// Scans large texts in pieces on all cores. Pieces are cut before an ASCII byte,
    /// which no sequence (valid or not) runs across, so the counts are the same.
    private mutating func scanInPieces(_ buffer: UnsafeBufferPointer<UInt8>) {
        let bounds = TextPieces.boundaries(count: buffer.count) { target in
            buffer[target...].firstIndex { $0 < 0x80 }
        }
        guard bounds.count > 2 else { return scan(buffer) }
        let pieces = TextPieces.map(bounds.count - 1) { i in
            var piece = UTF8Scan()
            piece.scan(UnsafeBufferPointer(rebasing: buffer[bounds[i]..<bounds[i + 1]]))
            return piece
        }
        for piece in pieces {
            multibyte += piece.multibyte
            invalid += piece.invalid
            nuls += piece.nuls
        }
    }

    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        var index = 0
        let count = buffer.count
        while index < count {
            if index + 8 <= count {
                assert(index >= 0 && index + 8 <= count, "word load past the end")
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & WordBytes.highBits == 0 && WordBytes.mayBeZero(word) == 0 {
                    index += 8
                    continue
                }
            }
            let byte = buffer[index]
            if byte < 0x80 {
                if byte == 0 { nuls += 1 }
                index += 1
                continue
            }
            // The common sequences, checked inline: two bytes, and three bytes whose lead
            // allows any continuation bytes (not 0xE0 or 0xED).
            if byte >= 0xE1 && byte <= 0xEF && byte != 0xED && index + 2 < count
                && buffer[index + 1] & 0xC0 == 0x80 && buffer[index + 2] & 0xC0 == 0x80 {
                multibyte += 1
                index += 3
                continue
            }
            if byte >= 0xC2 && byte <= 0xDF && index + 1 < count && buffer[index + 1] & 0xC0 == 0x80 {
                multibyte += 1
                index += 2
                continue
            }
            let (length, valid) = Self.sequence(in: buffer, at: index)
            if valid { multibyte += 1 } else { invalid += 1 }
            index += length
        }
    }

    /// The length of the UTF-8 sequence starting at `index`, and whether it is valid;
    /// an invalid sequence's length is its maximal valid prefix (at least 1).
    package static func sequence<C: Collection<UInt8>>(in bytes: C, at index: C.Index) -> (Int, Bool)
    where C.Index == Int {
        let lead = bytes[index]
        let need: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0x00..<0x80: return (1, true)
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: need = 2
        case 0xED: need = 2; upper = 0x9F
        case 0xF0: need = 3; lower = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; upper = 0x8F
        default: return (1, false)
        }
        var length = 1
        while length <= need {
            let position = index + length
            guard position < bytes.endIndex else { return (length, false) }
            let byte = bytes[position]
            let (low, high) = length == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= low && byte <= high else { return (length, false) }
            length += 1
        }
        return (length, true)
    }
}
