import SeekBytes

/// Reads MPL2 subtitles (`.txt`): one cue per line, `[start][end]text`, times in tenths of a second.
///
/// `|` is a line break; a `/` starting a line of the cue (italics) is removed, and so are blanks
/// around line breaks. The end may be left empty (`[120][]text`): the cue then has no end. A line
/// of another shape is skipped with a warning naming it.
public enum MPL2Parser {
    /// Parses UTF-8 MPL2 text.
    ///
    /// - Complexity: O(n) in the size of `utf8`.
    public static func parse(_ utf8: [UInt8], fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withByteView { parse($0, fileName: fileName) }
    }

    /// `parse` of bytes as they lie (say, mapped).
    static func parse(_ buffer: ByteView, fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        var warnings = WarningLog(fileName: fileName)
        let transcript = CueCollector.collect(inputBytes: buffer.count) { cues in
            cues.reserve(forInputBytes: buffer.count)
            let scanner = LineScanner(buffer)
            var position = 0
            var lineNumber = 0
            var scratch: [UInt8] = []
            while position < scanner.count {
                let (end, next) = scanner.line(from: position)
                lineNumber += 1
                defer { position = next }
                var index = buffer.skippingBlanks(from: position, to: end)
                guard index < end else { continue }
                guard let (start, stop) = times(buffer, &index, end) else {
                    if cues.count == 0, isHeaderField(buffer.extracting(index..<end)) {
                        warnings.add(line: lineNumber, "a header line before the first cue (saved with the download?); skipped")
                    } else {
                        warnings.add(line: lineNumber, "expected an MPL2 line like [120][150]text; line skipped")
                    }
                    continue
                }
                if let stop, stop < start { warnings.add(line: lineNumber, SBVParser.endsBeforeStart) }
                appendCue(buffer.extracting(index..<end), times: (start, stop), line: lineNumber, into: &cues,
                          scratch: &scratch)
            }
        }
        return (transcript, warnings.all)
    }

    /// Appends the cue of a line whose text (after its times) is `text`, timed by `times`.
    @inline(__always)
    private static func appendCue(_ text: ByteView, times: (Int, Int?), line: Int, into cues: inout CueCollector,
                                  scratch: inout [UInt8]) {
        cues.plain.removeAll(keepingCapacity: true)
        clean(text, into: &cues.plain, scratch: &scratch)
        cues.appendPlain(id: nil, start: times.0 * 100, end: times.1.map { $0 * 100 }, speaker: nil, line: line)
    }

    /// Lays out the cues of `bytes` into `scratch` (`LineFormatsLayout.layOut`): false at once on a
    /// warning, a text longer than the room left, or when `body` returns false.
    static func layOut(
        _ bytes: ByteView, into scratch: inout CueCollector, runs: inout LineFormatsLayout.Runs,
        _ body: (LaidOutCues) -> Bool
    ) -> Bool {
        let scanner = LineScanner(bytes)
        var position = 0
        var lineNumber = 0
        var plain: [UInt8] = []
        var between: [UInt8] = []
        while position < scanner.count {
            if runs.isFull(scratch) { guard runs.hand(&scratch, to: body) else { return false } }
            let lineStart = position
            let (lineEnd, next) = scanner.line(from: position)
            lineNumber += 1
            position = next
            var index = bytes.skippingBlanks(from: lineStart, to: lineEnd)
            guard index < lineEnd else { continue }
            guard let (start, stop) = times(bytes, &index, lineEnd) else { return false }
            if let stop, stop < start { return false }
            let text = index..<lineEnd
            guard text.count + 2 <= scratch.room else { return false }
            // Text with no markup, no `/` and no blank by a line break is itself, `|`s made line feeds.
            if bytes.firstIndex(ofAny: UInt8(ascii: "<"), UInt8(ascii: "{"), UInt8(ascii: "&"), UInt8(ascii: "/"),
                                in: text) == text.upperBound,
               LineFormatsLayout.isBarredLines(bytes, text) {
                scratch.place(bytes.extracting(text), replacing: UInt8(ascii: "|"), with: 0x0A)
            } else {
                plain.removeAll(keepingCapacity: true)
                clean(bytes.extracting(text), into: &plain, scratch: &between)
                plain.withByteView { scratch.place($0) }
            }
            runs.keep(CueLines(position: lineStart, linesBefore: lineNumber - 1), from: &scratch)
        }
        return true
    }

    /// Appends to `cues` the cues whose lines start at `starts`, as `parse` reads them.
    static func read(_ starts: [CueLines], of bytes: ByteView, into cues: inout CueCollector) -> Bool {
        let scanner = LineScanner(bytes)
        var scratch: [UInt8] = []
        for start in starts {
            let (lineEnd, _) = scanner.line(from: start.position)
            var index = bytes.skippingBlanks(from: start.position, to: lineEnd)
            guard let times = times(bytes, &index, lineEnd) else { return false }
            appendCue(bytes.extracting(index..<lineEnd), times: times, line: start.linesBefore + 1, into: &cues,
                      scratch: &scratch)
        }
        return true
    }

