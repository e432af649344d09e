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
        var pieces = try withoutActuallyEscaping(releasing) { (releasing) throws(Diagnostic) in
            try Pieces(bytes, encoding: encoding, fileName: fileName, pieceSize: pieceSize,
                       releasing: pages == .readAgain ? releasing : nil)
        }
        if pages == .readAgain { releasing(0..<bytes.count) }
        // Room for the most the text can take: pages never written to take no memory, and
        // each piece goes once copied in, so the text is held once, beside one piece.
        var utf8: [UInt8] = []
        if pieces.count > 1 { utf8.reserveCapacity(pieces.largestText) }
        for i in 0..<pieces.count {
            try pieces.append(i, to: &utf8)
            releasing(pieces.source(of: i))
        }
        return DecodedText(utf8: utf8, encoding: pieces.encoding, warnings: pieces.warnings)
    }

    /// A text being decoded a piece at a time: the encoding chosen for it (with the warnings of
    /// that choice), and its pieces, each cut where no character spans the cut (`pieceEnd`).
    /// Appending the pieces in order gives the text `decode` gives; so does appending them to
    /// windows of the text handed on one by one (`DecodedFile`'s counts and loads a window at a time).
    struct Pieces {
        let encoding: TextEncoding
        /// Where the text's bytes start after a byte order mark.
        let start: Int
        /// Whether the bytes are valid UTF-8 without NUL, their own text.
        let isPlain: Bool
        /// The pieces' boundaries in the bytes after `start`.
        let bounds: [Int]
        private let body: ByteView
        private let fileName: String
        private let readingWarnings: [Diagnostic]
        /// Bytes or sequences replaced by U+FFFD in the pieces appended so far.
        private(set) var invalid = 0

        /// The pieces of `bytes`, read as `encoding` when given, else as `reading` finds (telling
        /// `releasing` of the bytes it has looked at, when given).
        ///
        /// - Throws: `Diagnostic` for binary data.
        init(_ bytes: ByteView, encoding: TextEncoding?, fileName: String,
             pieceSize: Int = TextDecoder.decodingPieceSize, releasing: ((Range<Int>) -> Void)? = nil) throws(Diagnostic) {
            var warnings: [Diagnostic] = []
            let reading = try TextDecoder.reading(bytes, encoding: encoding, fileName: fileName, warnings: &warnings,
                                                  releasing: releasing)
            let (chosen, start): (TextEncoding, Int) = switch reading {
            case .asIs: (.utf8, 0)
            case .transcoded(let encoding, let start): (encoding, start)
            }
            self.encoding = chosen
            self.start = start
            isPlain = reading == .asIs(hasNULs: false)
            body = bytes.extracting(start...)
            let body = body
            bounds = TextPieces.boundaries(count: body.count, pieceSize: pieceSize) { target in
                TextDecoder.pieceEnd(of: body, in: chosen, from: target)
            }
            self.fileName = fileName
            readingWarnings = warnings
        }

        /// How many pieces there are.
        var count: Int { bounds.count - 1 }

        /// The most UTF-8 the text can take.
        var largestText: Int { isPlain ? body.count : TextDecoder.largestDecoding(of: body.count, from: encoding) }

        /// Piece `i`'s bytes in the file's bytes (after the byte order mark).
        func source(of i: Int) -> Range<Int> { start + bounds[i]..<start + bounds[i + 1] }

        /// Appends piece `i`'s text to `text` (an empty `text` takes the piece's text as it is).
        ///
        /// - Throws: `Diagnostic` for bytes the encoding rejects (an encoding Foundation decodes).
        mutating func append(_ i: Int, to text: inout [UInt8]) throws(Diagnostic) {
            var piece = body.extracting(bounds[i]..<bounds[i + 1])
            if encoding == .utf8 && (isPlain || TextDecoder.isValidWithoutNULs(piece)) {
                // Valid UTF-8 is its own text: copied once, straight from where it lies.
                if i == 0 && piece.starts(with: "\u{FEFF}") { piece = piece.extracting(3...) }
                if text.isEmpty && text.capacity == 0 { text = piece.array } else { text.append(contentsOf: piece) }
                return
            }
            append(try transcoded(piece, first: i == 0), to: &text)
        }

        /// Piece `i`'s text, and how many of its bytes were replaced: what `append(_:to:)` appends
        /// (made on any thread; `append(_:to:)` then counts them in).
        func text(of i: Int) throws(Diagnostic) -> (utf8: [UInt8], invalid: Int) {
            var piece = body.extracting(bounds[i]..<bounds[i + 1])
            guard encoding == .utf8 && (isPlain || TextDecoder.isValidWithoutNULs(piece)) else {
                return try transcoded(piece, first: i == 0)
            }
            if i == 0 && piece.starts(with: "\u{FEFF}") { piece = piece.extracting(3...) }
            return (piece.array, 0)
        }

        /// Counts `count` bytes replaced in pieces decoded elsewhere (all of them, then: `warnings`).
        mutating func countReplaced(_ count: Int) { invalid += count }

        /// Appends a piece's text (`text(of:)`) to `text`, counting its replaced bytes.
        mutating func append(_ piece: (utf8: [UInt8], invalid: Int), to text: inout [UInt8]) {
            invalid += piece.invalid
            if text.isEmpty && text.capacity == 0 { text = piece.utf8 } else { text.append(contentsOf: piece.utf8) }
        }

        /// A piece that is not its own text, decoded, without a first byte order mark (`first`) or NUL.
        private func transcoded(_ piece: ByteView, first: Bool) throws(Diagnostic) -> (utf8: [UInt8], invalid: Int) {
            var (decoded, bad) = try TextDecoder.transcode(piece.array[...], from: encoding, fileName: fileName)
            if first && decoded.starts(with: [0xEF, 0xBB, 0xBF]) { decoded.removeFirst(3) }
            if decoded.contains(0) { decoded = TextDecoder.replacingNULs(decoded) }
            return (decoded, bad)
        }

        /// The warnings of the decoding: the choice of encoding, then the bytes replaced in the
        /// pieces appended (all of them, once the text is whole).
        var warnings: [Diagnostic] {
            var warnings = readingWarnings
            TextDecoder.warnInvalid(invalid, in: encoding, fileName: fileName, warnings: &warnings)
            return warnings
        }
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
