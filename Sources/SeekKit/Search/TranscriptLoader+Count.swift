import Foundation
import SeekBytes

/// How many matches a file holds, and what reading it showed.
public struct MatchCount: Sendable {
    /// Exactly `MatchIndex(transcript:query:).count` on the loaded transcript.
    public var matches: Int
    public var format: SubtitleFormat
    /// The name of the encoding the file was read in (`TextEncoding.name`). An answer from an
    /// ASCII start (`TranscriptLoader.countMatchesInASCIIStart`) says `UTF-8` without having
    /// looked at the rest, which may be in another encoding: what it counted reads the same in any.
    public var encoding: String
    /// The warnings `TranscriptLoader.load` gives, in the same order.
    public var warnings: [Diagnostic]
}

extension TranscriptLoader {
    /// Counts the matches of `query` in the file, without keeping its transcript.
    ///
    /// The same as `load` then `MatchIndex(transcript:query:).count`, with the same
    /// warnings and errors, but SRT and untimed text files are parsed and searched in
    /// pieces of about a megabyte on all cores, each piece dropped once counted.
    ///
    /// - Throws: what `load` throws.
    /// - Complexity: O(n) in the size of `bytes`, plus O(m log m) for m matches of several keywords.
    public static func countMatches(
        _ bytes: consuming [UInt8], fileName: String, options: LoadOptions = LoadOptions(), query: Query
    ) throws(Diagnostic) -> MatchCount {
        try countMatches(PreparedText(consume bytes, fileName: fileName, options: options), query: query)
    }

    /// `countMatches` of text already decoded.
    static func countMatches(_ text: PreparedText, query: Query) throws(Diagnostic) -> MatchCount {
        var result = MatchCount(matches: 0, format: text.format, encoding: text.encoding, warnings: text.warnings)
        guard !text.isBlank else { return result }
        let counted = countInPieces(text, query: query) ?? countLaidOut(text, query: query)
        let cues: Int
        let warnings: [Diagnostic]
        if let counted {
            (cues, result.matches, warnings) = counted
        } else {
            let parsed = try parse(text, forCounting: true, searchingFor: query)
            cues = parsed.transcript.count
            result.matches = MatchIndex.count(transcript: parsed.transcript, query: query)
            warnings = parsed.warnings
        }
        if cues == 0, let failure = failure(format: text.format, warnings: warnings) { throw failure }
        result.warnings += warnings
        return result
    }

    /// Counts the matches of `query` in a file's contents as they lie in memory (say,
    /// mapped), copying them only when they need decoding or are not read in pieces.
    ///
    /// The same result and errors as `countMatches(_:fileName:options:query:)`.
    ///
    /// With `enough`, a large SRT or untimed text file is read piece by piece (a core's
    /// worth of pieces at a time) only until that many matches are found (`-l`, `-q`):
    /// the count is then at least `enough`, and the pieces of the file after it are never parsed
    /// (its UTF-8 is checked whole first, unless `checked` says the caller did).
    ///
    /// - Parameter checked: `.plainUTF8` when the caller has found `readsInPlace` true of
    ///   `bytes`, which is then not checked again.
    public static func countMatches(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions = LoadOptions(),
        query: Query, enough: Int = .max, checked: InPlaceCheck = .unchecked
    ) throws(Diagnostic) -> MatchCount {
        try countMatches(inPlace: bytes, fileName: fileName, options: options, query: query,
                         pieceSize: TextPieces.pieceSize, enough: enough, checked: checked)
    }

