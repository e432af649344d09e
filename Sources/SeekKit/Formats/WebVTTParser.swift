import SeekBytes

/// Reads WebVTT (`.vtt`) files with the W3C WebVTT file-parsing algorithm.
///
/// The file must start with `WEBVTT` (after an optional BOM, removed by the decoder)
/// followed by a space, a tab or the end of the line. Header lines, `NOTE`, `STYLE`
/// and `REGION` blocks give no cues. A cue block is an optional identifier line, a
/// timing line `[HH:]MM:SS.mmm --> [HH:]MM:SS.mmm [settings]` and text up to the next
/// empty line; cue settings are read past and dropped. As the specification says, a
/// block whose timing line cannot be read is dropped (with a warning, here), and a cue
/// whose end comes before its start is still a cue.
///
/// Cue text is reduced to plain text: every tag (`<c.x>`, `<i>`, `<b>`, `<u>`, `<v …>`,
/// `<lang …>`, `<ruby>`, `<rt>`, `<00:01.000>` and unknown ones) is removed, character
/// references are decoded, and the annotation of the first `<v Name>` becomes the speaker.
public enum WebVTTParser {
    static let expectedTiming = "expected a timing line like 00:00:01.000 --> 00:00:02.000"

    /// Parses UTF-8 WebVTT text.
    ///
    /// - Throws: `Diagnostic` when the `WEBVTT` signature is missing.
    /// - Returns: the cues, and a warning per dropped block.
    /// - Complexity: O(n) in the size of `utf8`.
    public static func parse(
        _ utf8: [UInt8], fileName: String
    ) throws(Diagnostic) -> (transcript: Transcript, warnings: [Diagnostic]) {
        try utf8.withByteView { (buffer) throws(Diagnostic) in try parse(buffer, fileName: fileName) }
    }

    /// `parse(_:fileName:)` over UTF-8 text where it lies (say, mapped): the cues' texts are
    /// copied out of it, so it need not outlive the call.
    static func parse(
        _ buffer: ByteView, fileName: String
    ) throws(Diagnostic) -> (transcript: Transcript, warnings: [Diagnostic]) {
        var warnings = WarningLog(fileName: fileName)
        var signed = false
        let transcript = CueCollector.collect(inputBytes: buffer.count) { cues in
            var parser = Parser(scanner: LineScanner(buffer), cues: cues, fileName: fileName)
            signed = parser.run()
            cues = parser.cues
            warnings = parser.warnings
        }
        guard signed else {
            throw Diagnostic(file: fileName, line: 1, message: "missing WEBVTT header on the first line")
        }
        return (transcript, warnings.all)
    }

    /// Whether `utf8` starts with a WebVTT signature line.
    static func hasSignature(_ utf8: some Collection<UInt8>) -> Bool {
        let signature = Array("WEBVTT".utf8)
        guard utf8.starts(with: signature) else { return false }
        guard let next = utf8.dropFirst(6).first else { return true }
        return next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D
    }

    private struct Parser {
        let scanner: LineScanner
        var warnings: WarningLog
        var cues: CueCollector
        var position = 0
        /// The 1-based number of the line starting at `position`.
        var lineNumber = 1

        init(scanner: LineScanner, cues: CueCollector, fileName: String) {
            self.scanner = scanner
            self.warnings = WarningLog(fileName: fileName)
            self.cues = cues
            self.cues.reserve(forInputBytes: scanner.count)
        }

        var bytes: ByteView { scanner.view }
        var atEnd: Bool { position >= scanner.count }

        /// Runs the algorithm; `false` when the signature is missing.
        mutating func run() -> Bool {
            let (signatureEnd, afterSignature) = scanner.line(from: 0)
            guard WebVTTParser.hasSignature(bytes.extracting(0..<signatureEnd)) else {
                return false
            }
            advance(to: afterSignature)
            if atEnd { return true }
            let (headerEnd, afterHeader) = scanner.line(from: position)
            if headerEnd > position {
                collectBlock(inHeader: true)
            } else {
                advance(to: afterHeader)
            }
            skipEmptyLines()
            while !atEnd {
                collectBlock(inHeader: false)
                skipEmptyLines()
            }
            return true
        }

        private mutating func advance(to next: Int) {
            position = next
            lineNumber += 1
        }

        private mutating func skipEmptyLines() {
            while !atEnd {
                let (end, next) = scanner.line(from: position)
                guard end == position else { return }
                advance(to: next)
            }
        }

