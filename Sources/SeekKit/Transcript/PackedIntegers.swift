/// A list of `Int64` values stored in a few bits each: what a transcript keeps per cue.
///
/// Values arrive in blocks of 256. A block keeps a straight line through its values (a start
/// and a slope in 256ths) and, for each value, its distance above that line in just as many
/// bits as the block's largest distance needs, packed into 64-bit words. Cue positions, line
/// numbers and times climb steadily from cue to cue, so a block of them costs a few bits a
/// value, and a block of equal values (no speaker, no time) or of values on a line costs none.
/// While every value so far lies on one line (the first two values set it), no block is stored
/// at all. The last, unfinished block is kept plainly until `seal()` packs it too (a finished
/// column: a transcript's records once read), which appending again undoes.
///
/// ```swift
/// var lines = PackedIntegers()
/// for line in stride(from: 1, to: 1_000_000, by: 2) { lines.append(Int64(line)) }
/// lines[3]   // 7, from a list that holds no block
/// ```
///
/// - Complexity: `append` is amortised O(1); reading a value is O(1).
struct PackedIntegers: Sendable {
    /// One full block of `blockSize` values: value `j` is `base + ⌊slope·j / 256⌋` plus its `width`-bit
    /// distance at bit `j·width` of the block's words. The width is not stored: a block's words
    /// run to the next block's (`blockSize · width` bits, `4 · width` words).
    struct Block: Sendable {
        var base: Int64
        var slope: Int32
        var wordStart: UInt32
    }

    static let blockShift = 8
    static let blockSize = 1 << blockShift
    static let wordsPerWidthBit = blockSize / 64

    /// Values on one line so far: `first + step·i` (wrapping) for every index below `lineCount`;
    /// `next` is the value the line expects next.
    private var first: Int64 = 0
    private var step: Int64 = 0
    private var next: Int64 = 0
    private var lineCount = 0
    /// Whether the values left the line (then they are in `blocks` and `pending`).
    private var isPacked = false
    private var blocks: [Block] = []
    private var words: [UInt64] = []
    private var pending: [Int64] = []
    /// How many values short of a full block the last block is, when `seal()` packed it unfinished.
    private var missing = 0

    init() {}

    /// Removes every value, keeping the storage for the values to come.
    mutating func removeAll(keepingCapacity: Bool) {
        lineCount = 0
        isPacked = false
        missing = 0
        blocks.removeAll(keepingCapacity: keepingCapacity)
        words.removeAll(keepingCapacity: keepingCapacity)
        pending.removeAll(keepingCapacity: keepingCapacity)
    }

    var count: Int { isPacked ? blocks.count << Self.blockShift - missing + pending.count : lineCount }

    /// Bytes the values take (an array's spare capacity left out: pages never written cost no memory).
    var storedBytes: Int {
        blocks.count * MemoryLayout<Block>.stride + words.count * 8 + pending.count * 8
    }

    /// The 64-bit words the packed blocks take.
    var wordCount: Int { words.count }

    /// The words the packed blocks can take before their storage is copied to grow.
    var wordCapacity: Int { words.capacity }

    /// Makes room for packed blocks of `wordCount` words in all, so that a column whose size is
    /// known beforehand is never copied as it grows (for a moment, both copies are held).
    mutating func reserveCapacity(wordCount: Int) { words.reserveCapacity(wordCount) }

    @inline(__always)
    mutating func append(_ value: Int64) {
        if !isPacked {
            if lineCount >= 2 && value == next {
                next &+= step
                lineCount += 1
                return
            }
            if lineCount < 2 {
                if lineCount == 0 { first = value } else { step = value &- first }
                lineCount += 1
                next = value &+ step
                return
            }
            leaveLine()
        }
        appendPacked(value)
    }

    private mutating func appendPacked(_ value: Int64) {
        if missing > 0 { unseal() }
        pending.append(value)
        if pending.count == Self.blockSize { packPending() }
    }

