/// Hands on the matches of one cue, found by where they end, in the order an index keeps them
/// (`MatchOrder`: by where they start).
///
/// A match that ends at `end` starts at `end - longest` or later, so a match held that starts
/// before that is final: only the matches starting within the longest keyword's length of the
/// scan are held, however many the cue has (a cue of one 100 MB line holds a few, not 66 million).
///
/// ```swift
/// var reorder = MatchReorder(longest: 2)
/// reorder.add(MatchOrder(cue: 0, start: 1, length: 1, token: 0)) { print($0.start) }   // nothing yet
/// reorder.add(MatchOrder(cue: 0, start: 0, length: 2, token: 1)) { print($0.start) }   // nothing yet
/// reorder.finish { print($0.start) }                                                  // 0, then 1
/// ```
///
/// - Complexity: O(log w) a match, w the matches held.
struct MatchReorder {
    private let longest: Int
    /// The matches held, a binary heap with the least (`MatchOrder`) first.
    private var heap: [MatchOrder] = []

    init(longest: Int) {
        self.longest = longest
    }

    /// Takes the next match (matches come in order of where they end) and hands on, in order,
    /// those that no later match can come before.
    mutating func add(_ match: MatchOrder, emit: (MatchOrder) -> Void) {
        let earliestLaterStart = match.start + match.length - longest
        while let first = heap.first, first.start < earliestLaterStart { emit(popFirst()) }
        push(match)
    }

    /// Hands on every match still held, in order.
    mutating func finish(emit: (MatchOrder) -> Void) {
        while !heap.isEmpty { emit(popFirst()) }
    }

    private mutating func push(_ match: MatchOrder) {
        heap.append(match)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] < heap[parent] else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popFirst() -> MatchOrder {
        let first = heap[0]
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            var least = parent
            let left = 2 * parent + 1
            if left < heap.count && heap[left] < heap[least] { least = left }
            if left + 1 < heap.count && heap[left + 1] < heap[least] { least = left + 1 }
            if least == parent { return first }
            heap.swapAt(parent, least)
            parent = least
        }
    }
}
