import SeekBytes

/// What `TranscriptLoader.printMatching(inPlace:…)` did with a file.
public enum PrintedMatching: Sendable {
    /// The blocks of its cues with a match were written: how many matches they hold, the format,
    /// the encoding and the warnings (handed to `starting` before the first block).
    case printed(MatchCount)
    /// Nothing was written: the file's cues with a match and their matches, as
    /// `searchMatching(inPlace:…)` gives them, to print as any other transcript's.
    case searched(LoadedTranscript, MatchIndex)
    /// Nothing was written: asked with only the start of the bytes checked (`InPlaceCheck.start`),
    /// a piece after it is not valid UTF-8 or holds NUL, so that the file is read as any other
    /// that `readsInPlace` is false of.
    case notPlainUTF8
}

/// What `TranscriptLoader.printMatching(inPlace:…writing:…)` writes of a file's matches.
public enum MatchWriting: Sendable {
    /// The block of each cue with a match, as `printer.appendBlock(cue:of:index:…)` writes it.
    case blocks(ResultPrinter)
    /// A JSON line for each match, as `JSONLinesWriter.append` writes the file's `MatchRecords`
    /// (`file` the name they give).
    case jsonLines(file: String)
    /// A CSV row for each match, as `CSVWriter.append` writes the file's `MatchRecords`.
    case csv(file: String, guardingFormulas: Bool)

    /// Whether each match is written, its place in its cue and its line counted.
    var writesRecords: Bool {
        if case .blocks = self { false } else { true }
    }
}

extension TranscriptLoader {
    /// Prints the cues with a match of `query` without colour or context, straight from the
    /// bytes where they lie (say mapped), when the file is plain SRT or untimed text read piece by
    /// piece: each block is what `printer.appendBlock(cue:of:index:isContext:to:flush:)` writes for
    /// the cue of `searchMatching(inPlace:…)`, but no transcript is made and no match kept. The
    /// pieces are searched on all cores, then their blocks written on all cores, a few pieces at a time.
    ///
    /// Any other file (another format, rolling captions, speaker turns, a piece the layout does not
    /// vouch for, a dense piece, a query that is not one keyword searched in place, colour) is
    /// searched by `searchMatching(inPlace:…)` and handed back, and nothing is written.
    ///
    /// - Parameters:
    ///   - starting: told the warnings once this path is taken, before the first block is written.
    ///   - out: where the blocks are appended; handed to `flush` whenever it holds
    ///     `ResultPrinter.flushThreshold` bytes or more.
    ///   - releasing: told of each piece of `bytes` once it is searched (unless its blocks will
    ///     read most of its pages again: `PrintedBlocks.keepsPagesUntilWritten`), and once its
    ///     blocks are written.
    /// - Throws: what `load` throws.
    /// - Complexity: O(n) in the size of `bytes`, plus the blocks written.
    public static func printMatching(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions = LoadOptions(), query: Query,
        printer: ResultPrinter, checked: InPlaceCheck = .unchecked, releasing: ((Range<Int>) -> Void)? = nil,
        starting: ([Diagnostic]) -> Void, to out: inout [UInt8], flush: (inout [UInt8]) -> Void
    ) throws(Diagnostic) -> PrintedMatching {
        try printMatching(inPlace: bytes, fileName: fileName, options: options, query: query, writing: .blocks(printer),
                          pieceSize: TextPieces.pieceSize, pieceHeld: printedPieceHeld, checked: checked,
                          releasing: releasing, starting: starting, to: &out, flush: flush)
    }

    /// Writes the matches of `query` as `writing` says, straight from the bytes where they lie,
    /// when the file is plain SRT or untimed text read piece by piece, as
    /// `printMatching(inPlace:…printer:…)` prints blocks: each match's JSON line or CSV row is what the writer makes of the record
    /// `MatchRecords` gives for the match of `searchMatching(inPlace:…)`, but no transcript or
    /// index is made. Any other file is searched by `searchMatching(inPlace:…)` and handed back.
    ///
    /// - Throws: what `load` throws.
    /// - Complexity: O(n) in the size of `bytes`, plus what is written.
    public static func printMatching(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions = LoadOptions(), query: Query,
        writing: MatchWriting, checked: InPlaceCheck = .unchecked, releasing: ((Range<Int>) -> Void)? = nil,
        starting: ([Diagnostic]) -> Void, to out: inout [UInt8], flush: (inout [UInt8]) -> Void
    ) throws(Diagnostic) -> PrintedMatching {
        try printMatching(inPlace: bytes, fileName: fileName, options: options, query: query, writing: writing,
                          pieceSize: TextPieces.pieceSize, pieceHeld: printedPieceHeld, checked: checked,
                          releasing: releasing, starting: starting, to: &out, flush: flush)
    }

