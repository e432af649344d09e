import SeekBytes

/// Reads SubRip (`.srt`) subtitles.
///
/// A block is an optional index line, a timing line
/// `HH:MM:SS,mmm --> HH:MM:SS,mmm`, then text until a blank line. The parser is
/// lenient the way players are:
/// - timings may use `.` for `,`, leave out the hours, have one to three fraction
///   digits (`,5` and `,50` are 500 ms) or none, spell the arrow `->` or `- >`,
///   and carry trailing `X1:… Y2:…`;
/// - a line of spaces inside a cue's text, followed by more text, stays in the cue;
/// - blank lines may be missing when a timing line (or an index line followed by
///   one) makes the boundary clear, and extra blank lines are skipped;
/// - `<i> <b> <u> <s> <font …>` tags and their closers (any case) and `{\an8}`-style
///   override blocks are removed; character references (`&amp;`) are decoded.
///
/// A block that cannot be read is skipped with a warning naming its line.
public enum SRTParser {
    /// The line shown in messages about a missing or broken timing line.
    static let expectedTiming = "expected a timing line like 00:00:01,000 --> 00:00:02,000"

    /// Parses UTF-8 SRT text.
    ///
    /// - Returns: the cues, and a warning per skipped block.
    /// - Complexity: O(n) in the size of `utf8`.
    public static func parse(_ utf8: [UInt8], fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withByteView { buffer in
            let parsed = parse(buffer, fileName: fileName)
            return (parsed.transcript, parsed.warnings.all)
        }
    }

    /// Parses `buffer` as a whole file or as one piece of a file cut by `pieceEnd(in:from:)`;
    /// line numbers count from 1 at the start of `buffer`.
    ///
    /// - Returns: the cues, the warnings, and the number of lines read.
    static func parse(_ buffer: ByteView, fileName: String)
        -> (transcript: Transcript, warnings: WarningLog, lines: Int) {
        var warnings = WarningLog(fileName: fileName)
        var lines = 0
        let transcript = CueCollector.collect(inputBytes: buffer.count) { cues in
            (warnings, lines) = read(buffer, fileName: fileName, into: &cues)
        }
        return (transcript, warnings, lines)
    }

    /// Parses `buffer` (as `parse(_:fileName:)` does) into `cues`.
    static func read(_ buffer: ByteView, fileName: String, into cues: inout CueCollector)
        -> (warnings: WarningLog, lines: Int) {
        // The collector is lent, not copied: a copy would share its buffers, so that the
        // parser's appends copied them (and a block read alone paid that for every cue).
        var parser = Parser(scanner: LineScanner(buffer), cues: .standIn, fileName: fileName)
        swap(&parser.cues, &cues)
        parser.cues.reserve(forInputBytes: buffer.count)
        let lines = parser.run()
        swap(&parser.cues, &cues)
        return (parser.warnings, lines)
    }

    /// Reads each of `blocks` as `read` reads it alone, each with its `lineOffset`, into `cues`,
    /// lent to one parser for all of them (not once a block: the collector is large to move).
    ///
    /// - Returns: whether every block gave exactly one cue and no warning; the reading stops
    ///   at the first that did not.
    ///
    /// The reference `readLaidOut` is tested against.
    static func readAlone(
        _ blocks: some Sequence<(text: ByteView, lineOffset: Int)>, fileName: String, into cues: inout CueCollector
    ) -> Bool {
        var parser = Parser(scanner: LineScanner(ByteView()), cues: .standIn, fileName: fileName)
        swap(&parser.cues, &cues)
        parser.cues.reserve(forInputBytes: 0)
        var alone = true
        for block in blocks {
            parser.restart(LineScanner(block.text))
            parser.cues.lineOffset = block.lineOffset
            let before = parser.cues.count
            _ = parser.run()
            if !parser.warnings.diagnostics.isEmpty || parser.cues.count != before + 1 {
                alone = false
                break
            }
        }
        swap(&parser.cues, &cues)
        return alone
    }

