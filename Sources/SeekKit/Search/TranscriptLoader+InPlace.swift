import SeekBytes
extension TranscriptLoader {
    /// What `load(Array(bytes), …)` gives, read where the bytes lie (say mapped) when they are
    /// plainly written UTF-8 SRT, WebVTT or text: the file's pages and the transcript are then all it
    /// holds, not a copy of the file besides. Any other file is copied and loaded.
    ///
    /// - Parameter checked: `.plainUTF8` when the caller has found `readsInPlace` true of `bytes`
    ///   (which is not checked again).
    /// - Complexity: O(n) in the size of `bytes`.
    static func load(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions, checked: InPlaceCheck = .unchecked
    ) throws(Diagnostic) -> LoadedTranscript {
        func copied() throws(Diagnostic) -> LoadedTranscript { try load(Array(bytes), fileName: fileName, options: options) }
        guard checked == .plainUTF8 || readsInPlace(bytes, options: options) else { return try copied() }
        let isBlank = PreparedText.isBlank(bytes)
        let (format, warnings) = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: isBlank)
        let parsed: (transcript: Transcript, warnings: [Diagnostic])
        switch format {
        case .srt where !isBlank:
            let read = SRTParser.parse(bytes, fileName: fileName)
            parsed = carryingTurns(mergingRollingCaptions((read.transcript, read.warnings.all)))
        case .vtt where !isBlank:
            parsed = carryingTurns(mergingRollingCaptions(try WebVTTParser.parse(bytes, fileName: fileName)))
        case .text where !isBlank:
            parsed = carryingTurns(TimestampedTextParser.parse(bytes, fileName: fileName))
        default:
            guard !isBlank, let read = try parse(bytes, format: format, fileName: fileName,
                                                 frameRate: options.frameRate, language: options.language)
            else { return try copied() }
            parsed = read
        }
        if parsed.transcript.isEmpty, let failure = failure(format: format, warnings: parsed.warnings) {
            throw failure
        }
        return LoadedTranscript(transcript: parsed.transcript, format: format, encoding: TextEncoding.utf8.name,
                                warnings: warnings + parsed.warnings)
    }

    /// Whether `bytes` are read where they lie, as they are (plainly written UTF-8 with no byte
    /// order mark or NUL, no encoding asked for): otherwise decoding makes new text of them, and
    /// a caller holding them mapped does better to copy them and let the map go.
    ///
    /// - Complexity: O(n) in the size of `bytes` (a UTF-8 check, a large text's pieces on all cores).
    public static func readsInPlace(_ bytes: ByteView, options: LoadOptions) -> Bool {
        options.encoding == nil && bytes.count <= options.largestText && TextDecoder.isPlainUTF8(bytes)
    }

    /// Where the start of a large file that `printMatching(inPlace:…)` may search with only that
    /// start checked now ends (`InPlaceCheck.start`), or `nil`: the start is what `readsInPlace`
    /// asks of a whole file's head (no byte order mark, valid UTF-8 without NUL, control bytes
    /// judged as there), no encoding is asked for, and the format its first bytes give is SRT or
    /// untimed text, which is read in pieces that each check their bytes as they are searched, and
    /// `query` is searched there (`inPlaceMatcher`), unless the start is for `forCounting`
    /// (`countMatches(inPlace:…checkedStart:…)`, which counts any query).
    /// The start ends before an ASCII byte (or at the end), past the head that decides the format.
    ///
    /// - Complexity: O(1): the first 64 KiB and a few bytes more.
    public static func checkedStart(
        _ bytes: ByteView, fileName: String, options: LoadOptions, query: Query, forCounting: Bool = false
    ) -> Int? {
        let head = TextDecoder.plainHeadLength
        guard options.encoding == nil, bytes.count <= options.largestText, bytes.count > head,
              forCounting || inPlaceMatcher(for: query) != nil else { return nil }
        var end = head
        while end < bytes.count && bytes[end] >= 0x80 { end += 1 }
        guard TextDecoder.isPlainUTF8(bytes.extracting(..<end)), !PreparedText.isBlank(bytes) else { return nil }
        let (format, _) = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: false)
        return format == .srt || format == .text ? end : nil
    }

    /// Checks that `range` of `bytes` is valid UTF-8 without NUL, from where `checked` ends (the
    /// bytes before it are), and moves `checked` past it; `false` when they are not. `range`
    /// ends before an ASCII byte or at the end of `bytes`, as `checked` does.
    static func checkPlainUTF8(_ bytes: ByteView, through end: Int, checked: inout Int) -> Bool {
        guard end > checked else { return true }
        var stop = end
        while stop < bytes.count && bytes[stop] >= 0x80 { stop += 1 }
        guard UTF8Validation.isValidWithoutNULsInPiecesSkippingASCII(bytes.extracting(checked..<stop)) else { return false }
        checked = stop
        return true
    }
}

