import SeekBytes

/// What `TranscriptLoader.printMatching(inPlace:…)` did with a file.
public enum PrintedMatching: Sendable {
    /// The blocks of its cues with a match were written: how many matches they hold, the format,
    /// the encoding and the warnings (handed to `starting` before the first block).
    case printed(MatchCount)
    /// Nothing was written: the file's cues with a match and their matches, as
    /// `searchMatching(inPlace:…)` gives them, to print as any other transcript's.
    case searched(LoadedTranscript, MatchIndex)
}

extension TranscriptLoader {
    /// Prints the cues with a match of `query` without colour or context, straight from the
    /// bytes where they lie (say mapped), when the file is plain SRT read piece by piece: each
    /// block is what `printer.appendBlock(cue:of:index:isContext:to:flush:)` writes for the cue of
    /// `searchMatching(inPlace:…)`, but no transcript is made and no match kept. The pieces are
    /// searched on all cores, then their blocks written on all cores, a few pieces at a time.
    ///
    /// Any other file (another format, rolling captions, speaker turns, a piece the layout does not
    /// vouch for, a dense piece, a query that is not one keyword searched in place, colour) is
    /// searched by `searchMatching(inPlace:…)` and handed back, and nothing is written.
    ///
    /// - Parameters:
    ///   - starting: told the warnings once this path is taken, before the first block is written.
    ///   - out: where the blocks are appended; handed to `flush` whenever it holds
    ///     `ResultPrinter.flushThreshold` bytes or more.
    ///   - releasing: told of each piece of `bytes` once it is searched, and once its blocks are
    ///     written, as `searchMatching(inPlace:…)` tells it.
    /// - Throws: what `load` throws.
    /// - Complexity: O(n) in the size of `bytes`, plus the blocks written.
    public static func printMatching(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions = LoadOptions(), query: Query,
        printer: ResultPrinter, checked: InPlaceCheck = .unchecked, releasing: ((Range<Int>) -> Void)? = nil,
        starting: ([Diagnostic]) -> Void, to out: inout [UInt8], flush: (inout [UInt8]) -> Void
    ) throws(Diagnostic) -> PrintedMatching {
        try printMatching(inPlace: bytes, fileName: fileName, options: options, query: query, printer: printer,
                          pieceSize: TextPieces.pieceSize, pieceHeld: printedPieceHeld, checked: checked,
                          releasing: releasing, starting: starting, to: &out, flush: flush)
    }

    /// How many pieces have their blocks written at once (`printMatching`), and how many bytes of
    /// blocks each holds at most before the rest of its blocks are written as they go.
    static let printedPiecesAtOnce = 8
    static let printedPieceHeld = 1 << 20

    static func printMatching(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions, query: Query, printer: ResultPrinter,
        pieceSize: Int, pieceHeld: Int, checked: InPlaceCheck, releasing: ((Range<Int>) -> Void)?,
        starting: ([Diagnostic]) -> Void, to out: inout [UInt8], flush: (inout [UInt8]) -> Void
    ) throws(Diagnostic) -> PrintedMatching {
        guard checked == .plainUTF8 || readsInPlace(bytes, options: options) else {
            // What `searchMatching` does with such bytes, without checking them again.
            let loaded = try load(Array(bytes), fileName: fileName, options: options)
            releasing?(0..<bytes.count)
            return .searched(loaded, MatchIndex(transcript: loaded.transcript, query: query))
        }
        func searched() throws(Diagnostic) -> PrintedMatching {
            let (loaded, index) = try searchMatching(inPlace: bytes, fileName: fileName, options: options, query: query,
                                                     pieceSize: pieceSize, checked: .plainUTF8, releasing: releasing)
            return .searched(loaded, index)
        }
        let isBlank = PreparedText.isBlank(bytes)
        guard !printer.color, !isBlank, let matcher = inPlaceMatcher(for: query) else { return try searched() }
        let (format, warnings) = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: false)
        var firstLayout = WholeLayout()
        guard format == .srt, startsWithCuesReadAlone(bytes, format: .srt, fileName: fileName, keeping: &firstLayout)
        else { return try searched() }
        let wholeLayout = firstLayout
        let bounds = TextPieces.boundaries(count: bytes.count, pieceSize: pieceSize) { target in
            SRTParser.pieceEnd(in: bytes, from: target)
        }
        let found = TextPieces.map(bounds.count - 1) { i -> PrintedBlocks? in
            let piece = bytes.extracting(bounds[i]..<bounds[i + 1])
            defer { releasing?(bounds[i]..<bounds[i + 1]) }
            return PrintedBlocks(srt: piece, layout: wholeLayout.layout(of: piece, in: bytes), matcher: matcher)
        }
        var gathered: [PrintedBlocks] = []
        gathered.reserveCapacity(found.count)
        var firstCues: [Int] = []
        var matches = 0
        for piece in found {
            guard let piece else { return try searched() }
            firstCues.append((firstCues.last ?? 0) + (gathered.last?.cues.cues ?? 0))
            matches += piece.cues.matchCount
            gathered.append(piece)
        }
        let pieces = gathered
        let cuesBefore = firstCues
        starting(warnings)
        func write(_ i: Int, from first: Int, to out: inout [UInt8], held: Int, flush: (inout [UInt8]) -> Void) -> Int {
            pieces[i].write(bytes.extracting(bounds[i]..<bounds[i + 1]), cuesBefore: cuesBefore[i], printer: printer,
                            from: first, to: &out, held: held, flush: flush)
        }
        if pieces.count == 1 {
            _ = write(0, from: 0, to: &out, held: .max, flush: flush)
            releasing?(0..<bytes.count)
        } else {
            // A few pieces' blocks are written on all cores, each into bytes of its own (up to
            // `printedPieceHeld`), then handed on in order; the rest of a piece's, as they go.
            for batch in stride(from: 0, to: pieces.count, by: Self.printedPiecesAtOnce) {
                let batchEnd = Swift.min(batch + Self.printedPiecesAtOnce, pieces.count)
                let written = TextPieces.map(batchEnd - batch) { n -> (bytes: [UInt8], next: Int) in
                    var held: [UInt8] = []
                    held.reserveCapacity(Swift.min(pieceHeld, pieces[batch + n].estimatedBytes) + (1 << 12))
                    let next = write(batch + n, from: 0, to: &held, held: pieceHeld, flush: { _ in })
                    return (held, next)
                }
                for (n, piece) in written.enumerated() {
                    if out.isEmpty { out = piece.bytes } else { out.append(contentsOf: piece.bytes) }
                    if out.count >= ResultPrinter.flushThreshold { flush(&out) }
                    if piece.next < pieces[batch + n].cues.blocks.count {
                        _ = write(batch + n, from: piece.next, to: &out, held: .max, flush: flush)
                    }
                    releasing?(bounds[batch + n]..<bounds[batch + n + 1])
                }
            }
        }
        return .printed(MatchCount(matches: matches, format: .srt, encoding: TextEncoding.utf8.name, warnings: warnings))
    }
}