    /// Reads one block of a plainly written piece of SRT (one `SRTLayout` lays out) into `cues`,
    /// giving the cue `readAlone` gives for the block, without reading it line by line: `block`
    /// runs from its index line (digits, if it has one) or its timing line to the line feed after
    /// its text, or the piece's end; the text (the layout's span) is cleaned (`clean`) when the
    /// layout marked it (a text it leaves unmarked holds no markup, reference or blank at a line
    /// break: `SRTLayout.marked`). Its line is counted from 1 at the block's first line, plus
    /// `cues.lineOffset`.
    ///
    /// - Returns: false, with nothing appended, when the timing line is not in the usual form
    ///   `canonicalTime` reads (the layout lets no other through).
    /// - Complexity: O(length of the block).
    static func readLaidOut(_ piece: ByteView, block: Range<Int>, marked: Bool, into cues: inout CueCollector) -> Bool {
        guard let read = LaidOutBlock(piece, block: block) else { return false }
        var id: String?
        var number: Int64?
        if let digits = read.indexLine.map({ piece.extracting($0) }) {
            if digits.count > 1 && digits[0] == UInt8(ascii: "0") {
                id = String(decoding: digits, as: UTF8.self)
            } else {
                number = read.number(in: piece)
            }
        }
        let line = read.indexLine == nil ? 2 : 3
        let source = piece.extracting(read.text)
        guard marked else {
            cues.append(text: source, id: id, number: number, start: read.start, end: read.end, line: line)
            return true
        }
        cues.plain.removeAll(keepingCapacity: true)
        clean(source, into: &cues.plain)
        let plain = cues.plain
        plain.withByteView {
            cues.append(text: $0, id: id, number: number, start: read.start, end: read.end, line: line)
        }
        return true
    }

    /// One block of a plainly written piece of SRT, read where the layout found it: what
    /// `readLaidOut` appends of it, before its text is cleaned and its identifier made.
    struct LaidOutBlock {
        /// The index line's digits (1 to 18 of them), when the block has one.
        var indexLine: Range<Int>?
        /// The times, in milliseconds.
        var start: Int
        var end: Int
        /// The text as it lies in the piece: from after the timing line to before the line feed
        /// that ends the block (empty when the block has no text).
        var text: Range<Int>

        /// The block at `block` of `piece` (see `readLaidOut`), or `nil` when its timing line is not
        /// in the usual form `canonicalTime` reads or its index line has more than 18 digits.
        ///
        /// - Complexity: O(length of the index and timing lines).
        @inline(__always)
        init?(_ piece: ByteView, block: Range<Int>) {
            var digitsEnd = block.lowerBound
            if block.lowerBound &+ 8 <= block.upperBound {
                digitsEnd &+= WordBytes.leadingDigits(piece.loadWord(at: block.lowerBound))
            }
            if digitsEnd &- block.lowerBound == 8 || block.lowerBound &+ 8 > block.upperBound {
                while digitsEnd < block.upperBound && isDigit(piece[digitsEnd]) { digitsEnd += 1 }
            }
            var timing = block.lowerBound
            if digitsEnd > block.lowerBound && digitsEnd < block.upperBound && piece[digitsEnd] == 0x0A {
                indexLine = block.lowerBound..<digitsEnd
                timing = digitsEnd + 1
            }
            let timingEnd: Int
            if let usual = Self.usualTimes(piece, at: timing, before: block.upperBound) {
                timingEnd = usual.lineFeed
                start = usual.start
                end = usual.end
            } else {
                guard let lineEnd = piece.firstIndex(of: 0x0A, in: timing..<block.upperBound) else { return nil }
                timingEnd = lineEnd
                var index = timing
                guard let from = canonicalTime(piece, &index, timingEnd), index + 5 < timingEnd,
                      piece[index] == 0x20, piece[index + 1] == UInt8(ascii: "-"), piece[index + 2] == UInt8(ascii: "-"),
                      piece[index + 3] == UInt8(ascii: ">"), piece[index + 4] == 0x20 else { return nil }
                index += 5
                guard let to = canonicalTime(piece, &index, timingEnd), index == timingEnd else { return nil }
                start = from
                end = to
            }
            let textEnd = piece[block.upperBound - 1] == 0x0A ? block.upperBound - 1 : block.upperBound
            text = timingEnd + 1..<Swift.max(timingEnd + 1, textEnd)
            if let indexLine, indexLine.count > 18 { return nil }
        }

