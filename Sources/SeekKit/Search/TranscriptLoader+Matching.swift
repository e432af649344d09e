import SeekBytes

extension TranscriptLoader {
    /// Loads only the cues of a file's contents (as they lie in memory, say mapped) that
    /// hold a match of `query`: search first, parse later.
    ///
    /// The result's cues are exactly the cues of `load` that `MatchIndex(transcript:query:)`
    /// finds a match in, each with its number in the file (`Transcript.ordinal(at:)`), its
    /// times, identifier, speaker and line; so are the matches found in them. A plainly
    /// written UTF-8 SRT or untimed text file, searched for one keyword the byte scan takes,
    /// is searched piece by piece on all cores as the count path does (`countMatches`), and
    /// only the blocks or lines that hold a match are parsed. Any other file, a file that
    /// turns out not to be plain, rolling captions, transcripts whose speakers last
    /// through their turns (`SpeakerTurns`) and a file where more than one cue in 64 bytes
    /// matches (`MatchingCues.isDense`) are loaded whole, with every cue.
    ///
    /// - Parameters:
    ///   - checked: `.plainUTF8` when the caller has found `readsInPlace` true of `bytes`,
    ///     which is then not checked again.
    ///   - releasing: told of each range of `bytes` searched piece by piece once it is searched
    ///     and once its matching cues are read, for a caller whose bytes are read again when
    ///     touched (a file map, `ByteView.releaseMappedPages`) to let their pages go, so that the
    ///     file and the cues read from it are not held together.
    /// - Throws: what `load` throws.
    /// - Complexity: O(n) in the size of `bytes`, plus the parse of the matching cues.
    public static func loadMatching(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions = LoadOptions(),
        query: Query, checked: InPlaceCheck = .unchecked, releasing: ((Range<Int>) -> Void)? = nil
    ) throws(Diagnostic) -> LoadedTranscript {
        try loadMatching(inPlace: bytes, fileName: fileName, options: options, query: query,
                         pieceSize: TextPieces.pieceSize, checked: checked, releasing: releasing)
    }

    /// `loadMatching` and the matches of `query` in the cues it loads: `MatchIndex(transcript:query:)`
    /// of its transcript, found by the search that chose the cues rather than by another search
    /// of them where it can (plain SRT and untimed text read piece by piece). `releasing` is told
    /// as `loadMatching` tells it, and of all of `bytes` before a transcript loaded whole is searched.
    ///
    /// - Throws: what `load` throws.
    /// - Complexity: O(n) in the size of `bytes`, plus the parse of the matching cues.
    public static func searchMatching(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions = LoadOptions(),
        query: Query, checked: InPlaceCheck = .unchecked, releasing: ((Range<Int>) -> Void)? = nil
    ) throws(Diagnostic) -> (loaded: LoadedTranscript, index: MatchIndex) {
        try searchMatching(inPlace: bytes, fileName: fileName, options: options, query: query,
                           pieceSize: TextPieces.pieceSize, checked: checked, releasing: releasing)
    }

    static func searchMatching(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions, query: Query,
        pieceSize: Int, checked: InPlaceCheck = .unchecked, releasing: ((Range<Int>) -> Void)? = nil
    ) throws(Diagnostic) -> (loaded: LoadedTranscript, index: MatchIndex) {
        let (loaded, index) = try loadMatching(inPlace: bytes, fileName: fileName, options: options, query: query,
                                               pieceSize: pieceSize, indexing: true, checked: checked,
                                               releasing: releasing)
        if let index { return (loaded, index) }
        // Its cues hold their text: the file's pages go before the cues are searched, so that the
        // file, its cues and their matches are not held together.
        releasing?(0..<bytes.count)
        return (loaded, MatchIndex(transcript: loaded.transcript, query: query))
    }

    static func loadMatching(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions, query: Query,
        pieceSize: Int, checked: InPlaceCheck = .unchecked, releasing: ((Range<Int>) -> Void)? = nil
    ) throws(Diagnostic) -> LoadedTranscript {
        try loadMatching(inPlace: bytes, fileName: fileName, options: options, query: query, pieceSize: pieceSize,
                         indexing: false, checked: checked, releasing: releasing).loaded
    }

