import SeekKit

/// The matches of one search across a library's files, numbered 1…N over the whole library.
///
/// Each file's matches arrive on their own (`record(_:file:)`), in any order; the map
/// from library positions to files is a prefix sum of the per-file counts, rebuilt once
/// per batch (`settle()`), so positions cost a binary search:
///
/// ```swift
/// var matches = LibraryMatches(fileCount: 3, generation: 1)
/// matches.record(a, file: 0)   // 2 matches
/// matches.record(b, file: 2)   // 5 matches
/// matches.settle()
/// matches.location(ofMatch: 4) // (file: 2, position: 2)
/// ```
public struct LibraryMatches: Sendable {
    /// The search these matches answer.
    public let generation: Int
    /// Each file's match count; `notSearched` until searched (or when the file could not be read).
    private var counts: [Int32]
    /// The matches of each file that has some; `nil` for the others (a file without a match costs
    /// the 12 bytes of its count and this slot, where a `MatchIndex` takes 344).
    private var kept: [Kept?]
    /// What a file searched without a match answers for its matches (the query's empty index).
    private var noMatches: MatchIndex?
    /// `before[f]`: the matches in files `0..<f`; one more entry than files.
    private var before: [Int]
    private var isSettled = true
    /// Files whose matches are in (or that failed).
    public private(set) var searchedCount = 0
    /// Matches recorded so far (every file's, settled or not).
    public private(set) var total = 0
    /// Files searched so far with at least one match.
    public private(set) var filesWithMatches = 0

    private static let notSearched: Int32 = -1

    /// One file's matches, held apart so that a file without any costs one empty reference.
    private final class Kept: Sendable {
        let index: MatchIndex
        init(_ index: MatchIndex) { self.index = index }
    }

    /// No file searched yet.
    public init(fileCount: Int, generation: Int) {
        self.generation = generation
        counts = Array(repeating: Self.notSearched, count: fileCount)
        kept = Array(repeating: nil, count: fileCount)
        before = Array(repeating: 0, count: fileCount + 1)
    }

    public var fileCount: Int { counts.count }

    /// Whether every file has been searched, so positions and the total are final.
    public var isFinal: Bool { searchedCount == counts.count }

    /// The matches of `file`, once searched.
    public func index(ofFile file: Int) -> MatchIndex? {
        if let kept = kept[file] { return kept.index }
        return counts[file] == Self.notSearched ? nil : noMatches
    }

    /// The number of matches in `file`, once searched.
    public func count(inFile file: Int) -> Int? {
        counts[file] == Self.notSearched ? nil : Int(counts[file])
    }

    /// Whether `file` has been searched (or could not be read).
    public func isSearched(_ file: Int) -> Bool { counts[file] != Self.notSearched || failed.contains(file) }

    private var failed: Set<Int> = []

    /// Takes `file`'s matches (replacing any recorded before).
    public mutating func record(_ index: MatchIndex, file: Int) {
        if let old = count(inFile: file) {
            total -= old
            if old > 0 { filesWithMatches -= 1 }
        } else if !failed.contains(file) {
            searchedCount += 1
        }
        precondition(index.count < Int32.max, "more matches in one file than a count holds")
        counts[file] = Int32(index.count)
        if index.isEmpty {
            if noMatches == nil { noMatches = MatchIndex(query: index.query) }
            kept[file] = nil
        } else {
            kept[file] = Kept(index)
        }
        total += index.count
        if !index.isEmpty { filesWithMatches += 1 }
        isSettled = false
    }

    /// Marks `file` as unreadable: searched, with no matches.
    public mutating func recordFailure(file: Int) {
        guard counts[file] == Self.notSearched, !failed.contains(file) else { return }
        failed.insert(file)
        searchedCount += 1
    }

    /// Rebuilds the map from positions to files after `record(_:file:)`.
    ///
    /// - Complexity: O(f) in the number of files; nothing when nothing changed.
    public mutating func settle() {
        guard !isSettled else { return }
        var sum = 0
        for file in counts.indices {
            before[file] = sum
            sum += max(0, Int(counts[file]))
        }
        before[counts.count] = sum
        isSettled = true
    }

    /// The library position of match `position` of `file` (call `settle()` first).
    public func libraryPosition(file: Int, position: Int) -> Int {
        before[file] + position
    }

    /// The file and in-file position of library match `number` (1-based), or `nil` when out of range.
    ///
    /// - Complexity: O(log f) in the number of files.
    public func location(ofMatch number: Int) -> (file: Int, position: Int)? {
        assert(isSettled, "settle() before asking for positions")
        guard number >= 1, number <= before[counts.count] else { return nil }
        let file = before.dropFirst().partitionPoint { $0 >= number } - 1
        return (file, number - before[file])
    }

    /// The first file after `file` with a match, or `nil` when none has one.
    ///
    /// - Complexity: O(log f).
    public func nextFile(after file: Int) -> Int? {
        location(ofMatch: before[file + 1] + 1)?.file
    }

    /// The last file before `file` with a match, or `nil` when none has one.
    ///
    /// - Complexity: O(log f).
    public func previousFile(before file: Int) -> Int? {
        location(ofMatch: before[file])?.file
    }

    /// The first file with a match.
    public var firstFile: Int? { location(ofMatch: 1)?.file }

    /// The last file with a match.
    public var lastFile: Int? { location(ofMatch: before[counts.count])?.file }
}
