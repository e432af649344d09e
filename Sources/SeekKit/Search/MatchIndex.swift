/// One match: where it is and which keyword found it.
public struct Match: Hashable, Sendable {
    /// 1-based position in reading order among all matches in scope.
    public var position: Int
    /// 0-based index of the cue it is in.
    public var cue: Int
    /// UTF-8 byte offsets into the cue's text.
    public var range: Range<Int>
    /// Index into the query's keywords of the keyword that matched.
    public var token: Int

    public init(position: Int, cue: Int, range: Range<Int>, token: Int) {
        self.position = position
        self.cue = cue
        self.range = range
        self.token = token
    }
}

/// All matches of a query in a transcript, numbered 1…N in reading order.
///
/// Stored as four `PackedIntegers` columns (cue, start, length, keyword), no per-match
/// objects: cues climb and a keyword's matches have one length, so a match costs one or two
/// bytes (a file of `a a a …` searched for `a`: about 1.3 bytes a match). Positions map to
/// matches in O(1) and cues to positions in O(log n).
public struct MatchIndex: Sendable {
    public let query: Query
    private var cues = PackedIntegers()
    private var starts = PackedIntegers()
    private var lengths = PackedIntegers()
    private var tokens = PackedIntegers()

    /// An index with no matches.
    public init(query: Query = Query(keywords: [])) {
        self.query = query
    }

    /// Searches the whole transcript.
    ///
    /// - Complexity: O(total text length) for all plain keywords together (`KeywordAutomaton`)
    ///   and per other keyword, plus O(m log k) to merge the matches of k keywords searched
    ///   on their own.
    public init(transcript: Transcript, query: Query) {
        self = MatchIndex.build(transcript: transcript, query: query, isCancelled: { false }) ?? MatchIndex(query: query)
    }

    /// Searches the transcript, checking `isCancelled` between chunks of text; `nil` when cancelled.
    ///
    /// Matches of several keywords merge into one numbering: where two overlap, the
    /// one that starts first wins (ties: the longer, then the earlier keyword).
    public static func build(
        transcript: Transcript, query: Query, isCancelled: () -> Bool
    ) -> MatchIndex? {
        var index = MatchIndex(query: query)
        guard !query.isEmpty, !transcript.isEmpty else { return index }
        let inScope = query.scope.filter(for: transcript)
        let tokens = query.keywords.indices.filter { !query.keywords[$0].isEmpty }.prefix(Int(UInt16.max))
        if tokens.count == 1, let token = tokens.first {
            let matcher = query.matcher(for: token)
            var found = 0
            let finished = matcher.scan(transcript, isCancelled: isCancelled) { cue, range in
                if inScope(cue) {
                    index.append(cue: cue, range: range, token: token)
                    found &+= 1
                    if found & 4095 == 0 { index.reserveAhead(cue: cue, in: transcript) }
                }
            }
            return finished ? index : nil
        }
        // Plain keywords in one pass (`KeywordAutomaton`), the others one pass each; each pass
        // gives its matches in order (`MatchOrder`), so several passes merge without sorting.
        let automaton = KeywordAutomaton(query: query, tokens: tokens)
        let alone = tokens.filter { automaton?.searches[$0] != true }
        var merged = OverlapFilter()
        if let automaton, alone.isEmpty {
            var found = 0
            let finished = automaton.scan(transcript, inScope: inScope, isCancelled: isCancelled) { cue, range, token in
                merged.offer(cue: cue, range: range, token: token, into: &index)
                found &+= 1
                if found & 4095 == 0 { index.reserveAhead(cue: cue, in: transcript) }
            }
            return finished && !isCancelled() ? index : nil
        }
        var runs: [MatchIndex] = []
        if let automaton {
            var run = MatchIndex(query: query)
            let finished = automaton.scan(transcript, inScope: inScope, isCancelled: isCancelled) { cue, range, token in
                run.append(cue: cue, range: range, token: token)
            }
            if !finished { return nil }
            runs.append(run)
        }
        for token in alone {
            var run = MatchIndex(query: query)
            let matcher = query.matcher(for: token)
            let finished = matcher.scan(transcript, isCancelled: isCancelled) { cue, range in
                if inScope(cue) { run.append(cue: cue, range: range, token: token) }
            }
            if !finished { return nil }
            if !run.isEmpty { runs.append(run) }
        }
        if isCancelled() { return nil }
        var heads = RunHeads(runs)
        while let (run, position) = heads.popFirst() {
            let match = runs[run][position]
            merged.offer(cue: match.cue, range: match.range, token: match.token, into: &index)
        }
        return index
    }

