import SeekBytes

/// Reads YouTube's SBV captions and SubViewer 2 subtitles (`.sbv`, `.sub`).
///
/// A cue is a timing line `0:00:01.000,0:00:03.000` (SubViewer writes `00:00:01.00,00:00:03.00`),
/// then text lines until a blank line. `[br]` in the text is a line break (SubViewer 2).
/// Bracketed header lines outside cues (`[INFORMATION]`, `[TITLE]…`, `[END INFORMATION]`,
/// `[SUBTITLE]`, `[COLF]…`) are skipped; any other stray line is skipped with a warning, and a
/// cue that ends before it starts is kept with one.
public enum SBVParser {
    static let expectedTiming = "expected a timing line like 0:00:01.000,0:00:03.000"
    static let endsBeforeStart = "a cue ends before it starts"

    /// Parses UTF-8 SBV or SubViewer text.
    ///
    /// - Complexity: O(n) in the size of `utf8`.
    public static func parse(_ utf8: [UInt8], fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withByteView { parse($0, fileName: fileName) }
    }

    /// `parse` of bytes as they lie (say, mapped).
    static func parse(_ buffer: ByteView, fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        CueCollector.collectLines(buffer, fileName: fileName) { read($0, into: &$1, warnings: &$2) }
    }

    /// Whether `line` (without its line break) is an SBV timing line.
    static func isTimingLine(_ line: ByteView) -> Bool {
        timing(line, 0, line.count) != nil
    }

    /// The times of a timing line in `start..<end`, or `nil`.
    static func timing(_ bytes: ByteView, _ start: Int, _ end: Int) -> (start: Int, end: Int)? {
        if let times = usualTiming(bytes, start, end) { return times }
        var index = start
        index = bytes.skippingBlanks(from: index, to: end)
        guard index < end, bytes[index] &- 0x30 < 10, let from = ClockTime.read(bytes, &index, end) else { return nil }
        index = bytes.skippingBlanks(from: index, to: end)
        guard index < end, bytes[index] == UInt8(ascii: ",") else { return nil }
        index += 1
        index = bytes.skippingBlanks(from: index, to: end)
        guard let to = ClockTime.read(bytes, &index, end) else { return nil }
        index = bytes.skippingBlanks(from: index, to: end)
        return index == end ? (from, to) : nil
    }

    /// `timing` of a line as nearly every file writes it, `H:MM:SS.mmm,H:MM:SS.mmm` (hours of one to
    /// six digits, fractions of two or three, no blanks), each time's `MM:SS.ff` read as one word;
    /// `nil` for a line of any other shape (or no timing line), which `timing` then reads field by field.
    @inline(__always)
    static func usualTiming(_ bytes: ByteView, _ start: Int, _ end: Int) -> (start: Int, end: Int)? {
        var index = start
        guard let from = usualTime(bytes, &index, end), index < end, bytes[index] == UInt8(ascii: ",") else { return nil }
        index += 1
        guard let to = usualTime(bytes, &index, end), index == end else { return nil }
        return (from, to)
    }