        /// The index line's value, 0 without one: read only when asked (printing needs the cue's
        /// place in the file, not its number).
        func number(in piece: ByteView) -> Int64 {
            var value: Int64 = 0
            for i in indexLine ?? 0..<0 { value = value &* 10 &+ Int64(piece[i] &- 0x30) }
            return value
        }

        /// The times and line feed of the timing line at `index` when it is the usual one,
        /// `00:00:01,000 --> 00:00:02,500` (`,` or `.`, one to six digits of hours), ending before
        /// `end`, read as words: what `canonicalTime` reads of such a line. `nil` for any other line.
        @inline(__always)
        static func usualTimes(_ piece: ByteView, at index: Int, before end: Int) -> (start: Int, end: Int, lineFeed: Int)? {
            guard index &+ 8 <= end else { return nil }
            let firstHours = WordBytes.leadingDigits(piece.loadWord(at: index))
            let arrow = index &+ firstHours &+ 10
            guard firstHours >= 1, firstHours <= 6, arrow &+ 13 <= end,
                  piece.loadWord(at: arrow) & 0xFF_FFFF_FFFF == UsualTimingLine.arrow else { return nil }
            let second = arrow &+ 5
            let secondHours = WordBytes.leadingDigits(piece.loadWord(at: second))
            let lineFeed = second &+ secondHours &+ 10
            guard secondHours >= 1, secondHours <= 6, lineFeed < end, piece[lineFeed] == 0x0A,
                  let start = time(piece, at: index, hours: firstHours),
                  let finish = time(piece, at: second, hours: secondHours) else { return nil }
            return (start, finish, lineFeed)
        }

        /// The time at `index`: `hours` digits, then `:MM:SS,mmm` (or `.mmm`) read as a word and
        /// two bytes, in milliseconds, or `nil`.
        @inline(__always)
        private static func time(_ piece: ByteView, at index: Int, hours count: Int) -> Int? {
            // The hours' digits (1 to 6, all before `index + 8`) joined in one word.
            let hours = Int(truncatingIfNeeded: WordBytes.value(piece.loadWord(at: index), digits: count))
            // Digits become 0...9, the colons 0 and the comma 0 (a full stop 2); anything else has
            // a bit of 0xF0 (after adding 6, for 0x0A...0x0F), or a colon's place a bit at all.
            let fields = piece.loadWord(at: index &+ count) ^ 0x302C_3030_3A30_303A
            let last = piece.load(at: index &+ count &+ 8, as: UInt16.self) ^ 0x3030
            guard (fields | (fields &+ 0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0 == 0,
                  fields & 0x00FD_0000_FF00_00FF == 0,
                  (last | (last &+ 0x0606)) & 0xF0F0 == 0 else { return nil }
            @inline(__always) func digit(_ word: UInt64, _ place: Int) -> Int {
                Int(truncatingIfNeeded: word >> UInt64(8 * place)) & 0xFF
            }
            let minutes = digit(fields, 1) &* 10 &+ digit(fields, 2)
            let seconds = digit(fields, 4) &* 10 &+ digit(fields, 5)
            let milliseconds = digit(fields, 7) &* 100 &+ digit(UInt64(last), 0) &* 10 &+ digit(UInt64(last), 1)
            return ((hours &* 60 &+ minutes) &* 60 &+ seconds) &* 1000 &+ milliseconds
        }
    }

    /// Where a piece of the text that starts at or after `target` can end so that the
    /// parser reads it exactly as it would inside the whole text: just after an empty line
    /// (which always ends a block and resets the parser), or `nil` when none follows.
    ///
    /// - Complexity: O(distance to the next empty line).
    static func pieceEnd(in bytes: ByteView, from target: Int) -> Int? {
        var from = target
        while from < bytes.count {
            guard let found = bytes.firstIndex(of: 0x0A, in: from..<bytes.count) else { return nil }
            let lineStart = found + 1
            guard lineStart < bytes.count else { return nil }
            if bytes[lineStart] == 0x0A { return lineStart + 1 }
            if bytes[lineStart] == 0x0D {
                return lineStart + 1 < bytes.count && bytes[lineStart + 1] == 0x0A ? lineStart + 2 : lineStart + 1
            }
            from = lineStart
        }
        return nil
    }

    /// What a line says about timings.
    enum Timing: Equatable {
        case none
        case invalid(String)
        case valid(start: Int, end: Int)
    }

    /// Reads a timing line in `start..<end`: `.none` without `-->`.
    static func timing(_ bytes: ByteView, _ start: Int, _ end: Int) -> Timing {
        var index = start
        skipSpaces(bytes, &index, end)
        guard index < end, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "-") else { return .none }
        // Without a `>` no timing can be read, nor an arrow be found: say so at once (index lines).
        guard bytes.firstIndex(of: UInt8(ascii: ">"), in: index..<end) != nil else {
            return .none
        }
        guard let from = time(bytes, &index, end) else {
            return LineScanner.containsArrow(bytes, start, end) ? .invalid(badTime) : .none
        }
        skipSpaces(bytes, &index, end)
        guard index < end, bytes[index] == UInt8(ascii: "-") else {
            return LineScanner.containsArrow(bytes, start, end) ? .invalid(expectedTiming) : .none
        }
        while index < end && (bytes[index] == UInt8(ascii: "-") || bytes[index] == 0x20) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: ">") else {
            return LineScanner.containsArrow(bytes, start, end) ? .invalid(expectedTiming) : .none
        }
        index += 1
        skipSpaces(bytes, &index, end)
        guard let to = time(bytes, &index, end) else { return .invalid(badTime) }
        guard index == end || bytes[index] == 0x20 || bytes[index] == 0x09 else {
            return .invalid(expectedTiming)
        }
        return .valid(start: from, end: to)
    }