    /// The number of matches, `MatchIndex(transcript:query:).count`, without keeping them where it
    /// can: one keyword over the whole transcript, or several that the automaton searches together
    /// (their matches counted as `build` merges them, overlaps left out). Other queries build the index.
    ///
    /// - Complexity: O(total text length) per keyword, or for all plain keywords together.
    public static func count(transcript: Transcript, query: Query) -> Int {
        let tokens = query.keywords.indices.filter { !query.keywords[$0].isEmpty }.prefix(Int(UInt16.max))
        if tokens.count == 1, query.scope.isUnrestricted {
            var count = 0
            query.matcher(for: tokens[0]).scan(transcript) { _, _ in count += 1 }
            return count
        }
        if tokens.count > 1, !transcript.isEmpty, let automaton = KeywordAutomaton(query: query, tokens: tokens),
           tokens.allSatisfy({ automaton.searches[$0] }) {
            var merged = OverlapFilter()
            var count = 0
            _ = automaton.scan(transcript, inScope: query.scope.filter(for: transcript), isCancelled: { false }) {
                cue, range, _ in
                if merged.keeps(cue: cue, range: range) { count += 1 }
            }
            return count
        }
        return MatchIndex(transcript: transcript, query: query).count
    }

    /// Makes room for starts that pack into about `startWords` words (`PackedIntegers.wordCount`
    /// of the same starts packed elsewhere, as a search's pieces keep them): the starts are the
    /// largest column, and an array copied as it grows is held twice for a moment.
    mutating func reserveCapacity(startWords: Int) {
        starts.reserveCapacity(wordCount: startWords)
    }

    /// Called every few thousand matches found in order: once the starts (the largest column)
    /// fill three quarters of their room, makes more room where the cues read so far promise more
    /// starts in all than it holds (the cues after them taken to hold as many each): as much as
    /// promised and an eighth, and a quarter more room at least. A column that grows by doubling
    /// is copied, and held twice for a moment, each time it outgrows its room, the last time at
    /// about its final size (100 MB of `a` lines searched for `a`: the peak was 2.5 times the
    /// file, 2.2 sized ahead); one sized from the cues first read is copied while it is small.
    /// The room is at most a byte for each byte of the transcript's text: pages never written to
    /// take no memory, and matches found early mislead only as far as that.
    ///
    /// - Complexity: O(1), amortised: the room at least a quarter larger each time.
    mutating func reserveAhead(cue: Int, in transcript: Transcript) {
        let (words, capacity) = (starts.wordCount, starts.wordCapacity)
        guard words >= 1 << 14, words >= capacity - capacity / 4 else { return }
        let promised = Double(words) * Double(transcript.count) / Double(cue + 1)
        guard promised > Double(capacity) else { return }
        let room = Swift.min(Swift.max(promised * 1.125, Double(capacity) * 1.25), Double(transcript.storage.utf8.count / 8))
        if Int(room) > capacity { starts.reserveCapacity(wordCount: Int(room)) }
    }

    mutating func append(cue: Int, range: Range<Int>, token: Int) {
        cues.append(Int64(cue))
        starts.append(Int64(range.lowerBound))
        lengths.append(Int64(range.count))
        tokens.append(Int64(token))
    }

    /// The number of matches.
    public var count: Int { cues.count }

    public var isEmpty: Bool { cues.isEmpty }

    /// The match at 1-based `position`.
    ///
    /// - Complexity: O(1).
    public subscript(position: Int) -> Match {
        let i = position - 1
        let start = Int(starts[i])
        return Match(position: position, cue: Int(cues[i]), range: start..<start + Int(lengths[i]),
                     token: Int(tokens[i]))
    }

    /// The 1-based positions of the matches in cue `cue` (empty when it has none).
    ///
    /// - Complexity: O(log n).
    public func positions(inCue cue: Int) -> Range<Int> {
        let target = Int64(cue)
        let lower = self.cues.partitionPoint { $0 >= target }
        let upper = self.cues.partitionPoint { $0 > target }
        return (lower + 1)..<(upper + 1)
    }

