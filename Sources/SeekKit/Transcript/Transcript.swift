import SeekBytes

/// An ordered list of cues, stored compactly.
///
/// All cue texts live in one UTF-8 string (`storage`), separated by a `\n`;
/// each cue's position, times, line, speaker, style and identifier are columns of
/// `PackedIntegers` (`CueRecords`), a few bits a cue where they climb steadily. A
/// million cues cost a few megabytes besides their text, and searches can scan
/// `storage` in one pass. Indices are 0-based; a cue's `ordinal` is its index plus one.
public struct Transcript: Sendable {
    static let noTime = Int64.min

    /// Every cue's text, in order, each followed by a `\n`.
    public let storage: String
    var records: CueRecords
    /// Distinct speaker names, in order of first appearance.
    public let speakers: [String]
    /// Distinct style names (ASS/SSA `Style`), in order of first appearance.
    public let styles: [String]
    /// The times of single words where the file gives them, in storage order
    /// (see `matchTimes(cue:range:)`); empty for most files.
    public internal(set) var wordTimes: [WordTime]
    /// The cues' 1-based numbers in their file when the transcript holds only some of its
    /// cues (`TranscriptLoader.loadMatching`); empty when it holds them all, numbered in order.
    /// They climb, so they take a few bits a cue (none while every cue is kept).
    var ordinalColumn = PackedIntegers()

    /// `ordinalColumn` as a list.
    var ordinals: [Int32] {
        get { ordinalColumn.map { Int32(truncatingIfNeeded: $0) } }
        set {
            var column = PackedIntegers()
            for ordinal in newValue { column.append(Int64(ordinal)) }
            column.seal()
            ordinalColumn = column
        }
    }

    /// An empty transcript.
    public init() {
        self.init(storage: "", records: CueRecords(), speakers: [])
    }

    /// A transcript of the given cues (their ordinals are renumbered in order).
    public init(_ cues: some Sequence<Cue>) {
        var builder = TranscriptBuilder()
        for cue in cues {
            builder.append(text: cue.text, id: cue.id, start: cue.start, end: cue.end,
                           speaker: cue.speaker, style: cue.style, line: cue.line)
        }
        self = builder.build()
    }

    init(storage: String, records: CueRecords, speakers: [String], styles: [String] = [],
         wordTimes: [WordTime] = []) {
        self.storage = storage
        self.records = records
        self.speakers = speakers
        self.styles = styles
        self.wordTimes = wordTimes
    }

    /// The byte range of cue `index`'s text inside `storage`.
    public func utf8Range(at index: Int) -> Range<Int> {
        records.textRange(at: index)
    }

    /// Cue `index`'s text, without copying.
    ///
    /// - Complexity: O(1).
    public func text(at index: Int) -> Substring {
        let range = utf8Range(at: index)
        let utf8 = storage.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        return storage[lower..<upper]
    }

    /// Calls `body` with cue `index`'s text as UTF-8 bytes where they lie in `storage`: no
    /// `Substring` made and read again, as `text(at:)`'s UTF-8 view would be.
    ///
    /// - Complexity: O(1) besides `body`.
    func withTextBytes<Result>(at index: Int, _ body: (ByteView) -> Result) -> Result {
        let range = utf8Range(at: index)
        return storage.utf8.withByteView { body($0.extracting(range)) }
    }

    public func start(at index: Int) -> Int? {
        let value = records.columns.starts[index]
        return value == Self.noTime ? nil : Int(value)
    }

    public func end(at index: Int) -> Int? {
        let value = records.columns.ends[index]
        return value == Self.noTime ? nil : Int(value)
    }

    public func speaker(at index: Int) -> String? {
        speakerIndex(at: index).map { speakers[$0] }
    }

    /// Index into `speakers` of cue `index`'s speaker, or `nil`.
    public func speakerIndex(at index: Int) -> Int? {
        let value = records.columns.speakers[index]
        return value < 0 ? nil : Int(value)
    }

    /// Cue `index`'s style name (ASS/SSA), or `nil`.
    public func style(at index: Int) -> String? {
        styleIndex(at: index).map { styles[$0] }
    }

    /// Index into `styles` of cue `index`'s style, or `nil`.
    public func styleIndex(at index: Int) -> Int? {
        let value = records.columns.styles[index]
        return value < 0 ? nil : Int(value)
    }

    public func id(at index: Int) -> String? {
        records.id(at: index)
    }

    public func line(at index: Int) -> Int {
        Int(records.columns.lines[index])
    }

    /// Cue `index`'s 1-based number in its file: `index + 1`, unless the transcript holds
    /// only some of the file's cues.
    public func ordinal(at index: Int) -> Int {
        ordinalColumn.isEmpty ? index + 1 : Int(ordinalColumn[index])
    }
}

extension Transcript {
    /// The same cues ordered by start time (untimed cues first), cues that start together
    /// kept in their order; their ordinals follow the new order.
    ///
    /// - Complexity: O(n log n).
    func sortedByStart() -> Transcript {
        let starts = records.columns.starts
        let order = indices.sorted { a, b in
            let (x, y) = (starts[a], starts[b])
            return x != y ? x < y : a < b
        }
        var builder = TranscriptBuilder()
        builder.reserve(bytes: storage.utf8.count, cues: count)
        for index in order {
            builder.append(text: text(at: index), id: id(at: index), start: start(at: index), end: end(at: index),
                           speaker: speaker(at: index), style: style(at: index), line: line(at: index))
        }
        return builder.build()
    }
}

