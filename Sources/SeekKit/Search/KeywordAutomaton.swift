import SeekBytes
/// Finds many plain keywords in one pass over a transcript: an Aho–Corasick automaton over
/// folded bytes, with results identical to one `Matcher` per keyword.
///
/// Each keyword a `FastPlan` takes (printable ASCII and CJK unified ideographs) is a path in a
/// trie of bytes folded as the plan folds them (ASCII case unless case-sensitive, a line feed
/// read as a space); failure links let one pass over each cue find every place any keyword ends.
/// Each keyword then keeps its places as its own `Matcher` would: leftmost first, none
/// overlapping the last one kept. A cue where Unicode could change a keyword's answer (one of
/// its matches not on character boundaries, or a character equivalent to one of its own) gets
/// that keyword's reference instead, as `Matcher.scanBytes` does. `MatchIndex` merges the
/// results with those of keywords searched on their own.
///
/// ```swift
/// let query = Query(keywords: ["budget", "noise", "trees"])
/// let automaton = KeywordAutomaton(query: query, tokens: query.keywords.indices)
/// automaton?.scan(transcript, inScope: { _ in true }, isCancelled: { false }) { cue, range, token in … }
/// ```
///
/// - Complexity: building, O(total keyword length); a scan, O(text length + places found),
///   whatever the number of keywords, plus what cues needing the reference cost it.
struct KeywordAutomaton {
    /// Whether each of the query's keywords is searched here (indexed by token).
    let searches: [Bool]
    private let keywords: [String]
    private let caseSensitive: Bool
    /// The plan of each trie keyword, and its token.
    private let plans: [FastPlan]
    private let tokens: [Int]
    private let lengths: [Int]
    private let fold: [UInt8]
    /// The root's transitions, one per byte (0 where no keyword starts with it).
    private let rootNext: [Int32]
    /// Every other state's transitions: `edgeBytes[edgeStart[s]..<edgeStart[s + 1]]` (sorted)
    /// lead to the states at the same places of `edgeTargets`.
    private let edgeStart: [Int32]
    private let edgeBytes: [UInt8]
    private let edgeTargets: [Int32]
    private let failure: [Int32]
    /// The trie keywords ending at state `s`: `outputKeywords[outputStart[s]..<outputStart[s + 1]]`.
    private let outputStart: [Int32]
    private let outputKeywords: [Int32]
    /// The nearest state at or below `s` along failure links where keywords end, or -1.
    private let outputLink: [Int32]
    /// The trie keywords with characters other characters can equal (`FastPlan.hasEquivalents`).
    private let withEquivalents: [Int]

    /// An automaton for the keywords at `tokens` that a `FastPlan` takes, when there are at least
    /// two of them and the query matches plain text (no whole words, no accent folding).
    init?(query: Query, tokens: some Sequence<Int>) {
        guard !query.wholeWords, !query.ignoresAccents else { return nil }
        var plans: [FastPlan] = []
        var planTokens: [Int] = []
        for token in tokens {
            if let plan = FastPlan(keyword: query.keywords[token], caseSensitive: query.caseSensitive) {
                plans.append(plan)
                planTokens.append(token)
            }
        }
        guard plans.count >= 2 else { return nil }
        var searches = [Bool](repeating: false, count: query.keywords.count)
        for token in planTokens { searches[token] = true }
        self.searches = searches
        keywords = query.keywords
        caseSensitive = query.caseSensitive
        self.plans = plans
        self.tokens = planTokens
        lengths = plans.map(\.bytes.count)
        fold = plans[0].fold
        withEquivalents = plans.indices.filter { plans[$0].hasEquivalents }

        // The trie, its states numbered in the order made (0 is the root).
        var children: [[(byte: UInt8, state: Int32)]] = [[]]
        var ending: [[Int32]] = [[]]
        for (keyword, plan) in plans.enumerated() {
            var state = 0
            for byte in plan.bytes {
                if let next = children[state].first(where: { $0.byte == byte }) {
                    state = Int(next.state)
                } else {
                    children[state].append((byte, Int32(children.count)))
                    state = children.count
                    children.append([])
                    ending.append([])
                }
            }
            ending[state].append(Int32(keyword))
        }
        let stateCount = children.count
        var rootNext = [Int32](repeating: 0, count: 256)
        for child in children[0] { rootNext[Int(child.byte)] = child.state }
        var edgeStart: [Int32] = [0]
        var edgeBytes: [UInt8] = []
        var edgeTargets: [Int32] = []
        for state in 0..<stateCount {
            for child in children[state].sorted(by: { $0.byte < $1.byte }) where state != 0 {
                edgeBytes.append(child.byte)
                edgeTargets.append(child.state)
            }
            edgeStart.append(Int32(edgeBytes.count))
        }
        var outputStart: [Int32] = [0]
        var outputKeywords: [Int32] = []
        for state in 0..<stateCount {
            outputKeywords += ending[state]
            outputStart.append(Int32(outputKeywords.count))
        }
        // Failure links breadth first: a state's link is the longest proper suffix of its path that is a path too.
        var failure = [Int32](repeating: 0, count: stateCount)
        var outputLink = [Int32](repeating: -1, count: stateCount)
        var queue: [Int32] = []
        queue.reserveCapacity(stateCount)
        for child in children[0] {
            queue.append(child.state)
        }
        var head = 0
        while head < queue.count {
            let state = Int(queue[head])
            head += 1
            outputLink[state] = ending[state].isEmpty ? outputLink[Int(failure[state])] : Int32(state)
            for child in children[state] {
                var link = Int(failure[state])
                while true {
                    if let next = link == 0
                        ? (rootNext[Int(child.byte)] != 0 ? rootNext[Int(child.byte)] : nil)
                        : children[link].first(where: { $0.byte == child.byte })?.state {
                        failure[Int(child.state)] = next
                        break
                    }
                    if link == 0 { break }
                    link = Int(failure[link])
                }
                queue.append(child.state)
            }
        }
        self.rootNext = rootNext
        self.edgeStart = edgeStart
        self.edgeBytes = edgeBytes
        self.edgeTargets = edgeTargets
        self.failure = failure
        self.outputStart = outputStart
        self.outputKeywords = outputKeywords
        self.outputLink = outputLink
    }

