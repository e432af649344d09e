import SeekBytes

/// Reads TMPlayer subtitles: one cue per line, `HH:MM:SS:text`, times in whole seconds.
///
/// The line's time is followed by `:` or `=` (`0:00:50=text`), or by `,N=` in the multiline
/// variety, where parts 2, 3, … of a time continue the cue part 1 started
/// (`00:00:50,1=first line`, `00:00:50,2=second line`). Hours have one to three digits.
/// `|` is a line break. A line whose text is empty (`00:00:53:`) only ends the cue before it.
/// The format gives no end times: a cue ends where the next later line's time comes, and
/// lasts `longest` (5 seconds) at most, the last one too. A line of another shape is skipped
/// with a warning naming it.
public enum TMPlayerParser {
    /// The longest a cue lasts: the format gives none, and a pause must not keep a line up.
    public static let longest = 5000

    /// Parses UTF-8 TMPlayer text.
    ///
    /// - Complexity: O(n) in the size of `utf8`.
    public static func parse(_ utf8: [UInt8], fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withByteView { parse($0, fileName: fileName) }
    }

    /// `parse` of bytes as they lie (say, mapped).
    static func parse(_ buffer: ByteView, fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        CueCollector.collectLines(buffer, fileName: fileName) { read($0, into: &$1, warnings: &$2) }
    }

    /// A TMPlayer line's time (milliseconds), its part number (1 unless multiline) and where its text starts.
    struct Stamp: Equatable {
        var time: Int
        var part: Int
        var textStart: Int
    }

    /// Reads `H:MM:SS:`, `H:MM:SS=` or `H:MM:SS,N=` at `start` (hours one to three digits).
    static func stamp(_ bytes: ByteView, _ start: Int, _ end: Int) -> Stamp? {
        var index = start
        var seconds = 0
        for field in 0..<3 {
            let digitsStart = index
            var value = 0
            while index < end, bytes[index] &- 0x30 < 10, index - digitsStart < 3 {
                value = value * 10 + Int(bytes[index] &- 0x30)
                index += 1
            }
            let digits = index - digitsStart
            guard field == 0 ? digits >= 1 : digits == 2 && value <= 59 else { return nil }
            seconds = seconds * 60 + value
            if field < 2 {
                guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
            }
        }
        guard index < end else { return nil }
        var part = 1
        switch bytes[index] {
        case UInt8(ascii: ":"), UInt8(ascii: "="):
            index += 1
        case UInt8(ascii: ","):
            index += 1
            let digitsStart = index
            part = 0
            while index < end, bytes[index] &- 0x30 < 10, index - digitsStart < 4 {
                part = part * 10 + Int(bytes[index] &- 0x30)
                index += 1
            }
            guard index > digitsStart, index < end, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
        default:
            return nil
        }
        return Stamp(time: seconds * 1000, part: part, textStart: index)
    }

    /// Whether `bytes` (a file's first bytes) read as TMPlayer: at least three in four of the lines
    /// that are not blank (a last line that may be cut short left out) start with a TMPlayer time,
    /// two of them at least unless there is only one line; and in half of them at least, the text
    /// does not start with two digits and a space, which would make `00:00:28:53 text` a day's
    /// clock (`DD:HH:MM:SS`, timestamped text) rather than `HH:MM:SS:` and `53 text`.
    ///
    /// - Complexity: O(n) in the size of `bytes`, which the caller keeps small.
    static func recognises(_ bytes: ByteView) -> Bool {
        var clockLike = 0
        let counted = SampledLines.count(bytes) { start, end in
            guard let stamp = stamp(bytes, start, end) else { return false }
            let text = stamp.textStart
            if text + 1 < end, bytes[text] &- 0x30 < 10, bytes[text + 1] &- 0x30 < 10,
               text + 2 == end || bytes[text + 2] == 0x20 || bytes[text + 2] == 0x09 {
                clockLike += 1
            }
            return true
        }
        return SampledLines.mostPass(counted) && clockLike * 2 <= counted.passing
    }

    /// A cue whose end is not known yet: it ends at the next later time.
    private struct Pending {
        var time: Int
        var line: Int
        /// Where its first line starts.
        var start: CueLines
        var text: Range<Int>
    }

    /// A cue whose end is known: its text is final (`text`, to read before the reader reads on).
    struct FlushedCue {
        var time: Int
        var end: Int
        var line: Int
        var start: CueLines
        var text: ByteView
    }