    /// How many bytes of blocks each piece written at once (`printMatching`) holds at most before
    /// the rest of its blocks are written as they go.
    static let printedPieceHeld = 1 << 20

    /// How much the pieces whose blocks are written at once may take together (`printMatching`):
    /// what each holds of its blocks, and the pages of a piece let go after its search, which
    /// writing its blocks reads again. At least 4 MiB, else an eighth of the file: two pieces at a
    /// time whose blocks or pages fill them (a 15.2 MB SRT file printed or exported as JSON rose
    /// 16.8 to 21.8 MB above a small file's peak with eight such pieces at once, 16.2 to 16.6 MB
    /// with two; debug build), but all the pieces of a file with a few thousand matches, whose
    /// writing then takes one hand-over between the cores instead of one for every two pieces.
    static func printedBatchBytes(fileBytes: Int) -> Int {
        Swift.max(1 << 22, fileBytes / 8)
    }

    static func printMatching(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions, query: Query, printer: ResultPrinter,
        pieceSize: Int, pieceHeld: Int, batchBytes: Int? = nil, checked: InPlaceCheck,
        releasing: ((Range<Int>) -> Void)?, starting: ([Diagnostic]) -> Void, to out: inout [UInt8],
        flush: (inout [UInt8]) -> Void
    ) throws(Diagnostic) -> PrintedMatching {
        try printMatching(inPlace: bytes, fileName: fileName, options: options, query: query, writing: .blocks(printer),
                          pieceSize: pieceSize, pieceHeld: pieceHeld, batchBytes: batchBytes, checked: checked,
                          releasing: releasing, starting: starting, to: &out, flush: flush)
    }