    /// `loadMatching`, and with `indexing` the matches in the cues loaded when the search that
    /// chose them kept them (`nil` otherwise: the caller searches the transcript).
    private static func loadMatching(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions, query: Query,
        pieceSize: Int, indexing: Bool, checked: InPlaceCheck, releasing: ((Range<Int>) -> Void)?
    ) throws(Diagnostic) -> (loaded: LoadedTranscript, index: MatchIndex?) {
        guard checked == .plainUTF8 || readsInPlace(bytes, options: options) else {
            return (try load(Array(bytes), fileName: fileName, options: options), nil)
        }
        func whole() throws(Diagnostic) -> (loaded: LoadedTranscript, index: MatchIndex?) {
            (try load(inPlace: bytes, fileName: fileName, options: options, checked: .plainUTF8), nil)
        }
        guard let matcher = inPlaceMatcher(for: query) else { return try whole() }
        let isBlank = PreparedText.isBlank(bytes)
        let (format, warnings) = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: isBlank)
        if format == .vtt && !isBlank, let loaded = loadMatchingPlainWebVTT(bytes, matcher: matcher, warnings: warnings) {
            return (loaded, nil)
        }
        if searchesFirst(format) && !isBlank, let found = loadMatchingLaidOut(
            bytes, format: format, fileName: fileName, frameRate: options.frameRate, matcher: matcher, query: query,
            indexing: indexing, warnings: warnings) {
            releasing?(0..<bytes.count)
            return found
        }
        var firstLayout = WholeLayout()
        guard !isBlank, format == .srt || format == .text,
              startsWithCuesReadAlone(bytes, format: format, fileName: fileName, keeping: &firstLayout)
        else { return try whole() }
        let wholeLayout = firstLayout
        let bounds = TextPieces.boundaries(count: bytes.count, pieceSize: pieceSize) { target in
            format == .srt ? SRTParser.pieceEnd(in: bytes, from: target)
                : TimestampedTextParser.pieceEnd(in: bytes, from: target)
        }
        // A piece's pages go once it is searched, and again once its matching cues are read.
        var pieces = TextPieces.map(bounds.count - 1) { i -> MatchingCues? in
            let piece = bytes.extracting(bounds[i]..<bounds[i + 1])
            defer { releasing?(bounds[i]..<bounds[i + 1]) }
            return format == .srt
                ? MatchingCues(srt: piece, layout: wholeLayout.layout(of: piece, in: bytes), matcher: matcher,
                               keepingMatches: indexing)
                : MatchingCues(untimedText: piece, matcher: matcher, keepingMatches: indexing)
        }
        var cuesBefore = 0
        var ordinals = PackedIntegers()
        for piece in pieces {
            guard let piece else { return try whole() }
            for block in piece.blocks { ordinals.append(Int64(cuesBefore + block.ordinal)) }
            cuesBefore += piece.cues
        }
        // The matches the pieces' search kept go into the index as each piece is read (the n-th
        // block read is cue n), and the piece goes with them: its matches and the index are not
        // held together.
        let token = indexing ? query.keywords.firstIndex(where: { !$0.isEmpty }) : nil
        var index = token.map { _ in MatchIndex(query: query) }
        // Each piece's starts pack as the index packs them, but for the blocks that its ends cut.
        let startWords = pieces.reduce(0) { $0 + ($1.map { $0.matchStarts.wordCount + 256 } ?? 0) }
        index?.reserveCapacity(startWords: startWords + startWords / 16)
        var parsedAlone = true
        var transcript = CueCollector.collect(inputBytes: pieces.reduce(0) { $0 + ($1?.blockBytes ?? 0) }) { cues in
            var linesBefore = 0
            var blocksRead = 0
            for i in pieces.indices {
                guard let piece = pieces[i], parsedAlone else { continue }
                defer { releasing?(bounds[i]..<bounds[i + 1]) }
                if format == .srt {
                    // A plain piece's block reads as the layout found it (`SRTParser.readLaidOut`).
                    let source = bytes.extracting(bounds[i]..<bounds[i + 1])
                    for block in piece.blocks {
                        cues.lineOffset = linesBefore + block.linesBefore
                        guard SRTParser.readLaidOut(source, block: block.bytes, marked: block.isMarked, into: &cues) else {
                            parsedAlone = false
                            break
                        }
                    }
                } else {
                    for block in piece.blocks {
                        let text = bytes.extracting(bounds[i] + block.bytes.lowerBound..<bounds[i] + block.bytes.upperBound)
                        let before = cues.count
                        cues.lineOffset = linesBefore + block.linesBefore
                        if TimestampedTextParser.readUntimed(text, into: &cues) == nil { parsedAlone = false }
                        if cues.count != before + 1 { parsedAlone = false }
                    }
                }
                linesBefore += piece.lines
                pieces[i] = nil
                if parsedAlone, let token, index != nil,
                   !piece.appendMatches(firstCue: blocksRead, token: token, to: &index!) {
                    index = nil
                }
                blocksRead += piece.blocks.count
            }
        }
        guard parsedAlone, transcript.count == ordinals.count else { return try whole() }
        ordinals.seal()
        transcript.ordinalColumn = ordinals
        let loaded = LoadedTranscript(transcript: transcript, format: format, encoding: TextEncoding.utf8.name,
                                      warnings: warnings)
        return (loaded, index)
    }

    /// Whether the file's first cues (up to a piece boundary past the cues that decide)
    /// say that each cue of plainly written UTF-8 (`readsInPlace`) reads the same alone as in
    /// the whole file: not rolling captions (SRT), and no speaker labels that last through turns.
    static func startsWithCuesReadAlone(
        _ buffer: ByteView, format: SubtitleFormat, fileName: String, keeping whole: inout WholeLayout
    ) -> Bool {
        startsWithCuesReadAlone(buffer, format: format, fileName: fileName, keeping: &whole) { _ in true } ?? false
    }

    /// `startsWithCuesReadAlone(_:format:fileName:keeping:)`, asking `checking` first whether each
    /// prefix it reads, up to the offset given, is plain UTF-8; `nil` when one is not.
    static func startsWithCuesReadAlone(
        _ buffer: ByteView, format: SubtitleFormat, fileName: String, keeping whole: inout WholeLayout,
        checking: (Int) -> Bool
    ) -> Bool? {
        let sampled = Swift.max(RollingCaptions.sampledCues, SpeakerTurns.sampledCues)
        var size = firstPrefixSize(of: buffer)
        while true {
            let cut = format == .srt ? SRTParser.pieceEnd(in: buffer, from: size)
                : TimestampedTextParser.pieceEnd(in: buffer, from: size)
            let end = size >= buffer.count ? buffer.count : cut ?? buffer.count
            guard checking(end) else { return nil }
            let prefix = buffer.extracting(..<end)
            if format == .srt {
                let layout = SRTLayout(prefix)
                whole.keep(layout, of: prefix, in: buffer)
                if let layout, let decided = plainSRTRollsOrTalks(prefix, layout: layout, isWhole: end == buffer.count) {
                    return !decided
                }
            }
            let transcript: Transcript
            if format == .srt {
                transcript = SRTParser.parse(prefix, fileName: fileName).transcript
            } else {
                guard let parsed = TimestampedTextParser.parseUntimed(prefix) else { return false }
                transcript = parsed.transcript
            }
            if transcript.count > sampled || end == buffer.count {
                if format == .srt && RollingCaptions.isRolling(transcript) { return false }
                return !SpeakerTurns.isTranscriptLike(transcript)
            }
            size *= 4
        }
    }
}

