import SeekBytes

/// Reads MicroDVD subtitles (`.sub`): one cue per line, `{start}{end}text`, times in frames.
///
/// `|` is a line break; control codes such as `{y:i}`, `{c:$0000FF}` or `{f:Arial}` are removed.
/// The end frame may be left empty (`{100}{}text`): the cue then has no end. A first line
/// `{1}{1}23.976` (or `{0}{0}25`) gives the frame rate and is no cue; otherwise the rate
/// given by the caller is used, else 23.976 with a warning saying so.
public enum MicroDVDParser {
    /// The frame rate assumed when neither the file nor the caller gives one: 23.976 (24000/1001).
    public static let defaultFrameRate = FrameRate(numerator: 24000, denominator: 1001)

    /// Parses UTF-8 MicroDVD text with `frameRate` (when the file gives none).
    ///
    /// - Complexity: O(n) in the size of `utf8`.
    public static func parse(_ utf8: [UInt8], fileName: String, frameRate: FrameRate? = nil)
        -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withByteView { parse($0, fileName: fileName, frameRate: frameRate) }
    }

    /// `parse` of bytes as they lie (say, mapped).
    static func parse(_ buffer: ByteView, fileName: String, frameRate: FrameRate? = nil)
        -> (transcript: Transcript, warnings: [Diagnostic]) {
        var rateFromFile = false
        let (transcript, logged) = CueCollector.collectLines(buffer, fileName: fileName) {
            rateFromFile = read($0, frameRate: frameRate, into: &$1, warnings: &$2)
        }
        var all = logged
        if let assumed = assumedRate(fileName: fileName, frameRate: frameRate, rateFromFile: rateFromFile,
                                     cues: transcript.count) {
            all.insert(assumed, at: 0)
        }
        return (transcript, all)
    }

    /// The warning that the default frame rate is assumed for the cues of a file that gives none
    /// when the caller gives none either (`frameRate`), or `nil`.
    static func assumedRate(fileName: String, frameRate: FrameRate?, rateFromFile: Bool, cues: Int) -> Diagnostic? {
        guard frameRate == nil, !rateFromFile, cues > 0 else { return nil }
        return Diagnostic(file: fileName, message: "no frame rate in the file; \(defaultFrameRate) fps assumed (use --fps to set it)")
    }

    /// Whether `line` starts like a MicroDVD cue: `{digits}{digits or nothing}`.
    static func isCueLine(_ line: ByteView) -> Bool {
        var index = 0
        return frames(line, &index, line.count) != nil
    }

    /// Reads `{a}{b}` at `index`: the frames (`b` is `nil` when empty), `index` moved past them.
    static func frames(_ bytes: ByteView, _ index: inout Int, _ end: Int) -> (Int, Int?)? {
        if let frames = LineFormatsLayout.usualPair(bytes, &index, end, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"),
                                                    digits: 12) {
            return frames
        }
        guard let first = number(bytes, &index, end, optional: false) else { return nil }
        guard let second = number(bytes, &index, end, optional: true) else { return nil }
        return (first ?? 0, second)
    }

    /// Reads `{digits}` (or `{}` when `optional`); `.some(nil)` for an empty one.
    private static func number(_ bytes: ByteView, _ index: inout Int, _ end: Int, optional: Bool) -> Int?? {
        guard index < end, bytes[index] == UInt8(ascii: "{") else { return nil }
        var position = index + 1
        position = bytes.skippingBlanks(from: position, to: end)
        let digitsStart = position
        var value = 0
        while position < end, bytes[position] &- 0x30 < 10 {
            guard position - digitsStart < 12 else { return nil }
            value = value * 10 + Int(bytes[position] &- 0x30)
            position += 1
        }
        let empty = position == digitsStart
        if empty && !optional { return nil }
        position = bytes.skippingBlanks(from: position, to: end)
        guard position < end, bytes[position] == UInt8(ascii: "}") else { return nil }
        index = position + 1
        return .some(empty ? nil : value)
    }

    /// Reads the lines; returns whether the file gave its frame rate.
    private static func read(_ scanner: LineScanner, frameRate: FrameRate?, into cues: inout CueCollector,
                             warnings: inout WarningLog) -> Bool {
        let bytes = scanner.view
        var rate = frameRate ?? defaultFrameRate
        var rateFromFile = false
        var position = 0
        var lineNumber = 0
        var first = true
        while position < scanner.count {
            let (lineEnd, next) = scanner.line(from: position)
            lineNumber += 1
            defer { position = next }
            var index = position
            index = bytes.skippingBlanks(from: index, to: lineEnd)
            if index == lineEnd { continue }
            guard let (startFrame, endFrame) = frames(bytes, &index, lineEnd) else {
                warnings.add(line: lineNumber, "expected a MicroDVD line like {100}{150}text; line skipped")
                continue
            }
            let text = bytes.extracting(index..<lineEnd)
            if first {
                first = false
                if startFrame <= 1, endFrame ?? 0 <= 1, let hint = rateHint(text) {
                    if let hint = hint.rate {
                        if frameRate == nil { rate = hint }
                        rateFromFile = true
                    } else {
                        warnings.add(line: lineNumber, "frame rate \(hint.text) out of range; ignored")
                    }
                    continue
                }
            }
            if let endFrame, endFrame < startFrame { warnings.add(line: lineNumber, SBVParser.endsBeforeStart) }
            appendCue(text, frames: (startFrame, endFrame), rate: rate, line: lineNumber, into: &cues)
        }
        return rateFromFile
    }

    /// Appends the cue of a line whose text (after its frames) is `text`, timed by `frames` at `rate`.
    @inline(__always)
    private static func appendCue(_ text: ByteView, frames: (Int, Int?), rate: FrameRate, line: Int,
                                  into cues: inout CueCollector) {
        cues.plain.removeAll(keepingCapacity: true)
        clean(text, into: &cues.plain)
        cues.appendPlain(id: nil, start: milliseconds(frames.0, rate), end: frames.1.map { milliseconds($0, rate) },
                         speaker: nil, line: line)
    }

    /// Lays out the cues of `bytes` into `scratch` (`LineFormatsLayout.layOut`), `fileRate` set to
    /// the rate the file gives: false at once on a warning, a text longer than the room left, or
    /// when `body` returns false.
    static func layOut(
        _ bytes: ByteView, fileRate: inout FrameRate?, into scratch: inout CueCollector,
        runs: inout LineFormatsLayout.Runs, _ body: (LaidOutCues) -> Bool
    ) -> Bool {
        let scanner = LineScanner(bytes)
        var position = 0
        var lineNumber = 0
        var first = true
        var plain: [UInt8] = []
        while position < scanner.count {
            if runs.isFull(scratch) { guard runs.hand(&scratch, to: body) else { return false } }
            let lineStart = position
            let (lineEnd, next) = scanner.line(from: position)
            lineNumber += 1
            position = next
            var index = bytes.skippingBlanks(from: lineStart, to: lineEnd)
            if index == lineEnd { continue }
            guard let (startFrame, endFrame) = frames(bytes, &index, lineEnd) else { return false }
            let text = index..<lineEnd
            if first {
                first = false
                if startFrame <= 1, endFrame ?? 0 <= 1, let hint = rateHint(bytes.extracting(text)) {
                    guard let rate = hint.rate else { return false }
                    fileRate = rate
                    continue
                }
            }
            if let endFrame, endFrame < startFrame { return false }
            guard text.count + 2 <= scratch.room else { return false }
            // Text with no control code and no blank by a line break is itself, `|`s made line feeds.
            if bytes.firstIndex(of: UInt8(ascii: "{"), in: text) == nil,
               LineFormatsLayout.isBarredLines(bytes, text) {
                scratch.place(bytes.extracting(text), replacing: UInt8(ascii: "|"), with: 0x0A)
            } else {
                plain.removeAll(keepingCapacity: true)
                clean(bytes.extracting(text), into: &plain)
                plain.withByteView { scratch.place($0) }
            }
            runs.keep(CueLines(position: lineStart, linesBefore: lineNumber - 1), from: &scratch)
        }
        return true
    }

    /// Appends to `cues` the cues whose lines start at `starts`, as `parse` reads them at `rate`.
    static func read(_ starts: [CueLines], of bytes: ByteView, rate: FrameRate, into cues: inout CueCollector) -> Bool {
        let scanner = LineScanner(bytes)
        for start in starts {
            let (lineEnd, _) = scanner.line(from: start.position)
            var index = bytes.skippingBlanks(from: start.position, to: lineEnd)
            guard let frames = frames(bytes, &index, lineEnd) else { return false }
            appendCue(bytes.extracting(index..<lineEnd), frames: frames, rate: rate, line: start.linesBefore + 1,
                      into: &cues)
        }
        return true
    }

    /// Frame `frame` in milliseconds, rounded (frames have at most 12 digits, so this cannot overflow).
    private static func milliseconds(_ frame: Int, _ rate: FrameRate) -> Int {
        (frame * 1000 * rate.denominator + rate.numerator / 2) / rate.numerator
    }

    /// The number `text` holds (`23.976`, `25`, `23.976024`, `1e3`), spaces around it allowed:
    /// the rate, or `nil` when it is out of range (0, 1000 or more); `nil` for text that is no number.
    private static func rateHint(_ text: ByteView) -> (text: String, rate: FrameRate?)? {
        let range = text.trimmingBlanks(0..<text.count)
        guard !range.isEmpty, range.count <= 16 else { return nil }
        var sawDigit = false
        for byte in text[range] {
            if byte &- 0x30 < 10 {
                sawDigit = true
            } else if !".,eE+-".utf8.contains(byte) {
                return nil
            }
        }
        guard sawDigit else { return nil }
        let string = String(decoding: text[range].map { $0 == UInt8(ascii: ",") ? UInt8(ascii: ".") : $0 }, as: UTF8.self)
        if let rate = FrameRate.parse(string) { return (string, rate) }
        guard let value = Double(string), value >= 0.001, value < 1000 else { return (string, nil) }
        return (string, FrameRate(numerator: Int((value * 1000).rounded()), denominator: 1000))
    }

    /// Copies a cue's text into `output`: `|` as a line break, `{x:…}` control codes removed, no
    /// blanks around line breaks (`LineBreakBlanks`).
    static func clean(_ text: ByteView, into output: inout [UInt8]) {
        let start = output.count
        defer { LineBreakBlanks.remove(from: &output, startingAt: start) }
        var index = 0
        let end = text.count
        while index < end {
            let special = text.firstIndex(ofAny: UInt8(ascii: "|"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "{"),
                                          in: index..<end)
            if special > index {
                output.append(contentsOf: text.extracting(index..<special))
                index = special
                continue
            }
            let byte = text[index]
            if byte == UInt8(ascii: "|") {
                output.append(0x0A)
                index += 1
                continue
            }
            if byte == UInt8(ascii: "{"), index + 2 < end, text[index + 1] | 0x20 >= 0x61, text[index + 1] | 0x20 <= 0x7A,
               text[index + 2] == UInt8(ascii: ":") {
                var close = index + 3
                while close < end, text[close] != UInt8(ascii: "}") { close += 1 }
                if close < end {
                    index = close + 1
                    continue
                }
            }
            output.append(byte)
            index += 1
        }
        var high = output.count
        while high > 0, output[high - 1] == 0x20 || output[high - 1] == 0x09 || output[high - 1] == 0x0A { high -= 1 }
        output.removeSubrange(high...)
    }
}