    /// With `batchBytes`, the pieces whose blocks are written at once take that much together
    /// (`printedBatchBytes` unless given).
    static func printMatching(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions, query: Query, writing: MatchWriting,
        pieceSize: Int, pieceHeld: Int, batchBytes: Int? = nil, checked: InPlaceCheck,
        releasing: ((Range<Int>) -> Void)?, starting: ([Diagnostic]) -> Void, to out: inout [UInt8],
        flush: (inout [UInt8]) -> Void
    ) throws(Diagnostic) -> PrintedMatching {
        // With only the start checked (`.start`), the bytes are checked as they are first read
        // (`checkedEnd` moves on): a longer prefix for the first cues, each piece as it is searched,
        // the rest at once before any other way reads them.
        var checkedEnd = bytes.count
        if case .start(let end) = checked { checkedEnd = end }
        guard checked != .unchecked || readsInPlace(bytes, options: options) else {
            // What `searchMatching` does with such bytes, without checking them again.
            let loaded = try load(Array(bytes), fileName: fileName, options: options)
            releasing?(0..<bytes.count)
            return .searched(loaded, MatchIndex(transcript: loaded.transcript, query: query))
        }
        func searched() throws(Diagnostic) -> PrintedMatching {
            guard checkPlainUTF8(bytes, through: bytes.count, checked: &checkedEnd) else { return .notPlainUTF8 }
            let (loaded, index) = try searchMatching(inPlace: bytes, fileName: fileName, options: options, query: query,
                                                     pieceSize: pieceSize, checked: .plainUTF8, releasing: releasing)
            return .searched(loaded, index)
        }
        let isBlank = PreparedText.isBlank(bytes)
        if case .blocks(let printer) = writing, printer.color { return try searched() }
        guard !isBlank, let matcher = inPlaceMatcher(for: query) else { return try searched() }
        let keeping = writing.writesRecords
        // The keyword each match is of (`MatchRecords`: the index's token).
        let keyword = query.keywords.first(where: { !$0.isEmpty }) ?? ""
        let (format, warnings) = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: false)
        var firstLayout = WholeLayout()
        guard format == .srt || format == .text else { return try searched() }
        let readAlone = startsWithCuesReadAlone(bytes, format: format, fileName: fileName, keeping: &firstLayout) {
            checkPlainUTF8(bytes, through: $0, checked: &checkedEnd)
        }
        guard let readAlone else { return .notPlainUTF8 }
        guard readAlone else { return try searched() }
        let wholeLayout = firstLayout
        let bounds = TextPieces.boundaries(count: bytes.count, pieceSize: pieceSize) { target in
            format == .srt ? SRTParser.pieceEnd(in: bytes, from: target)
                : TimestampedTextParser.pieceEnd(in: bytes, from: target)
        }
        // Each piece past the bytes checked is checked before it is searched (pieces end after a
        // line feed, and `checkedEnd` before an ASCII byte: no character is cut).
        let unchecked = checkedEnd
        let searchedPieces = TextPieces.map(bounds.count - 1) { i -> PrintedBlocks?? in
            if bounds[i + 1] > unchecked,
               !UTF8Validation.isValidWithoutNULsSkippingASCII(bytes.extracting(Swift.max(bounds[i], unchecked)..<bounds[i + 1])) {
                return .none
            }
            let piece = bytes.extracting(bounds[i]..<bounds[i + 1])
            let blocks = format == .srt
                ? PrintedBlocks(srt: piece, layout: wholeLayout.layout(of: piece, in: bytes), matcher: matcher,
                                keepingMatches: keeping)
                : PrintedBlocks(untimedText: piece, matcher: matcher, keepingMatches: keeping)
            // Its pages go now, unless its blocks will read most of them again when written (they
            // go then, below).
            if !(blocks?.keepsPagesUntilWritten(pieceBytes: piece.count) ?? false) { releasing?(bounds[i]..<bounds[i + 1]) }
            return .some(blocks)
        }
        var found: [PrintedBlocks?] = []
        found.reserveCapacity(searchedPieces.count)
        for piece in searchedPieces {
            guard let piece else { return .notPlainUTF8 }
            found.append(piece)
        }
        checkedEnd = bytes.count
        var gathered: [PrintedBlocks] = []
        gathered.reserveCapacity(found.count)
        // What comes before each piece: its cues, lines and matches.
        var before: [PrintedBlocks.Before] = []
        var matches = 0
        for piece in found {
            guard let piece else { return try searched() }
            var next = before.last ?? PrintedBlocks.Before()
            if let last = gathered.last {
                next.cues += last.cues.cues
                next.lines += last.cues.lines
                next.matches += last.cues.matchCount
            }
            before.append(next)
            matches += piece.cues.matchCount
            gathered.append(piece)
        }
        let pieces = gathered
        let piecesBefore = before
        let total = matches
        starting(warnings)
        func write(_ i: Int, from first: Int, to out: inout [UInt8], held: Int, flush: (inout [UInt8]) -> Void) -> Int {
            let piece = bytes.extracting(bounds[i]..<bounds[i + 1])
            switch writing {
            case .blocks(let printer):
                return pieces[i].write(piece, cuesBefore: piecesBefore[i].cues, printer: printer, from: first, to: &out,
                                       held: held, flush: flush)
            case .jsonLines(let file), .csv(let file, _):
                let records = PrintedBlocks.Records(file: file, keyword: keyword, total: total, writing: writing)
                return pieces[i].writeRecords(piece, before: piecesBefore[i], records, from: first, to: &out, held: held,
                                              flush: flush)
            }
        }
        if pieces.count == 1 {
            _ = write(0, from: 0, to: &out, held: .max, flush: flush)
            releasing?(0..<bytes.count)
        } else {
            // The blocks of as many pieces as `batchBytes` holds are written on all cores, each
            // piece's into bytes of its own (up to `pieceHeld`), then handed on in order; the rest
            // of a piece's, as they go. A piece whose blocks are all written lets its pages go there.
            let budget = batchBytes ?? Self.printedBatchBytes(fileBytes: bytes.count)
            let held = pieces.map { Swift.min(pieceHeld, $0.estimatedBytes(records: keeping)) }
            var batch = 0
            while batch < pieces.count {
                var batchEnd = batch
                var taken = 0
                while batchEnd < pieces.count {
                    let pieceBytes = bounds[batchEnd + 1] - bounds[batchEnd]
                    let cost = held[batchEnd]
                        + (pieces[batchEnd].keepsPagesUntilWritten(pieceBytes: pieceBytes) ? 0 : pieceBytes)
                    if batchEnd > batch && taken + cost > budget { break }
                    taken += cost
                    batchEnd += 1
                }
                let first = batch
                let written = TextPieces.map(batchEnd - first) { n -> (bytes: [UInt8], next: Int) in
                    let i = first + n
                    var bytes: [UInt8] = []
                    // Room past `pieceHeld` for the last block's bytes (or records), so that the
                    // bytes are not moved into twice the room for the last few.
                    bytes.reserveCapacity(held[i] + (1 << 16))
                    let next = write(i, from: 0, to: &bytes, held: pieceHeld, flush: { _ in })
                    if next == pieces[i].cues.blocks.count { releasing?(bounds[i]..<bounds[i + 1]) }
                    return (bytes, next)
                }
                for (n, piece) in written.enumerated() {
                    let i = first + n
                    if out.isEmpty { out = piece.bytes } else { out.append(contentsOf: piece.bytes) }
                    if out.count >= ResultPrinter.flushThreshold { flush(&out) }
                    if piece.next < pieces[i].cues.blocks.count {
                        _ = write(i, from: piece.next, to: &out, held: .max, flush: flush)
                        releasing?(bounds[i]..<bounds[i + 1])
                    }
                }
                batch = batchEnd
            }
        }
        return .printed(MatchCount(matches: matches, format: format, encoding: TextEncoding.utf8.name, warnings: warnings))
    }
}

