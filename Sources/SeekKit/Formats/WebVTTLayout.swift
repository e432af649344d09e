import SeekBytes

/// Where the cues of a plainly written WebVTT file lie, found without parsing it.
///
/// A plain file is what most WebVTT files are: the `WEBVTT` line, header lines without `-->`,
/// an empty line, then blocks each ended by an empty line: cues (an optional identifier line,
/// a timing line `WebVTTParser.timings` reads, text lines without `-->`) and `NOTE`, `STYLE`
/// or `REGION` blocks without `-->`; LF line breaks only. On such a file `WebVTTParser` gives
/// exactly these cues, in order, each cue's text its lines as they lie (joined by their LF),
/// cleaned of tags and references and of blanks around its line breaks when `marked`, and no
/// warning. Anything else is left to the parser.
struct WebVTTLayout {
    /// One cue: where its lines lie.
    struct Cue {
        /// Its identifier line, if it has one.
        var id: Range<Int>?
        /// Its timing line, without the line feed.
        var timing: Range<Int>
        /// Its text (empty, at the end of the timing line, when it has none).
        var text: Range<Int>
    }

    /// The cues' texts, as byte ranges of the file, in order: all that is kept of a cue (sixteen
    /// bytes), its identifier and timing lines are found again from where its text starts
    /// (`cue(_:in:)`), so that a file of tiny cues is not held three times over.
    private(set) var spans: [Range<Int>] = []
    /// The indices of the cues whose text holds `<` or `&`, or a blank next to a line break inside
    /// it, which the parser cleans.
    var marked: [Int] = []

    /// Where the lines of cue `index` lie: its timing line is the line that ends where its text
    /// starts (or at the end of `bytes`), and the line before it, when it is not empty, is its
    /// identifier (a block starts after an empty line).
    ///
    /// - Complexity: O(length of the two lines).
    func cue(_ index: Int, in bytes: ByteView) -> Cue {
        let text = spans[index]
        let timingEnd = text.lowerBound > 0 && bytes[text.lowerBound - 1] == 0x0A ? text.lowerBound - 1 : text.lowerBound
        let timingStart = bytes.lineStart(before: timingEnd)
        var id: Range<Int>?
        if timingStart >= 2 && bytes[timingStart - 2] != 0x0A {
            id = bytes.lineStart(before: timingStart - 1)..<(timingStart - 1)
        }
        return Cue(id: id, timing: timingStart..<timingEnd, text: text)
    }

    /// Where the layout stopped: the end of the bytes, or where the block after its
    /// `cueLimit`-th cue may start.
    private(set) var end = 0

