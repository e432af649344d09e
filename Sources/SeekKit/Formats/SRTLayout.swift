import SeekBytes

/// Where the cue texts of a plainly written piece of SRT lie, found without parsing it.
///
/// A plain piece is what most SRT files are: blocks of an index line (digits only),
/// a timing line in the usual `00:00:01,000 --> 00:00:02,500` form (hours of up to six digits), and text lines,
/// each block ended by an empty line; LF line breaks only, no line of spaces, no
/// text line `SRTParser` could take for a timing line. On such a piece the parser
/// gives exactly these cues, with each cue's text its lines as they lie (joined by
/// their LF), cleaned of markup and references and of blanks around its line breaks when
/// `marked`, and no warning.
/// Anything else is left to the parser.
struct SRTLayout {
    /// The cues' text, as byte ranges of the piece, in order.
    var spans: [Range<Int>] = []
    /// The indices of the cues whose text holds `<`, `{` or `&`, or a blank next to a line break
    /// inside it, which the parser cleans.
    var marked: [Int] = []
    /// Where the layout stopped: the end of the bytes, or the start of the block after its
    /// `cueLimit`-th cue (a place a piece may start).
    private(set) var end = 0

    /// The layout of `bytes`, or `nil` when they are not plainly written. With `cueLimit`,
    /// the layout stops after that many cues (at `end`), having looked at nothing after them.
    ///
    /// - Complexity: O(n), thirty-two bytes at a time within cue texts: a block of plain lines
    ///   ending within sixty-two bytes found from the bits of its line feeds and markup
    ///   (`ByteView.plainBlock`), a longer one in one pass to its end (`ByteView.plainBlockEnd`);
    ///   any other block stops where markup stands or a blank is next to a line feed
    ///   (`SRTLayout.markedText`).
    init?(_ bytes: ByteView, cueLimit: Int = .max) {
        guard !bytes.isEmpty else { return }
        let count = bytes.count
        if cueLimit == .max && bytes.firstIndex(of: 0x0D) != nil { return nil }
        // Kept in locals until the end (appending to the properties checks their uniqueness at each cue).
        var spans: [Range<Int>] = []
        var marked: [Int] = []
        spans.reserveCapacity(Swift.min(count / 48, cueLimit))
        let timings = TimingTemplates.shared
        var usual = UsualTimingLine(hours: 2, timings)
        var position = 0
        var cues = 0
        while true {
            while position < count && bytes[position] == 0x0A { position &+= 1 }
            guard position < count, cues < cueLimit else { break }
            // An index line (digits only: never a timing line) before the timing line: most
            // often up to seven digits and their line feed, all in one word.
            if position &+ 8 <= count, case let word = bytes.loadWord(at: position),
               case let digits = WordBytes.leadingDigits(word), digits < 8 {
                if digits > 0 && (word &>> UInt64(digits &* 8)) & 0xFF == 0x0A { position &+= digits &+ 1 }
            } else {
                guard let next = SRTLayout.indexLineEnd(bytes, at: position) else { return nil }
                position = next
            }
            let timingEnd: Int
            if let end = usual.lineEnd(bytes, at: position) {
                timingEnd = end
            } else {
                guard let end = SRTLayout.unusualTimingLineEnd(bytes, at: position, timings) else { return nil }
                timingEnd = end
                usual.adapt(toLineOf: end - position, timings)
            }
            position = timingEnd &+ 1
            let textStart = position
            // Most blocks: plain lines up to an empty one, within sixty-two bytes of their start,
            // found from the bits of their line feeds and markup (a text starting with a blank or
            // a line feed is looked at apart).
            var scan = PlainBlockScan.undecided
            if position < count && bytes[position] > 0x20 {
                scan = bytes.plainBlock(from: position)
                if case .end(let end) = scan {
                    // (`end` lies after `textStart`, a byte that is no line feed.)
                    spans.append(Range(uncheckedBounds: (textStart, end)))
                    cues &+= 1
                    position = end &+ 2
                    continue
                }
            }
            guard let text = SRTLayout.markedText(bytes, from: textStart, scan) else { return nil }
            if text.isMarked { marked.append(cues) }
            spans.append(textStart..<text.end)
            cues &+= 1
            position = text.next
        }
        end = Swift.min(position, count)
        // Line breaks are LF alone in what was laid out (the parser also breaks lines at a CR).
        if cueLimit < .max && bytes.firstIndex(of: 0x0D, in: 0..<end) != nil { return nil }
        self.spans = spans
        self.marked = marked
    }

