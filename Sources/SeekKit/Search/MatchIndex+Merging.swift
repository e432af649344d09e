/// The order of matches in an index: by cue, then start; where two start together the
/// longer first, then the earlier keyword.
struct MatchOrder: Comparable {
    var cue: Int
    var start: Int
    var length: Int
    var token: Int

    init(cue: Int, start: Int, length: Int, token: Int) {
        (self.cue, self.start, self.length, self.token) = (cue, start, length, token)
    }

    init(_ match: Match) {
        (cue, start, length, token) = (match.cue, match.range.lowerBound, match.range.count, match.token)
    }

    static func < (a: MatchOrder, b: MatchOrder) -> Bool {
        (a.cue, a.start, b.length, a.token) < (b.cue, b.start, a.length, b.token)
    }
}

/// Keeps, of matches offered in `MatchOrder`, those that do not overlap the last one kept in
/// their cue: where matches of several keywords overlap, the one that starts first wins.
struct OverlapFilter {
    private var cue = -1
    private var end = 0

    mutating func offer(cue: Int, range: Range<Int>, token: Int, into index: inout MatchIndex) {
        if keeps(cue: cue, range: range) { index.append(cue: cue, range: range, token: token) }
    }

    /// Whether the match offered next is kept (`offer` without an index: a count).
    mutating func keeps(cue: Int, range: Range<Int>) -> Bool {
        if cue != self.cue {
            self.cue = cue
            end = 0
        }
        guard range.lowerBound >= end else { return false }
        end = range.upperBound
        return true
    }
}

/// The next match of several runs (each in `MatchOrder`) in `MatchOrder`: a binary heap of
/// each run's first match not yet taken.
///
/// - Complexity: O(log k) a match for k runs.
struct RunHeads {
    private let runs: [MatchIndex]
    /// (run, position) pairs, the heap's least first.
    private var heap: [(run: Int, position: Int)] = []

    init(_ runs: [MatchIndex]) {
        self.runs = runs
        for run in runs.indices where !runs[run].isEmpty { push((run, 1)) }
    }

    /// The run and position of the least match not yet taken, or `nil` when all are taken.
    mutating func popFirst() -> (run: Int, position: Int)? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        if first.position < runs[first.run].count { push((first.run, first.position + 1)) }
        return first
    }

    private func key(_ i: Int) -> MatchOrder { MatchOrder(runs[heap[i].run][heap[i].position]) }

    private mutating func push(_ head: (run: Int, position: Int)) {
        heap.append(head)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard key(child) < key(parent) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var least = parent
            let left = 2 * parent + 1
            if left < heap.count && key(left) < key(least) { least = left }
            if left + 1 < heap.count && key(left + 1) < key(least) { least = left + 1 }
            if least == parent { return }
            heap.swapAt(parent, least)
            parent = least
        }
    }
}
