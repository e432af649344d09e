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
/// Stored as parallel arrays (a few words per match, no per-match objects).
public struct MatchIndex: Sendable {
    public let query: Query
    private var cues: [Int32] = []
    private var starts: [UInt32] = []
    private var lengths: [UInt32] = []
    private var tokens: [UInt16] = []

    /// An index with no matches.
    public init(query: Query = Query(keywords: [])) {
        self.query = query
    }

    /// Searches the whole transcript.
    ///
    /// - Complexity: O(total text length) per keyword.
    public init(transcript: Transcript, query: Query) {
        self = MatchIndex.build(transcript: transcript, query: query, isCancelled: { false })!
    }

    /// Searches the transcript, checking `isCancelled` between cues; `nil` when cancelled.
    public static func build(
        transcript: Transcript, query: Query, isCancelled: () -> Bool
    ) -> MatchIndex? {
        var index = MatchIndex(query: query)
        let matchers = query.keywords.map { Matcher(keyword: $0, caseSensitive: query.caseSensitive) }
        guard !query.isEmpty else { return index }
        for cue in transcript.indices {
            if isCancelled() { return nil }
            guard query.scope.isUnrestricted || query.scope.includes(cue, of: transcript) else { continue }
            let text = transcript.text(at: cue)
            var found: [(range: Range<Int>, token: Int)] = []
            for (token, matcher) in matchers.enumerated() where !matcher.keyword.isEmpty {
                for range in matcher.ranges(in: text) { found.append((range, token)) }
            }
            if found.isEmpty { continue }
            if matchers.count > 1 {
                found.sort { $0.range.lowerBound != $1.range.lowerBound
                    ? $0.range.lowerBound < $1.range.lowerBound
                    : $0.range.count > $1.range.count }
            }
            var end = 0
            for item in found where item.range.lowerBound >= end {
                index.append(cue: cue, range: item.range, token: item.token)
                end = item.range.upperBound
            }
        }
        return index
    }

    mutating func append(cue: Int, range: Range<Int>, token: Int) {
        cues.append(Int32(cue))
        starts.append(UInt32(range.lowerBound))
        lengths.append(UInt32(range.count))
        tokens.append(UInt16(token))
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
        let target = Int32(cue)
        let lower = partition { $0 >= target }
        let upper = partition { $0 > target }
        return (lower + 1)..<(upper + 1)
    }

    /// The position of the match in `cue` whose range contains `utf8Offset`, if any.
    public func position(inCue cue: Int, utf8Offset: Int) -> Int? {
        positions(inCue: cue).first { self[$0].range.contains(utf8Offset) }
    }

    /// The cue index of every match, in order (equal cues repeat).
    public var matchCues: some RandomAccessCollection<Int32> { cues }

    private func partition(_ isUpper: (Int32) -> Bool) -> Int {
        var low = 0
        var high = cues.count
        while low < high {
            let mid = (low + high) / 2
            if isUpper(cues[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