    private static let badTime = "unreadable or out-of-range time; " + expectedTiming

    /// Reads `[H…:]MM:SS[,f]` at `index`; hours above 1,000,000 and negative times are refused.
    private static func time(_ bytes: ByteView, _ index: inout Int, _ end: Int) -> Int? {
        if let value = canonicalTime(bytes, &index, end) { return value }
        var fields = (0, 0, 0)
        var fieldCount = 0
        while true {
            let digitsStart = index
            var value = 0
            while index < end, isDigit(bytes[index]) {
                guard index - digitsStart < 9 else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            guard index > digitsStart else { return nil }
            fields = (fields.1, fields.2, value)
            fieldCount += 1
            guard fieldCount < 3, index + 1 < end, bytes[index] == UInt8(ascii: ":"),
                  isDigit(bytes[index + 1]) else { break }
            index += 1
        }
        guard fieldCount >= 2 else { return nil }
        var millis = 0
        if index + 1 < end, bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "."),
           isDigit(bytes[index + 1]) {
            index += 1
            var digits = 0
            while index < end, isDigit(bytes[index]) {
                if digits < 3 { millis = millis * 10 + Int(bytes[index] - 0x30) }
                digits += 1
                index += 1
            }
            if digits == 1 { millis *= 100 } else if digits == 2 { millis *= 10 }
        }
        let (hours, minutes, seconds) = fields
        guard hours <= 1_000_000, minutes < 100, seconds < 100 else { return nil }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis
    }