    /// Where the block goes on after a line at `start` that does not start with up to seven digits
    /// and a line feed: after its index line of eight to eighteen digits, or at `start` when it is
    /// no index line; `nil` for a line of more digits (which the parser reads otherwise).
    @inline(never)
    static func indexLineEnd(_ bytes: ByteView, at start: Int) -> Int? {
        let count = bytes.count
        var digitsEnd = start
        while digitsEnd < count && digitsEnd - start <= 18 && SRTParser.isDigit(bytes[digitsEnd]) { digitsEnd += 1 }
        guard digitsEnd > start && digitsEnd < count && bytes[digitsEnd] == 0x0A else { return start }
        return digitsEnd &- start <= 18 ? digitsEnd &+ 1 : nil
    }

    /// `timingLineEnd(_:at:_:)`, not inlined: for the lines the usual width does not take.
    @inline(never)
    static func unusualTimingLineEnd(_ bytes: ByteView, at index: Int, _ templates: TimingTemplates) -> Int? {
        timingLineEnd(bytes, at: index, templates)
    }

    /// The text of a block from `textStart` that is not plain lines ending within sixty-two bytes
    /// (`scan` says what `ByteView.plainBlock` found): its end, where the next block may start,
    /// and whether the parser cleans it; `nil` when the piece is not plainly written.
    ///
    /// Plain lines running on are found in one pass (`ByteView.plainBlockEnd`); other texts are
    /// looked at only where an event stands (`BlockEvents`): a blank after a line feed, a
    /// blank before one, markup, a `>` (a timing line?).
    @inline(never)
    static func markedText(_ bytes: ByteView, from textStart: Int, _ scan: PlainBlockScan)
        -> (end: Int, next: Int, isMarked: Bool)? {
        let count = bytes.count
        guard textStart < count && bytes[textStart] != 0x0A else { return (textStart, textStart, false) }
        // The first text line: a line of blanks is no text.
        if SRTLayout.isBlankLine(bytes, from: textStart) { return nil }
        if scan == .undecided, let end = bytes.plainBlockEnd(from: textStart) { return (end, end &+ 2, false) }
        let events = BlockEvents(bytes)
        var places = events.chunk(at: textStart)
        var isMarked = false
        var angleLineEnd = textStart
        while true {
            let place = places.next(count: count) { events.chunk(at: $0) }
            guard place < count else {
                // The text runs to the end of the bytes, with or without a last line feed.
                return (bytes[count - 1] == 0x0A ? count - 1 : count, count, isMarked)
            }
            let byte = bytes[place]
            if byte == 0x0A {
                if bytes[place &+ 1] == 0x0A { return (place, place &+ 1, isMarked) }
                if SRTLayout.isBlankLine(bytes, from: place &+ 1) { return nil }
                // A line starting with a blank: the parser takes the blank off (`LineBreakBlanks`).
                isMarked = true
            } else if byte == 0x20 || byte == 0x09 {
                // A blank ending a line that another follows: the parser takes it off.
                if place &+ 2 < count && bytes[place &+ 2] != 0x0A { isMarked = true }
            } else if byte == UInt8(ascii: ">") {
                guard place >= angleLineEnd else { continue }
                var lineStart = place
                while lineStart > textStart && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
                angleLineEnd = bytes.firstIndex(of: 0x0A, in: place..<count) ?? count
                if SRTParser.timing(bytes, lineStart, angleLineEnd) != .none { return nil }
            } else {
                isMarked = true
            }
        }
    }

    /// How many lines the parser reads in `bytes`: their line feeds, and a last line without one.
    /// (Not part of a layout: a search that reads only some blocks counts them on its way.)
    ///
    /// - Complexity: O(n).
    static func lines(in bytes: ByteView) -> Int {
        guard !bytes.isEmpty else { return 0 }
        return ByteCounting.count(0x0A, in: bytes, 0..<bytes.count) + (bytes[bytes.count - 1] == 0x0A ? 0 : 1)
    }