/// What the caller of an in-place loader has already found of the bytes it hands over.
public enum InPlaceCheck: Sendable, Equatable {
    /// Nothing: the loader checks what it needs.
    case unchecked
    /// `TranscriptLoader.readsInPlace` is true of them: UTF-8 read as it lies, checked whole.
    case plainUTF8
    /// Their first bytes, to the offset given, are what `TranscriptLoader.checkedStart` asks of them:
    /// `printMatching(inPlace:…)` checks each piece of the rest before it reads it, and answers
    /// `PrintedMatching.notPlainUTF8` when one is not plain (nothing written); any other loader
    /// checks them whole, as `.unchecked`.
    case start(Int)
}

extension TranscriptLoader {
    /// Where the text of a UTF-8 file that starts with a byte order mark begins (3), when the bytes
    /// after the mark read exactly as the file does, so that they can be searched as the file (where
    /// they lie, as a file without the mark is); `nil` for any other file.
    ///
    /// The mark makes a file UTF-8 (`TextDecoder.reading`), its text the bytes after it. Those read
    /// alone give the same text when they are valid UTF-8 without NUL (else they might be taken for
    /// a legacy encoding, or UTF-16) and no second mark starts them (which would be taken off too).
    /// No encoding may be asked for. Files saved by Windows tools and subtitle editors often start
    /// with the mark: they went to the parser whole, ten times slower on 50 MB of SRT.
    ///
    /// With `checkingText` false, the bytes after the mark are not checked (for what holds of
    /// any text after it: matches in an ASCII start, `countMatchesInASCIIStart`).
    ///
    /// - Complexity: O(1) without the mark, or not `checkingText`; else O(n), on all cores.
    public static func textAfterByteOrderMark(_ bytes: ByteView, options: LoadOptions, checkingText: Bool = true) -> Int? {
        guard options.encoding == nil, bytes.count <= options.largestText,
              let (encoding, length) = TextDecoder.byteOrderMark(bytes.extracting(first: 4)), encoding == .utf8,
              bytes.count > length
        else { return nil }
        let text = bytes.extracting(length...)
        guard TextDecoder.byteOrderMark(text.extracting(first: 4))?.0 != .utf8,
              !checkingText || UTF8Validation.isValidWithoutNULsInPiecesSkippingASCII(text)
        else { return nil }
        return length
    }

    /// The bytes of an SRT or WebVTT file whose line breaks are CR LF, each carriage return before a
    /// line feed taken out, or `nil` for any other file: one whose first line break is a line feed
    /// alone, with a carriage return elsewhere than before a line feed, a NUL in its first 64 KiB
    /// (UTF-16 or UTF-32), an encoding asked for, or another format.
    ///
    /// The parsers break lines at a CR LF as at a line feed alone, so the file reads as these bytes
    /// do, and these are searched where they lie as SRT and WebVTT with line feeds are (their layouts
    /// take line feeds only: a CR LF file went to the parser whole, ten times slower on 50 MB of SRT,
    /// three and a half on 200 WebVTT files). With `releasing`, told of each piece of the file's
    /// bytes once copied (`ByteView.removingCarriageReturnsBeforeLineFeeds`), from any core.
    ///
    /// - Complexity: O(1) for a file whose first line break is a line feed alone; else O(n).
    public static func lineFeedBytes(
        ofCRLF bytes: ByteView, fileName: String, options: LoadOptions, releasing: ((Range<Int>) -> Void)? = nil
    ) -> [UInt8]? {
        let head = 0..<Swift.min(bytes.count, TextDecoder.plainHeadLength)
        // The first line break first (a file with line feeds alone is told from its first line), then
        // a NUL in the head (UTF-16 or UTF-32, whose CR and LF are not bytes of their own).
        guard options.encoding == nil, bytes.count <= options.largestText,
              let lineFeed = bytes.firstIndex(of: 0x0A, in: head), lineFeed > 0, bytes[lineFeed - 1] == 0x0D,
              bytes.firstIndex(of: 0, in: head) == nil,
              case let format = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: false).0,
              format == .srt || format == .vtt
        else { return nil }
        return bytes.removingCarriageReturnsBeforeLineFeeds(releasing: releasing)
    }
}