/// The cues of one plain piece of a file that hold a match, where their source lies.
struct MatchingCues {
    /// A block (SRT) or line (untimed text) holding a match: 32 bytes, for a file may have
    /// a matching block in every 64 bytes (`isDense`), all held until they are read.
    struct Block {
        /// Its source bytes in the piece: from its index line (or timing line) to the line
        /// feed after its text, or the line and its line feed.
        var bytes: Range<Int>
        private let storedOrdinal: Int32
        private let storedLinesBefore: Int32
        private let storedMatches: Int32
        /// SRT: whether the layout marked its text for cleaning (`SRTLayout.marked`).
        var isMarked: Bool

        /// A block, or `nil` when its number, lines or matches do not fit the 32 bits kept of them.
        init?(bytes: Range<Int>, ordinal: Int, linesBefore: Int, isMarked: Bool = false, matches: Int = 0) {
            guard let ordinal = Int32(exactly: ordinal), let linesBefore = Int32(exactly: linesBefore),
                  let matches = Int32(exactly: matches) else { return nil }
            self.bytes = bytes
            storedOrdinal = ordinal
            storedLinesBefore = linesBefore
            storedMatches = matches
            self.isMarked = isMarked
        }

        /// Its 1-based number among the piece's cues.
        var ordinal: Int { Int(storedOrdinal) }
        /// The lines of the piece before it.
        var linesBefore: Int { Int(storedLinesBefore) }
        /// How many of the piece's `matchStarts` and `matchLengths` are its matches, when they are kept.
        var matches: Int { Int(storedMatches) }
    }

