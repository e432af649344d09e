import SeekBytes

/// Reads LRC lyrics (`.lrc`).
///
/// A line `[mm:ss.xx]text` is a cue starting at that time; several stamps in front of one
/// text (`[00:12.00][01:40.50]Chorus`) give one cue each. A cue ends where the next later
/// one begins; the last has no end, and a stamp without text only ends the one before.
/// ID tags such as `[ar:Artist]`, `[ti:Title]`, `[al:Album]` are metadata, not cues;
/// `[offset:+500]` moves every cue 500 ms earlier (a negative offset, later). Enhanced LRC
/// word times `<00:12.50>` are removed from the text. Cues come out in order of time.
public enum LRCParser {
    /// The ID tags that are metadata, as `[key:value]`.
    private static let metadataKeys: [StaticString] = [
        "ar", "ti", "al", "au", "by", "offset", "length", "re", "ve", "la", "lang", "tool", "#", "id", "kana", "sign", "total",
    ]

    /// Parses UTF-8 LRC text.
    ///
    /// - Complexity: O(n + m log m) for n bytes and m cues.
    public static func parse(_ utf8: [UInt8], fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withUnsafeBufferPointer { buffer in
            var warnings = WarningLog(fileName: fileName)
            var entries: [(time: Int, line: Int, text: Range<Int>)] = []
            var texts: [UInt8] = []
            var offset = 0
            let scanner = LineScanner(buffer)
            var position = 0
            var lineNumber = 0
            var stamps: [Int] = []
            while position < scanner.count {
                let (lineEnd, next) = scanner.line(from: position)
                lineNumber += 1
                defer { position = next }
                var index = position
                SRTParser.skipSpaces(buffer, &index, lineEnd)
                if index == lineEnd { continue }
                let line = UnsafeBufferPointer(rebasing: buffer[index..<lineEnd])
                if isMetadataTag(line) {
                    if SubtitleFormat.startsCaseless(line, "[offset:") { offset = offsetValue(line) ?? offset }
                    continue
                }
                stamps.removeAll(keepingCapacity: true)
                while let time = stamp(buffer, &index, lineEnd) {
                    stamps.append(time)
                    SRTParser.skipSpaces(buffer, &index, lineEnd)
                }
                guard !stamps.isEmpty else {
                    warnings.add(line: lineNumber, "expected a time like [01:23.45] at the start of the line; line skipped")
                    continue
                }
                let textStart = texts.count
                clean(UnsafeBufferPointer(rebasing: buffer[index..<lineEnd]), into: &texts)
                for time in stamps { entries.append((time, lineNumber, textStart..<texts.count)) }
            }
            entries = entries.enumerated().sorted { a, b in
                a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
            }.map(\.element)
            var builder = TranscriptBuilder()
            builder.reserve(bytes: texts.count, cues: entries.count)
            var nextLater = entries.count
            var ends = [Int?](repeating: nil, count: entries.count)
            for i in entries.indices.reversed() {
                if i + 1 < entries.count, entries[i + 1].time > entries[i].time { nextLater = i + 1 }
                if nextLater < entries.count { ends[i] = entries[nextLater].time }
            }
            texts.withUnsafeBufferPointer { texts in
                for (i, entry) in entries.enumerated() where !entry.text.isEmpty {
                    let text = UnsafeBufferPointer(rebasing: texts[entry.text])
                    builder.append(text: String(decoding: text, as: UTF8.self), start: max(0, entry.time - offset),
                                   end: ends[i].map { max(0, $0 - offset) }, speaker: SpeakerPrefix.speaker(in: text),
                                   line: entry.line)
                }
            }
            return (builder.build(), warnings.all)
        }
    }

    /// Whether `line` is an ID tag such as `[ar:Artist]` (a known key, then `:`).
    static func isMetadataTag(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.count >= 4, line[0] == UInt8(ascii: "[") else { return false }
        var colon = 1
        while colon < line.count, colon < 10, line[colon] != UInt8(ascii: ":") { colon += 1 }
        guard colon < line.count, line[colon] == UInt8(ascii: ":"), colon > 1 else { return false }
        let key = UnsafeBufferPointer(rebasing: line[1..<colon])
        return metadataKeys.contains { key.count == $0.utf8CodeUnitCount && SubtitleFormat.startsCaseless(key, $0) }
    }

    /// How many time stamps `line` starts with.
    static func stampCount(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        var count = 0
        while stamp(line, &index, line.count) != nil { count += 1 }
        return count
    }

    /// Reads `[mm:ss.xx]` (also `[mm:ss]`, `[mm:ss:xx]`, `[h:mm:ss.xx]`) at `index`.
    static func stamp(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int) -> Int? {
        guard index + 5 <= end, bytes[index] == UInt8(ascii: "["), bytes[index + 1] &- 0x30 < 10 else { return nil }
        var position = index + 1
        guard var time = ClockTime.read(bytes, &position, end) else { return nil }
        if position < end, bytes[position] == UInt8(ascii: ":"), position + 2 < end, bytes[position + 1] &- 0x30 < 10 {
            // `[mm:ss:xx]`: hundredths after a colon.
            var digits = 0
            var value = 0
            position += 1
            while position < end, bytes[position] &- 0x30 < 10 {
                if digits < 3 { value = value * 10 + Int(bytes[position] &- 0x30) }
                digits += 1
                position += 1
            }
            time += digits == 1 ? value * 100 : digits == 2 ? value * 10 : value
        }
        guard position < end, bytes[position] == UInt8(ascii: "]") else { return nil }
        index = position + 1
        return time
    }

    /// The milliseconds of `[offset:+500]`, or `nil` when unreadable.
    private static func offsetValue(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 8
        SRTParser.skipSpaces(line, &index, line.count)
        var sign = 1
        if index < line.count, line[index] == UInt8(ascii: "+") || line[index] == UInt8(ascii: "-") {
            sign = line[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
        }
        let digitsStart = index
        var value = 0
        while index < line.count, line[index] &- 0x30 < 10, index - digitsStart < 9 {
            value = value * 10 + Int(line[index] &- 0x30)
            index += 1
        }
        return index > digitsStart ? sign * value : nil
    }

    /// Appends a line's text to `output` without enhanced-LRC word times (`<00:12.50>`), trimmed.
    static func clean(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        let start = output.count
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "<"), index + 1 < text.count, text[index + 1] &- 0x30 < 10 {
                var position = index + 1
                if ClockTime.read(text, &position, text.count) != nil, position < text.count,
                   text[position] == UInt8(ascii: ">") {
                    index = position + 1
                    continue
                }
            }
            output.append(text[index])
            index += 1
        }
        var low = start
        while low < output.count, output[low] == 0x20 || output[low] == 0x09 { low += 1 }
        var high = output.count
        while high > low, output[high - 1] == 0x20 || output[high - 1] == 0x09 { high -= 1 }
        if high < output.count { output.removeSubrange(high...) }
        if low > start { output.removeSubrange(start..<low) }
    }
}