extension TranscriptLoader {
    /// The text of a file that is not read as it lies (a legacy encoding found, UTF-16 or UTF-32,
    /// invalid UTF-8 replaced), decoded whole as `TextDecoder.decode` decodes it, with its warnings,
    /// when it takes at most a quarter more bytes than the file (and than each start of it decoded,
    /// a piece at a time); `nil` for a file read as it lies,
    /// one asked to be read in an encoding, binary data, and a text that grows more (Cyrillic or
    /// Greek in a code page of one byte a letter, CJK in one of two: the decoding stops there, and
    /// the file is read a window at a time, `DecodedFile`, so that it and its text are never held
    /// whole together). Every NUL of the text is U+FFFD (`DecodedText`).
    ///
    /// The text is searched where it lies as a UTF-8 file is: it reads as the file does.
    /// `releasing` is told of the bytes looked at when their pages are read again (`pages`), as
    /// `TextDecoder.decode` tells it; of all the bytes once the text is whole when they are lost
    /// once let go (kept until then: the file is decoded again when the decoding stops).
    ///
    /// - Complexity: O(n): the UTF-8 check that chooses the encoding, then the decoding.
    public static func decodedText(
        _ bytes: ByteView, fileName: String, options: LoadOptions, pages: ReleasedPages,
        releasing: (Range<Int>) -> Void
    ) -> DecodedText? {
        guard options.encoding == nil, bytes.count <= options.largestText else { return nil }
        return withoutActuallyEscaping(releasing) { releasing in
            guard var pieces = try? TextDecoder.Pieces(bytes, encoding: nil, fileName: fileName,
                                                       releasing: pages == .readAgain ? releasing : nil),
                  !pieces.isPlain else { return nil }
            if pages == .readAgain { releasing(0..<bytes.count) }
            let limit = bytes.count + bytes.count / 4
            // A code page of one byte a character: each piece measured, then written to its place in
            // the text, on all cores (without a NUL, which the pieces' text replaces).
            if case .legacy(let legacy) = pieces.encoding, case let table = legacy.codePage.singleByteUTF8,
               !table.isEmpty, let (utf8, replaced) = PackedUTF8Table.decode(
                bytes.extracting(pieces.start...), pieces: pieces.bounds, table: table, limit: limit,
                releasing: pages == .readAgain ? { releasing($0.lowerBound + pieces.start..<$0.upperBound + pieces.start) } : nil) {
                pieces.countReplaced(replaced)
                releasing(0..<bytes.count)
                return DecodedText(utf8: utf8, encoding: pieces.encoding, warnings: pieces.warnings)
            }
            // Room for the most it may take, in large pages (written once, to the end of the text).
            var utf8 = LargeAllocations.emptyBytes(reservingHugePages: Swift.min(limit, pieces.largestText))
            // The first piece alone (a text that outgrows its file mostly does from its start), then
            // four at a time decoded on all cores, appended in order; the text may take a quarter
            // more than the bytes decoded so far.
            var first = 0
            while first < pieces.count {
                let batch = Swift.min(first == 0 ? 1 : 4, pieces.count - first)
                let texts = TextPieces.map(batch) { k in try? pieces.text(of: first + k) }
                for (k, text) in texts.enumerated() {
                    guard let text else { return nil }
                    pieces.append(text, to: &utf8)
                    let read = pieces.source(of: first + k).upperBound
                    guard utf8.count <= read + read / 4 else { return nil }
                    // (Pages lost once let go are kept: the file is read again when this stops.)
                    if pages == .readAgain { releasing(pieces.source(of: first + k)) }
                }
                first += batch
            }
            // Pages lost once let go go now: the text holds what they held.
            if pages == .lost { releasing(0..<bytes.count) }
            return DecodedText(utf8: utf8, encoding: pieces.encoding, warnings: pieces.warnings)
        }
    }
}