    static func countMatches(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions, query: Query,
        pieceSize: Int, enough: Int = .max, checked: InPlaceCheck = .unchecked, asciiStart: Int = asciiStartLength
    ) throws(Diagnostic) -> MatchCount {
        if checked == .unchecked, enough < .max,
           let found = countInASCIIStart(bytes, fileName: fileName, options: options, query: query,
                                         pieceSize: pieceSize, enough: enough, length: asciiStart) {
            return found
        }
        guard checked == .plainUTF8 || readsInPlace(bytes, options: options) else {
            return try countMatches(Array(bytes), fileName: fileName, options: options, query: query)
        }
        let isBlank = PreparedText.isBlank(bytes)
        let (format, warnings) = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: isBlank)
        var result = MatchCount(matches: 0, format: format, encoding: TextEncoding.utf8.name, warnings: warnings)
        if isBlank { return result }
        if let counted = countInPieces(bytes, format: format, fileName: fileName, query: query,
                                       pieceSize: pieceSize, enough: enough)
            ?? countLaidOut(bytes, format: format, fileName: fileName, frameRate: options.frameRate, query: query,
                            enough: enough) {
            if counted.cues == 0, let failure = failure(format: format, warnings: counted.warnings) { throw failure }
            result.matches = counted.matches
            result.warnings += counted.warnings
            return result
        }
        // Another format, or text read whole: loaded where it lies, then counted.
        let loaded = try load(inPlace: bytes, fileName: fileName, options: options, checked: .plainUTF8)
        result.matches = MatchIndex.count(transcript: loaded.transcript, query: query)
        result.warnings = loaded.warnings
        return result
    }

    /// `countMatches(inPlace:fileName:options:query:enough:checked:)` of a large file whose start
    /// alone is checked (`checkedStart`, which gives `start`): the rest is checked piece by piece
    /// as it is counted, on all cores, each piece's pages let go (`releasing`) once counted,
    /// rather than all of it first in a pass of its own. With `enough`, what is not counted is
    /// checked after, a few megabytes at a time, since how the whole file is read hangs on it.
    ///
    /// - Returns: the count, or `nil` when some of the bytes are not valid UTF-8 without NUL:
    ///   nothing is decided then, and the file is to be decoded.
    /// - Throws: what `countMatches(inPlace:…)` throws.
    public static func countMatches(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions, query: Query, enough: Int = .max,
        checkedStart start: Int, releasing: ((Range<Int>) -> Void)?
    ) throws(Diagnostic) -> MatchCount? {
        try countMatches(inPlace: bytes, fileName: fileName, options: options, query: query, pieceSize: TextPieces.pieceSize,
                         enough: enough, checkedStart: start, releasing: releasing)
    }

    static func countMatches(
        inPlace bytes: ByteView, fileName: String, options: LoadOptions, query: Query, pieceSize: Int, enough: Int,
        checkedStart start: Int, releasing: ((Range<Int>) -> Void)?
    ) throws(Diagnostic) -> MatchCount? {
        var checkedEnd = start
        let (format, warnings) = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: false)
        switch countInPieces(bytes, format: format, fileName: fileName, query: query, pieceSize: pieceSize,
                             enough: enough, isFileStart: false, checkedTo: start, releasing: releasing) {
        case .notPlainUTF8:
            return nil
        case .notInPieces:
            guard checkPlainUTF8(bytes, through: bytes.count, checked: &checkedEnd) else { return nil }
            return try countMatches(inPlace: bytes, fileName: fileName, options: options, query: query,
                                    pieceSize: pieceSize, enough: enough, checked: .plainUTF8)
        case .counted(let cues, let matches, let pieceWarnings, let read):
            if read < bytes.count {
                guard isPlainUTF8(bytes, from: Swift.max(read, start), releasing: releasing) else { return nil }
            }
            if cues == 0, let failure = failure(format: format, warnings: pieceWarnings) { throw failure }
            return MatchCount(matches: matches, format: format, encoding: TextEncoding.utf8.name,
                              warnings: warnings + pieceWarnings)
        }
    }

    /// Whether `bytes` from `start` (before an ASCII byte) are valid UTF-8 without NUL, looked
    /// at `restChunkSize` bytes at a time (on all cores), each chunk's pages let go once looked at.
    private static func isPlainUTF8(_ bytes: ByteView, from start: Int, releasing: ((Range<Int>) -> Void)?) -> Bool {
        var checked = start
        while checked < bytes.count {
            let from = checked
            guard checkPlainUTF8(bytes, through: Swift.min(checked + restChunkSize, bytes.count), checked: &checked)
            else { return false }
            releasing?(from..<checked)
        }
        return true
    }

    /// How many bytes of a file's rest `countMatches(inPlace:…checkedStart:…)` checks at a time.
    static let restChunkSize = 1 << 23

    /// The count `countMatches(inPlace:fileName:options:query:enough:)` gives for `-l` or `-q`,
    /// when the start of a large file answers it alone (`countInASCIIStart`); `nil` when it does
    /// not, and the file is then checked and counted as usual.
    public static func countMatchesInASCIIStart(
        _ bytes: ByteView, fileName: String, options: LoadOptions, query: Query, enough: Int
    ) -> MatchCount? {
        enough < .max ? countInASCIIStart(bytes, fileName: fileName, options: options, query: query,
                                          pieceSize: TextPieces.pieceSize, enough: enough) : nil
    }

    /// How long a start of a file `countInASCIIStart` reads, at most.
    static let asciiStartLength = 1 << 20

    /// `enough` matches (`-l`, `-q`) found in the first half or so of the first `length` bytes of a
    /// larger SRT or untimed text file, cut where a piece may end, when that start is ASCII without NUL, without
    /// checking the rest of the file is UTF-8; `nil` when they are not found there, and for
    /// another format or start.
    ///
    /// Exact: whatever the rest holds, the file reads as text that begins with these bytes as
    /// they are. A file that is not UTF-8 after them is read as UTF-8 with its NULs or invalid
    /// bytes replaced, or in a legacy encoding (`TextDecoder.reading`), and each of those reads
    /// a byte below 0x80 with no lead byte before it as itself; its head, judged the same way for
    /// binary data or UTF-16 (`startsLikePlainUTF8`), is the same; it decodes to at most three
    /// times its bytes, so it is not refused as too large when a third of `largestText` holds it;
    /// its format is detected from its first 4 KiB, and the rest decided from its start
    /// (`needsWholeRead`, `startsWithRollingCaptions`) is decided inside these bytes. The pieces
    /// counted here are then pieces of the decoded text too, and its count is at least theirs.
    /// What is lost is the warning that such a file was not UTF-8, as the warnings of pieces
    /// not read are with `enough`.
    static func countInASCIIStart(
        _ bytes: ByteView, fileName: String, options: LoadOptions, query: Query, pieceSize: Int, enough: Int,
        length: Int = asciiStartLength
    ) -> MatchCount? {
        guard options.encoding == nil, bytes.count > length, bytes.count <= options.largestText / 3
        else { return nil }
        let format = options.format
            ?? SubtitleFormat.detect(fileName: fileName, content: Array(bytes.prefix(SubtitleFormat.detectionLength)))
        guard format == .srt || format == .text else { return nil }
        let head = bytes.extracting(..<length)
        let pieceEnd = format == .srt ? SRTParser.pieceEnd(in: head, from: length / 2)
            : TimestampedTextParser.pieceEnd(in: head, from: length / 2)
        guard let end = pieceEnd, end < length, end >= SubtitleFormat.detectionLength else { return nil }
        let start = bytes.extracting(..<end)
        guard UTF8Validation.isASCIIWithoutNULs(start), TextDecoder.startsLikePlainUTF8(bytes),
              !PreparedText.isBlank(start) else { return nil }
        let (_, warnings) = PreparedText.format(of: bytes, fileName: fileName, options: options, isBlank: false)
        guard let counted = countInPieces(start, format: format, fileName: fileName, query: query,
                                          pieceSize: pieceSize, enough: enough, isFileStart: true),
              counted.matches >= enough else { return nil }
        return MatchCount(matches: counted.matches, format: format, encoding: TextEncoding.utf8.name,
                          warnings: warnings + counted.warnings)
    }

    static func countInPieces(
        _ text: PreparedText, query: Query, pieceSize: Int = TextPieces.pieceSize
    ) -> (cues: Int, matches: Int, warnings: [Diagnostic])? {
        text.utf8.withByteView { buffer in
            countInPieces(buffer, format: text.format, fileName: text.fileName, query: query, pieceSize: pieceSize)
        }
    }

    /// Parses and counts SRT and untimed text (valid UTF-8 without NUL) piece by piece (a small
    /// text is one piece); `nil` when the text is in another format or timestamped (read whole).
    ///
    /// With `isFileStart`, `buffer` is the start of a longer file, ending where a piece may: `nil`
    /// too unless what is decided of the whole file from its start (`needsWholeRead`,
    /// `startsWithRollingCaptions`) is decided before `buffer` ends.
    static func countInPieces(
        _ buffer: ByteView, format: SubtitleFormat, fileName: String, query: Query,
        pieceSize: Int = TextPieces.pieceSize, enough: Int = .max, isFileStart: Bool = false
    ) -> (cues: Int, matches: Int, warnings: [Diagnostic])? {
        let counted = countInPieces(buffer, format: format, fileName: fileName, query: query, pieceSize: pieceSize,
                                    enough: enough, isFileStart: isFileStart, checkedTo: buffer.count, releasing: nil)
        guard case .counted(let cues, let matches, let warnings, _) = counted else { return nil }
        return (cues, matches, warnings)
    }

    /// What `countInPieces(_:format:fileName:query:pieceSize:enough:isFileStart:checkedTo:releasing:)` found.
    enum PieceCounts {
        /// What the pieces read hold; `read` is where the last piece read ends (before the end
        /// when `enough` were found before it).
        case counted(cues: Int, matches: Int, warnings: [Diagnostic], read: Int)
        /// The text is not read in pieces: another format, a speaker scope, timestamped text.
        case notInPieces
        /// Bytes it read past those checked are not valid UTF-8 without NUL.
        case notPlainUTF8
    }

    /// `countInPieces`, on bytes checked (valid UTF-8 without NUL) only up to `checkedTo`, which
    /// ends before an ASCII byte or at the end: each piece, and each prefix of the first cues, is
    /// checked past that before it is read, and the count is `.notPlainUTF8` when one is not.
    /// With `enough`, the pieces after those read are not checked. With `releasing`, each
    /// piece's pages go once it is counted.
    static func countInPieces(
        _ buffer: ByteView, format: SubtitleFormat, fileName: String, query: Query,
        pieceSize: Int, enough: Int, isFileStart: Bool, checkedTo: Int, releasing: ((Range<Int>) -> Void)?
    ) -> PieceCounts {
        // A speaker scope needs the whole file: a turn lasts until the next label (`SpeakerTurns`).
        if format == .vtt {
            guard query.scope.speaker == nil && !isFileStart && checkedTo == buffer.count,
                  let counted = countPlainWebVTT(buffer, query: query, pieceSize: pieceSize, enough: enough)
            else { return .notInPieces }
            return .counted(cues: counted.cues, matches: counted.matches, warnings: counted.warnings, read: buffer.count)
        }
        guard format == .srt || format == .text, query.scope.speaker == nil else { return .notInPieces }
        var read = 0
        // (What decides this reads the text's lines byte by byte: the answer is let go with the
        // rest when a piece is found not plain.)
        if format == .text && TimestampedTextParser.needsWholeRead(buffer, read: &read) { return .notInPieces }
        var checkedEnd = checkedTo
        // Counting until `enough`, the file is read from a first piece of its first cues on, in
        // pieces that grow, so that what follows the first match is never laid out.
        let stopsEarly = enough < .max
        let firstPiece = Swift.min(pieceSize, firstPieceSize)
        var firstLayout = WholeLayout()
        if format == .srt {
            let rolls = startsWithRollingCaptions(
                buffer, fileName: fileName, keeping: &firstLayout, firstPrefix: stopsEarly ? firstPiece : nil,
                read: &read, checking: { checkPlainUTF8(buffer, through: $0, checked: &checkedEnd) })
            guard let rolls else { return .notPlainUTF8 }
            if rolls { return .notInPieces }
        }
        if isFileStart && read >= buffer.count { return .notInPieces }
        let unchecked = checkedEnd
        let wholeLayout = firstLayout
        let pieceEnd = { (target: Int) -> Int? in
            format == .srt ? SRTParser.pieceEnd(in: buffer, from: target)
                : TimestampedTextParser.pieceEnd(in: buffer, from: target)
        }
        let bounds = stopsEarly
            ? TextPieces.growingBoundaries(
                count: buffer.count,
                firstEnd: wholeLayout.keptEnd ?? (firstPiece >= buffer.count ? buffer.count : pieceEnd(firstPiece) ?? buffer.count),
                pieceSize: pieceSize, pieceEnd: pieceEnd)
            : TextPieces.boundaries(count: buffer.count, pieceSize: pieceSize, pieceEnd: pieceEnd)
        let inPlaceMatcher = inPlaceMatcher(for: query, forCounting: true)
        let linesAutomaton = format == .text && inPlaceMatcher == nil ? lineCountingAutomaton(for: query) : nil
        // A piece's lines matter only to the warnings of pieces after it: a plain piece's are
        // counted (`nil` here) only when a later piece has some.
        // A piece past the bytes checked is checked before it is read (`nil`); its pages go once it is counted.
        func countPiece(_ i: Int) -> (cues: Int, matches: Int, lines: Int?, warnings: WarningLog?)?? {
            if bounds[i + 1] > unchecked,
               !UTF8Validation.isValidWithoutNULsSkippingASCII(buffer.extracting(Swift.max(bounds[i], unchecked)..<bounds[i + 1])) {
                return .none
            }
            defer { releasing?(bounds[i]..<bounds[i + 1]) }
            return .some(countPlainPiece(i))
        }
        func countPlainPiece(_ i: Int) -> (cues: Int, matches: Int, lines: Int?, warnings: WarningLog?)? {
            let piece = buffer.extracting(bounds[i]..<bounds[i + 1])
            if format == .text, inPlaceMatcher != nil || linesAutomaton != nil {
                // Untimed text searched where it lies: its non-blank lines are its cues, word for
                // word. (Untimed text has no warnings, so its line count is not needed.)
                let hasCarriageReturns = piece.firstIndex(of: 0x0D) != nil
                guard let cues = hasCarriageReturns ? TimestampedTextParser.untimedCueCount(piece)
                    : TimestampedTextParser.untimedCensus(piece)?.cues else { return nil }
                if let matches = inPlaceMatcher?.countInLines(piece) { return (cues, matches, 0, nil) }
                if let linesAutomaton { return (cues, linesAutomaton.countInLines(piece), 0, nil) }
            }
            if format == .srt {
                // Plainly written SRT searched where it lies, its cues found without the parser.
                if let inPlaceMatcher, let layout = wholeLayout.layout(at: bounds[i]..<bounds[i + 1], in: buffer),
                   let matches = inPlaceMatcher.countInSpans(piece, spans: layout.spans, rewritten: layout.marked,
                                                             rewrite: { SRTParser.cleanText(piece, layout.spans[$0]) }) {
                    return (layout.spans.count, matches, nil, nil)
                }
                var warnings = WarningLog(fileName: fileName)
                var lines = 0
                let counted = countCollected(inputBytes: piece.count, query: query) { cues in
                    (warnings, lines) = SRTParser.read(piece, fileName: fileName, into: &cues)
                }
                return (counted.cues, counted.matches, lines, warnings)
            }
            var lines: Int?
            let counted = countCollected(inputBytes: piece.count, query: query) { cues in
                lines = TimestampedTextParser.readUntimed(piece, into: &cues)
            }
            return lines.map { (counted.cues, counted.matches, $0, nil) }
        }
        var cues = 0
        var matches = 0
        var lines = 0
        var uncounted: [Int] = []
        var warnings = WarningLog(fileName: fileName)
        let pieceCount = bounds.count - 1
        // With `enough`, a piece smaller than `pieceSize` at a time, then a window of pieces (one
        // per core), stopping once enough are found.
        // (Asking for the cores reads the system's files: only once a piece is that large.)
        var first = 0
        while first < pieceCount && matches < enough {
            let window = !stopsEarly ? pieceCount : bounds[first + 1] - bounds[first] < pieceSize ? 1
                : Swift.max(1, ProcessInfo.processInfo.activeProcessorCount)
            let end = Swift.min(first + window, pieceCount)
            let start = first
            let counted = TextPieces.map(end - start) { countPiece(start + $0) }
            guard counted.allSatisfy({ $0 != nil }) else { return .notPlainUTF8 }
            for (k, piece) in counted.enumerated() {
                guard let piece = piece ?? nil else { return .notInPieces }
                cues += piece.cues
                matches += piece.matches
                if let log = piece.warnings {
                    for j in uncounted { lines += SRTLayout.lines(in: buffer.extracting(bounds[j]..<bounds[j + 1])) }
                    uncounted.removeAll()
                    warnings.append(log, lineOffset: lines)
                }
                if let pieceLines = piece.lines { lines += pieceLines } else { uncounted.append(start + k) }
            }
            first = end
        }
        return .counted(cues: cues, matches: matches, warnings: warnings.all, read: bounds[first])
    }

    /// Whether SRT text is rolling captions or labelled like a transcript (merged, or its labels
    /// taken off, only by a full parse: `RollingCaptions`, `SpeakerTurns`): its first cues, up to a
    /// piece boundary past `RollingCaptions.sampledCues` of them, parsed as a whole parse reads them.
    static func startsWithRollingCaptions(_ buffer: ByteView, fileName: String) -> Bool {
        var unused = WholeLayout()
        return startsWithRollingCaptions(buffer, fileName: fileName, keeping: &unused)
    }

    /// `startsWithRollingCaptions(_:fileName:)`, keeping the layout of the last prefix it lays out
    /// (the whole of a small file), from a first prefix of about `firstPrefix` bytes
    /// (`firstPrefixSize` unless given).
    static func startsWithRollingCaptions(
        _ buffer: ByteView, fileName: String, keeping whole: inout WholeLayout, firstPrefix: Int? = nil
    ) -> Bool {
        var read = 0
        return startsWithRollingCaptions(buffer, fileName: fileName, keeping: &whole, firstPrefix: firstPrefix, read: &read)
    }

    /// `startsWithRollingCaptions(_:fileName:keeping:firstPrefix:)`, saying in `read` where the
    /// prefix it decided on ends: the answer depends on `buffer[..<read]` alone when `read < buffer.count`.
    /// With `firstPrefix`, the prefix is first the file's first `decidingCues` cues when they are
    /// plainly written and decide (so that a search that stops early lays out no more).
    static func startsWithRollingCaptions(
        _ buffer: ByteView, fileName: String, keeping whole: inout WholeLayout, firstPrefix: Int?, read: inout Int
    ) -> Bool {
        startsWithRollingCaptions(buffer, fileName: fileName, keeping: &whole, firstPrefix: firstPrefix, read: &read,
                                  checking: { _ in true }) ?? false
    }

    /// `startsWithRollingCaptions(_:fileName:keeping:firstPrefix:read:)`, asking `checking` first
    /// whether each prefix it reads, up to the offset given, is plain UTF-8; `nil` when one is not.
    static func startsWithRollingCaptions(
        _ buffer: ByteView, fileName: String, keeping whole: inout WholeLayout, firstPrefix: Int?, read: inout Int,
        checking: (Int) -> Bool
    ) -> Bool? {
        if firstPrefix != nil, let layout = SRTLayout(buffer, cueLimit: decidingCues) {
            guard checking(layout.end) else { return nil }
            let prefix = buffer.extracting(..<layout.end)
            if let decided = plainSRTRollsOrTalks(prefix, layout: layout, isWhole: layout.end == buffer.count) {
                read = layout.end
                whole.keep(layout, of: prefix, in: buffer)
                return decided
            }
        }
        var size = firstPrefix ?? firstPrefixSize(of: buffer)
        while true {
            let end = size >= buffer.count ? buffer.count : SRTParser.pieceEnd(in: buffer, from: size) ?? buffer.count
            read = end
            guard checking(end) else { return nil }
            let prefix = buffer.extracting(..<end)
            let layout = SRTLayout(prefix)
            whole.keep(layout, of: prefix, in: buffer)
            if let layout, let decided = plainSRTRollsOrTalks(prefix, layout: layout, isWhole: end == buffer.count) {
                return decided
            }
            let transcript = SRTParser.parse(prefix, fileName: fileName).transcript
            if transcript.count > RollingCaptions.sampledCues || end == buffer.count {
                return RollingCaptions.isRolling(transcript) || SpeakerTurns.isTranscriptLike(transcript)
            }
            size *= 4
        }
    }

    /// The matcher that searches text where it lies (`Matcher.countInLines`, `countInSpans`,
    /// `matchesInCues`, ...): for one keyword the byte or spelling scan takes (`Matcher.searchesInPlace`),
    /// without a scope. With `forCounting`, also one that only counts there (`Matcher.countsInPlace`:
    /// `countInSpans` and `cuesWithMatches`, with accent folding).
    static func inPlaceMatcher(for query: Query, forCounting: Bool = false) -> Matcher? {
        let keywords = query.keywords.filter { !$0.isEmpty }
        guard keywords.count == 1, query.scope.isUnrestricted, !query.wholeWords else { return nil }
        if query.ignoresAccents {
            guard forCounting else { return nil }
            let matcher = Matcher.shared(keyword: keywords[0], caseSensitive: query.caseSensitive, ignoresAccents: true)
            return matcher.countsInPlace ? matcher : nil
        }
        let matcher = Matcher.shared(keyword: keywords[0], caseSensitive: query.caseSensitive)
        return matcher.searchesInPlace ? matcher : nil
    }

    /// The automaton that counts several keywords in untimed text's lines where they lie
    /// (`KeywordAutomaton.countInLines`), as `MatchIndex.count(transcript:query:)` counts them
    /// with one: `nil` unless the query has two keywords or more, all searched by it, and no scope.
    static func lineCountingAutomaton(for query: Query) -> KeywordAutomaton? {
        let tokens = Array(query.keywords.indices.filter { !query.keywords[$0].isEmpty }.prefix(Int(UInt16.max)))
        guard tokens.count > 1, query.scope.isUnrestricted,
              let automaton = KeywordAutomaton(query: query, tokens: tokens),
              tokens.allSatisfy({ automaton.searches[$0] }) else { return nil }
        return automaton
    }

    /// The cues `fill` collects and the number of matches `MatchIndex(transcript:query:)`
    /// would find in them; for one keyword the fast matcher can take, straight from the
    /// collected bytes, without a transcript.
    static func countCollected(
        inputBytes: Int, query: Query, fill: (inout CueCollector) -> Void
    ) -> (cues: Int, matches: Int) {
        let keywords = query.keywords.filter { !$0.isEmpty }
        // The collected records below carry style numbers but not the names a style scope needs.
        guard keywords.count == 1, !query.wholeWords, !query.ignoresAccents, !query.scope.hasStyles,
              case let matcher = Matcher.shared(keyword: keywords[0], caseSensitive: query.caseSensitive),
              matcher.scansBytes else {
            let transcript = CueCollector.collect(inputBytes: inputBytes, fill)
            return (transcript.count, MatchIndex.count(transcript: transcript, query: query))
        }
        return CueCollector.withCollected(inputBytes: inputBytes, keepsSpeakers: query.scope.speaker != nil, fill) {
            bytes, records, speakers in
            // Cue times and speakers, for the scope; the text is in `bytes`.
            let cues = Transcript(storage: "", records: records, speakers: speakers)
            let inScope = query.scope.filter(for: cues)
            var matches = 0
            _ = matcher.scanBytes(bytes, records: records, text: { cue in
                Substring(String(decoding: bytes.extracting(records[cue].textStart..<records[cue].textEnd),
                                 as: UTF8.self))
            }) { cue, _ in
                if inScope(cue) { matches += 1 }
            }
            return (records.count, matches)
        }
    }
}