    subscript(index: Int) -> Int64 {
        precondition(index >= 0 && index < count, "PackedIntegers index out of range")
        guard isPacked else { return first &+ step &* Int64(index) }
        let block = index >> Self.blockShift
        guard block < blocks.count else { return pending[index & (Self.blockSize - 1)] }
        let j = index & (Self.blockSize - 1)
        let header = blocks[block]
        let wordStart = Int(header.wordStart)
        let wordEnd = block + 1 < blocks.count ? Int(blocks[block + 1].wordStart) : words.count
        let width = (wordEnd - wordStart) / Self.wordsPerWidthBit
        var distance: UInt64 = 0
        if width > 0 {
            let bit = j * width
            let word = wordStart + bit >> 6
            let shift = bit & 63
            distance = words[word] >> UInt64(shift)
            if shift + width > 64 { distance |= words[word + 1] << UInt64(64 - shift) }
            if width < 64 { distance &= (1 << UInt64(width)) - 1 }
        }
        return header.base &+ Self.rise(slope: header.slope, steps: j) &+ Int64(bitPattern: distance)
    }

    /// Calls `body` with each value in order, as `for value in column` reads them; a column whose
    /// values all lie on its line (a cue's few match starts, say) is read without making an
    /// `Iterator`, which holds a copy of the column.
    ///
    /// - Complexity: O(1) a value.
    @inline(__always)
    func forEachValue(_ body: (Int64) -> Void) {
        guard isPacked else {
            for i in 0..<lineCount { body(first &+ step &* Int64(i)) }
            return
        }
        for value in self { body(value) }
    }

    /// Reads the values in order: a block's header and width are read once for its values,
    /// not once a value as the subscript does.
    ///
    /// - Complexity: O(1) a value.
    func makeIterator() -> Iterator { Iterator(self) }

    /// The values of a column in order (`for value in column`, `column.makeIterator()`).
    struct Iterator: IteratorProtocol {
        private let column: PackedIntegers
        private let count: Int
        private var index = 0
        /// The block whose values are being read: its line, where its words start, how wide its
        /// distances are; `blockEnd` is the index of the first value after it.
        private var base: Int64 = 0
        private var slope: Int32 = 0
        private var wordStart = 0
        private var width = 0
        private var blockEnd = 0

        init(_ column: PackedIntegers) {
            self.column = column
            count = column.count
        }

        mutating func next() -> Int64? {
            guard index < count else { return nil }
            let i = index
            index += 1
            guard column.isPacked else { return column.first &+ column.step &* Int64(i) }
            if i >= blockEnd { enterBlock(at: i) }
            let block = i >> PackedIntegers.blockShift
            guard block < column.blocks.count else { return column.pending[i & (PackedIntegers.blockSize - 1)] }
            let j = i & (PackedIntegers.blockSize - 1)
            var distance: UInt64 = 0
            if width > 0 {
                let bit = j * width
                let word = wordStart + bit >> 6
                let shift = bit & 63
                distance = column.words[word] >> UInt64(shift)
                if shift + width > 64 { distance |= column.words[word + 1] << UInt64(64 - shift) }
                if width < 64 { distance &= (1 << UInt64(width)) - 1 }
            }
            return base &+ PackedIntegers.rise(slope: slope, steps: j) &+ Int64(bitPattern: distance)
        }

        /// Reads the header of the block that holds value `i`.
        private mutating func enterBlock(at i: Int) {
            let block = i >> PackedIntegers.blockShift
            blockEnd = (block + 1) << PackedIntegers.blockShift
            guard block < column.blocks.count else { return }
            let header = column.blocks[block]
            base = header.base
            slope = header.slope
            wordStart = Int(header.wordStart)
            let wordEnd = block + 1 < column.blocks.count ? Int(column.blocks[block + 1].wordStart) : column.words.count
            width = (wordEnd - wordStart) / PackedIntegers.wordsPerWidthBit
        }
    }

    /// How far a block's line climbs in `steps` values.
    @inline(__always)
    private static func rise(slope: Int32, steps: Int) -> Int64 {
        (Int64(slope) &* Int64(steps)) >> slopeFractionBits
    }