        private mutating func collectBlock(inHeader: Bool) {
            var lineCount = 0
            var previous = (position, lineNumber)
            var seenArrow = false
            var cue: (id: String, start: Int, end: Int, textLine: Int?)?
            var firstLine = lineNumber
            var timingFailed = false
            var textStart = 0
            var textEnd = 0
            // Whether a text line ends, or the next starts, with a blank (`LineBreakBlanks`).
            var blankAtBreak = false
            cues.raw.removeAll(keepingCapacity: true)
            while true {
                let start = position
                let currentLine = lineNumber
                let (end, next) = scanner.line(from: position)
                let seenEOF = next >= scanner.count
                advance(to: next)
                lineCount += 1
                if lineCount == 1 { firstLine = currentLine }
                if LineScanner.containsArrow(bytes, start, end) {
                    if !inHeader && (lineCount == 1 || (lineCount == 2 && !seenArrow)) {
                        seenArrow = true
                        previous = (position, lineNumber)
                        if let (from, to) = WebVTTParser.timings(bytes, start, end) {
                            cue = (String(decoding: cues.raw, as: UTF8.self), from, to, nil)
                            cues.raw.removeAll(keepingCapacity: true)
                            blankAtBreak = false
                        } else {
                            cue = nil
                            timingFailed = true
                            warnings.add(line: currentLine, "unreadable timing line, block skipped; "
                                         + WebVTTParser.expectedTiming)
                        }
                    } else {
                        (position, lineNumber) = previous
                        break
                    }
                } else if end == start {
                    break
                } else {
                    if cue != nil && !scanner.hasCarriageReturns {
                        if cue?.textLine == nil {
                            cue?.textLine = currentLine
                            textStart = start
                        } else if LineBreakBlanks.isBlank(bytes[textEnd - 1]) || LineBreakBlanks.isBlank(bytes[start]) {
                            blankAtBreak = true
                        }
                        textEnd = end
                    } else {
                        if cue != nil && cue?.textLine == nil { cue?.textLine = currentLine }
                        if !cues.raw.isEmpty {
                            if LineBreakBlanks.isBlank(cues.raw[cues.raw.count - 1]) || LineBreakBlanks.isBlank(bytes[start]) {
                                blankAtBreak = true
                            }
                            cues.raw.append(0x0A)
                        }
                        cues.raw.append(contentsOf: bytes.extracting(start..<end))
                    }
                    previous = (position, lineNumber)
                }
                if seenEOF { break }
            }
            if let cue {
                let id = cue.id.isEmpty ? nil : cue.id
                let line = cue.textLine ?? firstLine + (cue.id.isEmpty ? 1 : 2)
                if scanner.hasCarriageReturns {
                    let raw = cues.raw
                    raw.withByteView {
                        finishCue(text: $0, id: id, start: cue.start, end: cue.end, line: line, blankAtBreak: blankAtBreak)
                    }
                } else {
                    let text = bytes.extracting(textStart..<(cue.textLine == nil ? textStart : textEnd))
                    finishCue(text: text, id: id, start: cue.start, end: cue.end, line: line, blankAtBreak: blankAtBreak)
                }
            } else if !inHeader && !seenArrow && !timingFailed && !isCommentOrDefinition()
                        && cues.raw.contains(where: { !isWhitespace($0) }) {
                warnings.add(line: firstLine, "block without a timing line skipped; " + WebVTTParser.expectedTiming)
            }
        }

        private mutating func finishCue(text: ByteView, id: String?, start: Int, end: Int,
                                        line: Int, blankAtBreak: Bool) {
            WebVTTParser.append(text, id: id, start: start, end: end, line: line, blankAtBreak: blankAtBreak,
                                to: &cues)
        }

        /// Whether the block just read (in `cues.raw`) is a NOTE, STYLE or REGION block.
        private func isCommentOrDefinition() -> Bool {
            for keyword in ["NOTE", "STYLE", "REGION"] {
                let word = Array(keyword.utf8)
                guard cues.raw.starts(with: word) else { continue }
                let next = cues.raw.count > word.count ? cues.raw[word.count] : 0x0A
                if next == 0x20 || next == 0x09 || next == 0x0A { return true }
            }
            return false
        }
    }

    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// Reads the start and end of a cue timing line (settings after them are ignored).
    static func timings(_ bytes: ByteView, _ start: Int, _ end: Int) -> (Int, Int)? {
        var index = start
        while index < end && isWhitespace(bytes[index]) { index += 1 }
        guard let from = timestamp(bytes, &index, end) else { return nil }
        while index < end && isWhitespace(bytes[index]) { index += 1 }
        guard index + 3 <= end, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"),
              bytes[index + 2] == UInt8(ascii: ">") else { return nil }
        index += 3
        while index < end && isWhitespace(bytes[index]) { index += 1 }
        guard let to = timestamp(bytes, &index, end) else { return nil }
        return (from, to)
    }

