import SeekBytes

/// Finds one keyword in cue texts, with results identical to `ReferenceMatcher`.
///
/// When the keyword is made only of printable ASCII and CJK unified ideographs,
/// the matcher compares bytes (folding ASCII case) and scans the whole of a
/// transcript's `storage` in one pass: candidates are the places where the keyword's two
/// rarest bytes stand at their distance apart (in both ASCII cases; a line feed for a
/// space), found sixteen places at a time (`BytePairFinder`). Any cue where Unicode could change the
/// answer goes to the reference instead: a cue holding a character that is
/// equivalent to a keyword character under Regex's rules (the Kelvin sign for a
/// `k`, a CJK compatibility ideograph for its unified twin, ...; looked for only
/// when the keyword holds such a character), and a cue where a byte match touches
/// a character that could join it into a larger grapheme cluster (a combining mark
/// after it, a prepended mark before it, the carriage return of a CR LF it starts in).
///
/// Other keywords are looked for in all the spellings of their characters (`SpellingPlan`),
/// wholly when each character has spellings of one scalar, otherwise as a piece every match
/// holds, the cues holding it going to the reference.
///
/// Whole words and accent folding (`wholeWords`, `ignoresAccents`) run the same byte scan
/// for candidates, then decide as `MatchModes` explains.
public struct Matcher: Sendable {
    public let keyword: String
    public let caseSensitive: Bool
    public var wholeWords: Bool { modes?.wholeWords ?? false }
    public var ignoresAccents: Bool { modes?.ignoresAccents ?? false }
    private let modes: MatchModes?
    private let reference: ReferenceMatcher
    private let plan: FastPlan?
    /// For other keywords: their characters' spellings, or those of a piece every match holds.
    private let spelling: SpellingPlan?
    /// For keywords without spellings: a plain ASCII piece every match must contain, to skip cues without it.
    private let prefilter: FastPlan?
    /// For other keywords: whether a cue of pure ASCII can be skipped.
    private let needsNonASCII: Bool

    public init(keyword: String, caseSensitive: Bool = false, wholeWords: Bool = false, ignoresAccents: Bool = false) {
        self.keyword = keyword
        self.caseSensitive = caseSensitive
        self.modes = wholeWords || ignoresAccents
            ? MatchModes(keyword: keyword, caseSensitive: caseSensitive, wholeWords: wholeWords,
                         ignoresAccents: ignoresAccents)
            : nil
        self.reference = ReferenceMatcher(keyword: keyword, caseSensitive: caseSensitive)
        self.plan = FastPlan(keyword: keyword, caseSensitive: caseSensitive)
        self.spelling = plan == nil ? SpellingPlan(keyword: keyword, caseSensitive: caseSensitive) : nil
        self.prefilter = plan == nil && spelling == nil
            ? Matcher.requiredPiece(of: keyword).flatMap { FastPlan(keyword: $0, caseSensitive: caseSensitive) }
            : nil
        self.needsNonASCII = plan == nil && Matcher.needsNonASCII(keyword)
    }

    /// Runs the reference on the cues that pass the prefilters.
    private func scanWithReference(
        _ transcript: Transcript, isCancelled: () -> Bool, found: (Int, Range<Int>) -> Void
    ) -> Bool {
        let storage = transcript.storage
        let records = transcript.records
        if let spelling {
            return storage.utf8.withByteView { bytes in
                spelling.scanByCue(bytes, cues: TranscriptCues(records: records), isCancelled: isCancelled) { cue, ranges, needsReference in
                    guard needsReference else { return ranges.forEach { found(cue, $0) } }
                    if needsNonASCII && !FastPlan.containsNonASCII(bytes, records[cue].textStart..<records[cue].textEnd) { return }
                    for range in reference.ranges(in: transcript.text(at: cue)) { found(cue, range) }
                }
            }
        }
        let candidates = storage.utf8.withByteView { bytes -> [Int32]? in
            var list: [Int32] = []
            if let prefilter {
                let scanned = prefilter.scan(bytes, cues: TranscriptCues(records: records), unicodeChecks: false,
                                             isCancelled: isCancelled) { cue, _ in
                    if list.last != Int32(truncatingIfNeeded: cue) { list.append(Int32(truncatingIfNeeded: cue)) }
                } fallback: { _ in }
                if scanned == nil { return nil }
            } else {
                list = (0..<Int32(truncatingIfNeeded: records.count)).map { $0 }
            }
            if needsNonASCII {
                list.removeAll { !FastPlan.containsNonASCII(bytes, records[Int($0)].textStart..<records[Int($0)].textEnd) }
            }
            return list
        }
        guard let candidates else { return false }
        for cue in candidates {
            if isCancelled() { return false }
            for range in reference.ranges(in: transcript.text(at: Int(cue))) { found(Int(cue), range) }
        }
        return true
    }

    /// Whether some character of the keyword can only be matched by text with a non-ASCII byte.
    ///
    /// A character holding a non-ASCII scalar is equal, ignoring case, to no ASCII
    /// character, except the Kelvin sign (which is a `k`).
    static func needsNonASCII(_ keyword: String) -> Bool {
        keyword.contains { character in
            character != "\u{212A}" && character.unicodeScalars.contains { !$0.isASCII }
        }
    }

    /// The longest run of the keyword's characters that are single printable ASCII scalars.
    ///
    /// Each of those characters is matched only by itself (in either ASCII case; a line
    /// break for a space), so the run's bytes appear in every match. `k` is left out:
    /// the Kelvin sign matches it.
    static func requiredPiece(of keyword: String) -> String? {
        var best = ""
        var run = ""
        for character in keyword {
            let scalars = character.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first, (0x20...0x7E).contains(scalar.value),
               scalar != "k", scalar != "K" {
                run.unicodeScalars.append(scalar)
                if run.utf8.count > best.utf8.count { best = run }
            } else {
                run = ""
            }
        }
        return best.isEmpty ? nil : best
    }