    /// Whether the line starting at `start` (up to its line feed or the end) holds only
    /// spaces and tabs, and at least one: what the parser never reads as a cue's text.
    @inline(__always)
    static func isBlankLine(_ bytes: ByteView, from start: Int) -> Bool {
        var index = start
        while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index &+= 1 }
        return index > start && (index == bytes.count || bytes[index] == 0x0A)
    }

    /// The end (its line feed) of a timing line in the usual form starting at `index`:
    /// `H:MM:SS,mmm --> H:MM:SS,mmm`, hours of one to six digits, `.` or `,` before
    /// the milliseconds.
    ///
    /// Each time is checked by a template of sixteen bytes chosen by its hours' width
    /// (`TimingTemplates`); only the hours' digits are looked at one by one.
    @inline(__always)
    static func timingLineEnd(_ bytes: ByteView, at index: Int, _ templates: TimingTemplates) -> Int? {
        let count = bytes.count
        // Both times' hours read as words where the line has room (6 + 15 + 8 bytes), else byte by byte.
        let hasRoom = index + 29 <= count
        var startHours = 0
        if hasRoom {
            startHours = WordBytes.leadingDigits(bytes.loadWord(at: index))
        } else {
            while startHours < 7 && index + startHours < count && SRTParser.isDigit(bytes[index + startHours]) { startHours += 1 }
        }
        guard startHours >= 1 && startHours <= 6 else { return nil }
        let endTime = index + startHours + 15
        var endHours = 0
        if hasRoom {
            endHours = WordBytes.leadingDigits(bytes.loadWord(at: endTime))
        } else {
            while endHours < 7 && endTime + endHours < count && SRTParser.isDigit(bytes[endTime + endHours]) { endHours += 1 }
        }
        guard endHours >= 1 && endHours <= 6 else { return nil }
        let lineFeed = endTime + endHours + 10
        guard lineFeed < count, templates.start(hours: startHours).matches(bytes, at: index),
              templates.end(hours: endHours).matches(bytes, at: lineFeed - 15) else { return nil }
        let arrow = index + startHours + 10
        return bytes[arrow] == 0x20 && bytes[arrow + 1] == UInt8(ascii: "-") && bytes[arrow + 2] == UInt8(ascii: "-")
            && bytes[arrow + 3] == UInt8(ascii: ">") && bytes[arrow + 4] == 0x20 ? lineFeed : nil
    }
}

/// The timing lines of a file, which mostly have hours of one width in both times: the end of
/// one of that width found by its two templates alone, as `SRTLayout.timingLineEnd` finds it.
struct UsualTimingLine {
    /// The hours' width (1...5: the templates then hold every digit of both hours).
    private(set) var hours: Int
    private var start: LanePattern16
    private var end: LanePattern16
    /// Whether the arrow is read apart: with hours of four or five digits, bytes of it lie
    /// between the two templates (with fewer, the templates hold all of it).
    private var readsArrow: Bool

    init(hours: Int, _ templates: TimingTemplates) {
        self.hours = hours
        start = templates.start(hours: hours)
        end = templates.end(hours: hours)
        readsArrow = hours > 3
    }

    /// The end (its line feed) of a timing line at `index` in the usual form with hours of
    /// `hours` digits in both times, or `nil` (then the line may still be one of another width).
    @inline(__always)
    func lineEnd(_ bytes: ByteView, at index: Int) -> Int? {
        let lineFeed = index &+ 2 &* hours &+ 25
        guard lineFeed < bytes.count else { return nil }
        guard start.fits(bytes, at: index) & end.fits(bytes, at: lineFeed &- 15) == 0xFFFF,
              !readsArrow || bytes.loadWord(at: index &+ hours &+ 10) & 0xFF_FFFF_FFFF == UsualTimingLine.arrow
        else { return nil }
        return lineFeed
    }

    /// ` --> ` as the low five bytes of a word.
    static let arrow: UInt64 = 0x20_3E_2D_2D_20

    /// Takes the width of a timing line of `length` bytes (its line feed left out) whose hours
    /// are as wide in both times, when it is one of 1...5.
    mutating func adapt(toLineOf length: Int, _ templates: TimingTemplates) {
        let width = (length - 25) / 2
        guard width != hours, length == 2 * width + 25, (1...5).contains(width) else { return }
        self = UsualTimingLine(hours: width, templates)
    }
}

/// The usual timing line, `00:00:01,000 --> 00:00:02,500` (`,` or `.` before the
/// milliseconds), as templates of sixteen bytes for each width of the hours: the sixteen
/// bytes from the start of the line, and the sixteen that end with its line feed.
struct TimingTemplates: Sendable {
    /// Made once: a layout takes them into a local before its loop (a global read in the loop
    /// would check that it is made at every cue).
    static let shared = TimingTemplates()

    private let starts: [LanePattern16]
    private let ends: [LanePattern16]

    private init() {
        let time = "0:00:00,000"
        starts = (1...6).map { hours in
            let text = String(repeating: "0", count: hours - 1) + time + " --> "
            return LanePattern16(Array(text.utf8.prefix(16)), digit: 0x30, orMasks: [hours + 6: 0x02])
        }
        ends = (1...6).map { hours in
            let text = "--> " + String(repeating: "0", count: hours - 1) + time + "\n"
            return LanePattern16(Array(text.utf8.suffix(16)), digit: 0x30, orMasks: [11: 0x02])
        }
    }

    /// The template of a line's first sixteen bytes, for a start time with `hours` digits (1...6).
    @inline(__always)
    func start(hours: Int) -> LanePattern16 { starts[hours - 1] }

    /// The template of a line's last sixteen bytes, for an end time with `hours` digits (1...6).
    @inline(__always)
    func end(hours: Int) -> LanePattern16 { ends[hours - 1] }
}