    /// The matches the search hands on, gathered as one value (a closure changing several
    /// variables checks each access), for cues up to the piece's `isDense` limit: past it, only
    /// `isDense` is set, so that the matches of a piece read whole are not held.
    private struct KeptMatches {
        var cues: [Int] = []
        var counts: [Int] = []
        var starts = PackedIntegers()
        var lengths = PackedIntegers()
        /// Whether more cues matched than `isDense` lets a piece keep.
        private(set) var isDense = false
        private let cueLimit: Int

        /// Matches for at most as many cues as `piece` may keep (`MatchingCues.isDense`), or as
        /// `cueLimit` when fewer.
        init(for piece: ByteView, cueLimit: Int = .max) {
            self.cueLimit = Swift.min(cueLimit, MatchingCues.denseLimit(of: piece))
        }

        mutating func add(cue: Int, range: Range<Int>) {
            guard !isDense else { return }
            if cues.last != cue {
                guard cues.count < cueLimit else {
                    isDense = true
                    return
                }
                cues.append(cue)
                counts.append(0)
            }
            counts[counts.count - 1] += 1
            starts.append(Int64(range.lowerBound))
            lengths.append(Int64(range.count))
        }
    }

    var blocks: [Block] = []
    /// The piece's cues and lines.
    var cues = 0
    var lines = 0
    /// The bytes of all `blocks`.
    var blockBytes = 0
    /// The matches in `blocks`' cues, in order, when kept: their UTF-8 ranges in their cue's text.
    var matchStarts = PackedIntegers()
    var matchLengths = PackedIntegers()
    /// The number of matches in `blocks`' cues, kept or not.
    var matchCount = 0

    /// Appends the matches kept of its blocks to `index`, block `n` being cue `firstCue + n`;
    /// false when they were not kept for every block.
    ///
    /// - Complexity: O(matches).
    func appendMatches(firstCue: Int, token: Int, to index: inout MatchIndex) -> Bool {
        var starts = matchStarts.makeIterator()
        var lengths = matchLengths.makeIterator()
        for (n, block) in blocks.enumerated() {
            for _ in 0..<block.matches {
                guard let start = starts.next(), let length = lengths.next() else { return false }
                index.append(cue: firstCue + n, range: Int(start)..<Int(start + length), token: token)
            }
        }
        return true
    }

    /// Whether `matching` cues are so many for the piece's size that their blocks (and the
    /// cues' numbers) would cost more than loading the whole file where it lies: more than one
    /// in 64 bytes (a piece under 64 KiB is judged as one of 64 KiB: what it holds is small).
    static func isDense(_ matching: Int, in piece: ByteView) -> Bool {
        matching > denseLimit(of: piece)
    }

    /// The most matching cues a piece keeps (`isDense` beyond).
    static func denseLimit(of piece: ByteView) -> Int { Swift.max(piece.count, 1 << 16) / 64 }

    /// The matching blocks of a plainly written piece of SRT (`layout`, `SRTLayout(piece)`), `nil` for another piece.
    ///
    /// With `keepingMatches`, the matches in those cues are kept too (`matchStarts`, `matchLengths`,
    /// each block's `matches`). Without `countingLines`, no line is counted: `lines` and each
    /// block's `linesBefore` are 0 (blocks that are printed, not loaded).
    init?(srt piece: ByteView, layout: SRTLayout?, matcher: Matcher, keepingMatches: Bool = false,
          countingLines: Bool = true) {
        guard let layout else { return nil }
        let rewrite = { SRTParser.cleanText(piece, layout.spans[$0]) }
        var kept = KeptMatches(for: piece)
        if keepingMatches {
            guard matcher.matchesInCues(piece, spans: layout.spans, rewritten: layout.marked, rewrite: rewrite,
                                        found: { kept.add(cue: $0, range: $1) }), !kept.isDense else { return nil }
            matchStarts = kept.starts
            matchLengths = kept.lengths
            matchCount = kept.starts.count
        } else {
            guard let found = matcher.cuesWithMatches(piece, spans: layout.spans, rewritten: layout.marked,
                                                      rewrite: rewrite, counting: &matchCount) else { return nil }
            kept.cues = found
        }
        let matching = kept.cues
        guard !MatchingCues.isDense(matching.count, in: piece) else { return nil }
        cues = layout.spans.count
        var counted = 0
        var linesBefore = 0
        var marked = layout.marked.makeIterator()
        var nextMarked = marked.next()
        blocks.reserveCapacity(matching.count)
        for cue in matching {
            let text = layout.spans[cue]
            let start = Self.blockStart(of: cue, in: piece, layout: layout)
            let end = Swift.min(text.upperBound + 1, piece.count)
            if countingLines {
                linesBefore += ByteCounting.count(0x0A, in: piece, counted..<start)
                counted = start
            }
            while let next = nextMarked, next < cue { nextMarked = marked.next() }
            guard let block = Block(bytes: start..<end, ordinal: cue + 1, linesBefore: linesBefore,
                                    isMarked: nextMarked == cue,
                                    matches: keepingMatches ? kept.counts[blocks.count] : 0) else { return nil }
            blocks.append(block)
            blockBytes += end - start
        }
        if countingLines { lines = linesBefore + SRTLayout.lines(in: piece.extracting(counted...)) }
    }