/// The cues of one plain piece of SRT or untimed text that hold a match (`MatchingCues`), with
/// what their blocks show: each one's start and where its text lies; with their matches kept, the
/// lines counted (and the blocks read again as their records are written: nothing more is held for them).
struct PrintedBlocks {
    let cues: MatchingCues
    /// What the piece is: its blocks are read as SRT's (`SRTParser.LaidOutBlock`) or as lines.
    private let source: Source
    /// Each block's start (milliseconds) and its text's range in the piece, in the order of
    /// `cues.blocks`: SRT's only, when the matches are not kept (a line's text is its block's bytes).
    private var starts: [Int] = []
    private var texts: [Range<Int>] = []

    /// How a piece's blocks are read.
    private enum Source {
        /// Blocks of plain SRT: index line, timing line, text.
        case srt
        /// Lines of untimed text, each line a cue with no time.
        case untimedText
    }

    /// The matching lines of a piece of untimed text without carriage returns (`MatchingCues`), `nil`
    /// for another piece, one with a matching line that holds only blanks (not a cue: the file
    /// is then read as the transcript's way reads it), or one with more matching lines than one in
    /// 512 bytes (`bytesPerLine`). With `keepingMatches`, the matches are kept.
    init?(untimedText piece: ByteView, matcher: Matcher, keepingMatches: Bool = false) {
        // Decided as the lines are found, before their blocks are made: a dense piece's blocks,
        // made and let go on a worker thread, stayed in its allocator's memory beside the
        // transcript the file then went to (8.97–9.47 MB above the sample for the 8.93 MB bound).
        guard let cues = MatchingCues(untimedText: piece, matcher: matcher, keepingMatches: keepingMatches,
                                      cueLimit: Swift.max(piece.count, 1 << 16) / Self.bytesPerLine)
        else { return nil }
        self.cues = cues
        source = .untimedText
        for block in cues.blocks {
            let line = Self.line(of: block, in: piece)
            guard piece.extracting(line).contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
        }
    }

    /// The fewest bytes of a piece of untimed text for each of its matching lines written from its
    /// bytes (a piece under 64 KiB judged as one of 64 KiB): a line's block is small beside the
    /// piece's pages, which are read again as the blocks are written, so a piece of lines matching
    /// more densely goes the transcript's way, which lets the pages go before it prints (a 6 MB
    /// text with every third line matching held 1.5 times its size above a small file's peak
    /// this way, 1.3 to 1.4 the transcript's way).
    static let bytesPerLine = 512