    /// Reads the usual `H:MM:SS,mmm` (or `.mmm`), with one to six digits of hours, not followed by
    /// a digit, as `time` would (six digits are below its 1,000,000 hours, two its 100 minutes and
    /// seconds); `nil`, with `index` unmoved, for anything else. A file past 99 hours (long
    /// recordings, joined files) takes this path too rather than `time`'s field by field.
    @inline(__always)
    private static func canonicalTime(_ bytes: ByteView, _ index: inout Int, _ end: Int) -> Int? {
        var hours = 0
        var p = index
        while p < end, p - index < 6, isDigit(bytes[p]) {
            hours = hours * 10 + Int(bytes[p] - 0x30)
            p += 1
        }
        guard p > index, p + 10 <= end else { return nil }
        @inline(__always) func digit(_ offset: Int) -> Int? {
            let value = Int(bytes[p + offset]) &- 0x30
            return value >= 0 && value <= 9 ? value : nil
        }
        guard bytes[p] == UInt8(ascii: ":"), bytes[p + 3] == UInt8(ascii: ":"),
              bytes[p + 6] == UInt8(ascii: ",") || bytes[p + 6] == UInt8(ascii: "."),
              let m1 = digit(1), let m2 = digit(2), let s1 = digit(4), let s2 = digit(5),
              let f1 = digit(7), let f2 = digit(8), let f3 = digit(9),
              p + 10 == end || !isDigit(bytes[p + 10]) else { return nil }
        index = p + 10
        return ((hours * 60 + m1 * 10 + m2) * 60 + s1 * 10 + s2) * 1000 + f1 * 100 + f2 * 10 + f3
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always)
    static func skipSpaces(_ bytes: ByteView, _ index: inout Int, _ end: Int) {
        while index < end && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
    }

    /// Whether the line is an index: digits, perhaps with surrounding spaces.
    static func isIndex(_ bytes: ByteView, _ start: Int, _ end: Int) -> Bool {
        var index = start
        skipSpaces(bytes, &index, end)
        let digitsStart = index
        while index < end && isDigit(bytes[index]) { index += 1 }
        guard index > digitsStart, index - digitsStart <= 18 else { return false }
        skipSpaces(bytes, &index, end)
        return index == end
    }

    private struct Parser {
        var scanner: LineScanner
        var warnings: WarningLog
        var cues: CueCollector

        enum State { case idle, skipping, text }
        var state = State.idle
        var id: String?
        var start = 0
        var end = 0
        var timingLine = 0
        var textLine: Int?
        /// Where the cue's text lines start and end in the source, used when they are contiguous.
        var textStart = 0
        var textEnd = 0
        /// Whether a text line ends, or the next starts, with a blank (`LineBreakBlanks`): the text is then cleaned.
        var blankAtBreak = false
        /// The last timing line read ahead, by position, so it is parsed only once.
        var peeked: (position: Int, timing: Timing)?

        init(scanner: LineScanner, cues: CueCollector, fileName: String) {
            self.scanner = scanner
            self.warnings = WarningLog(fileName: fileName)
            self.cues = cues
        }

        var bytes: ByteView { scanner.view }

        /// Makes the parser read `scanner` from its start, as a new parser would, into the same cues.
        mutating func restart(_ scanner: LineScanner) {
            self.scanner = scanner
            warnings = WarningLog(fileName: warnings.fileName)
            state = .idle
            id = nil
            start = 0
            end = 0
            timingLine = 0
            textLine = nil
            textStart = 0
            textEnd = 0
            blankAtBreak = false
            peeked = nil
        }

