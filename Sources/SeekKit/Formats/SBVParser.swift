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

    private static func read(_ scanner: LineScanner, into cues: inout CueCollector, warnings: inout WarningLog) {
        let bytes = scanner.view
        var position = 0
        var lineNumber = 0
        var current: (start: Int, end: Int, line: Int?)?
        var skipping = false
        // Whether the text placed so far ends with a line break (blanks after it are left out).
        var afterBreak = false

        // The cue's text is written in place as its lines come (`placeCleaned`).
        func finish(_ cues: inout CueCollector) {
            guard let cue = current else { return }
            current = nil
            cues.appendPlaced(id: nil, start: cue.start, end: cue.end, speaker: nil, line: cue.line ?? lineNumber)
        }

        while position < scanner.count {
            let (lineEnd, next) = scanner.line(from: position)
            lineNumber += 1
            defer { position = next }
            if scanner.isBlank(position, lineEnd) {
                finish(&cues)
                skipping = false
                continue
            }
            if let times = timing(bytes, position, lineEnd) {
                finish(&cues)
                skipping = false
                if times.end < times.start { warnings.add(line: lineNumber, endsBeforeStart) }
                current = (times.start, times.end, nil)
                afterBreak = false
                continue
            }
            if current != nil {
                if current?.line == nil {
                    current?.line = lineNumber
                } else {
                    placeLineBreak(into: &cues, afterBreak: &afterBreak)
                }
                placeCleaned(bytes.extracting(position..<lineEnd), into: &cues, afterBreak: &afterBreak)
                continue
            }
            var first = position
            first = bytes.skippingBlanks(from: first, to: lineEnd)
            if bytes[first] == UInt8(ascii: "[") || skipping { continue }
            warnings.add(line: lineNumber, expectedTiming)
            skipping = true
        }
        finish(&cues)
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