    /// A matching line's text: its bytes without the line feed that ends it.
    private static func line(of block: MatchingCues.Block, in piece: ByteView) -> Range<Int> {
        let bytes = block.bytes
        let hasLineFeed = bytes.upperBound > bytes.lowerBound && piece[bytes.upperBound - 1] == 0x0A
        return bytes.lowerBound..<(hasLineFeed ? bytes.upperBound - 1 : bytes.upperBound)
    }

    /// The matching blocks of a plainly written piece of SRT (`layout`, `SRTLayout(piece)`), `nil` for another piece,
    /// or one with a block `SRTParser.readLaidOut` does not read. With `keepingMatches`, the matches
    /// are kept and the lines counted (`MatchingCues`).
    init?(srt piece: ByteView, layout: SRTLayout?, matcher: Matcher, keepingMatches: Bool = false) {
        guard let cues = MatchingCues(srt: piece, layout: layout, matcher: matcher, keepingMatches: keepingMatches,
                                      countingLines: keepingMatches) else { return nil }
        self.cues = cues
        source = .srt
        guard !keepingMatches else {
            // Each block is read here only to know that it reads (as `writeRecords` reads it again).
            for block in cues.blocks where SRTParser.LaidOutBlock(piece, block: block.bytes) == nil { return nil }
            return
        }
        starts.reserveCapacity(cues.blocks.count)
        texts.reserveCapacity(cues.blocks.count)
        for block in cues.blocks {
            guard let read = SRTParser.LaidOutBlock(piece, block: block.bytes) else { return nil }
            starts.append(read.start)
            texts.append(read.text)
        }
    }

    /// The cues, lines and matches of the file before a piece.
    struct Before {
        var cues = 0
        var lines = 0
        var matches = 0
    }

    /// What every record of a file shares, and how records are written.
    struct Records {
        var file: String
        var keyword: String
        var total: Int
        var writing: MatchWriting

        /// Appends `record`, its cue's text `text` (valid UTF-8; `record.text` is not read).
        func append(_ record: MatchRecord, text: ByteView, to out: inout [UInt8]) {
            switch writing {
            case .jsonLines: JSONLinesWriter.append(record, text: text, to: &out)
            case .csv(_, let guardingFormulas): CSVWriter.append(record, text: text, to: &out, guardingFormulas: guardingFormulas)
            case .blocks: preconditionFailure("blocks are not records")
            }
        }
    }

    /// Appends the records of the matches of the blocks from the `first`-th on to `out`, as
    /// `records` writes those `MatchRecords` gives for the cues `SRTParser.readLaidOut` reads of
    /// them (the piece's cue n being cue `before.cues + n` of the file, its first line line
    /// `before.lines + 1`, its first match the file's match `before.matches + 1`), handing `out`
    /// to `flush` whenever it holds `ResultPrinter.flushThreshold` bytes or more; stops after the
    /// block that makes `out` hold `held` bytes or more.
    ///
    /// - Precondition: the matches were kept.
    /// - Returns: the index of the next block to write (`cues.blocks.count` once all are).
    func writeRecords(
        _ piece: ByteView, before: Before, _ records: Records, from first: Int, to out: inout [UInt8], held: Int,
        flush: (inout [UInt8]) -> Void
    ) -> Int {
        var matchStarts = cues.matchStarts.makeIterator()
        var matchLengths = cues.matchLengths.makeIterator()
        var position = before.matches
        for block in cues.blocks[..<first] {
            for _ in 0..<block.matches {
                _ = matchStarts.next()
                _ = matchLengths.next()
                position += 1
            }
        }
        var plain: [UInt8] = []
        var n = first
        while n < cues.blocks.count {
            let block = cues.blocks[n]
            let read = self.read(block, in: piece)
            let source = piece.extracting(read.text)
            if block.isMarked {
                plain.removeAll(keepingCapacity: true)
                SRTParser.clean(source, into: &plain)
            }
            // What `CueCollector` keeps of the cue: its text (cleaned), its speaker (from the
            // text's label), its index line as its identifier, its text's first line. The text
            // is written from its bytes (the piece's UTF-8 is valid): no `String` is made of it.
            let speaker = block.isMarked ? plain.withByteView { SpeakerPrefix.speaker(in: $0) }
                : SpeakerPrefix.speaker(in: source)
            let id = read.indexLine.map { String(decoding: piece.extracting($0), as: UTF8.self) }
            let line = before.lines + read.textLine
            var offsets = MatchOffsets()
            func writeMatches(of bytes: ByteView) {
                for _ in 0..<block.matches {
                    guard let start = matchStarts.next(), let length = matchLengths.next() else {
                        preconditionFailure("a kept match for each of a block's matches")
                    }
                    let range = Int(start)..<Int(start + length)
                    let (characters, utf16, lineFeeds) = offsets.advance(over: range, in: bytes)
                    position += 1
                    records.append(MatchRecord(
                        file: records.file, position: position, total: records.total, cue: before.cues + block.ordinal,
                        cueID: id, start: read.start, end: read.end, speaker: speaker, keyword: records.keyword,
                        text: "", characters: characters, utf16: utf16, bytes: range, line: line + lineFeeds,
                        matchStart: read.start, matchEnd: read.end), text: bytes, to: &out)
                    if out.count >= ResultPrinter.flushThreshold { flush(&out) }
                }
            }
            if block.isMarked { plain.withByteView { writeMatches(of: $0) } } else { writeMatches(of: source) }
            n += 1
            if out.count >= held { break }
        }
        return n
    }