        /// Reads every line; returns how many there were.
        mutating func run() -> Int {
            var position = 0
            var lineNumber = 0
            var pendingID: String?
            while position < scanner.count {
                let (lineEnd, next) = scanner.line(from: position)
                lineNumber += 1
                defer { position = next }
                let blank = scanner.isBlank(position, lineEnd)
                if state == .text {
                    if blank && (lineEnd == position || !nextLineContinuesText(next)) {
                        finishCue()
                        continue
                    }
                    if case .none = timing(position, lineEnd) {
                        if !(SRTParser.isIndex(bytes, position, lineEnd) && nextLineIsTiming(next)) {
                            appendText(position, lineEnd, lineNumber)
                            continue
                        }
                    }
                    finishCue()
                }
                if blank {
                    if state == .skipping { state = .idle }
                    pendingID = nil
                    continue
                }
                switch timing(position, lineEnd) {
                case .valid(let from, let to):
                    id = pendingID
                    pendingID = nil
                    start = from
                    end = to
                    timingLine = lineNumber
                    textLine = nil
                    blankAtBreak = false
                    cues.raw.removeAll(keepingCapacity: true)
                    state = .text
                case .invalid(let message):
                    if state != .skipping { warnings.add(line: lineNumber, message) }
                    pendingID = nil
                    state = .skipping
                case .none:
                    if state == .skipping { continue }
                    if SRTParser.isIndex(bytes, position, lineEnd) && pendingID == nil {
                        pendingID = cues.keepsIDs ? indexString(position, lineEnd) : ""
                        continue
                    }
                    if !SRTParser.isIndex(bytes, position, lineEnd) && nextLineIsTiming(next) {
                        warnings.add(line: lineNumber, QuotedLine.notACueNumber(bytes.extracting(position..<lineEnd)))
                        pendingID = nil
                        continue
                    }
                    warnings.add(line: lineNumber, SRTParser.expectedTiming)
                    pendingID = nil
                    state = .skipping
                }
            }
            if state == .text { finishCue() }
            return lineNumber
        }

        private mutating func timing(_ start: Int, _ end: Int) -> Timing {
            if let peeked, peeked.position == start { return peeked.timing }
            return SRTParser.timing(bytes, start, end)
        }

        /// Whether the line at `position` is more cue text (not blank, not a timing or index line).
        private mutating func nextLineContinuesText(_ position: Int) -> Bool {
            let (lineEnd, next) = scanner.line(from: position)
            guard position < scanner.count, !scanner.isBlank(position, lineEnd) else { return false }
            if case .none = timing(position, lineEnd) {
                return !(SRTParser.isIndex(bytes, position, lineEnd) && nextLineIsTiming(next))
            }
            return false
        }

        private mutating func nextLineIsTiming(_ position: Int) -> Bool {
            let (lineEnd, _) = scanner.line(from: position)
            let timing = SRTParser.timing(bytes, position, lineEnd)
            peeked = (position, timing)
            if case .valid = timing { return true }
            return false
        }

        private func indexString(_ start: Int, _ end: Int) -> String {
            var low = start
            var high = end
            while low < high && (bytes[low] == 0x20 || bytes[low] == 0x09) { low += 1 }
            while high > low && (bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09) { high -= 1 }
            return scanner.string(low, high)
        }

        private mutating func appendText(_ start: Int, _ end: Int, _ lineNumber: Int) {
            if textLine == nil {
                textLine = lineNumber
                textStart = start
            } else {
                if textEnd > textStart && LineBreakBlanks.isBlank(bytes[textEnd - 1])
                    || start < end && LineBreakBlanks.isBlank(bytes[start]) {
                    blankAtBreak = true
                }
                if scanner.hasCarriageReturns { cues.raw.append(0x0A) }
            }
            textEnd = end
            if scanner.hasCarriageReturns {
                cues.raw.append(contentsOf: bytes.extracting(start..<end))
            }
        }

        private mutating func finishCue() {
            state = .idle
            let line = textLine ?? timingLine + 1
            if scanner.hasCarriageReturns {
                let raw = cues.raw
                raw.withByteView { finishCue(text: $0, line: line) }
            } else {
                finishCue(text: bytes.extracting(textStart..<(textLine == nil ? textStart : textEnd)),
                          line: line)
            }
        }

        private mutating func finishCue(text: ByteView, line: Int) {
            guard blankAtBreak || SRTParser.needsCleaning(text) else {
                cues.append(text: text, id: id, start: start, end: end, speaker: nil, line: line)
                return
            }
            cues.plain.removeAll(keepingCapacity: true)
            SRTParser.clean(text, into: &cues.plain)
            cues.appendPlain(id: id, start: start, end: end, speaker: nil, line: line)
        }
    }

