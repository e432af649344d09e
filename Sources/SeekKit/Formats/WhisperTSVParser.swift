import SeekBytes

/// Reads Whisper's tab-separated transcripts: `start`, `end` (milliseconds) and `text` per line.
///
///     start	end	text
///     0	16000	Igual que la majoria de mamífers…
///
/// The header line is optional. A line whose first two fields are not whole numbers
/// is skipped with a warning naming it; the text is everything after the second tab.
/// Negative and reversed times are kept as written, with one warning naming the first.
public enum WhisperTSVParser {
    static let expectedLine = "expected 'START<tab>END<tab>TEXT' with times in milliseconds"

    /// Parses UTF-8 TSV text.
    ///
    /// - Complexity: O(n) in the size of `utf8`.
    public static func parse(_ utf8: [UInt8], fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withByteView { parse($0, fileName: fileName) }
    }

    /// `parse` of bytes as they lie (say, mapped).
    static func parse(_ buffer: ByteView, fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        var warnings = WarningLog(fileName: fileName)
        let scanner = LineScanner(buffer)
        let transcript = CueCollector.collect(inputBytes: buffer.count) { cues in
            cues.reserve(forInputBytes: buffer.count)
            var position = 0
            var lineNumber = 0
            var oddTimes = 0
            var firstOddLine = 0
            while position < scanner.count {
                let (end, next) = scanner.line(from: position)
                lineNumber += 1
                defer { position = next }
                if scanner.isBlank(position, end) { continue }
                let line = buffer.extracting(position..<end)
                if lineNumber == 1 && hasHeader(line) { continue }
                guard let (start, stop, text) = fields(line) else {
                    warnings.add(line: lineNumber, "unreadable line skipped; " + expectedLine)
                    continue
                }
                if start < 0 || stop < start {
                    if oddTimes == 0 { firstOddLine = lineNumber }
                    oddTimes += 1
                }
                cues.append(text: line.extracting(text), id: nil, start: start, end: stop,
                            speaker: nil, line: lineNumber)
            }
            if oddTimes > 0 {
                warnings.add(line: firstOddLine, "\(oddTimes) line(s) with a negative or reversed time, kept as written")
            }
        }
        return (transcript, warnings.all)
    }

    /// Whether `utf8` starts with the header line `start<tab>end<tab>text`.
    static func hasHeader(_ utf8: some Collection<UInt8>) -> Bool {
        let header = Array("start\tend\ttext".utf8)
        guard utf8.starts(with: header) else { return false }
        let next = utf8.dropFirst(header.count).first
        return next == nil || next == 0x0A || next == 0x0D
    }

    private static func fields(_ line: ByteView) -> (Int, Int, Range<Int>)? {
        var index = 0
        func number() -> Int? {
            let negative = index < line.count && line[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            let start = index
            var value = 0
            while index < line.count, line[index] >= 0x30, line[index] <= 0x39, index - start < 15 {
                value = value * 10 + Int(line[index] - 0x30)
                index += 1
            }
            guard index > start, index < line.count, line[index] == 0x09 else { return nil }
            index += 1
            return negative ? -value : value
        }
        guard let start = number(), let end = number() else { return nil }
        return (start, end, index..<line.count)
    }
}