    private static func read(_ scanner: LineScanner, into cues: inout CueCollector, warnings: inout WarningLog) {
        let bytes = scanner.view
        var reader = Reader()
        func append(_ cue: FlushedCue) {
            cues.plain.removeAll(keepingCapacity: true)
            cues.plain.append(contentsOf: cue.text)
            cues.appendPlain(id: nil, start: cue.time, end: cue.end, speaker: nil, line: cue.line)
        }
        var position = 0
        var lineNumber = 0
        while position < scanner.count {
            let (end, next) = scanner.line(from: position)
            lineNumber += 1
            defer { position = next }
            if !reader.read(bytes, position, end, lineNumber: lineNumber, flushed: append) {
                warnings.add(line: lineNumber, "expected a TMPlayer line like 00:01:02:text; line skipped")
            }
        }
        reader.flush(at: nil, append)
    }

    /// Reads TMPlayer a line at a time, handing over the cues a line ends (`flush`): what `parse`
    /// reads, what `layOut` lays out and, started at a cue's first line, what `read(_:of:into:)`
    /// reads again.
    struct Reader {
        private var pending: [Pending] = []
        private var texts: [UInt8] = []

        /// Reads the line `lineStart..<lineEnd` of `bytes`, line `lineNumber`, handing `flushed` the
        /// cues it ends; false for a line that is no TMPlayer line (which `parse` skips with a warning).
        @inline(__always)
        mutating func read(_ bytes: ByteView, _ lineStart: Int, _ lineEnd: Int, lineNumber: Int,
                           flushed: (FlushedCue) -> Void) -> Bool {
            let start = bytes.skippingBlanks(from: lineStart, to: lineEnd)
            guard start < lineEnd else { return true }
            guard let stamp = stamp(bytes, start, lineEnd) else { return false }
            let text = stamp.textStart..<lineEnd
            if stamp.part > 1, let last = pending.last, last.time == stamp.time {
                let from = texts.count
                clean(bytes, text)
                if texts.count > from { texts.insert(0x0A, at: from) }
                pending[pending.count - 1].text = last.text.lowerBound..<texts.count
                return true
            }
            if let first = pending.first, stamp.time != first.time {
                flush(at: stamp.time, flushed)
            }
            let from = texts.count
            clean(bytes, text)
            if texts.count > from {
                pending.append(Pending(time: stamp.time, line: lineNumber,
                                       start: CueLines(position: lineStart, linesBefore: lineNumber - 1),
                                       text: from..<texts.count))
            }
            return true
        }

        /// Hands `flushed` the cues read and not yet handed over, ending at `time` (`nil`: the end
        /// of the text), and forgets them.
        mutating func flush(at time: Int?, _ flushed: (FlushedCue) -> Void) {
            texts.withByteView { texts in
                for cue in pending {
                    let end = time.map { $0 > cue.time ? Swift.min($0, cue.time + longest) : cue.time + longest }
                        ?? cue.time + longest
                    flushed(FlushedCue(time: cue.time, end: end, line: cue.line, start: cue.start,
                                       text: texts.extracting(cue.text)))
                }
            }
            pending.removeAll(keepingCapacity: true)
            texts.removeAll(keepingCapacity: true)
        }

        /// Cleans the text `text` of `bytes` after the texts read (`TMPlayerParser.clean`), copied
        /// whole when it is itself with its `|`s made line feeds (`LineFormatsLayout.isBarredLines`).
        @inline(__always)
        private mutating func clean(_ bytes: ByteView, _ text: Range<Int>) {
            if LineFormatsLayout.isBarredLines(bytes, text) {
                let from = texts.count
                texts.append(contentsOf: bytes.extracting(text))
                for index in from..<texts.count where texts[index] == UInt8(ascii: "|") { texts[index] = 0x0A }
            } else {
                TMPlayerParser.clean(bytes.extracting(text), into: &texts)
            }
        }
    }

