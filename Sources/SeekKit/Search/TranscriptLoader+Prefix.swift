import SeekBytes

extension TranscriptLoader {
    /// Loads only as much of a file's contents (as they lie in memory, say mapped) as holds its
    /// first `cueLimit` cues with a match of `query`: grep's `-m`, which stops reading there.
    ///
    /// A plainly written UTF-8 SRT or untimed text file is counted piece by piece (the count
    /// path, `countMatches`) until the pieces hold `cueLimit` matches, then the pieces up to
    /// there are loaded; if they hold fewer matching cues (several matches in a cue), more
    /// pieces are taken. Any other file is loaded whole. The result's first `cueLimit` matching
    /// cues are exactly those of the whole file; warnings are those of the part read.
    ///
    /// - Parameter checked: `.plainUTF8` when the caller has found `readsInPlace` true of
    ///   `bytes`, which is then not checked again.
    /// - Complexity: O(size of the part read), plus reloads of a growing part when cues hold
    ///   several matches (each wanting at least half as many matches again as the last).
    public static func load(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions = LoadOptions(),
        untilMatchingCues cueLimit: Int, of query: Query, checked: InPlaceCheck = .unchecked
    ) throws(Diagnostic) -> LoadedTranscript {
        try load(inPlace: bytes, fileName: fileName, options: options, untilMatchingCues: cueLimit, of: query,
                 pieceSize: TextPieces.pieceSize, checked: checked)
    }

    static func load(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions,
        untilMatchingCues cueLimit: Int, of query: Query, pieceSize: Int, checked: InPlaceCheck = .unchecked
    ) throws(Diagnostic) -> LoadedTranscript {
        guard checked == .plainUTF8 || readsInPlace(bytes, options: options) else {
            return try load(Array(bytes), fileName: fileName, options: options)
        }
        func whole() throws(Diagnostic) -> LoadedTranscript {
            try load(inPlace: bytes, fileName: fileName, options: options, checked: .plainUTF8)
        }
        guard cueLimit > 0, !query.isEmpty else { return try whole() }
        let isBlank = PreparedText.isBlank(bytes)
        let (format, _) = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: isBlank)
        guard !isBlank, format == .srt || format == .text else { return try whole() }
        if format == .srt && startsWithRollingCaptions(bytes, fileName: fileName) {
            return try whole()
        }
        let bounds = TextPieces.boundaries(count: bytes.count, pieceSize: pieceSize) { target in
            format == .srt ? SRTParser.pieceEnd(in: bytes, from: target) : TimestampedTextParser.pieceEnd(in: bytes, from: target)
        }
        var matches = 0
        var wanted = cueLimit
        for end in bounds.indices.dropFirst().dropLast() {
            let piece = bytes.extracting(bounds[end - 1]..<bounds[end])
            guard let counted = countInPieces(piece, format: format, fileName: fileName, query: query,
                                              pieceSize: piece.count) else { return try whole() }
            matches += counted.matches
            guard matches >= wanted else { continue }
            let loaded = try load(inPlace: bytes.extracting(..<bounds[end]), fileName: fileName,
                                  options: options, checked: .plainUTF8)
            let index = MatchIndex(transcript: loaded.transcript, query: query)
            let found = Self.matchingCues(index)
            if found >= cueLimit { return loaded }
            // Matches per cue so far tell how many more to count; at least half as many again.
            wanted = Swift.max(matches * cueLimit / Swift.max(1, found), matches + matches / 2 + 1)
        }
        return try whole()
    }

    private static func matchingCues(_ index: MatchIndex) -> Int {
        var count = 0
        var last: Int32 = -1
        for cue in index.matchCues where cue != last {
            count += 1
            last = cue
        }
        return count
    }
}