    /// Whether this keyword can use the byte-scanning fast path (results are the same either way).
    public var hasFastPath: Bool { modes?.plain.hasFastPath ?? (plan != nil) }

    /// The matches in `text`, as UTF-8 byte offsets relative to `text`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public func ranges(in text: Substring) -> [Range<Int>] {
        if let modes { return modes.ranges(in: text) }
        guard let plan else {
            if needsNonASCII, !text.utf8.contains(where: { $0 >= 0x80 }) { return [] }
            if let spelling {
                var needsReference = false
                let found = text.utf8.withByteView { bytes in
                    var found: [Range<Int>] = []
                    _ = spelling.scanByCue(bytes, cues: SingleCue(end: bytes.count), isCancelled: { false }) { _, ranges, fallback in
                        found = ranges
                        needsReference = fallback
                    }
                    return found
                }
                return needsReference ? reference.ranges(in: text) : found
            }
            if let prefilter {
                let present = text.utf8.withByteView { bytes in
                    var found = false
                    _ = prefilter.scan(bytes, cues: SingleCue(end: bytes.count), unicodeChecks: false,
                                       isCancelled: { found }) { _, _ in found = true } fallback: { _ in }
                    return found
                }
                if !present { return [] }
            }
            return reference.ranges(in: text)
        }
        let result = text.utf8.withByteView { bytes -> [Range<Int>]? in
            var found: [Range<Int>] = []
            let clean = plan.scan(bytes, cues: SingleCue(end: bytes.count), isCancelled: { false }) { _, range in
                found.append(range)
            } fallback: { _ in }
            return clean == true ? found : nil
        }
        return result ?? reference.ranges(in: text)
    }

    /// Finds every match in every cue of `transcript`, in reading order.
    ///
    /// Calls `found(cue, range)` with 0-based cue indices and UTF-8 ranges relative
    /// to the cue's text. Checks `isCancelled` between chunks of text; returns false
    /// when cancelled (some matches may have been reported).
    ///
    /// - Complexity: O(total text length); cues that need Unicode care cost what the reference costs.
    @discardableResult
    public func scan(
        _ transcript: Transcript, isCancelled: () -> Bool = { false },
        found: (Int, Range<Int>) -> Void
    ) -> Bool {
        guard !keyword.isEmpty else { return true }
        if let modes { return modes.scan(transcript, isCancelled: isCancelled, found: found) }
        guard plan != nil else { return scanWithReference(transcript, isCancelled: isCancelled, found: found) }
        let storage = transcript.storage
        return storage.utf8.withByteView { bytes in
            scanBytes(bytes, records: transcript.records, text: transcript.text(at:), isCancelled: isCancelled,
                      found: found)
        }
    }

    /// Whether `scanBytes` can search for this keyword (printable ASCII and CJK ideographs only).
    var scansBytes: Bool { plan != nil && !keyword.isEmpty && modes == nil }

    /// Whether the searches of text where it lies (`countInLines`, `countInSpans`, `cuesWithMatches`,
    /// `matchesInCues` and the lines' three) can search for this keyword: by its bytes when
    /// `scansBytes`, otherwise by its characters' spellings (`SpellingPlan`: Cyrillic, Greek, ...),
    /// the cues where those cannot decide going to the reference.
    var searchesInPlace: Bool { (plan != nil || spelling != nil) && !keyword.isEmpty && modes == nil }

    /// Whether `countInSpans` and `cuesWithMatches` can search for this keyword: when
    /// `searchesInPlace`, and for accent folding alone (`countsFoldedInPlace`).
    var countsInPlace: Bool { searchesInPlace || foldedKeywordMatcher != nil }

    /// For accent folding alone (`ignoresAccents` without `wholeWords`), the matcher of the folded
    /// keyword when it searches in place: it finds in a text folded (`AccentFolding.fold`) as many
    /// matches as this one finds in the text (`MatchModes` maps them back one for one); `nil` otherwise.
    private var foldedKeywordMatcher: Matcher? {
        guard let modes, modes.ignoresAccents, !modes.wholeWords, modes.plain.searchesInPlace else { return nil }
        return modes.plain
    }

    /// The cues lying in `text` at `spans` that folding may change (those with a byte beyond ASCII)
    /// or that `rewritten` lists, in order: the others' folded text is their bytes as they lie.
    ///
    /// - Complexity: O(n) in the length of the cues' texts.
    static func cuesFoldingMayChange(_ text: ByteView, spans: [Range<Int>], rewritten: [Int]) -> [Int] {
        let rewritten = rewritten.sorted()
        var cues: [Int] = []
        var next = 0
        for (cue, span) in spans.enumerated() {
            while next < rewritten.count && rewritten[next] < cue { next += 1 }
            if next < rewritten.count && rewritten[next] == cue || FastPlan.containsNonASCII(text, span) { cues.append(cue) }
        }
        return cues
    }

    /// The spellings' scan of the cues in `text`, handing on each cue holding a match or needing the
    /// reference with the matches' ranges in it (the reference's when it needs it); `nil` when the
    /// keyword has no spellings or `scansBytes` (the byte scan is then the one to use).
    private func spellingMatchesByCue(
        _ text: ByteView, cues: some CueBounds, cueText: (_ cue: Int) -> Substring,
        visit: (_ cue: Int, _ ranges: [Range<Int>]) -> Void
    ) -> Bool {
        guard let spelling, plan == nil, searchesInPlace else { return false }
        _ = spelling.scanByCue(text, cues: cues, isCancelled: { false }) { cue, ranges, needsReference in
            visit(cue, needsReference ? reference.ranges(in: cueText(cue)) : ranges)
        }
        return true
    }

    /// The number of matches in `text` when each of its lines (LF, CR LF or a lone CR
    /// ends one) is a cue, counted where the text lies: what `MatchIndex.count` gives
    /// on those cues. `nil` unless `searchesInPlace` and the keyword is more than spaces
    /// (spaces alone would match inside blank lines, which are no cues).
    ///
    /// - Complexity: O(n) in the length of `text`; lines that need Unicode care cost what the reference costs.
    func countInLines(_ text: ByteView) -> Int? {
        guard searchesInPlace, keyword.utf8.contains(where: { $0 != 0x20 }) else { return nil }
        var count = 0
        let line = { (start: Int) in Self.line(at: start, in: text)[...] }
        if spellingMatchesByCue(text, cues: TextLines(text: text), cueText: line, visit: { count += $1.count }) {
            return count
        }
        guard let plan = FastPlan(keyword: keyword, caseSensitive: caseSensitive, lineBreaksAreSpaces: false)
        else { return nil }
        _ = plan.scanByCue(text, cues: TextLines(text: text)) { line, matches, _, needsReference in
            count += needsReference ? reference.ranges(in: Self.line(at: line, in: text)[...]).count : matches
        }
        return count
    }

    /// The line of `text` starting at `start`, up to its line break.
    private static func line(at start: Int, in text: ByteView) -> String {
        var end = start
        while end < text.count && !LineScanner.isBreak(text[end]) { end += 1 }
        return text.string(in: start..<end)
    }

    /// The number of matches in the cues lying in `text` at `spans` (sorted, disjoint
    /// byte ranges), each cue's text being its bytes, except the cues listed in `rewritten`,
    /// whose text `rewrite` gives: what `MatchIndex.count` gives on those cues. `nil`
    /// unless `countsInPlace`.
    ///
    /// - Complexity: O(n) in the length of `text`, plus what rewritten cues and cues that
    ///   need Unicode care cost the reference.
    func countInSpans(
        _ text: ByteView, spans: [Range<Int>], rewritten: [Int], rewrite: (Int) -> String
    ) -> Int? {
        if let folded = foldedKeywordMatcher {
            let marked = Set(rewritten)
            return folded.countInSpans(
                text, spans: spans, rewritten: Self.cuesFoldingMayChange(text, spans: spans, rewritten: rewritten)
            ) { cue in
                marked.contains(cue) ? AccentFolding.fold(rewrite(cue)) : AccentFolding.fold(text.extracting(spans[cue]))
            }
        }
        guard searchesInPlace else { return nil }
        var count = 0
        visitCues(text, spans: spans, rewritten: rewritten, rewrite: rewrite) { _, matches in
            count += matches
        }
        return count
    }

    /// The cues with at least one match among those lying in `text` at `spans`, as
    /// `countInSpans` reads them (the cues in `rewritten` have the text `rewrite` gives):
    /// their indices, in order. `nil` unless `countsInPlace`.
    ///
    /// - Complexity: O(n) in the length of `text`, plus what rewritten cues and cues that
    ///   need Unicode care cost the reference.
    func cuesWithMatches(
        _ text: ByteView, spans: [Range<Int>], rewritten: [Int], rewrite: (Int) -> String
    ) -> [Int]? {
        var matches = 0
        return cuesWithMatches(text, spans: spans, rewritten: rewritten, rewrite: rewrite, counting: &matches)
    }

    /// `cuesWithMatches`, adding the number of matches in those cues (what `countInSpans` gives) to `matches`.
    func cuesWithMatches(
        _ text: ByteView, spans: [Range<Int>], rewritten: [Int], rewrite: (Int) -> String, counting matches: inout Int
    ) -> [Int]? {
        if let folded = foldedKeywordMatcher {
            let marked = Set(rewritten)
            return folded.cuesWithMatches(
                text, spans: spans, rewritten: Self.cuesFoldingMayChange(text, spans: spans, rewritten: rewritten),
                rewrite: { cue in
                    marked.contains(cue) ? AccentFolding.fold(rewrite(cue)) : AccentFolding.fold(text.extracting(spans[cue]))
                }, counting: &matches)
        }
        guard searchesInPlace else { return nil }
        var cues: [Int] = []
        var total = 0
        visitCues(text, spans: spans, rewritten: rewritten, rewrite: rewrite) { cue, found in
            if found > 0 {
                cues.append(cue)
                total += found
            }
        }
        matches += total
        return cues
    }

    /// Every match in the cues lying in `text` at `spans`, as `cuesWithMatches` reads those cues
    /// (the cues in `rewritten` have the text `rewrite` gives): `found(cue, range)` in order, the
    /// range in UTF-8 bytes of the cue's text, as `scan(_:found:)` finds them in a transcript of
    /// those cues. `false`, having found nothing, unless `searchesInPlace`.
    ///
    /// - Complexity: O(n) in the length of `text`, plus what rewritten cues and cues that
    ///   need Unicode care cost the reference.
    func matchesInCues(
        _ text: ByteView, spans: [Range<Int>], rewritten: [Int], rewrite: (Int) -> String,
        found: (_ cue: Int, _ range: Range<Int>) -> Void
    ) -> Bool {
        guard searchesInPlace else { return false }
        let length = keyword.utf8.count
        let rewritten = rewritten.sorted()
        // (No nested function capturing the index: see `FastPlan.WaitingCue`.)
        var nextRewritten = 0
        let cueText = { (cue: Int) in text.string(in: spans[cue])[...] }
        if spellingMatchesByCue(text, cues: CueSpans(spans), cueText: cueText, visit: { cue, ranges in
            nextRewritten = findInRewritten(rewritten, from: nextRewritten, before: cue, rewrite: rewrite, found: found)
            if nextRewritten < rewritten.count && rewritten[nextRewritten] == cue { return }
            for range in ranges { found(cue, range) }
        }) {
            _ = findInRewritten(rewritten, from: nextRewritten, before: Int.max, rewrite: rewrite, found: found)
            return true
        }
        guard let plan else { return false }
        _ = plan.scanByCue(text, cues: CueSpans(spans), keepingStarts: true) { cue, _, starts, needsReference in
            nextRewritten = findInRewritten(rewritten, from: nextRewritten, before: cue, rewrite: rewrite, found: found)
            if nextRewritten < rewritten.count && rewritten[nextRewritten] == cue { return }
            if needsReference {
                for range in reference.ranges(in: text.string(in: spans[cue])[...]) { found(cue, range) }
            } else {
                starts.forEachValue { found(cue, Int($0)..<Int($0) + length) }
            }
        }
        _ = findInRewritten(rewritten, from: nextRewritten, before: Int.max, rewrite: rewrite, found: found)
        return true
    }

    /// Hands on the matches in the cues of `rewritten` from index `first` that come before `cue`,
    /// in the text `rewrite` gives; returns the index of the next one.
    private func findInRewritten(
        _ rewritten: [Int], from first: Int, before cue: Int, rewrite: (Int) -> String,
        found: (_ cue: Int, _ range: Range<Int>) -> Void
    ) -> Int {
        var next = first
        while next < rewritten.count && rewritten[next] < cue {
            for range in ranges(in: rewrite(rewritten[next])[...]) { found(rewritten[next], range) }
            next += 1
        }
        return next
    }

    /// Hands on each cue lying in `text` at `spans` that holds a match or that `rewritten` lists,
    /// in order, with its number of matches (a cue in `rewritten` has the text `rewrite` gives).
    private func visitCues(
        _ text: ByteView, spans: [Range<Int>], rewritten: [Int],
        rewrite: (Int) -> String, visit: (_ cue: Int, _ matches: Int) -> Void
    ) {
        let rewritten = rewritten.sorted()
        // (No nested function capturing the index: see `FastPlan.WaitingCue`.)
        var nextRewritten = 0
        let cueText = { (cue: Int) in text.string(in: spans[cue])[...] }
        if spellingMatchesByCue(text, cues: CueSpans(spans), cueText: cueText, visit: { cue, ranges in
            nextRewritten = visitRewritten(rewritten, from: nextRewritten, before: cue, rewrite: rewrite, visit: visit)
            if nextRewritten < rewritten.count && rewritten[nextRewritten] == cue { return }
            visit(cue, ranges.count)
        }) {
            _ = visitRewritten(rewritten, from: nextRewritten, before: Int.max, rewrite: rewrite, visit: visit)
            return
        }
        guard let plan else { return }
        _ = plan.scanByCue(text, cues: CueSpans(spans)) { cue, matches, _, needsReference in
            nextRewritten = visitRewritten(rewritten, from: nextRewritten, before: cue, rewrite: rewrite, visit: visit)
            if nextRewritten < rewritten.count && rewritten[nextRewritten] == cue { return }
            visit(cue, needsReference ? ranges(in: text.string(in: spans[cue])[...]).count : matches)
        }
        _ = visitRewritten(rewritten, from: nextRewritten, before: Int.max, rewrite: rewrite, visit: visit)
    }

    /// Hands on the cues of `rewritten` from index `first` that come before `cue`, with their
    /// numbers of matches in the text `rewrite` gives; returns the index of the next one.
    private func visitRewritten(
        _ rewritten: [Int], from first: Int, before cue: Int, rewrite: (Int) -> String,
        visit: (_ cue: Int, _ matches: Int) -> Void
    ) -> Int {
        var next = first
        while next < rewritten.count && rewritten[next] < cue {
            visit(rewritten[next], ranges(in: rewrite(rewritten[next])[...]).count)
            next += 1
        }
        return next
    }

    /// The starts of the lines of `text` with at least one match, each line a cue as
    /// `countInLines` reads them, in order. `nil` when `countInLines` would be.
    ///
    /// - Complexity: O(n) in the length of `text`; lines that need Unicode care cost what the reference costs.
    func linesWithMatches(_ text: ByteView) -> [Int]? {
        var matches = 0
        return linesWithMatches(text, counting: &matches)
    }

    /// `linesWithMatches(_:)`, adding the number of matches in those lines to `matches`; `nil`
    /// too (the lines found so far let go, no more kept) when more than `limit` lines match.
    func linesWithMatches(_ text: ByteView, counting matches: inout Int, limit: Int = .max) -> [Int]? {
        guard searchesInPlace, keyword.utf8.contains(where: { $0 != 0x20 }) else { return nil }
        var kept = KeptLines(limit: limit)
        let line = { (start: Int) in Self.line(at: start, in: text)[...] }
        if !spellingMatchesByCue(text, cues: TextLines(text: text), cueText: line, visit: { start, ranges in
            kept.keep(start, matches: ranges.count)
        }) {
            guard let plan = FastPlan(keyword: keyword, caseSensitive: caseSensitive, lineBreaksAreSpaces: false)
            else { return nil }
            _ = plan.scanByCue(text, cues: TextLines(text: text)) { line, matches, _, needsReference in
                kept.keep(line, matches: needsReference ? reference.ranges(in: Self.line(at: line, in: text)[...]).count
                          : matches)
            }
        }
        if kept.isOverLimit { return nil }
        matches += kept.found
        return kept.starts
    }

    /// The lines `linesWithMatches` keeps, and their matches: a value its visits change in place
    /// (a local function over local variables, called from the visits, had each of its accesses
    /// checked at run time: four calls into the runtime a matching line).
    private struct KeptLines {
        let limit: Int
        var starts: [Int] = []
        var found = 0
        var isOverLimit = false

        /// Keeps a line with `inLine` matches (none: nothing kept); past `limit` lines, lets all go.
        mutating func keep(_ line: Int, matches inLine: Int) {
            guard inLine > 0, !isOverLimit else { return }
            guard starts.count < limit else {
                isOverLimit = true
                starts = []
                return
            }
            starts.append(line)
            found += inLine
        }
    }

    /// Every match in the lines of `text`, each line a cue as `linesWithMatches` reads them:
    /// `found(lineStart, range)` in order, the range in UTF-8 bytes of the line, as `scan(_:found:)`
    /// finds them in a transcript of those lines. `false`, having found nothing, when
    /// `linesWithMatches` would be `nil`.
    ///
    /// - Complexity: O(n) in the length of `text`; lines that need Unicode care cost what the reference costs.
    func matchesInLines(_ text: ByteView, found: (_ lineStart: Int, _ range: Range<Int>) -> Void) -> Bool {
        guard searchesInPlace, keyword.utf8.contains(where: { $0 != 0x20 }) else { return false }
        let line = { (start: Int) in Self.line(at: start, in: text)[...] }
        if spellingMatchesByCue(text, cues: TextLines(text: text), cueText: line, visit: { start, ranges in
            for range in ranges { found(start, range) }
        }) {
            return true
        }
        guard let plan = FastPlan(keyword: keyword, caseSensitive: caseSensitive, lineBreaksAreSpaces: false)
        else { return false }
        let length = keyword.utf8.count
        _ = plan.scanByCue(text, cues: TextLines(text: text), keepingStarts: true) { line, _, starts, needsReference in
            if needsReference {
                for range in reference.ranges(in: Self.line(at: line, in: text)[...]) { found(line, range) }
            } else {
                starts.forEachValue { found(line, Int($0)..<Int($0) + length) }
            }
        }
        return true
    }

    /// `scan` over cue texts held in `bytes` (valid UTF-8) at the ranges of `records`;
    /// `text` gives a cue's text for the reference. Only when `scansBytes`.
    ///
    /// Matches are handed on cue by cue as the scan leaves each cue, so only one cue's
    /// matches wait (for a cue that turns out to need the reference, which replaces them).
    func scanBytes(
        _ bytes: ByteView, records: CueRecords, text: (Int) -> Substring,
        isCancelled: () -> Bool = { false }, found: (Int, Range<Int>) -> Void
    ) -> Bool {
        guard let plan else { return true }
        let length = keyword.utf8.count
        return plan.scanByCue(bytes, cues: TranscriptCues(records: records), keepingStarts: true,
                              isCancelled: isCancelled) { cue, _, starts, needsReference in
            if needsReference {
                for range in reference.ranges(in: text(cue)) { found(cue, range) }
            } else {
                starts.forEachValue { found(cue, Int($0)..<Int($0) + length) }
            }
        } != nil
    }
}