    /// The position of the match in `cue` whose range contains `utf8Offset`, if any.
    ///
    /// - Complexity: O(log n + matches in the cue).
    public func position(inCue cue: Int, utf8Offset: Int) -> Int? {
        positions(inCue: cue).first { self[$0].range.contains(utf8Offset) }
    }

    /// The positions of the matches in cues `cues` (empty when they have none).
    ///
    /// - Complexity: O(log n).
    public func positions(inCues cues: Range<Int>) -> Range<Int> {
        let lower = self.cues.partitionPoint { $0 >= Int64(cues.lowerBound) }
        let upper = self.cues.partitionPoint { $0 >= Int64(cues.upperBound) }
        return (lower + 1)..<(upper + 1)
    }

    /// The range of the match at `position` in Unicode scalars of its cue's text.
    public func scalarRange(at position: Int, in transcript: Transcript) -> Range<Int> {
        let match = self[position]
        return TextOffsets.scalarRange(match.range, in: transcript.text(at: match.cue))
    }

    /// The range of the match at `position` in UTF-16 code units of its cue's text.
    public func utf16Range(at position: Int, in transcript: Transcript) -> Range<Int> {
        let match = self[position]
        return TextOffsets.utf16Range(match.range, in: transcript.text(at: match.cue))
    }

    /// The matches of the first `cueCount` cues that have any (grep's `-m`), renumbered from 1.
    ///
    /// - Complexity: O(matches kept).
    public func limited(toCues cueCount: Int) -> MatchIndex {
        var result = MatchIndex(query: query)
        var cuesSeen = 0
        var lastCue: Int64 = -1
        for i in cues.indices {
            if cues[i] != lastCue {
                if cuesSeen == cueCount { break }
                cuesSeen += 1
                lastCue = cues[i]
            }
            result.cues.append(cues[i])
            result.starts.append(starts[i])
            result.lengths.append(lengths[i])
            result.tokens.append(tokens[i])
        }
        return result
    }

    /// The cue index of every match, in order (equal cues repeat).
    public var matchCues: some RandomAccessCollection<Int32> { cues.lazy.map { Int32(truncatingIfNeeded: $0) } }

    /// The matches in order, each column read in order (`PackedIntegers.Iterator`): what
    /// `for match in index` reads, without looking each match up by its position.
    ///
    /// - Complexity: O(1) a match.
    public func makeIterator() -> Matches { Matches(self) }

    /// The matches of an index in position order.
    public struct Matches: IteratorProtocol {
        private var position = 1
        private var cues: PackedIntegers.Iterator
        private var starts: PackedIntegers.Iterator
        private var lengths: PackedIntegers.Iterator
        private var tokens: PackedIntegers.Iterator

        init(_ index: MatchIndex) {
            cues = index.cues.makeIterator()
            starts = index.starts.makeIterator()
            lengths = index.lengths.makeIterator()
            tokens = index.tokens.makeIterator()
        }

        public mutating func next() -> Match? {
            guard let cue = cues.next(), let start = starts.next(), let length = lengths.next(),
                  let token = tokens.next() else { return nil }
            defer { position += 1 }
            return Match(position: position, cue: Int(cue), range: Int(start)..<Int(start + length), token: Int(token))
        }
    }

    /// The cues holding a match, each once, in order (read from the index as they are asked for).
    public var matchingCues: CuesWithMatches { CuesWithMatches(cues.makeIterator()) }

    /// The cues holding a match, each once, in order: the index's column of cues read in order,
    /// each cue given at its first match.
    ///
    /// - Complexity: O(1) a match.
    public struct CuesWithMatches: Sequence, IteratorProtocol {
        private var cues: PackedIntegers.Iterator
        private var last: Int64 = -1

        init(_ cues: PackedIntegers.Iterator) {
            self.cues = cues
        }

        public mutating func next() -> Int? {
            while let cue = cues.next() {
                if cue != last {
                    last = cue
                    return Int(cue)
                }
            }
            return nil
        }
    }

    /// Bytes the matches take (see `PackedIntegers.storedBytes`).
    var storedBytes: Int { cues.storedBytes + starts.storedBytes + lengths.storedBytes + tokens.storedBytes }
}
