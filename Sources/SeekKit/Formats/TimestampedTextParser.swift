import SeekBytes

/// Reads plain transcripts where lines start with a timestamp, and plain text.
///
/// A line starting with a timestamp starts a cue; its text is what follows the
/// timestamp (separator spaces trimmed), and the lines after it without one
/// continue it (blank lines and `_key: value` metadata lines, as in NASA
/// transcripts, skipped; lines joined with `\n`). A cue ends where the
/// next one starts; the last has no end. Lines before the first timestamp become
/// untimed cues of their own. A file with no timestamps at all, or too few to be
/// timestamped text (`TimestampCensus`: a few lines that merely start like a time, as in
/// `10:30 we met`, which would take every later line into their cue), is one cue per
/// non-blank line, the text exactly as written, so positions refer to the line.
///
/// Timestamps: `[00:06:32]`, `[00:06:32.500]`, `(01:02:03)`, `06:32` (followed by a
/// space or the end of the line), `[DD:HH:MM:SS]` mission time, a leading `-` for
/// negative times (`[-00:00:05:00]`), Markdown-escaped `\[00:01:02.03\]`; fractions
/// use `.` or `,` with one to three digits.
///
/// Talk transcripts in Markdown, or with timestamps inside the line (`**Name:** \[05:47\] text`),
/// are read by `MarkdownTranscriptParser`: a cue per paragraph and per timestamp.
public enum TimestampedTextParser {
    /// Parses UTF-8 text.
    ///
    /// - Complexity: O(n) in the size of `utf8`.
    public static func parse(_ utf8: [UInt8], fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withByteView { buffer in parse(buffer, fileName: fileName) }
    }

    /// Parses UTF-8 text where it lies.
    static func parse(
        _ buffer: ByteView, fileName: String
    ) -> (transcript: Transcript, warnings: [Diagnostic]) {
        let scanner = LineScanner(buffer)
        let transcript = CueCollector.collect(inputBytes: buffer.count) { cues in
            cues.reserve(forInputBytes: buffer.count)
            if MarkdownTranscriptParser.recognises(buffer) {
                MarkdownTranscriptParser.parse(scanner, into: &cues)
            } else if parseUntimedLines(scanner, into: &cues) == nil {
                cues.removeAll()
                let census = timestampCensus(scanner)
                if census.isTimestamped {
                    parseTimed(scanner, spacelog: census.isSpacelog, into: &cues)
                } else {
                    _ = parseUntimedLines(scanner, stoppingAtTimestamps: false, into: &cues)
                }
            }
        }
        return (transcript, [])
    }

    /// How rare lines starting with a time may be in a timestamped text: one in this many, at least.
    static let sparsestTimes = 20

    /// The lines of a text that start with a time, against the lines that are not blank.
    struct TimestampCensus {
        var stamped = 0
        var lines = 0
        /// The stamped lines whose time is a bracketed mission time, `[DD:HH:MM:SS]`.
        var missionTimes = 0

        /// Whether every time is a mission time, as in Spacelog's NASA transcripts, whose
        /// format also has `#` comment lines and metadata continued on indented lines.
        var isSpacelog: Bool { stamped > 0 && missionTimes == stamped }

        /// Whether the times are what the text is made of, not a few lines that happen to start
        /// like one (`10:30 we met`): two lines or more and one in `sparsestTimes` at least, or
        /// every line.
        var isTimestamped: Bool {
            stamped > 0 && (stamped == lines || (stamped >= 2 && stamped * sparsestTimes >= lines))
        }
    }

    /// Counts the lines starting with a time (`leadingTimestamp`) and the lines that are not
    /// blank, metadata lines (`isMetadataLine`) left out of both.
    ///
    /// - Complexity: O(n).
    static func timestampCensus(_ scanner: LineScanner) -> TimestampCensus {
        var census = TimestampCensus()
        var position = 0
        while position < scanner.count {
            let (end, next) = scanner.line(from: position)
            defer { position = next }
            if scanner.isBlank(position, end) || isMetadataLine(scanner.view, position, end) { continue }
            census.lines += 1
            guard mayStartTimestamp(scanner.view[position]), leadingTimestamp(scanner.view, position, end) != nil else {
                continue
            }
            census.stamped += 1
            if isMissionTime(scanner.view, position, end) { census.missionTimes += 1 }
        }
        return census
    }

    /// Parses `buffer`, a whole file or one piece of it ending in a line break, as untimed
    /// text: one cue per non-blank line, line numbers counted from 1 at the start of `buffer`.
    ///
    /// - Returns: the cues and the number of lines read, or `nil` when a line starts with a
    ///   timestamp or the text is a Markdown talk transcript (`MarkdownTranscriptParser`): the
    ///   file must then be read as a whole.
    static func parseUntimed(_ buffer: ByteView) -> (transcript: Transcript, lines: Int)? {
        guard !MarkdownTranscriptParser.recognises(buffer) else { return nil }
        var lines: Int?
        let transcript = CueCollector.collect(inputBytes: buffer.count) { cues in
            lines = readUntimed(buffer, into: &cues)
        }
        return lines.map { (transcript, $0) }
    }