/// Where cues lie in a buffer of text: sorted, disjoint byte ranges, found walking forward.
protocol CueBounds {
    /// The cue that holds all of `range`, as an identifier and its bytes; `nil` when no
    /// cue does. Each call asks for a range starting no earlier than the last one's.
    mutating func cue(holding range: Range<Int>) -> (id: Int, bounds: Range<Int>)?
}

struct SingleCue: CueBounds {
    let end: Int
    func cue(holding range: Range<Int>) -> (id: Int, bounds: Range<Int>)? {
        range.upperBound <= end ? (0, 0..<end) : nil
    }
}

/// A transcript's cues in its storage; identifiers are cue indices.
struct TranscriptCues: CueBounds {
    let records: CueRecords
    private var next = 0
    /// The text range of cue `next`, read once from its packed columns (many matches ask for the same cue).
    private var bounds: Range<Int>?

    init(records: CueRecords) { self.records = records }

    mutating func cue(holding range: Range<Int>) -> (id: Int, bounds: Range<Int>)? {
        while next < records.count {
            let current = bounds ?? records.textRange(at: next)
            bounds = current
            if current.upperBound >= range.upperBound {
                return current.lowerBound <= range.lowerBound ? (next, current) : nil
            }
            next += 1
            bounds = nil
        }
        return nil
    }
}

