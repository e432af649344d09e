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
        var fields = [0, 0, 0]
        for field in 0..<3 {
            let digitsStart = index
            var value = 0
            while index < end, bytes[index] &- 0x30 < 10, index - digitsStart < 3 {
                value = value * 10 + Int(bytes[index] &- 0x30)
                index += 1
            }
            let digits = index - digitsStart
            guard field == 0 ? digits >= 1 : digits == 2 && value <= 59 else { return nil }
            fields[field] = value
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
        return Stamp(time: ((fields[0] * 60 + fields[1]) * 60 + fields[2]) * 1000, part: part, textStart: index)
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
        var text: Range<Int>
    }

    private static func read(_ scanner: LineScanner, into cues: inout CueCollector, warnings: inout WarningLog) {
        let bytes = scanner.view
        var pending: [Pending] = []
        var texts: [UInt8] = []
        func flush(at time: Int?, into cues: inout CueCollector) {
            for cue in pending {
                let end = time.map { $0 > cue.time ? Swift.min($0, cue.time + longest) : cue.time + longest }
                    ?? cue.time + longest
                cues.plain.removeAll(keepingCapacity: true)
                cues.plain.append(contentsOf: texts[cue.text])
                cues.appendPlain(id: nil, start: cue.time, end: end, speaker: nil, line: cue.line)
            }
            pending.removeAll(keepingCapacity: true)
            texts.removeAll(keepingCapacity: true)
        }
        var position = 0
        var lineNumber = 0
        while position < scanner.count {
            let (end, next) = scanner.line(from: position)
            lineNumber += 1
            defer { position = next }
            let start = bytes.skippingBlanks(from: position, to: end)
            guard start < end else { continue }
            guard let stamp = stamp(bytes, start, end) else {
                warnings.add(line: lineNumber, "expected a TMPlayer line like 00:01:02:text; line skipped")
                continue
            }
            let text = bytes.extracting(stamp.textStart..<end)
            if stamp.part > 1, let last = pending.last, last.time == stamp.time {
                let from = texts.count
                clean(text, into: &texts)
                if texts.count > from { texts.insert(0x0A, at: from) }
                pending[pending.count - 1].text = last.text.lowerBound..<texts.count
                continue
            }
            if let first = pending.first, stamp.time != first.time {
                flush(at: stamp.time, into: &cues)
            }
            let from = texts.count
            clean(text, into: &texts)
            if texts.count > from {
                pending.append(Pending(time: stamp.time, line: lineNumber, text: from..<texts.count))
            }
        }
        flush(at: nil, into: &cues)
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