    /// Parses `buffer` (as `parseUntimed(_:)` does) into `cues`; `nil` at a timestamp.
    static func readUntimed(_ buffer: ByteView, into cues: inout CueCollector) -> Int? {
        cues.reserve(forInputBytes: buffer.count)
        return parseUntimedLines(LineScanner(buffer), into: &cues)
    }

    /// Where a piece of the text that starts at or after `target` can end for `parseUntimed`:
    /// just after a line feed, or `nil` when none follows.
    static func pieceEnd(in bytes: ByteView, from target: Int) -> Int? {
        guard target < bytes.count else { return nil }
        let found = ByteSearch.first(0x0A, in: bytes, from: target, to: bytes.count)
        return found < bytes.count ? found + 1 : nil
    }

    /// How many cues `parseUntimed` finds in `buffer` (its lines holding more than spaces
    /// and tabs), or `nil` when a line starts with a timestamp, without collecting them:
    /// line breaks are found by `ByteSearch` (or, with carriage returns, eight bytes at a
    /// time), and only lines that start with a character a timestamp can start with are read.
    ///
    /// - Complexity: O(n).
    static func untimedCueCount(_ buffer: ByteView) -> Int? {
        let count = buffer.count
        if !ByteSearch.contains(0x0D, in: buffer, from: 0, to: count) {
            var cues = 0
            var start = 0
            while start < count {
                let end = ByteSearch.first(0x0A, in: buffer, from: start, to: count)
                if start < end {
                    let first = buffer[start]
                    if first != 0x20 && first != 0x09 {
                        cues += 1
                        if mayStartTimestamp(first) && leadingTimestamp(buffer, start, end) != nil { return nil }
                    } else if buffer.extracting(start..<end).contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                        cues += 1
                    }
                }
                start = end + 1
            }
            return cues
        }
        func startsWithTimestamp(_ start: Int) -> Bool {
            guard start < count, mayStartTimestamp(buffer[start]) else { return false }
            var end = start
            while end < count && !LineScanner.isBreak(buffer[end]) { end += 1 }
            return leadingTimestamp(buffer, start, end) != nil
        }
        if startsWithTimestamp(0) { return nil }
        var cues = 0
        // Whether the line running into the next word has had a byte other than a space or tab.
        var lineHasText = false
        var index = 0
        while index < count {
            let word = buffer.loadWord(at: index, padding: 0x20)
            if WordBytes.below(word, 0x0E) == 0 {
                // No line break, and no tab: text unless all spaces.
                if word != WordBytes.spread(0x20) { lineHasText = true }
                index += 8
                continue
            }
            var breaks = WordBytes.equal(word, 0x0A) | WordBytes.equal(word, 0x0D)
            var text = ~(breaks | WordBytes.equal(word, 0x20) | WordBytes.equal(word, 0x09)) & WordBytes.highBits
            while breaks != 0 {
                let lowest = breaks & (0 &- breaks)
                let before = lowest &- 1
                if lineHasText || text & before != 0 { cues += 1 }
                lineHasText = false
                text &= ~before
                if startsWithTimestamp(index + lowest.trailingZeroBitCount / 8 + 1) { return nil }
                breaks &= breaks - 1
            }
            if text != 0 { lineHasText = true }
            index += 8
        }
        return lineHasText ? cues + 1 : cues
    }

    /// Whether a whole text that reads as untimed lines must still be parsed whole, not counted
    /// line by line (`parseUntimed(_:)`, `untimedCueCount(_:)`): it is a
    /// Markdown talk transcript (`MarkdownTranscriptParser.recognises(_:)`), or its first
    /// lines are labelled like a transcript's (`SpeakerTurns`: the labels come off the text
    /// and turns are carried, which needs the whole file).
    ///
    /// - Complexity: O(1): the first 32 KiB and first 200 lines at most (and four times the
    ///   bytes they take, up to 64 KiB more).
    static func needsWholeRead(_ buffer: ByteView) -> Bool {
        var read = 0
        return needsWholeRead(buffer, read: &read)
    }

    /// `needsWholeRead(_:)`, saying in `read` how far it looked: the answer depends on
    /// `buffer[..<read]` alone when `read < buffer.count`.
    static func needsWholeRead(_ buffer: ByteView, read: inout Int) -> Bool {
        read = Swift.min(buffer.count, MarkdownTranscriptParser.detectionLength)
        if MarkdownTranscriptParser.recognises(buffer) { return true }
        // The first lines are read from a prefix that grows until it holds them (a scanner first
        // looks through all it is given for a carriage return: not the whole of a large file).
        var length = Swift.min(buffer.count, 1 << 16)
        while true {
            let prefix = buffer.extracting(..<length)
            let scanner = LineScanner(prefix)
            var labels: [String?] = []
            var position = 0
            while position < scanner.count && labels.count < SpeakerTurns.sampledCues {
                let (end, next) = scanner.line(from: position)
                defer { position = next }
                guard !scanner.isBlank(position, end) else { continue }
                let line = prefix.extracting(position..<end)
                labels.append(SpeakerPrefix.mayStartLabel(line) ? SpeakerPrefix.speaker(in: line) : nil)
            }
            // The lines read end before the prefix's last byte (a line it cuts, or a CR LF it cuts
            // after the CR, reads otherwise in the whole), or the prefix is the whole.
            if length == buffer.count || position + 1 < length {
                read = Swift.max(read, position < scanner.count ? position : buffer.count)
                return SpeakerTurns.isTranscriptLike(labels: labels)
            }
            length = Swift.min(buffer.count, length * 4)
        }
    }

    /// `\`, `[`, `(`, `-` and digits: the bytes `leadingTimestamp` can accept first.
    @inline(__always)
    private static func mayStartTimestamp(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "\\"), UInt8(ascii: "["), UInt8(ascii: "("),
             UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// Reads the text as one cue per non-blank line and returns the number of lines,
    /// or, when `stoppingAtTimestamps`, stops at a line that starts with a timestamp and
    /// returns `nil` (the text may be timestamped after all: `timestampCensus` decides).
    private static func parseUntimedLines(
        _ scanner: LineScanner, stoppingAtTimestamps: Bool = true, into cues: inout CueCollector
    ) -> Int? {
        var position = 0
        var lineNumber = 0
        while position < scanner.count {
            let (end, next) = scanner.line(from: position)
            lineNumber += 1
            if stoppingAtTimestamps && leadingTimestamp(scanner.view, position, end) != nil { return nil }
            if !scanner.isBlank(position, end) {
                appendLine(scanner, position, end, start: nil, line: lineNumber, into: &cues)
            }
            position = next
        }
        return lineNumber
    }

    private static func appendLine(_ scanner: LineScanner, _ start: Int, _ end: Int, start time: Int?,
                                   line: Int, into cues: inout CueCollector) {
        cues.append(text: scanner.view.extracting(start..<end), id: nil, start: time, end: nil,
                    speaker: nil, line: line)
    }

    /// Reads timestamped text; with `spacelog`, `#` comment lines and the indented lines
    /// continuing a metadata line (`_labels: {` …) are skipped.
    private static func parseTimed(_ scanner: LineScanner, spacelog: Bool = false, into cues: inout CueCollector) {
        let bytes = scanner.view
        var inMetadata = false
        var position = 0
        var lineNumber = 0
        var current: (start: Int, timingLine: Int, textLine: Int?)?
        // The cue's text is bytes[textStart..<textEnd] while its lines follow each other
        // with one LF between them; otherwise it is gathered in `cues.plain`.
        var textStart = 0
        var textEnd = 0
        var nextLineStart = 0
        var gathered = false
        func finish(end: Int?, into cues: inout CueCollector) {
            guard let cue = current else { return }
            let line = cue.textLine ?? cue.timingLine
            if gathered {
                cues.appendPlain(id: nil, start: cue.start, end: end, speaker: nil, line: line)
            } else {
                cues.append(text: bytes.extracting(textStart..<textEnd), id: nil,
                            start: cue.start, end: end, speaker: nil, line: line)
            }
        }
        while position < scanner.count {
            let (end, next) = scanner.line(from: position)
            lineNumber += 1
            defer { position = next }
            if let (time, start) = leadingTimestamp(bytes, position, end) {
                finish(end: time, into: &cues)
                current = (time, lineNumber, start < end ? lineNumber : nil)
                gathered = false
                textStart = start
                textEnd = max(start, end)
                nextLineStart = next
                continue
            }
            if scanner.isBlank(position, end) { continue }
            if isMetadataLine(bytes, position, end) {
                inMetadata = spacelog
                continue
            }
            if spacelog {
                let first = bytes[position]
                if first == UInt8(ascii: "#") || (inMetadata && (first == 0x20 || first == 0x09)) { continue }
                inMetadata = false
            }
            guard current != nil else {
                appendLine(scanner, position, end, start: nil, line: lineNumber, into: &cues)
                continue
            }
            if current?.textLine == nil {
                current?.textLine = lineNumber
                textStart = position
                textEnd = end
            } else if !gathered && !scanner.hasCarriageReturns && position == nextLineStart
                        && !LineBreakBlanks.isBlank(bytes[textEnd - 1]) && !LineBreakBlanks.isBlank(bytes[position]) {
                textEnd = end
            } else {
                if !gathered {
                    gathered = true
                    cues.plain.removeAll(keepingCapacity: true)
                    cues.plain.append(contentsOf: bytes.extracting(textStart..<textEnd))
                }
                // No blanks around the line break (`LineBreakBlanks`).
                while let last = cues.plain.last, LineBreakBlanks.isBlank(last) { cues.plain.removeLast() }
                cues.plain.append(0x0A)
                cues.plain.append(contentsOf: bytes.extracting(bytes.skippingBlanks(from: position, to: end)..<end))
            }
            nextLineStart = next
        }
        finish(end: nil, into: &cues)
    }

    /// Whether the line starts with a bracketed mission time, `[DD:HH:MM:SS]` (`-` allowed before it).
    static func isMissionTime(_ bytes: ByteView, _ start: Int, _ end: Int) -> Bool {
        guard start < end, bytes[start] == UInt8(ascii: "[") else { return false }
        var index = start + 1
        if index < end && bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < end, bytes[index] &- 0x30 < 10 { index += 1 }
        guard index > digitsStart else { return false }
        for _ in 0..<3 {
            guard index + 2 < end, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] &- 0x30 < 10,
                  bytes[index + 2] &- 0x30 < 10 else { return false }
            index += 3
        }
        return index < end && bytes[index] == UInt8(ascii: "]")
    }

    /// Whether the line is a `_key: value` metadata line (as in NASA mission transcripts).
    static func isMetadataLine(_ bytes: ByteView, _ start: Int, _ end: Int) -> Bool {
        guard start < end, bytes[start] == UInt8(ascii: "_") else { return false }
        var index = start + 1
        while index < end, bytes[index] == UInt8(ascii: "_") || (bytes[index] | 0x20 >= 0x61 && bytes[index] | 0x20 <= 0x7A)
                || (bytes[index] >= 0x30 && bytes[index] <= 0x39) {
            index += 1
        }
        guard index > start + 1 else { return false }
        while index < end && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        return index < end && bytes[index] == UInt8(ascii: ":")
    }

    /// The timestamp at the start of the line `start..<end`, in milliseconds, and where
    /// the text after it (and its separator spaces) starts.
    static func leadingTimestamp(_ bytes: ByteView, _ start: Int, _ end: Int) -> (Int, Int)? {
        var index = start
        var escapedCloser = false
        var closer: UInt8 = 0
        if index + 1 < end && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "[") {
            index += 2
            escapedCloser = true
            closer = UInt8(ascii: "]")
        } else if index < end && bytes[index] == UInt8(ascii: "[") {
            index += 1
            closer = UInt8(ascii: "]")
        } else if index < end && bytes[index] == UInt8(ascii: "(") {
            index += 1
            closer = UInt8(ascii: ")")
        }
        guard let time = clockTime(bytes, &index, end) else { return nil }
        if closer == 0 {
            guard index == end || bytes[index] == 0x20 || bytes[index] == 0x09 else { return nil }
        } else {
            if escapedCloser {
                guard index < end, bytes[index] == UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            guard index < end, bytes[index] == closer else { return nil }
            index += 1
        }
        while index < end && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        return (time, index)
    }

    /// Reads `[-][[DD:]HH:]MM:SS[.f]` at `index`.
    private static func clockTime(_ bytes: ByteView, _ index: inout Int, _ end: Int) -> Int? {
        var negative = false
        if index < end && bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var fields: (Int, Int, Int, Int) = (0, 0, 0, 0)
        var count = 0
        while true {
            let digitsStart = index
            var value = 0
            while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                guard index - digitsStart < (count == 0 ? 6 : 2) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            guard index > digitsStart else { return nil }
            if count > 0 && (index - digitsStart != 2 || value > 59) { return nil }
            fields = (fields.1, fields.2, fields.3, value)
            count += 1
            guard count < 4, index + 1 < end, bytes[index] == UInt8(ascii: ":"),
                  bytes[index + 1] >= 0x30, bytes[index + 1] <= 0x39 else { break }
            index += 1
        }
        guard count >= 2 else { return nil }
        var millis = 0
        if index + 1 < end, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ","),
           bytes[index + 1] >= 0x30, bytes[index + 1] <= 0x39 {
            index += 1
            var digits = 0
            while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                guard digits < 3 else { return nil }
                millis = millis * 10 + Int(bytes[index] - 0x30)
                digits += 1
                index += 1
            }
            millis *= digits == 1 ? 100 : digits == 2 ? 10 : 1
        }
        let (days, hours, minutes, seconds) = fields
        let total = (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000 + millis
        return negative ? -total : total
    }
}