/// The lines of a text, each a cue (LF, CR LF and a lone CR end a line), found only
/// where asked; identifiers are the lines' starts.
struct TextLines: CueBounds {
    let text: ByteView
    private var current: Range<Int>?

    init(text: ByteView) { self.text = text }

    mutating func cue(holding range: Range<Int>) -> (id: Int, bounds: Range<Int>)? {
        if let current, current.lowerBound <= range.lowerBound, range.lowerBound <= current.upperBound {
            return range.upperBound <= current.upperBound ? (current.lowerBound, current) : nil
        }
        var start = range.lowerBound
        while start > 0 && !LineScanner.isBreak(text[start - 1]) { start -= 1 }
        var end = range.lowerBound
        while end < text.count && !LineScanner.isBreak(text[end]) { end += 1 }
        current = start..<end
        return range.upperBound <= end ? (start, start..<end) : nil
    }
}

/// The byte-level search for keywords of printable ASCII and CJK unified ideographs.
struct FastPlan: Sendable {
    /// The keyword's bytes, ASCII letters lowered when folding case.
    let bytes: [UInt8]
    /// Text byte -> comparable byte: ASCII case folded (when asked) and `\n` read as a space.
    let fold: [UInt8]
    /// Two positions in the keyword whose bytes are rarest (at least two bytes apart when
    /// possible, so they are less often parts of the same character), used to find candidates.
    let first: Int
    let second: Int
    /// Whether text characters with other bytes can equal a keyword character, so that
    /// cues holding them must be looked for before the byte scan.
    let hasEquivalents: Bool
    /// For a long keyword, the Knuth–Morris–Pratt failure table over `bytes`: candidates are
    /// then found in one pass that never re-reads text, so the scan stays linear whatever the
    /// text (checking each place of the rarest byte costs up to the keyword's length).
    let failure: [Int32]?