    /// The state after reading `byte` (folded) in `state`.
    @inline(__always)
    private func step(_ state: Int32, _ byte: UInt8) -> Int32 {
        var state = Int(state)
        while state != 0 {
            let lower = Int(edgeStart[state])
            let upper = Int(edgeStart[state + 1])
            var i = lower
            while i < upper && edgeBytes[i] < byte { i += 1 }
            if i < upper && edgeBytes[i] == byte { return edgeTargets[i] }
            state = Int(failure[state])
        }
        return rootNext[Int(byte)]
    }

    /// Reports the matches of the keywords it searches in the cues `inScope` accepts, in
    /// `MatchOrder` (overlapping ones too); `false` when cancelled.
    func scan(
        _ transcript: Transcript, inScope: (Int) -> Bool, isCancelled: () -> Bool,
        found: (_ cue: Int, _ range: Range<Int>, _ token: Int) -> Void
    ) -> Bool {
        let storage = transcript.storage
        return storage.utf8.withByteView { text -> Bool in
            var risky = Set<Int>()
            if !withEquivalents.isEmpty {
                let finished = plans[withEquivalents[0]].markRiskyCues(
                    text, cues: TranscriptCues(records: transcript.records), isCancelled: isCancelled
                ) { risky.insert($0) }
                if !finished { return false }
            }
            var cues = CueScan(self)
            var nextCancelCheck = 1 << 20
            for cue in transcript.indices where inScope(cue) {
                let bounds = transcript.utf8Range(at: cue)
                if bounds.upperBound >= nextCancelCheck {
                    if isCancelled() { return false }
                    nextCancelCheck = bounds.upperBound + 1 << 20
                }
                cues.scan(cue, bounds, of: text, isRisky: risky.contains(cue), text: { transcript.text(at: cue) },
                          found: found)
            }
            return true
        }
    }

    /// The matches of the keywords it searches in the lines of `text` (LF, CR LF and a lone CR
    /// end a line) holding more than spaces and tabs, each line a cue: what
    /// `MatchIndex.count(transcript:query:)` gives on those cues, overlapping matches of
    /// different keywords merged as the index merges them. Untimed text's cues are such lines,
    /// so its matches are counted where its bytes lie, without a transcript.
    ///
    /// - Complexity: O(n) in the length of `text`, plus places found and what lines needing the
    ///   reference cost it.
    func countInLines(_ text: ByteView) -> Int {
        var risky = Set<Int>()
        if !withEquivalents.isEmpty {
            _ = plans[withEquivalents[0]].markRiskyCues(text, cues: TextLines(text: text), isCancelled: { false }) {
                risky.insert($0)
            }
        }
        var cues = CueScan(self)
        var merged = OverlapFilter()
        var count = 0
        let lines = LineScanner(text)
        var start = 0
        while start < lines.count {
            let (end, next) = lines.line(from: start)
            if !lines.isBlank(start, end) {
                cues.scan(start, start..<end, of: text, isRisky: risky.contains(start),
                          text: { text.string(in: start..<end)[...] }) { cue, range, _ in
                    if merged.keeps(cue: cue, range: range) { count += 1 }
                }
            }
            start = next
        }
        return count
    }