    static let slopeFractionBits: Int64 = 8

    /// Stops keeping the values as a line: writes those so far into blocks.
    private mutating func leaveLine() {
        isPacked = true
        pending.reserveCapacity(Self.blockSize)
        for i in 0..<lineCount {
            pending.append(first &+ step &* Int64(i))
            if pending.count == Self.blockSize { packPending() }
        }
    }

    /// Packs the values of the unfinished last block into a block of their own (with words for a
    /// full one, so every block's width still follows from where the next one starts), and lets
    /// go of a small column's spare room: a column that is finished keeps no value in 8 bytes. A
    /// thousand-cue file's records shrink from about 15 bytes a cue to a few. A large column keeps
    /// its room, whose pages were never written to and take no memory: copying it held the column
    /// twice for a moment, at the peak of a large file's parse.
    ///
    /// - Complexity: O(b) for the b ≤ 255 values of the last block, plus a small column's copy.
    mutating func seal() {
        guard isPacked, !pending.isEmpty, missing == 0 else { return }
        let kept = pending.count
        packPending()
        missing = Self.blockSize - kept
        pending = []
        if words.capacity > words.count, words.capacity <= Self.largestCopiedWords { words = words.map { $0 } }
        if blocks.capacity > blocks.count, blocks.capacity <= Self.largestCopiedWords / 2 { blocks = blocks.map { $0 } }
    }

    /// The most words (256 KiB) whose spare room `seal()` lets go of by copying them.
    static let largestCopiedWords = 1 << 15

    /// Takes the values of a block `seal()` packed unfinished back into `pending`, to go on appending.
    private mutating func unseal() {
        let kept = Self.blockSize - missing
        let start = (blocks.count - 1) << Self.blockShift
        var values: [Int64] = []
        values.reserveCapacity(Self.blockSize)
        for j in 0..<kept { values.append(self[start + j]) }
        words.removeSubrange(Int(blocks[blocks.count - 1].wordStart)...)
        blocks.removeLast()
        missing = 0
        pending = values
    }

    /// Packs the values in `pending` (`blockSize` of them, or fewer for `seal()`) into a block.
    private mutating func packPending() {
        let last = pending.count - 1
        var slope: Int32 = 0
        let (rise, overflow) = pending[last].subtractingReportingOverflow(pending[0])
        let (scaled, overflowScaling) = rise.multipliedReportingOverflow(by: 1 << Self.slopeFractionBits)
        if last > 0, !overflow, !overflowScaling, let fitting = Int32(exactly: scaled / Int64(last)) { slope = fitting }
        // The distances above the line run from 0 to `highest - lowest` (exact as a UInt64), whose
        // bits are the width.
        var lowest = Int64.max
        var highest = Int64.min
        for j in pending.indices {
            let distance = pending[j] &- Self.rise(slope: slope, steps: j)
            lowest = Swift.min(lowest, distance)
            highest = Swift.max(highest, distance)
        }
        let width = 64 - UInt64(bitPattern: highest &- lowest).leadingZeroBitCount
        precondition(words.count <= Int(UInt32.max) - Self.wordsPerWidthBit * 64, "PackedIntegers holds too many values")
        blocks.append(Block(base: lowest, slope: slope, wordStart: UInt32(words.count)))
        if width > 0 {
            // Value j's bits at bit j·width of the block's words, each word written once, whole.
            var next = words.count
            words.append(contentsOf: repeatElement(0, count: Self.wordsPerWidthBit * width))
            var word: UInt64 = 0
            var filled = 0
            for j in pending.indices {
                let distance = UInt64(bitPattern: pending[j] &- Self.rise(slope: slope, steps: j) &- lowest)
                word |= distance << UInt64(filled)
                filled += width
                if filled >= 64 {
                    words[next] = word
                    next += 1
                    filled -= 64
                    word = filled > 0 ? distance >> UInt64(width - filled) : 0
                }
            }
            if filled > 0 { words[next] = word }
        }
        pending.removeAll(keepingCapacity: true)
    }
}