    /// The keyword length (bytes) from which the scan uses `failure`.
    static let linearScanLength = 24

    /// - Parameter lineBreaksAreSpaces: whether a space in the keyword matches a line
    ///   feed, as inside a cue; not when the text's lines are its cues.
    init?(keyword: String, caseSensitive: Bool, lineBreaksAreSpaces: Bool = true) {
        guard !keyword.isEmpty,
              keyword.unicodeScalars.allSatisfy({ FastPlan.isPlainKeywordScalar($0.value) }) else { return nil }
        var fold = (0...255).map { UInt8($0) }
        if !caseSensitive { for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { fold[Int(byte)] = byte | 0x20 } }
        if lineBreaksAreSpaces { fold[0x0A] = 0x20 }
        self.fold = fold
        let bytes = keyword.utf8.map { fold[Int($0)] }
        self.bytes = bytes
        let ranked = bytes.indices.sorted {
            (FastPlan.rank(bytes[$0]), $0) < (FastPlan.rank(bytes[$1]), $1)
        }
        first = ranked[0]
        let apart = ranked.first { abs($0 - ranked[0]) >= 2 }
        second = apart ?? (ranked.count > 1 ? ranked[1] : ranked[0])
        hasEquivalents = keyword.unicodeScalars.contains(where: FastPlan.hasEquivalents)
        failure = bytes.count >= FastPlan.linearScanLength ? FastPlan.failureTable(bytes) : nil
    }