    /// The layout of `bytes`, or `nil` when they are not plainly written.
    ///
    /// Without `isFileStart`, `bytes` are a piece of a file after its header, starting where a
    /// block may (`pieceEnd(in:from:)`): no signature or header is looked for, and the spans are
    /// the piece's, its first cue numbered 0. With `cueLimit`, the layout stops after that many
    /// cues (at `end`), having looked at nothing after them.
    ///
    /// - Complexity: O(n), sixteen bytes at a time within cue texts: a block of plain lines in
    ///   one pass to its end (`ByteView.plainBlockEnd`); any other block stops where markup stands
    ///   or a blank is next to a line feed (`BlockEvents`).
    init?(_ bytes: ByteView, isFileStart: Bool = true, cueLimit: Int = .max) {
        let count = bytes.count
        var position = 0
        if isFileStart {
            let signatureEnd = bytes.firstIndex(of: 0x0A) ?? count
            guard WebVTTParser.hasSignature(bytes.extracting(0..<signatureEnd)) else { return nil }
            position = signatureEnd + 1
            // Header lines up to the first empty line: no cues, and no `-->` (it would start a block).
            while position < count && bytes[position] != 0x0A {
                let end = Self.lineEnd(bytes, from: position)
                if LineScanner.containsArrow(bytes, position, end) { return nil }
                position = end + 1
            }
        }
        spans.reserveCapacity(Swift.min(count / 64, cueLimit))
        let events = BlockEvents(bytes)
        // The events' cursor, kept here rather than in `events` (so that the loop is inlined).
        var places = events.places
        let timing = UsualTiming.shared
        while spans.count < cueLimit {
            while position < count && bytes[position] == 0x0A { position += 1 }
            guard position < count else { break }
            var timingStart = position
            var timingEnd: Int
            if let end = timing.lineEnd(bytes, at: position) {
                timingEnd = end
            } else {
                let (lineEnd, hasArrow) = Self.lineEndAndArrow(bytes, from: position)
                timingEnd = lineEnd
                if !hasArrow {
                    // An identifier before a timing line, or a comment or definition block.
                    let next = timingEnd + 1
                    if let nextEnd = timing.lineEnd(bytes, at: next) {
                        timingStart = next
                        timingEnd = nextEnd
                    } else {
                        let nextEnd = next < count ? Self.lineEnd(bytes, from: next) : next
                        guard next < count, nextEnd > next, LineScanner.containsArrow(bytes, next, nextEnd) else {
                            guard let blockEnd = Self.commentOrDefinitionEnd(bytes, from: position) else { return nil }
                            position = blockEnd
                            continue
                        }
                        timingStart = next
                        timingEnd = nextEnd
                        guard Self.readsTimings(bytes, timingStart, timingEnd) else { return nil }
                    }
                } else {
                    guard Self.readsTimings(bytes, timingStart, timingEnd) else { return nil }
                }
            }
            let textStart = Swift.min(timingEnd + 1, count)
            var textEnd = textStart
            var isMarked = false
            if textStart < count && bytes[textStart] != 0x0A, let end = bytes.plainBlockEnd(from: textStart) {
                // Most blocks: plain lines up to an empty one, found without the events.
                textEnd = end
                position = end &+ 2
            } else if textStart < count && bytes[textStart] != 0x0A {
                places = events.chunk(at: textStart)
                while true {
                    let place = places.next(count: count) { events.chunk(at: $0) }
                    guard place < count else {
                        textEnd = bytes[count - 1] == 0x0A ? count - 1 : count
                        position = count
                        break
                    }
                    let byte = bytes[place]
                    if byte == 0x0A {
                        // A line that starts with a blank is text; an empty line ends the block.
                        if bytes[place + 1] == 0x0A {
                            textEnd = place
                            position = place + 1
                            break
                        }
                        // The parser takes the blank starting the next line off (`LineBreakBlanks`).
                        isMarked = true
                    } else if byte == 0x20 || byte == 0x09 {
                        // So it does a blank ending a line that another follows.
                        if place + 2 < count && bytes[place + 2] != 0x0A { isMarked = true }
                    } else if byte == UInt8(ascii: ">") {
                        // A text line with `-->` would start a block of its own.
                        if bytes[place - 1] == UInt8(ascii: "-") && bytes[place - 2] == UInt8(ascii: "-") { return nil }
                    } else if byte != UInt8(ascii: "{") {
                        isMarked = true
                    }
                }
            } else {
                position = textStart
            }
            if isMarked { marked.append(spans.count) }
            spans.append(textStart..<textEnd)
        }
        end = Swift.min(position, count)
        // Line breaks are LF alone in what was laid out (the parser also breaks lines at a CR).
        guard bytes.firstIndex(of: 0x0D, in: 0..<end) == nil else { return nil }
    }

    /// Where a piece of a file that reaches at least `target` can end: after the first empty line
    /// that ends at or after `target`, the end of `bytes` when none does. A block (or the header)
    /// ends at every empty line, so the next piece starts where a block may.
    ///
    /// - Complexity: O(result - target).
    static func pieceEnd(in bytes: ByteView, from target: Int) -> Int {
        var from = target
        while from < bytes.count, let found = bytes.firstIndex(of: 0x0A, in: from..<bytes.count) {
            if found + 1 < bytes.count && bytes[found + 1] == 0x0A { return found + 2 }
            from = found + 1
        }
        return bytes.count
    }

    /// The line feed ending the line that starts at `start`, or the end of `bytes`.
    @inline(__always)
    private static func lineEnd(_ bytes: ByteView, from start: Int) -> Int {
        bytes.firstIndex(of: 0x0A, in: start..<bytes.count) ?? bytes.count
    }

