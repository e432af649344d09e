/// The cues to show for some selected cues (sorted, distinct) with `before` neighbours before
/// each and `after` after it (grep's `-B` and `-A`), as groups of consecutive cue indices, found
/// as the selected cues are read: nothing is kept per cue, so a million matching cues cost nothing.
///
/// ```swift
/// Array(CueGroups([2, 3, 9], before: 1, after: 1, cueCount: 10))   // [1..<5, 8..<10]
/// ```
public struct CueGroups<Cues: Sequence<Int>>: Sequence, IteratorProtocol {
    private var cues: Cues.Iterator
    private let before: Int
    private let after: Int
    private let cueCount: Int
    /// The group being gathered.
    private var pending: Range<Int>?

    public init(_ cues: Cues, before: Int, after: Int, cueCount: Int) {
        self.cues = cues.makeIterator()
        self.before = Swift.max(0, Swift.min(before, cueCount))
        self.after = Swift.max(0, Swift.min(after, cueCount))
        self.cueCount = cueCount
    }

    public mutating func next() -> Range<Int>? {
        while let cue = cues.next() {
            let group = Swift.max(0, cue - before)..<Swift.min(cueCount, cue + after + 1)
            guard let current = pending else {
                pending = group
                continue
            }
            if group.lowerBound <= current.upperBound {
                pending = current.lowerBound..<Swift.max(current.upperBound, group.upperBound)
            } else {
                pending = group
                return current
            }
        }
        defer { pending = nil }
        return pending
    }
}