    /// One scan's walk over cues in order: where each keyword's last kept place ended (a
    /// keyword's places never overlap), and room reused from cue to cue.
    private struct CueScan {
        let automaton: KeywordAutomaton
        var lastEnd: [Int]
        // A cue's places, packed: a cue of one long line can hold tens of millions.
        var keptKeywords = PackedIntegers()
        var keptStarts = PackedIntegers()
        var emitted: [MatchOrder] = []
        var reorder: MatchReorder
        var needsReference = Set<Int32>()
        var references: [Int: ReferenceMatcher] = [:]

        init(_ automaton: KeywordAutomaton) {
            self.automaton = automaton
            lastEnd = [Int](repeating: -1, count: automaton.plans.count)
            reorder = MatchReorder(longest: automaton.lengths.max() ?? 0)
        }

        /// Reports the matches in cue `cue`, lying at `bounds` of `text` (after the last cue's),
        /// in `MatchOrder`; `isRisky` when a keyword's character may be equalled by another there,
        /// `cueText` its text for the reference.
        mutating func scan(
            _ cue: Int, _ bounds: Range<Int>, of text: ByteView, isRisky: Bool, text cueText: () -> Substring,
            found: (_ cue: Int, _ range: Range<Int>, _ token: Int) -> Void
        ) {
            let automaton = automaton
            let (lengths, tokens, fold) = (automaton.lengths, automaton.tokens, automaton.fold)
            keptKeywords.removeAll(keepingCapacity: true)
            keptStarts.removeAll(keepingCapacity: true)
            needsReference.removeAll(keepingCapacity: true)
            var state: Int32 = 0
            for i in bounds {
                state = automaton.step(state, fold[Int(text[i])])
                var output = automaton.outputLink[Int(state)]
                while output >= 0 {
                    for slot in Int(automaton.outputStart[Int(output)])..<Int(automaton.outputStart[Int(output) + 1]) {
                        let keyword = Int(automaton.outputKeywords[slot])
                        let start = i + 1 - lengths[keyword]
                        guard start >= lastEnd[keyword] else { continue }
                        lastEnd[keyword] = i + 1
                        keptKeywords.append(Int64(keyword))
                        keptStarts.append(Int64(start))
                        if !FastPlan.isOnBoundaries(text, start: start, end: i + 1, within: bounds) {
                            needsReference.insert(Int32(keyword))
                        }
                    }
                    output = automaton.outputLink[Int(automaton.failure[Int(output)])]
                }
            }
            if isRisky {
                for keyword in automaton.withEquivalents { needsReference.insert(Int32(keyword)) }
            }
            // Places are found by where they end; the index wants them by where they start.
            func place(_ i: Int) -> MatchOrder {
                let keyword = Int(keptKeywords[i])
                return MatchOrder(cue: cue, start: Int(keptStarts[i]) - bounds.lowerBound,
                                  length: lengths[keyword], token: tokens[keyword])
            }
            func emit(_ match: MatchOrder) { found(cue, match.start..<match.start + match.length, match.token) }
            if needsReference.isEmpty {
                for i in 0..<keptStarts.count { reorder.add(place(i), emit: emit) }
                reorder.finish(emit: emit)
                return
            }
            emitted.removeAll(keepingCapacity: true)
            for i in 0..<keptStarts.count where !needsReference.contains(Int32(keptKeywords[i])) {
                emitted.append(place(i))
            }
            for keyword in needsReference {
                let token = tokens[Int(keyword)]
                let reference = references[token]
                    ?? ReferenceMatcher(keyword: automaton.keywords[token], caseSensitive: automaton.caseSensitive)
                references[token] = reference
                for range in reference.ranges(in: cueText()) {
                    emitted.append(MatchOrder(cue: cue, start: range.lowerBound, length: range.count, token: token))
                }
            }
            if zip(emitted, emitted.dropFirst()).contains(where: { $1 < $0 }) { emitted.sort() }
            emitted.forEach(emit)
        }
    }
}