    /// Reads `[a][b]` at `index` (tenths of a second; `b` is `nil` when empty), `index` moved past them.
    static func times(_ bytes: ByteView, _ index: inout Int, _ end: Int) -> (Int, Int?)? {
        if let times = LineFormatsLayout.usualPair(bytes, &index, end, open: UInt8(ascii: "["), close: UInt8(ascii: "]"),
                                                   digits: 10) {
            return times
        }
        guard let first = number(bytes, &index, end, optional: false) else { return nil }
        guard let second = number(bytes, &index, end, optional: true) else { return nil }
        return (first ?? 0, second)
    }

    /// Reads `[digits]` (or `[]` when `optional`); `.some(nil)` for an empty one.
    private static func number(_ bytes: ByteView, _ index: inout Int, _ end: Int, optional: Bool) -> Int?? {
        guard index < end, bytes[index] == UInt8(ascii: "[") else { return nil }
        var position = index + 1
        let digitsStart = position
        var value = 0
        while position < end, bytes[position] &- 0x30 < 10 {
            guard position - digitsStart < 10 else { return nil }
            value = value * 10 + Int(bytes[position] &- 0x30)
            position += 1
        }
        let empty = position == digitsStart
        if empty && !optional { return nil }
        guard position < end, bytes[position] == UInt8(ascii: "]") else { return nil }
        index = position + 1
        return .some(empty ? nil : value)
    }

    /// Whether `bytes` (a file's first bytes) read as MPL2: at least three in four of the lines that
    /// are not blank (a last line that may be cut short left out) start `[digits][digits]`, two of
    /// them at least unless there is only one.
    static func recognises(_ bytes: ByteView) -> Bool {
        SampledLines.mostPass(SampledLines.count(bytes) { start, end in
            var index = start
            guard let (_, stop) = times(bytes, &index, end) else { return false }
            return stop != nil
        })
    }

    /// Whether `bytes` (a first line) reads as MPL2 after a header of `Name: value` lines (an HTTP
    /// response's, saved by a subtitle downloader) and a blank line: `Content-Type: text/plain`.
    static func recognisesAfterHeader(_ bytes: ByteView) -> Bool {
        let scanner = LineScanner(bytes)
        var position = 0
        while position < scanner.count {
            let (end, next) = scanner.line(from: position)
            let start = bytes.skippingBlanks(from: position, to: end)
            if start == end { return next > position && recognises(bytes.extracting(next...)) }
            guard isHeaderField(bytes.extracting(start..<end)) else { return false }
            position = next
        }
        return false
    }

    /// Whether `line` is a header field, `Name: value` (a name of letters, digits and `-`), or
    /// an HTTP status line (`HTTP/1.1 200 OK`).
    static func isHeaderField(_ line: ByteView) -> Bool {
        if line.starts(with: "HTTP/") { return true }
        var index = 0
        while index < line.count, index < 64,
              line[index] | 0x20 >= 0x61 && line[index] | 0x20 <= 0x7A || line[index] &- 0x30 < 10
                || line[index] == UInt8(ascii: "-") {
            index += 1
        }
        return index > 0 && index < line.count && line[index] == UInt8(ascii: ":") && line[0] &- 0x30 >= 10
    }

    /// Copies a line's text into `output`: `|` as a line break, a `/` (italics) at the start of
    /// each line removed, MicroDVD's `{y:i}`-style codes and SRT's `<i>`-style tags too (files
    /// from subtitle downloaders carry both), no blanks around line breaks (`LineBreakBlanks`).
    /// `scratch` holds the text between the steps (its storage kept from one line to the next).
    static func clean(_ text: ByteView, into output: inout [UInt8], scratch: inout [UInt8]) {
        let start = output.count
        scratch.removeAll(keepingCapacity: true)
        MicroDVDParser.clean(text, into: &scratch)
        if let first = scratch.first,
           first == 0x20 || first == 0x09 || scratch.withByteView({ $0.firstIndex(of: UInt8(ascii: "/")) }) != nil {
            removeLineStarts(&scratch)
        }
        if scratch.withByteView({ SRTParser.needsCleaning($0) }) {
            scratch.withByteView { SRTParser.clean($0, into: &output) }
        } else {
            output.append(contentsOf: scratch)
            LineBreakBlanks.remove(from: &output, startingAt: start)
        }
        while output.count > start, LineBreakBlanks.isBlank(output[output.count - 1]) || output[output.count - 1] == 0x0A {
            output.removeLast()
        }
    }

    /// Removes, in place, the blanks at the start of each line and the `/`s (italics) that then start it.
    private static func removeLineStarts(_ text: inout [UInt8]) {
        var write = 0
        var lineStart = true
        for read in text.indices {
            let byte = text[read]
            if byte == 0x0A {
                text[write] = 0x0A
                write += 1
                lineStart = true
                continue
            }
            if lineStart && (byte == 0x20 || byte == 0x09) { continue }
            lineStart = false
            if byte == UInt8(ascii: "/") && (write == 0 || text[write - 1] == 0x0A) { continue }
            text[write] = byte
            write += 1
        }
        text.removeSubrange(write...)
    }
}