    /// `table[i]`: the length of the longest proper prefix of `bytes[...i]` that is also its suffix.
    static func failureTable(_ bytes: [UInt8]) -> [Int32] {
        var table = [Int32](repeating: 0, count: bytes.count)
        var length = 0
        for i in 1..<max(1, bytes.count) {
            while length > 0 && bytes[i] != bytes[length] { length = Int(table[length - 1]) }
            if bytes[i] == bytes[length] { length += 1 }
            table[i] = Int32(length)
        }
        return table
    }

    /// The start of the first match at or after `start` and before `limit` (a match may end past
    /// `limit`), found with `failure`; `limit` when there is none.
    ///
    /// - Complexity: O(bytes read), each text byte read once.
    private func linearFind(_ text: ByteView, from start: Int, to limit: Int, failure: [Int32]) -> Int {
        bytes.withByteView { keyword in
            fold.withByteView { fold in
                let length = keyword.count
                var state = 0
                var i = start
                while i < text.count {
                    if i - state >= limit { return limit }
                    let byte = fold[Int(text[i])]
                    while state > 0 && keyword[state] != byte { state = Int(failure[state - 1]) }
                    if keyword[state] == byte { state += 1 }
                    i += 1
                    if state == length { return i - length }
                }
                return limit
            }
        }
    }

