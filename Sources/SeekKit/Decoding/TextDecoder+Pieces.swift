import SeekBytes

extension TextDecoder {
    /// About how many bytes of a file are decoded at a time by `decode(_:encoding:fileName:pages:releasing:)`.
    static let decodingPieceSize = 1 << 20

    /// `decode` of bytes that lie elsewhere (a mapped file, standard input read whole), read a
    /// piece at a time: each piece is copied out and decoded, and `releasing(range)` is told of
    /// the bytes it has read, so that their pages can go while the text grows. Pages read again
    /// from a file (`pages: .readAgain`) are all let go once the encoding is chosen, then each
    /// piece once decoded; pages that are lost once let go (`.lost`) only each piece once decoded.
    /// The text is then held once, beside one piece, never beside the whole file.
    ///
    /// The same text, encoding, warnings and errors as `decode(Array(bytes), …)`. Pieces are cut
    /// where no character spans the cut: anywhere in single-byte encodings, after a byte below
    /// 0x30 in UTF-8 and the multi-byte legacy encodings (never part of a character of two or
    /// more bytes), between UTF-16 units that are not a surrogate pair, between UTF-32 units.
    /// An encoding Foundation decodes is decoded whole.
    ///
    /// - Complexity: O(n).
    public static func decode(
        _ bytes: ByteView, encoding: TextEncoding? = nil, fileName: String, pages: ReleasedPages = .readAgain,
        releasing: (Range<Int>) -> Void
    ) throws(Diagnostic) -> DecodedText {
        try decode(bytes, encoding: encoding, fileName: fileName, pieceSize: decodingPieceSize, pages: pages,
                   releasing: releasing)
    }

    static func decode(
        _ bytes: ByteView, encoding: TextEncoding?, fileName: String, pieceSize: Int,
        pages: ReleasedPages = .readAgain, releasing: (Range<Int>) -> Void
    ) throws(Diagnostic) -> DecodedText {
        var warnings: [Diagnostic] = []
        let reading = try reading(bytes, encoding: encoding, fileName: fileName, warnings: &warnings)
        if pages == .readAgain { releasing(0..<bytes.count) }
        let (chosen, start): (TextEncoding, Int) = switch reading {
        case .asIs: (.utf8, 0)
        case .transcoded(let encoding, let start): (encoding, start)
        }
        let body = bytes.extracting(start...)
        let bounds = TextPieces.boundaries(count: body.count, pieceSize: pieceSize) { target in
            pieceEnd(of: body, in: chosen, from: target)
        }
        let isPlain = reading == .asIs(hasNULs: false)
        // Room for the most the text can take: pages never written to take no memory, and
        // each piece goes once copied in, so the text is held once, beside one piece.
        var utf8: [UInt8] = []
        if bounds.count > 2 { utf8.reserveCapacity(isPlain ? body.count : largestDecoding(of: body.count, from: chosen)) }
        var invalid = 0
        for i in 0..<bounds.count - 1 {
            var piece = body.extracting(bounds[i]..<bounds[i + 1])
            if chosen == .utf8 && (isPlain || isValidWithoutNULs(piece)) {
                // Valid UTF-8 is its own text: copied once, straight from where it lies.
                if i == 0 && piece.starts(with: "\u{FEFF}") { piece = piece.extracting(3...) }
                if bounds.count == 2 { utf8 = piece.array } else { utf8.append(contentsOf: piece) }
            } else {
                var (decoded, bad) = try transcode(piece.array[...], from: chosen, fileName: fileName)
                if i == 0 && decoded.starts(with: [0xEF, 0xBB, 0xBF]) { decoded.removeFirst(3) }
                if decoded.contains(0) { decoded = replacingNULs(decoded) }
                invalid += bad
                if bounds.count == 2 { utf8 = decoded } else { utf8.append(contentsOf: decoded) }
            }
            releasing(start + bounds[i]..<start + bounds[i + 1])
        }
        warnInvalid(invalid, in: chosen, fileName: fileName, warnings: &warnings)
        return DecodedText(utf8: utf8, encoding: chosen, warnings: warnings)
    }

    /// The most UTF-8 that `count` bytes in `encoding` decode to (a NUL or an invalid byte
    /// becomes the three bytes of U+FFFD).
    static func largestDecoding(of count: Int, from encoding: TextEncoding) -> Int {
        switch encoding {
        case .utf16LittleEndian, .utf16BigEndian: count / 2 * 3 + 3
        case .utf32LittleEndian, .utf32BigEndian: count + 3
        default: 3 * count
        }
    }

    /// Where a piece of `body` in `encoding` that reaches at least `target` can end, so that
    /// decoding the pieces one by one gives the text of decoding them together.
    static func pieceEnd(of body: ByteView, in encoding: TextEncoding, from target: Int) -> Int? {
        switch encoding {
        case .latin1:
            return target
        case .legacy(let legacy) where !legacy.isMultiByte:
            return target
        case .utf8, .legacy:
            var index = target
            while index < body.count && body[index - 1] >= 0x30 { index += 1 }
            return index < body.count ? index : nil
        case .utf16LittleEndian, .utf16BigEndian:
            let highByte = encoding == .utf16LittleEndian ? 1 : 0
            var index = (target + 1) / 2 * 2
            // Never between the two units of a surrogate pair: not after a high surrogate.
            while index < body.count && body[index - 2 + highByte] & 0xFC == 0xD8 { index += 2 }
            return index < body.count ? index : nil
        case .utf32LittleEndian, .utf32BigEndian:
            let index = (target + 3) / 4 * 4
            return index < body.count ? index : nil
        case .foundation:
            return nil
        }
    }
}
