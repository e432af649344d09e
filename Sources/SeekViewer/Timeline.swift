import SeekKit

/// Where a query's matches fall over one file, in a strip of cells: the timeline `t` shows under
/// the text, and the small strip beside each file in the file list.
///
/// Each cell stands for an equal slice of the file's time, from its first cue's start to its last
/// cue's end; a file without times is sliced by cue number instead. A cell knows how many matches
/// its cues hold, whose keyword most of them are, whether the current match is there and whether
/// the view shows it:
///
/// ```swift
/// let strip = Timeline(transcript: transcript, index: matches, width: 60, current: 3, visible: 10...14)
/// strip.cells[0]   // Timeline.Cell(count: 2, firstPosition: 1, token: 0, isCurrent: false, isInView: false)
/// ```
///
/// Cue times are taken to rise through the file (as every format's cues are ordered); a file whose
/// times go back somewhere is still drawn, only less exactly there.
///
/// - Complexity: O(w log n) for w cells and n cues and matches: only the cell boundaries are looked
///   up, so a file of a million cues draws as fast as one of ten.
public struct Timeline: Hashable, Sendable {
    /// One slice of the file.
    public struct Cell: Hashable, Sendable {
        /// Matches in the slice.
        public var count: Int
        /// The position of the slice's first match (of the one after it, when it holds none).
        public var firstPosition: Int
        /// The keyword (index into the query's) of most of those matches.
        public var token: Int
        /// Whether the current match is in the slice.
        public var isCurrent: Bool
        /// Whether the view shows cues of the slice.
        public var isInView: Bool
    }

    /// How the file is sliced.
    public enum Axis: Hashable, Sendable {
        /// By time, from `start` to `end` in milliseconds.
        case time(start: Int, end: Int)
        /// By cue number: the file has no times.
        case cues(count: Int)
    }

    public let axis: Axis
    public let cells: [Cell]
    /// The most matches any cell holds.
    public let busiest: Int

    /// Matches of the busiest cell's keyword looked at per cell to find its keyword.
    static let tokenSample = 32

    /// The strip of `index`'s matches over `transcript` in `width` cells, the match at `current`
    /// (a position) marked, the cells of the `visible` cues shaded.
    public init(transcript: Transcript, index: MatchIndex, width: Int, current: Int? = nil, visible: ClosedRange<Int>? = nil) {
        let cueCount = transcript.count
        let width = max(0, width)
        if cueCount > 0, let first = transcript.start(at: 0), let last = transcript.start(at: cueCount - 1) {
            let end = max(transcript.end(at: cueCount - 1) ?? last, last)
            axis = .time(start: first, end: max(end, first + 1))
        } else {
            axis = .cues(count: cueCount)
        }
        // boundaries[b]: the first cue of cell b; one more entry than cells.
        var boundaries = [Int](repeating: cueCount, count: width + 1)
        for cell in 0..<width {
            switch axis {
            case .time(let start, let end):
                let time = start + Int((Int64(end - start) * Int64(cell)) / Int64(width))
                boundaries[cell] = cell == 0 ? 0 : (0..<cueCount).partitionPoint { (transcript.start(at: $0) ?? start) >= time }
            case .cues(let count):
                boundaries[cell] = count * cell / width
            }
            if cell > 0 { boundaries[cell] = max(boundaries[cell], boundaries[cell - 1]) }
        }
        let firstPositions = boundaries.map { cue in index.partitionPoint { $0.cue >= cue } }
        let firstInView = visible.map { cue in boundaries.dropLast().partitionPoint { $0 > cue.lowerBound } - 1 }
        let lastInView = visible.map { cue in boundaries.dropLast().partitionPoint { $0 > cue.upperBound } - 1 }
        var cells: [Cell] = []
        cells.reserveCapacity(width)
        var busiest = 0
        for cell in 0..<width {
            let positions = firstPositions[cell]..<firstPositions[cell + 1]
            var inView = false
            if let firstInView, let lastInView { inView = (max(0, firstInView)...max(0, lastInView)).contains(cell) }
            cells.append(Cell(count: positions.count, firstPosition: positions.lowerBound, token: Self.commonToken(in: positions, of: index),
                              isCurrent: current.map(positions.contains) ?? false, isInView: inView))
            busiest = max(busiest, positions.count)
        }
        self.cells = cells
        self.busiest = busiest
    }

    /// The keyword of most of the first matches at `positions` (the lowest on a tie).
    private static func commonToken(in positions: Range<Int>, of index: MatchIndex) -> Int {
        guard !positions.isEmpty else { return 0 }
        var counts: [Int: Int] = [:]
        for position in positions.prefix(tokenSample) { counts[index[position].token, default: 0] += 1 }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? 0
    }

    /// The glyph for a cell holding `count` matches when the busiest holds `busiest`: a bar from
    /// `▁` to `█`, one eighth of the busiest cell's count a step (any match at least `▁`).
    public static func bar(count: Int, busiest: Int) -> Character {
        let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        guard count > 0, busiest > 0 else { return " " }
        let level = (count * bars.count + busiest - 1) / busiest
        return bars[min(bars.count, max(1, level)) - 1]
    }
}
