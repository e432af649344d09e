/// Merges captions that roll up: each cue repeats the previous cue's last lines before its new ones.
///
/// YouTube's automatic captions (as yt-dlp saves them, in WebVTT or converted to SRT)
/// show two lines at a time: every cue repeats the line before, and a 10 ms cue in
/// between repeats it again over a blank line. Read as they are, each spoken word
/// would be found two or three times.
///
/// The rule: a cue *rolls* when its first non-blank lines (one or more, compared
/// without surrounding spaces) are the previous cue's last non-blank lines and more
/// lines follow them. A transcript is rolling captions when, among its first 200
/// cues, at least 2 roll and they are at least a third of the cues after the first
/// (in films a cue that starts with the previous cue's last line is rare). In
/// rolling captions every cue loses the lines it repeats from the previous cue (as
/// the file has them) and its blank lines, and a cue with nothing left is dropped, so
/// each spoken word is in exactly one cue, with its word times.
public enum RollingCaptions {
    static let sampledCues = 200
    /// The most lines one cue can repeat from the previous cue.
    static let maximumRepeatedLines = 8

    /// `transcript` with the repeated lines removed when it is rolling captions, else unchanged.
    ///
    /// - Complexity: O(n) in the size of the text.
    public static func merged(_ transcript: Transcript) -> Transcript {
        guard isRolling(transcript) else { return transcript }
        return transcript.storage.utf8.withContiguousStorageIfAvailable { bytes in
            merge(transcript, bytes)
        } ?? transcript
    }

    /// Whether `transcript` is rolling captions (see the type's rule).
    public static func isRolling(_ transcript: Transcript) -> Bool {
        let sampled = min(transcript.count, sampledCues)
        guard sampled >= 3 else { return false }
        return transcript.storage.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var rolls = 0
            var previous = lines(of: transcript, cue: 0, bytes)
            for cue in 1..<sampled {
                let current = lines(of: transcript, cue: cue, bytes)
                let repeated = repeatedLines(current, after: previous, bytes)
                if repeated > 0, repeated < current.count { rolls += 1 }
                previous = current
            }
            return rolls >= 2 && rolls * 3 >= sampled - 1
        } ?? false
    }

    private static func merge(_ transcript: Transcript, _ bytes: UnsafeBufferPointer<UInt8>) -> Transcript {
        var builder = TranscriptBuilder()
        builder.reserve(bytes: bytes.count, cues: transcript.count)
        var previous: [Range<Int>] = []
        var nextWord = 0
        let words = transcript.wordTimes
        var text: [UInt8] = []
        var times: [WordTime] = []
        for cue in transcript.indices {
            let current = lines(of: transcript, cue: cue, bytes)
            let repeated = repeatedLines(current, after: previous, bytes)
            previous = current
            text.removeAll(keepingCapacity: true)
            times.removeAll(keepingCapacity: true)
            var firstLine: Int?
            for (number, line) in current.enumerated() where number >= repeated && !isBlank(line, bytes) {
                if firstLine == nil { firstLine = number }
                if !text.isEmpty { text.append(0x0A) }
                while nextWord < words.count && words[nextWord].offset < line.lowerBound { nextWord += 1 }
                while nextWord < words.count && words[nextWord].offset <= line.upperBound {
                    let word = words[nextWord]
                    times.append(WordTime(offset: text.count + word.offset - line.lowerBound, start: word.start,
                                          end: word.end))
                    nextWord += 1
                }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[line]))
            }
            guard let firstLine else { continue }
            builder.append(text: String(decoding: text, as: UTF8.self), id: transcript.id(at: cue),
                           start: transcript.start(at: cue), end: transcript.end(at: cue),
                           speaker: transcript.speaker(at: cue),
                           line: transcript.line(at: cue) + firstLine,
                           wordTimes: times)
        }
        return builder.build()
    }

    /// The cue's lines, as storage byte ranges.
    private static func lines(of transcript: Transcript, cue: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        let range = transcript.utf8Range(at: cue)
        var result: [Range<Int>] = []
        var start = range.lowerBound
        for index in range where bytes[index] == 0x0A {
            result.append(start..<index)
            start = index + 1
        }
        result.append(start..<range.upperBound)
        return result
    }

    /// How many of `current`'s lines, from its first, repeat `previous`'s last non-blank
    /// lines (blank lines among them counted, blank lines skipped in the comparison); 0 for none.
    static func repeatedLines(_ current: [Range<Int>], after previous: [Range<Int>],
                              _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let earlier = previous.map { trimmed($0, bytes) }.filter { !$0.isEmpty }.suffix(maximumRepeatedLines)
        guard !earlier.isEmpty else { return 0 }
        var leading: [(line: Int, text: Range<Int>)] = []
        for (number, line) in current.enumerated() {
            let text = trimmed(line, bytes)
            if text.isEmpty { continue }
            leading.append((number, text))
            if leading.count == earlier.count { break }
        }
        for length in stride(from: min(leading.count, earlier.count), through: 1, by: -1) {
            let tail = earlier.suffix(length)
            if zip(leading.prefix(length), tail).allSatisfy({ equal($0.text, $1, bytes) }) {
                return leading[length - 1].line + 1
            }
        }
        return 0
    }

    private static func trimmed(_ line: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lower = line.lowerBound
        var upper = line.upperBound
        while lower < upper && (bytes[lower] == 0x20 || bytes[lower] == 0x09 || bytes[lower] == 0x0D) { lower += 1 }
        while upper > lower && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 || bytes[upper - 1] == 0x0D) {
            upper -= 1
        }
        return lower..<upper
    }

    private static func isBlank(_ line: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        trimmed(line, bytes).isEmpty
    }

    private static func equal(_ a: Range<Int>, _ b: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && bytes[a].elementsEqual(bytes[b])
    }
}