    /// Whether a character other than `scalar` itself equals it under Regex's rules.
    ///
    /// Among printable ASCII only `K` (the Kelvin sign), `;` (the Greek question mark)
    /// and `` ` `` (the Greek varia) have canonical equivalents; some CJK unified
    /// ideographs have compatibility twins.
    static func hasEquivalents(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "k", "K", ";", "`": return true
        case "\u{3400}"...: return CompatibilityIdeographs.twinned.contains(scalar.value)
        default: return false
        }
    }

    static func isPlainKeywordScalar(_ value: UInt32) -> Bool {
        (0x20...0x7E).contains(value) || (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
    }

    /// A rough frequency rank of a byte in subtitle text (higher is more common).
    static func rank(_ byte: UInt8) -> Int {
        switch byte {
        case 0x20: return 100
        case UInt8(ascii: "e"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "o"): return 90
        case UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "s"), UInt8(ascii: "r"), UInt8(ascii: "h"): return 80
        case UInt8(ascii: "l"), UInt8(ascii: "d"), UInt8(ascii: "u"), UInt8(ascii: "c"), UInt8(ascii: "m"): return 70
        case UInt8(ascii: "w"), UInt8(ascii: "y"), UInt8(ascii: "f"), UInt8(ascii: "g"), UInt8(ascii: "p"): return 60
        case UInt8(ascii: "b"), UInt8(ascii: "v"), UInt8(ascii: "k"), UInt8(ascii: "."), UInt8(ascii: ","): return 50
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: ">"): return 45
        case 0xE0...0xEF: return 35
        case 0x80...0xBF: return 25
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return 20
        default: return 10
        }
    }

    /// Scans `text`, reporting matches of cues that need no Unicode care and the cues that do.
    ///
    /// A cue reported through `fallback` must be searched with the reference; its
    /// matches may also have been reported through `found` and must be dropped.
    /// Returns `nil` when cancelled, otherwise whether no cue needed the fallback.
    ///
    /// Without `unicodeChecks` it reports every byte match and no fallback: a prefilter.
    /// Without `marksRiskyCues` the caller has found the cues `markRiskyCues` reports.
    func scan(
        _ text: ByteView, cues: some CueBounds, unicodeChecks: Bool = true,
        marksRiskyCues: Bool = true,
        isCancelled: () -> Bool, found: (Int, Range<Int>) -> Void, fallback: (Int) -> Void
    ) -> Bool? {
        if isCancelled() { return nil }
        var clean = true
        if unicodeChecks, marksRiskyCues, hasEquivalents,
           !markRiskyCues(text, cues: cues, isCancelled: isCancelled, fallback: { clean = false; fallback($0) }) {
            return nil
        }
        let count = text.count
        let length = bytes.count
        guard count >= length else { return clean }
        let pairs = BytePairFinder(pairByte(first), pairByte(second))
        let lastStart = count - length
        var cues = cues
        var position = 0
        var nextCancelCheck = 1 << 22
        while position <= lastStart {
            if position >= nextCancelCheck {
                if isCancelled() { return nil }
                nextCancelCheck = position + 1 << 22
            }
            let limit = min(lastStart, nextCancelCheck) + 1
            if let failure {
                position = linearFind(text, from: position, to: limit, failure: failure)
            } else {
                position = pairs.next(in: text, from: position, to: limit)
            }
            if position == limit { continue }
            guard isMatch(text, at: position) else {
                position += 1
                continue
            }
            guard let (cue, bounds) = cues.cue(holding: position..<position + length) else {
                position += 1
                continue
            }
            if unicodeChecks, !FastPlan.isOnBoundaries(text, start: position, end: position + length, within: bounds) {
                clean = false
                fallback(cue)
            }
            found(cue, (position - bounds.lowerBound)..<(position - bounds.lowerBound + length))
            position += length
        }
        return clean
    }

    /// How `BytePairFinder` compares text bytes with the keyword byte at `offset`: ASCII
    /// case folded with an OR, and a line feed for a space where it reads as one.
    private func pairByte(_ offset: Int) -> BytePairFinder.Byte {
        let byte = bytes[offset]
        if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") && fold[Int(byte & ~0x20)] == byte {
            return BytePairFinder.Byte(offset: offset, orMask: 0x20, target: byte)
        }
        if byte == 0x20 { return BytePairFinder.Byte(offset: offset, target: 0x20, alternative: fold[0x0A] == 0x20 ? 0x0A : 0x20) }
        return BytePairFinder.Byte(offset: offset, target: byte)
    }

    @inline(__always)
    private func isMatch(_ text: ByteView, at start: Int) -> Bool {
        bytes.withByteView { keyword in
            fold.withByteView { fold in
                for i in 0..<keyword.count where fold[Int(text[start + i])] != keyword[i] { return false }
                return true
            }
        }
    }

    /// Scans `text` as `scan` does, handing on each cue that holds a byte match or needs the
    /// reference once the scan has left it: its identifier, its number of byte matches, their
    /// starts in the cue (with `keepingStarts`), and whether the reference must search it
    /// instead. Only one cue's matches wait at a time, whatever the number of matches.
    ///
    /// - Returns: `nil` when cancelled.
    func scanByCue(
        _ text: ByteView, cues: some CueBounds, keepingStarts: Bool = false,
        isCancelled: () -> Bool = { false },
        visit: (_ cue: Int, _ matches: Int, _ starts: PackedIntegers, _ needsReference: Bool) -> Void
    ) -> Bool? {
        // Cues holding a character some keyword character could equal, known before the scan.
        var marked = PackedIntegers()
        if hasEquivalents {
            guard markRiskyCues(text, cues: cues, isCancelled: isCancelled, fallback: { marked.append(Int64($0)) })
            else { return nil }
        }
        let risky = marked
        // One value the scan's closures change (a nested function they called, capturing each
        // variable apart, made every access a checked one: a tenth of a count's instructions).
        var waiting = WaitingCue(needsReference: false)
        let finished = scan(text, cues: cues, marksRiskyCues: false, isCancelled: isCancelled) { found, range in
            if found != waiting.cue { waiting.move(to: found, risky: risky, visit: visit) }
            waiting.matches += 1
            if keepingStarts && !waiting.needsReference { waiting.starts.append(Int64(range.lowerBound)) }
        } fallback: { fallback in
            if fallback != waiting.cue { waiting.move(to: fallback, risky: risky, visit: visit) }
            waiting.needsReference = true
        }
        guard finished != nil else { return nil }
        waiting.move(to: nil, risky: risky, visit: visit)
        return true
    }

    /// The cue whose matches `scanByCue` holds until the scan leaves it, and the risky cues
    /// handed on so far.
    private struct WaitingCue {
        var cue: Int?
        var matches = 0
        var starts = PackedIntegers()
        var needsReference: Bool
        var nextRisky = 0

        /// Hands on the cue left and the risky cues before `next` (all that are left when `nil`).
        mutating func move(
            to next: Int?, risky: PackedIntegers,
            visit: (_ cue: Int, _ matches: Int, _ starts: PackedIntegers, _ needsReference: Bool) -> Void
        ) {
            if let cue { visit(cue, matches, starts, needsReference) }
            while nextRisky < risky.count, next.map({ Int(risky[nextRisky]) < $0 }) ?? true {
                let riskyCue = Int(risky[nextRisky])
                if cue.map({ riskyCue > $0 }) ?? true { visit(riskyCue, 0, PackedIntegers(), true) }
                nextRisky += 1
            }
            cue = next
            matches = 0
            // (Made anew only when it holds starts: putting an empty one in its place costs
            // the releases of its storage, at every cue.)
            if starts.count > 0 { starts = PackedIntegers() }
            needsReference = next != nil && nextRisky < risky.count && Int(risky[nextRisky]) == next
        }
    }

    /// Reports cues holding a character some keyword character could equal.
    ///
    /// Regex compares characters up to case and canonical equivalence: the Kelvin sign
    /// is a `k`, the Greek question mark a `;`, the varia a `` ` ``, and CJK compatibility
    /// ideographs (U+F900–U+FAFF, U+2F800–U+2FA1F) equal unified ones. (A carriage
    /// return matters only at a match's start, where `isOnBoundaries` looks.)
    func markRiskyCues(
        _ text: ByteView, cues: some CueBounds, isCancelled: () -> Bool,
        fallback: (Int) -> Void
    ) -> Bool {
        let count = text.count
        var position = 0
        var cues = cues
        var nextCancelCheck = 1 << 22
        while position < count {
            if position >= nextCancelCheck {
                if isCancelled() { return false }
                nextCancelCheck = position + 1 << 22
            }
            if position + 8 <= count {
                let word = text.loadWord(at: position)
                if word & 0x8080_8080_8080_8080 == 0
                    || WordBytes.mayBeZero(word ^ 0xCDCD_CDCD_CDCD_CDCD) | WordBytes.mayBeZero(word ^ 0xE1E1_E1E1_E1E1_E1E1)
                        | WordBytes.mayBeZero(word ^ 0xE2E2_E2E2_E2E2_E2E2) | WordBytes.mayBeZero(word ^ 0xEFEF_EFEF_EFEF_EFEF)
                        | WordBytes.mayBeZero(word ^ 0xF0F0_F0F0_F0F0_F0F0) == 0 {
                    position += 8
                    continue
                }
            }
            let byte = text[position]
            var risky = false
            switch byte {
            case 0xCD:
                risky = position + 1 < count && text[position + 1] == 0xBE
            case 0xE1:
                risky = position + 2 < count && text[position + 1] == 0xBF && text[position + 2] == 0xAF
            case 0xE2:
                risky = position + 2 < count && text[position + 1] == 0x84 && text[position + 2] == 0xAA
            case 0xEF:
                risky = position + 1 < count && (0xA4...0xAB).contains(text[position + 1])
            case 0xF0:
                risky = position + 2 < count && text[position + 1] == 0xAF && (0xA0...0xA8).contains(text[position + 2])
            default:
                break
            }
            if risky, let (cue, bounds) = cues.cue(holding: position..<position + 1) {
                fallback(cue)
                position = bounds.upperBound
                continue
            }
            position += 1
        }
        return true
    }

    /// Whether a byte match is a whole run of grapheme clusters in its cue.
    ///
    /// The keyword starts and ends with base characters, so only a prepended mark
    /// before the match or an extending mark after it could join it to its
    /// neighbours, or a carriage return before a line feed the match starts with (a
    /// space in the keyword matches a line feed, but CR LF is one character). Marks
    /// are judged conservatively: anything not known to be safe sends the cue to the
    /// reference.
    ///
    /// A keyword starting with a letter without case (`marksMayJoin`: Thai, Devanagari, ...) may start
    /// with a consonant that an Indic virama and the marks after it join to the one before, so any mark
    /// or format character before the match sends the cue to the reference, and a letter of any script
    /// (which joins nothing after it but a jamo) does not.
    static func isOnBoundaries(
        _ text: ByteView, start: Int, end: Int, within bounds: Range<Int>, marksMayJoin: Bool = false
    ) -> Bool {
        if start > bounds.lowerBound, text[start] == 0x0A, text[start - 1] == 0x0D { return false }
        if start > bounds.lowerBound, text[start - 1] >= 0x80 {
            var lead = start - 1
            while lead > bounds.lowerBound && text[lead] & 0xC0 == 0x80 { lead -= 1 }
            let value = FastPlan.decode(text, at: lead)
            if marksMayJoin {
                if !isSafeLeader(value) { return false }
            } else if (0x0600...0x0DFF).contains(value) || value >= 0x11000 {
                return false
            }
        }
        if end < bounds.upperBound, text[end] >= 0x80 {
            return FastPlan.isSafeFollower(FastPlan.decode(text, at: end))
        }
        return true
    }

    static func containsNonASCII(_ text: ByteView, _ range: Range<Int>) -> Bool {
        var position = range.lowerBound
        while position + 8 <= range.upperBound {
            if text.loadWord(at: position) & 0x8080_8080_8080_8080 != 0 { return true }
            position += 8
        }
        while position < range.upperBound {
            if text[position] >= 0x80 { return true }
            position += 1
        }
        return false
    }

    /// The scalar whose UTF-8 starts at `index` (U+FFFD where none does), by the standard library's parser.
    static func decode(_ text: ByteView, at index: Int) -> UInt32 {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = text[index..<min(index + 4, text.count)].makeIterator()
        guard case .valid(let encoded) = parser.parseScalar(from: &bytes) else { return 0xFFFD }
        return Unicode.UTF8.decode(encoded).value
    }

    /// Characters that join no character after them but a jamo, a mark, or what a virama joins (a
    /// letter, number, punctuation, symbol or space below U+11000, none of them a leading jamo,
    /// prepended or extending, as the halfwidth voiced sound marks are), for `isOnBoundaries` when a keyword starts with a letter without case.
    ///
    /// The scalars most often found before such a keyword's matches (kana, CJK ideographs and
    /// punctuation, fullwidth forms, Hangul syllables, Thai, Hebrew and Arabic letters) are told
    /// by their ranges; any other by the standard library's properties (`isSafeLeaderByProperties`),
    /// which cost about 330 instructions a property on this standard library: 58M of the 652M of
    /// 20 MB of Japanese printed. The ranges change no answer (a test asks both ways of every scalar).
    static func isSafeLeader(_ value: UInt32) -> Bool {
        switch value {
        case 0x4E00...0x9FFF, 0x3041...0x3096, 0x309B...0x30FF, 0x3000...0x3029, 0x3030...0x303F,
             0x3400...0x4DBF, 0xFF01...0xFF9D, 0xAC00...0xD7A3, 0x0E01...0x0E30, 0x05D0...0x05EA, 0x0620...0x064A:
            return true
        default:
            return isSafeLeaderByProperties(value)
        }
    }

    /// `isSafeLeader` by the scalar's properties.
    static func isSafeLeaderByProperties(_ value: UInt32) -> Bool {
        guard value < 0x11000, let scalar = Unicode.Scalar(value), !CharacterSpellings.joinsWhatFollows(scalar),
              !scalar.properties.isGraphemeExtend else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator:
            return true
        default:
            return false
        }
    }

    /// Characters that never extend the grapheme cluster before them (a short, safe list: with the
    /// Thai, Lao, Hebrew and Arabic letters and the Hangul syllables, which a keyword's last character
    /// never joins, `CharacterSpellings.joinsWhatFollows`).
    static func isSafeFollower(_ value: UInt32) -> Bool {
        switch value {
        case 0x0E01...0x0E30, 0x0E32, 0x0E3F...0x0E46, 0x0E4F...0x0E5B,
             0x0E81...0x0EB0, 0x0EB2, 0x0EBD...0x0EC4, 0x0EC6, 0x0ED0...0x0EDF,
             0x05D0...0x05EA, 0x05EF...0x05F4, 0x0620...0x064A, 0x0671...0x06D3, 0x06D5,
             0xAC00...0xD7A3:
            return true
        case 0xA0...0x2FF, 0x370...0x3FF, 0x400...0x482, 0x48A...0x52F,
             0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0,
             0x3000...0x3029, 0x3030...0x3096, 0x309B...0x30FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF01...0xFF9D,
             0x1F300...0x1F3FA, 0x1F400...0x1FAFF:
            return true
        default:
            return false
        }
    }
}