    /// Where the block of cue `cue` of a plainly written piece of SRT (`layout`, `SRTLayout(piece)`)
    /// starts: its index line, or its timing line when it has none. That is the first byte after
    /// the line feeds that follow the cue before it (whose text ends at a line feed, or is empty
    /// and starts at one), or after those that open the piece, as the layout itself went from
    /// block to block; a few bytes looked at, not the lines before the text read back.
    ///
    /// - Complexity: O(number of line feeds between the blocks).
    static func blockStart(of cue: Int, in piece: ByteView, layout: SRTLayout) -> Int {
        var start = cue == 0 ? 0 : layout.spans[cue - 1].upperBound
        while start < piece.count && piece[start] == 0x0A { start += 1 }
        return start
    }

    /// The matching lines of a piece of untimed text without carriage returns, each
    /// non-blank line a cue; `nil` for another piece, or one with a line that starts with
    /// a timestamp (the file is then timestamped text).
    ///
    /// With `keepingMatches`, the matches in those lines are kept too (`matchStarts`, `matchLengths`,
    /// each block's `matches`): a line's cue holds its text as it lies.
    ///
    /// - Parameter cueLimit: the most matching lines the piece may have: `nil` for a piece with
    ///   more, found before any of their blocks is made (and before more are kept).
    init?(untimedText piece: ByteView, matcher: Matcher, keepingMatches: Bool = false, cueLimit: Int = .max) {
        guard !piece.isEmpty else { return }
        guard piece.firstIndex(of: 0x0D) == nil else { return nil }
        var kept = KeptMatches(for: piece, cueLimit: cueLimit)
        if keepingMatches {
            guard matcher.matchesInLines(piece, found: { kept.add(cue: $0, range: $1) }), !kept.isDense
            else { return nil }
            matchStarts = kept.starts
            matchLengths = kept.lengths
            matchCount = kept.starts.count
        } else {
            let limit = Swift.min(cueLimit, MatchingCues.denseLimit(of: piece))
            guard let found = matcher.linesWithMatches(piece, counting: &matchCount, limit: limit) else { return nil }
            kept.cues = found
        }
        let matching = kept.cues
        guard !MatchingCues.isDense(matching.count, in: piece), matching.count <= cueLimit else { return nil }
        var position = 0
        blocks.reserveCapacity(matching.count)
        for start in matching {
            let end = piece.firstIndex(of: 0x0A, in: start..<piece.count) ?? piece.count
            guard let before = TimestampedTextParser.untimedCensus(piece.extracting(position..<end))
            else { return nil }
            lines += before.lineFeeds
            cues += before.cues
            let next = Swift.min(end + 1, piece.count)
            guard let block = Block(bytes: start..<next, ordinal: cues, linesBefore: lines,
                                    matches: keepingMatches ? kept.counts[blocks.count] : 0) else { return nil }
            blocks.append(block)
            blockBytes += next - start
            lines += next > end ? 1 : 0
            position = next
        }
        guard let after = TimestampedTextParser.untimedCensus(piece.extracting(position...))
        else { return nil }
        cues += after.cues
        lines += after.lineFeeds
        if piece.count > 0 && piece[piece.count - 1] != 0x0A { lines += 1 }
    }
}