    /// What a block shows, as the parser reads it.
    private struct Read {
        var start: Int?
        var end: Int?
        /// Its text as it lies in the piece, and its index line (SRT), if any.
        var text: Range<Int>
        var indexLine: Range<Int>?
        /// The number of its text's first line among the piece's lines.
        var textLine: Int
    }

    /// What `block` shows: an SRT block as `SRTParser.LaidOutBlock` reads it, a line of untimed
    /// text as it lies, with no time.
    private func read(_ block: MatchingCues.Block, in piece: ByteView) -> Read {
        switch source {
        case .srt:
            guard let read = SRTParser.LaidOutBlock(piece, block: block.bytes) else {
                preconditionFailure("a block read as it was when the piece was searched")
            }
            return Read(start: read.start, end: read.end, text: read.text, indexLine: read.indexLine,
                        textLine: block.linesBefore + (read.indexLine == nil ? 2 : 3))
        case .untimedText:
            return Read(start: nil, end: nil, text: Self.line(of: block, in: piece), indexLine: nil,
                        textLine: block.linesBefore + 1)
        }
    }

    /// A cue's text counted up to its matches in turn, as `MatchRecords.Iterator` counts it:
    /// from where the last match ended, or from the start when a match starts before that.
    struct MatchOffsets {
        var scannedBytes = 0
        var scalars = 0
        var utf16 = 0
        var newlines = 0

        /// The match's range in scalars and UTF-16 units, and the line feeds before it.
        mutating func advance(over range: Range<Int>, in text: ByteView) -> (Range<Int>, Range<Int>, Int) {
            if range.lowerBound < scannedBytes { self = MatchOffsets() }
            advance(to: range.lowerBound, in: text)
            let startScalars = scalars
            let startUTF16 = utf16
            let lineFeeds = newlines
            advance(to: range.upperBound, in: text)
            return (startScalars..<scalars, startUTF16..<utf16, lineFeeds)
        }

        private mutating func advance(to offset: Int, in text: ByteView) {
            guard offset > scannedBytes else { return }
            let end = Swift.min(offset, text.count)
            let counted = TextOffsets.count(text, scannedBytes..<Swift.max(scannedBytes, end))
            scalars += counted.scalars
            utf16 += counted.utf16
            newlines += counted.lineFeeds
            scannedBytes = offset
        }
    }

    /// Whether a piece of `pieceBytes` bytes holding these blocks keeps its pages from its search
    /// until its blocks are written, rather than letting them go in between: when its matching
    /// blocks lie on most of its pages, which writing them reads again (a block every 32 KiB or
    /// more), and take little memory beside them (a block every 2 KiB or less). Letting pages go
    /// that are read again cost more system time than the search (50 MB of English text printed:
    /// 22.0 ms with the pages let go, 18.5 ms kept), and the file's pages kept beside many blocks
    /// take more memory than the file (`'you'` printed on 50 MB of SRT: 88 MB, 59 MB let go; 20 MB
    /// of Chinese with a block every 1.2 KiB exported: 30.5 MB, 31.7 MB kept).
    func keepsPagesUntilWritten(pieceBytes: Int) -> Bool {
        let blocks = cues.blocks.count
        return blocks >= pieceBytes >> 15 && blocks <= pieceBytes >> 11
    }