    /// Lays out the cues of `bytes` into `scratch` (`LineFormatsLayout.layOut`): false at once on a
    /// warning, a text longer than the room left, or when `body` returns false.
    ///
    /// The cues come as `Reader` hands them over, but each is kept as soon as no later line can add
    /// to it, its end not looked for: the cue of a line is open to the parts that follow it (`,2=`,
    /// at its time) until a line starts another cue or a line of another time ends them all.
    static func layOut(
        _ bytes: ByteView, into scratch: inout CueCollector, runs: inout LineFormatsLayout.Runs,
        _ body: (LaidOutCues) -> Bool
    ) -> Bool {
        let scanner = LineScanner(bytes)
        // The cue that parts may still add to (the reader's last pending one), and the time of the
        // cues not yet ended (its first pending one's).
        var open: (time: Int, start: CueLines)?
        var pendingTime: Int?
        var cleaned: [UInt8] = []
        var position = 0
        var lineNumber = 0
        // Whether `text` cleans to no text; if not, with `isRaw` false, its cleaned text is in `cleaned`.
        func isEmpty(_ text: Range<Int>, isRaw: inout Bool) -> Bool {
            isRaw = LineFormatsLayout.isBarredLines(bytes, text)
            if isRaw { return text.isEmpty }
            cleaned.removeAll(keepingCapacity: true)
            clean(bytes.extracting(text), into: &cleaned)
            return cleaned.isEmpty
        }
        // Places the cleaned text of `text` that `isEmpty` found.
        func place(_ text: Range<Int>, isRaw: Bool) {
            if isRaw {
                scratch.place(bytes.extracting(text), replacing: UInt8(ascii: "|"), with: 0x0A)
            } else {
                cleaned.withByteView { scratch.place($0) }
            }
        }
        while position < scanner.count {
            if runs.isFull(scratch) { guard runs.hand(&scratch, to: body) else { return false } }
            let lineStart = position
            let (lineEnd, next) = scanner.line(from: position)
            lineNumber += 1
            position = next
            let start = bytes.skippingBlanks(from: lineStart, to: lineEnd)
            guard start < lineEnd else { continue }
            guard let stamp = stamp(bytes, start, lineEnd) else { return false }
            let text = stamp.textStart..<lineEnd
            guard text.count + 3 <= scratch.room else { return false }
            var isRaw = false
            if stamp.part > 1, let last = open, last.time == stamp.time {
                if !isEmpty(text, isRaw: &isRaw) {
                    scratch.place(0x0A)
                    place(text, isRaw: isRaw)
                }
                continue
            }
            if let time = pendingTime, stamp.time != time {
                if let last = open { runs.keep(last.start, from: &scratch) }
                open = nil
                pendingTime = nil
            }
            guard !isEmpty(text, isRaw: &isRaw) else { continue }
            if let last = open { runs.keep(last.start, from: &scratch) }
            place(text, isRaw: isRaw)
            open = (stamp.time, CueLines(position: lineStart, linesBefore: lineNumber - 1))
            pendingTime = pendingTime ?? stamp.time
        }
        if let last = open { runs.keep(last.start, from: &scratch) }
        return true
    }

    /// Appends to `cues` the cues whose first lines start at `starts`, as `parse` reads them.
    static func read(_ starts: [CueLines], of bytes: ByteView, into cues: inout CueCollector) -> Bool {
        let scanner = LineScanner(bytes)
        for start in starts {
            var reader = Reader()
            var found: CueLines?
            // The cue's own lines, then those until a later time ends it: the first cue handed over.
            func take(_ cue: FlushedCue) {
                guard found == nil else { return }
                found = cue.start
                cues.plain.removeAll(keepingCapacity: true)
                cues.plain.append(contentsOf: cue.text)
                cues.appendPlain(id: nil, start: cue.time, end: cue.end, speaker: nil, line: cue.line)
            }
            var position = start.position
            var lineNumber = start.linesBefore
            while found == nil && position < scanner.count {
                let (end, next) = scanner.line(from: position)
                lineNumber += 1
                guard reader.read(bytes, position, end, lineNumber: lineNumber, flushed: take) else { return false }
                position = next
            }
            if found == nil { reader.flush(at: nil, take) }
            guard found == start else { return false }
        }
        return true
    }

    /// Copies a line's text into `output`: `|` as a line break, blanks around line breaks and
    /// at either end left out.
    static func clean(_ text: ByteView, into output: inout [UInt8]) {
        let start = output.count
        for byte in text {
            if byte == UInt8(ascii: "|") {
                while output.count > start, output[output.count - 1] == 0x20 || output[output.count - 1] == 0x09 {
                    output.removeLast()
                }
                output.append(0x0A)
            } else if (byte == 0x20 || byte == 0x09) && (output.count == start || output[output.count - 1] == 0x0A) {
                continue
            } else {
                output.append(byte)
            }
        }
        while output.count > start,
              output[output.count - 1] == 0x20 || output[output.count - 1] == 0x09 || output[output.count - 1] == 0x0A {
            output.removeLast()
        }
    }
}