    /// Removes SRT markup from `bytes` and decodes character references, into `output`, with
    /// no blanks left around line breaks (`LineBreakBlanks`).
    static func clean(_ bytes: ByteView, into output: inout [UInt8]) {
        let start = output.count
        defer { LineBreakBlanks.remove(from: &output, startingAt: start) }
        let end = bytes.count
        var index = 0
        var angle = CloserSearch(target: UInt8(ascii: ">"))
        var brace = CloserSearch(target: UInt8(ascii: "}"))
        while index < end {
            var runEnd = index
            while runEnd < end {
                let byte = bytes[runEnd]
                if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "&") { break }
                runEnd += 1
            }
            if runEnd > index {
                output.append(contentsOf: bytes.extracting(index..<runEnd))
                index = runEnd
                continue
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"):
                if let tagEnd = formattingTagEnd(bytes, index, &angle) {
                    index = tagEnd
                    continue
                }
            case UInt8(ascii: "{"):
                if index + 1 < end, bytes[index + 1] == UInt8(ascii: "\\"),
                   let close = brace.find(in: bytes, from: index + 2) {
                    index = close + 1
                    continue
                }
            case UInt8(ascii: "&"):
                if let used = CharacterReference.decode(bytes, at: index, end: end, into: &output) {
                    index += used
                    continue
                }
            default:
                break
            }
            output.append(byte)
            index += 1
        }
    }

    /// The text of `range` of `bytes`, cleaned.
    static func cleanText(_ bytes: ByteView, _ range: Range<Int>) -> String {
        var plain: [UInt8] = []
        clean(bytes.extracting(range), into: &plain)
        return String(decoding: plain, as: UTF8.self)
    }

    /// Whether `text` holds a byte that may start markup or a character reference.
    ///
    /// - Complexity: O(n), eight bytes at a time.
    static func needsCleaning(_ text: ByteView) -> Bool {
        var index = 0
        while index + 8 <= text.count {
            let word = text.loadWord(at: index)
            if WordBytes.mayBeZero(word ^ 0x3C3C_3C3C_3C3C_3C3C) | WordBytes.mayBeZero(word ^ 0x7B7B_7B7B_7B7B_7B7B)
                | WordBytes.mayBeZero(word ^ 0x2626_2626_2626_2626) != 0 {
                return true
            }
            index += 8
        }
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "&") { return true }
            index += 1
        }
        return false
    }

    /// The index just past a `<i>`, `</b>`, `<font color="…">`-style tag at `index`, if there is one.
    private static func formattingTagEnd(_ bytes: ByteView, _ index: Int,
                                         _ angle: inout CloserSearch) -> Int? {
        var position = index + 1
        let end = bytes.count
        if position < end && bytes[position] == UInt8(ascii: "/") { position += 1 }
        let nameStart = position
        while position < end, bytes[position] | 0x20 >= 0x61, bytes[position] | 0x20 <= 0x7A { position += 1 }
        let length = position - nameStart
        guard length >= 1, length <= 4, position < end else { return nil }
        var name: UInt32 = 0
        for offset in nameStart..<position { name = name << 8 | UInt32(bytes[offset] | 0x20) }
        switch name {
        case 0x69, 0x62, 0x75, 0x73, 0x666F_6E74: break  // i b u s font
        default: return nil
        }
        let next = bytes[position]
        guard next == UInt8(ascii: ">") || next == 0x20 || next == 0x09 else { return nil }
        guard let close = angle.find(in: bytes, from: position) else { return nil }
        return close + 1
    }

    /// Finds a closing byte on the same line, remembering where it is missing so that a
    /// line full of unclosed `<i ` or `{\` costs linear time, not quadratic.
    struct CloserSearch {
        let target: UInt8
        /// No `target` lies in `missingFrom..<missingUntil`, which ends at a line break or the end.
        private var missingFrom = Int.max
        private var missingUntil = Int.min

        init(target: UInt8) { self.target = target }

        /// The index of `target` at or after `start`, before the next line break.
        mutating func find(in bytes: ByteView, from start: Int) -> Int? {
            if start >= missingFrom && start <= missingUntil { return nil }
            var index = start
            while index < bytes.count {
                if bytes[index] == target { return index }
                if bytes[index] == 0x0A { break }
                index += 1
            }
            missingFrom = start
            missingUntil = index
            return nil
        }
    }
}