    /// About how many bytes the blocks take written (their texts, plus a header and an indented
    /// line break each), or their matches' records (a text escaped, the match and 400 bytes of
    /// names, numbers and times each), to make room for them at once.
    func estimatedBytes(records: Bool) -> Int {
        guard records else {
            return source == .srt ? texts.reduce(0) { $0 + $1.count + 64 }
                : cues.blocks.reduce(0) { $0 + $1.bytes.count + 64 }
        }
        return cues.blocks.reduce(0) { $0 + $1.matches * (2 * $1.bytes.count + 400) }
    }

    /// Appends the blocks from the `first`-th on to `out`, as `ResultPrinter.appendBlock` writes
    /// the cues `SRTParser.readLaidOut` reads of them, or the lines (the piece's cue n being cue
    /// `cuesBefore + n` of the file), handing `out` to `flush` whenever it holds
    /// `ResultPrinter.flushThreshold` bytes or more; stops after the block that makes `out` hold
    /// `held` bytes or more.
    ///
    /// - Returns: the index of the next block to write (`cues.blocks.count` once all are).
    func write(
        _ piece: ByteView, cuesBefore: Int, printer: ResultPrinter, from first: Int, to out: inout [UInt8], held: Int,
        flush: (inout [UInt8]) -> Void
    ) -> Int {
        var plain: [UInt8] = []
        var n = first
        while n < cues.blocks.count {
            // Blocks without markup, a run at a time in one room made at `out`'s end
            // (`ResultPrinter.writeBlock`), the run ending with the block that brings `out` to
            // `held` bytes, or to `flushThreshold` bytes from fewer.
            let before = n
            var stop = held &- out.count
            if out.count < ResultPrinter.flushThreshold { stop = Swift.min(stop, ResultPrinter.flushThreshold &- out.count) }
            let room = Swift.max(out.capacity &- out.count, Self.leastRunRoom)
            var unfinished: (text: ByteView, block: ResultPrinter.BlockStart)?
            out.appendWriting(atMost: room) { cursor in
                while n < cues.blocks.count && !cues.blocks[n].isMarked {
                    let text = self.text(of: n, in: piece)
                    guard cursor.written &+ printer.blockRoom(for: text) <= room else { return }
                    let block = printer.writeBlock(ordinal: cuesBefore &+ cues.blocks[n].ordinal,
                                                   start: source == .srt ? starts[n] : nil, text: text, isContext: false,
                                                   to: &cursor)
                    n &+= 1
                    if block.written < text.count {
                        unfinished = (text, block)
                        return
                    }
                    if cursor.written >= stop { return }
                }
            }
            if let unfinished {
                ResultPrinter.appendText(unfinished.text, from: unfinished.block.written, indent: unfinished.block.indent,
                                         controlStyle: nil, to: &out, flush: flush)
                out.append(0x0A)
            } else if n == before {
                // A block with markup, or one longer than the room: written alone.
                let block = cues.blocks[n]
                let ordinal = cuesBefore + block.ordinal
                if block.isMarked {
                    plain.removeAll(keepingCapacity: true)
                    SRTParser.clean(piece.extracting(texts[n]), into: &plain)
                    plain.withByteView { text in
                        printer.appendBlock(ordinal: ordinal, start: starts[n], speaker: nil, text: text, to: &out,
                                            flush: flush)
                    }
                } else {
                    printer.appendBlock(ordinal: ordinal, start: source == .srt ? starts[n] : nil, speaker: nil,
                                        text: text(of: n, in: piece), to: &out, flush: flush)
                }
                n += 1
            }
            if out.count >= ResultPrinter.flushThreshold { flush(&out) }
            if out.count >= held { break }
        }
        return n
    }

    /// The least room made for a run of blocks (more when `out` has more capacity spare).
    static let leastRunRoom = 1 << 14

    /// The text block `n` shows as it lies in the piece: an SRT block's text, or a line.
    @inline(__always)
    private func text(of n: Int, in piece: ByteView) -> ByteView {
        source == .srt ? piece.extracting(texts[n]) : piece.extracting(Self.line(of: cues.blocks[n], in: piece))
    }
}