extension Transcript: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    public subscript(index: Int) -> Cue {
        Cue(ordinal: ordinal(at: index), id: id(at: index), start: start(at: index), end: end(at: index),
            speaker: speaker(at: index), style: style(at: index), text: String(text(at: index)),
            line: line(at: index))
    }
}

/// A transcript's cue records as they are collected, with identifiers and speakers interned.
///
/// The one place records are made: `TranscriptBuilder` and the parsers' collector both use it.
struct CueRecordTable {
    private var columns = CueRecords.Columns()
    var speakers: [String] = []
    var styles: [String] = []
    private var speakerLookup: [String: Int32] = [:]
    private var styleLookup: [String: Int32] = [:]
    /// The last two speakers asked for and their indices, the latest first: a dialogue's cues
    /// mostly name one of the two people talking.
    private var lastSpeakers: ((name: String, index: Int32)?, (name: String, index: Int32)?) = (nil, nil)
    /// The last style asked for and its index: most cues repeat the style before them.
    private var lastStyle: (name: String, index: Int32)?

    var count: Int { columns.textStarts.count }

    /// The records collected so far.
    var records: CueRecords { CueRecords(columns) }

    /// The records collected so far, the table's own columns sealed first: `records` seals a copy
    /// while the table still holds the columns, so every column with an unfinished last block is
    /// copied whole (a 900,000-cue LRC file held 3.7 MB of columns twice at its parse's peak).
    mutating func sealedRecords() -> CueRecords {
        columns.seal()
        return CueRecords(columns)
    }

    @inline(__always)
    mutating func append(textStart: Int, textEnd: Int, id: String?, idNumber: Int64? = nil, start: Int?, end: Int?,
                         speaker: String?, style: String? = nil, line: Int) {
        var speakerIndex: Int32 = -1
        if let speaker {
            if let last = lastSpeakers.0, last.name == speaker {
                speakerIndex = last.index
            } else if let before = lastSpeakers.1, before.name == speaker {
                speakerIndex = before.index
                lastSpeakers = (before, lastSpeakers.0)
            } else {
                if let known = speakerLookup[speaker] {
                    speakerIndex = known
                } else {
                    speakerIndex = Int32(speakers.count)
                    speakers.append(speaker)
                    speakerLookup[speaker] = speakerIndex
                }
                lastSpeakers = ((speaker, speakerIndex), lastSpeakers.0)
            }
        }
        var styleIndex: Int32 = -1
        if let style {
            if let last = lastStyle, last.name == style {
                styleIndex = last.index
            } else if let known = styleLookup[style] {
                styleIndex = known
                lastStyle = (style, known)
            } else {
                styleIndex = Int32(styles.count)
                styles.append(style)
                styleLookup[style] = styleIndex
                lastStyle = (style, styleIndex)
            }
        }
        columns.append(textStart: textStart, textEnd: textEnd, id: id, idNumber: idNumber,
                       start: start.map(Int64.init) ?? Transcript.noTime, end: end.map(Int64.init) ?? Transcript.noTime,
                       line: line, speaker: speakerIndex, style: styleIndex)
    }

    mutating func removeAll() {
        columns = CueRecords.Columns()
        speakers.removeAll()
        speakerLookup.removeAll()
        styles.removeAll()
        styleLookup.removeAll()
        lastStyle = nil
        lastSpeakers = (nil, nil)
    }
}

/// Collects cues one by one and builds a `Transcript`.
public struct TranscriptBuilder {
    private var storage = ""
    private var table = CueRecordTable()
    private var wordTimes: [WordTime] = []

    public init() {}

    public var count: Int { table.count }

    /// Appends a cue. Times are milliseconds; `line` is the 1-based source line of its text.
    ///
    /// `wordTimes` are the cue's word times with offsets into `text` (in order).
    public mutating func append(
        text: some StringProtocol, id: String? = nil, start: Int? = nil, end: Int? = nil,
        speaker: String? = nil, style: String? = nil, line: Int, wordTimes: [WordTime] = []
    ) {
        let textStart = storage.utf8.count
        for word in wordTimes {
            self.wordTimes.append(WordTime(offset: textStart + word.offset, start: word.start, end: word.end))
        }
        storage.append(contentsOf: text)
        let textEnd = storage.utf8.count
        storage.append("\n")
        table.append(textStart: textStart, textEnd: textEnd, id: id, start: start, end: end, speaker: speaker,
                     style: style, line: line)
    }

    /// Reserves room for about `bytes` of text and `cues` cues.
    public mutating func reserve(bytes: Int, cues: Int) {
        storage.reserveCapacity(bytes)
    }

    public func build() -> Transcript {
        Transcript(storage: storage, records: table.records, speakers: table.speakers,
                   styles: table.styles, wordTimes: wordTimes)
    }
}