    /// A time `H:MM:SS.ff` or `H:MM:SS.fff` (one to six digits of hours) at `index`, as
    /// `ClockTime.read` reads it, `index` moved past it; `nil` for any other form, or one followed by a digit.
    @inline(__always)
    private static func usualTime(_ bytes: ByteView, _ index: inout Int, _ end: Int) -> Int? {
        var at = index
        var hours = 0
        while at < end, case let digit = bytes[at] &- 0x30, digit < 10 {
            guard at - index < 6 else { return nil }
            hours = hours &* 10 &+ Int(digit)
            at += 1
        }
        guard at > index else { return nil }
        // `:MM:SS.f` in one word, then the second digit of the fraction.
        guard at + 9 <= end else { return nil }
        let word = UInt64(littleEndian: bytes.loadWord(at: at))
        @inline(__always) func byte(_ lane: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: word >> (lane &* 8)) }
        let m0 = byte(1) &- 0x30, m1 = byte(2) &- 0x30, s0 = byte(4) &- 0x30, s1 = byte(5) &- 0x30
        let f0 = byte(7) &- 0x30, f1 = bytes[at + 8] &- 0x30
        guard byte(0) == UInt8(ascii: ":"), byte(3) == UInt8(ascii: ":"), byte(6) == UInt8(ascii: "."),
              m0 < 10, m1 < 10, s0 < 10, s1 < 10, f0 < 10, f1 < 10 else { return nil }
        var millis = Int(f0) &* 100 &+ Int(f1) &* 10
        at += 9
        if at < end, case let f2 = bytes[at] &- 0x30, f2 < 10 {
            millis &+= Int(f2)
            at += 1
            guard at == end || bytes[at] &- 0x30 >= 10 else { return nil }
        }
        index = at
        let minutes = hours &* 60 &+ Int(m0 &* 10 &+ m1)
        return (minutes &* 60 &+ Int(s0 &* 10 &+ s1)) &* 1000 &+ millis
    }

    private static func read(_ scanner: LineScanner, into cues: inout CueCollector, warnings: inout WarningLog) {
        var reader = Reader(scanner)
        while reader.position < scanner.count {
            if let cue = reader.readLine(into: &cues, warnings: &warnings) { reader.append(cue, to: &cues) }
        }
        if let cue = reader.finish() { reader.append(cue, to: &cues) }
    }

    /// A cue whose text is placed (`CueCollector.placed`) and whose lines are read.
    struct FinishedCue {
        var start: Int
        var end: Int
        /// The line of its first text line (or, with none, of the line that finished it).
        var line: Int
        /// Where its timing line starts and the lines before it (`CueLines`).
        var timing: CueLines
    }

    /// Reads SBV a line at a time, placing each cue's text as its lines come and handing the cue
    /// over once a blank line, the next timing line or the end finishes it: what `parse` reads,
    /// what `layOut` lays out, and, started at a cue's timing line, what `CueReader` reads again.
    struct Reader {
        let scanner: LineScanner
        /// Where the next line starts, and the lines read before it.
        var position = 0
        var lineNumber = 0
        private var current: (start: Int, end: Int, line: Int?, timing: CueLines)?
        private var skipping = false
        /// Whether the text placed so far ends with a line break (blanks after it are left out).
        private var afterBreak = false
        /// Whether a text line was longer than the room left for it (`CueCollector.room`): a
        /// layout's scratch cut it.
        private(set) var overflowed = false

        init(_ scanner: LineScanner, at start: CueLines = CueLines(position: 0, linesBefore: 0)) {
            self.scanner = scanner
            position = start.position
            lineNumber = start.linesBefore
        }

        /// Reads the line at `position` and moves past it; the cue it finished, if any.
        @inline(__always)
        mutating func readLine(into cues: inout CueCollector, warnings: inout WarningLog) -> FinishedCue? {
            let bytes = scanner.view
            let lineStart = position
            let (lineEnd, next) = scanner.line(from: position)
            lineNumber += 1
            position = next
            if scanner.isBlank(lineStart, lineEnd) {
                skipping = false
                return finish()
            }
            // A timing line starts with a digit, after any blanks.
            let first = bytes[lineStart]
            if first &- 0x30 < 10 || first == 0x20 || first == 0x09, let times = timing(bytes, lineStart, lineEnd) {
                let finished = finish()
                skipping = false
                if times.end < times.start { warnings.add(line: lineNumber, endsBeforeStart) }
                current = (times.start, times.end, nil, CueLines(position: lineStart, linesBefore: lineNumber - 1))
                afterBreak = false
                return finished
            }
            if current != nil {
                if lineEnd - lineStart + 2 > cues.room { overflowed = true }
                if current?.line == nil {
                    current?.line = lineNumber
                } else {
                    placeLineBreak(into: &cues, afterBreak: &afterBreak)
                }
                placeCleaned(bytes.extracting(lineStart..<lineEnd), into: &cues, afterBreak: &afterBreak)
                return nil
            }
            let firstByte = bytes.skippingBlanks(from: lineStart, to: lineEnd)
            if bytes[firstByte] == UInt8(ascii: "[") || skipping { return nil }
            warnings.add(line: lineNumber, expectedTiming)
            skipping = true
            return nil
        }

        /// Whether no cue is being read: the next line may start one.
        var isBetweenCues: Bool { current == nil }

        /// The cue being read, finished.
        mutating func finish() -> FinishedCue? {
            guard let cue = current else { return nil }
            current = nil
            return FinishedCue(start: cue.start, end: cue.end, line: cue.line ?? lineNumber, timing: cue.timing)
        }

        /// Appends `cue`, whose text is the one placed, to `cues`.
        func append(_ cue: FinishedCue, to cues: inout CueCollector) {
            cues.appendPlaced(id: nil, start: cue.start, end: cue.end, speaker: nil, line: cue.line)
        }
    }

    /// Writes a line break after the cue's text placed so far, without the blanks before it.
    @inline(__always)
    private static func placeLineBreak(into cues: inout CueCollector, afterBreak: inout Bool) {
        while let last = cues.lastPlaced, LineBreakBlanks.isBlank(last) { cues.removeLastPlaced() }
        cues.place(0x0A)
        afterBreak = true
    }

    /// Writes one text line after the cue's text placed so far, as `clean` would: each `[br]` a line
    /// break, and no blanks around line breaks.
    private static func placeCleaned(_ line: ByteView, into cues: inout CueCollector, afterBreak: inout Bool) {
        var index = 0
        let end = line.count
        while index < end {
            if afterBreak {
                while index < end && LineBreakBlanks.isBlank(line[index]) { index += 1 }
                guard index < end else { return }
                afterBreak = false
            }
            let bracket = line.firstIndex(of: UInt8(ascii: "["), in: index..<end) ?? end
            if bracket > index { cues.place(line.extracting(index..<bracket)) }
            index = bracket
            guard index < end else { return }
            if index + 4 <= end, line.startsCaseless(with: "[br]", at: index) {
                placeLineBreak(into: &cues, afterBreak: &afterBreak)
                index += 4
            } else {
                cues.place(UInt8(ascii: "["))
                index += 1
            }
        }
    }
}