    /// `lineEnd(_:from:)` and whether the line holds `-->`: a line of fewer than eight bytes
    /// without `>` (a cue's identifier, most often) told from one word, without a call.
    @inline(__always)
    private static func lineEndAndArrow(_ bytes: ByteView, from start: Int) -> (end: Int, hasArrow: Bool) {
        if start &+ 8 <= bytes.count {
            let word = bytes.loadWord(at: start)
            let feeds = WordBytes.equal(word, 0x0A)
            if feeds != 0 {
                let length = feeds.trailingZeroBitCount / 8
                let closes = WordBytes.equal(word, UInt8(ascii: ">")) & ((1 << UInt64(8 * length)) &- 1)
                if closes == 0 { return (start &+ length, false) }
            }
        }
        let end = lineEnd(bytes, from: start)
        return (end, LineScanner.containsArrow(bytes, start, end))
    }

    /// Where a `NOTE`, `STYLE` or `REGION` block starting at `start` ends (after its last
    /// line), when none of its lines holds `-->`; `nil` for any other block without a timing line.
    private static func commentOrDefinitionEnd(_ bytes: ByteView, from start: Int) -> Int? {
        let isKeyword = ["NOTE", "STYLE", "REGION"].contains { (keyword: String) in
            let word = Array(keyword.utf8)
            guard start + word.count <= bytes.count,
                  bytes.extracting(start..<start + word.count).elementsEqual(word) else { return false }
            let next = start + word.count < bytes.count ? bytes[start + word.count] : 0x0A
            return next == 0x20 || next == 0x09 || next == 0x0A
        }
        guard isKeyword else { return nil }
        var position = start
        while position < bytes.count && bytes[position] != 0x0A {
            let end = lineEnd(bytes, from: position)
            if LineScanner.containsArrow(bytes, position, end) { return nil }
            position = end + 1
        }
        return Swift.min(position, bytes.count)
    }

    /// Whether the parser reads the timing line `start..<end`: the usual
    /// `00:00:01.000 --> 00:00:02.500` checked by template, any other form by the parser's own reading.
    @inline(__always)
    static func readsTimings(_ bytes: ByteView, _ start: Int, _ end: Int) -> Bool {
        if end - start >= 29 && UsualTiming.shared.fits(bytes, start)
            && (end - start == 29 || bytes[start + 29] == 0x20 || bytes[start + 29] == 0x09) {
            return true
        }
        return WebVTTParser.timings(bytes, start, end) != nil
    }

    /// The text the parser gives cue `cue`: as it lies, or cleaned of tags and references.
    func text(of cue: Int, in bytes: ByteView) -> String {
        let text = bytes.extracting(spans[cue])
        guard WebVTTParser.needsCleaning(text) || LineBreakBlanks.occur(in: text) else { return text.string }
        var plain: [UInt8] = []
        var wordTimes: [WordTime] = []
        _ = WebVTTParser.clean(text, into: &plain, wordTimes: &wordTimes)
        return String(decoding: plain, as: UTF8.self)
    }
}

/// The usual WebVTT timing line, `HH:MM:SS.mmm --> HH:MM:SS.mmm` (29 bytes, minutes and
/// seconds below 60), as two templates of sixteen bytes: the line's first sixteen and its last.
struct UsualTiming: Sendable {
    /// Made once: a layout takes it into a local before its loop.
    static let shared = UsualTiming()

    private let head: BytePattern16
    private let tail: BytePattern16

    private init() {
        let line = Array("00:00:00.000 --> 00:00:00.000".utf8)
        head = BytePattern16(Array(line[0..<16]), digit: 0x30)
        tail = BytePattern16(Array(line[13..<29]), digit: 0x30)
    }

    /// Whether the usual timing stands at `start` (29 bytes, which `bytes` must hold).
    @inline(__always)
    func fits(_ bytes: ByteView, _ start: Int) -> Bool {
        head.matches(bytes, at: start) && tail.matches(bytes, at: start + 13)
            && bytes[start + 3] <= 0x35 && bytes[start + 6] <= 0x35 && bytes[start + 20] <= 0x35 && bytes[start + 23] <= 0x35
    }

    /// The end (its line feed, or the end of `bytes`) of a line starting at `start` that is a
    /// usual timing line and nothing more: a line the parser takes for a timing line and reads.
    @inline(__always)
    func lineEnd(_ bytes: ByteView, at start: Int) -> Int? {
        let end = start + 29
        guard end <= bytes.count, end == bytes.count || bytes[end] == 0x0A, fits(bytes, start) else { return nil }
        return end
    }
}