/// The cues of one plain piece of SRT that hold a match (`MatchingCues`, lines not counted), with
/// what their blocks show: each one's start and where its text lies.
struct PrintedBlocks {
    let cues: MatchingCues
    /// Each block's start (milliseconds) and its text's range in the piece, in the order of `cues.blocks`.
    private var starts: [Int] = []
    private var texts: [Range<Int>] = []

    /// The matching blocks of a plainly written piece of SRT (`layout`, `SRTLayout(piece)`), `nil` for
    /// another piece, or one with a block `SRTParser.readLaidOut` does not read.
    init?(srt piece: ByteView, layout: SRTLayout?, matcher: Matcher) {
        guard let cues = MatchingCues(srt: piece, layout: layout, matcher: matcher, countingLines: false) else { return nil }
        self.cues = cues
        starts.reserveCapacity(cues.blocks.count)
        texts.reserveCapacity(cues.blocks.count)
        for block in cues.blocks {
            guard let read = SRTParser.LaidOutBlock(piece, block: block.bytes) else { return nil }
            starts.append(read.start)
            texts.append(read.text)
        }
    }

    /// About how many bytes the blocks take written (their texts, plus a header and an indented
    /// line break each), to make room for them at once.
    var estimatedBytes: Int {
        texts.reduce(0) { $0 + $1.count + 64 }
    }

    /// Appends the blocks from the `first`-th on to `out`, as `ResultPrinter.appendBlock` writes the
    /// cues `SRTParser.readLaidOut` reads of them (the piece's cue n being cue `cuesBefore + n` of the
    /// file), handing `out` to `flush` whenever it holds `ResultPrinter.flushThreshold` bytes or more;
    /// stops after the block that makes `out` hold `held` bytes or more.
    ///
    /// - Returns: the index of the next block to write (`cues.blocks.count` once all are).
    func write(
        _ piece: ByteView, cuesBefore: Int, printer: ResultPrinter, from first: Int, to out: inout [UInt8], held: Int,
        flush: (inout [UInt8]) -> Void
    ) -> Int {
        var plain: [UInt8] = []
        var n = first
        while n < cues.blocks.count {
            let block = cues.blocks[n]
            let ordinal = cuesBefore + block.ordinal
            if block.isMarked {
                plain.removeAll(keepingCapacity: true)
                SRTParser.clean(piece.extracting(texts[n]), into: &plain)
                plain.withByteView { text in
                    printer.appendBlock(ordinal: ordinal, start: starts[n], speaker: nil, text: text, to: &out, flush: flush)
                }
            } else {
                printer.appendBlock(ordinal: ordinal, start: starts[n], speaker: nil, text: piece.extracting(texts[n]),
                                    to: &out, flush: flush)
            }
            n += 1
            if out.count >= ResultPrinter.flushThreshold { flush(&out) }
            if out.count >= held { break }
        }
        return n
    }
}