    /// Reads a WebVTT timestamp, `[H…:]MM:SS.mmm`, in milliseconds.
    ///
    /// Hours above 1,000,000 are refused so absurd values can't overflow.
    static func timestamp(_ bytes: ByteView, _ index: inout Int, _ end: Int) -> Int? {
        func digits(_ index: inout Int) -> (value: Int, count: Int) {
            var value = 0
            var count = 0
            while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if count < 10 { value = value * 10 + Int(bytes[index] - 0x30) }
                count += 1
                index += 1
            }
            return (value, count)
        }
        let first = digits(&index)
        guard first.count > 0, first.count <= 10 else { return nil }
        let hoursFirst = first.count != 2 || first.value > 59
        guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        let second = digits(&index)
        guard second.count == 2 else { return nil }
        var hours = 0
        var minutes = first.value
        var seconds = second.value
        if hoursFirst || (index < end && bytes[index] == UInt8(ascii: ":")) {
            guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            let third = digits(&index)
            guard third.count == 2 else { return nil }
            hours = first.value
            minutes = second.value
            seconds = third.value
        }
        guard index < end, bytes[index] == UInt8(ascii: ".") else { return nil }
        index += 1
        let fraction = digits(&index)
        guard fraction.count == 3, minutes <= 59, seconds <= 59, hours <= 1_000_000 else { return nil }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction.value
    }

    /// Reduces WebVTT cue text to plain text in `output`, with no blanks around its line breaks
    /// (`LineBreakBlanks`); each timestamp tag (`<00:00:05.600>`) becomes a word time at its
    /// offset in `output`.
    ///
    /// - Returns: the annotation of the first `<v>` tag (whitespace collapsed), if any.
    static func clean(
        _ bytes: ByteView, into output: inout [UInt8], wordTimes: inout [WordTime]
    ) -> String? {
        var voice: String?
        let end = bytes.count
        let outputStart = output.count
        let firstWordTime = wordTimes.count
        var afterBreak = false
        var index = 0
        while index < end {
            var runEnd = index
            while runEnd < end && bytes[runEnd] != UInt8(ascii: "<") && bytes[runEnd] != UInt8(ascii: "&")
                    && bytes[runEnd] != 0x0A {
                runEnd += 1
            }
            if runEnd > index {
                let from = afterBreak ? bytes.skippingBlanks(from: index, to: runEnd) : index
                if from < runEnd { afterBreak = false }
                output.append(contentsOf: bytes.extracting(from..<runEnd))
                index = runEnd
                continue
            }
            let byte = bytes[index]
            if byte == 0x0A {
                while output.count > outputStart, LineBreakBlanks.isBlank(output[output.count - 1]) { output.removeLast() }
                for word in wordTimes.indices.dropFirst(firstWordTime) where wordTimes[word].offset > output.count {
                    wordTimes[word].offset = output.count
                }
                output.append(0x0A)
                afterBreak = true
                index += 1
                continue
            }
            if byte == UInt8(ascii: "&") {
                if let used = CharacterReference.decode(bytes, at: index, end: end, into: &output) {
                    afterBreak = false
                    index += used
                    continue
                }
            } else if byte == UInt8(ascii: "<") {
                var close = index + 1
                while close < end && bytes[close] != UInt8(ascii: ">") { close += 1 }
                if voice == nil { voice = voiceAnnotation(bytes, index + 1, close) }
                var tag = index + 1
                if tag < close, bytes[tag] >= 0x30, bytes[tag] <= 0x39,
                   let time = timestamp(bytes, &tag, close), tag == close {
                    wordTimes.append(WordTime(offset: output.count, start: time))
                }
                index = close + 1
                continue
            }
            afterBreak = false
            output.append(byte)
            index += 1
        }
        return voice
    }

    /// Whether `text` holds a tag or a character reference.
    static func needsCleaning(_ text: ByteView) -> Bool {
        for byte in text where byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { return true }
        return false
    }

    /// The annotation of a `v` start tag whose content (between `<` and `>`) is `start..<end`.
    private static func voiceAnnotation(_ bytes: ByteView, _ start: Int, _ end: Int) -> String? {
        guard start < end, bytes[start] == UInt8(ascii: "v") else { return nil }
        var index = start + 1
        guard index == end || isWhitespace(bytes[index]) || bytes[index] == UInt8(ascii: ".") else { return nil }
        while index < end && !isWhitespace(bytes[index]) { index += 1 }
        var decoded: [UInt8] = []
        while index < end {
            if bytes[index] == UInt8(ascii: "&"),
               let used = CharacterReference.decode(bytes, at: index, end: end, into: &decoded) {
                index += used
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        var collapsed: [UInt8] = []
        for byte in decoded {
            if isWhitespace(byte) {
                if let last = collapsed.last, last != 0x20 { collapsed.append(0x20) }
            } else {
                collapsed.append(byte)
            }
        }
        if collapsed.last == 0x20 { collapsed.removeLast() }
        return collapsed.isEmpty ? nil : String(decoding: collapsed, as: UTF8.self)
    }
}
