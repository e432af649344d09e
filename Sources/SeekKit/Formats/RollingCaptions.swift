import SeekBytes

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
        return transcript.storage.utf8.withByteView { bytes in merge(transcript, bytes) }
    }

    /// Whether `transcript` is rolling captions (see the type's rule).
    public static func isRolling(_ transcript: Transcript) -> Bool {
        let sampled = min(transcript.count, sampledCues)
        guard sampled >= 3 else { return false }
        return transcript.storage.utf8.withByteView { bytes -> Bool in
            var rolls = 0
            var previous = CueLines()
            var current = CueLines()
            previous.fill(transcript.utf8Range(at: 0), bytes)
            for cue in 1..<sampled {
                current.fill(transcript.utf8Range(at: cue), bytes)
                let repeated = repeatedLines(current, after: previous, bytes)
                if repeated > 0, repeated < current.count { rolls += 1 }
                swap(&previous, &current)
            }
            return rolls >= 2 && rolls * 3 >= sampled - 1
        }
    }

    /// The merged transcript: each kept cue's new lines copied into new storage, its record
    /// (times, identifier, speaker, style) copied column by column, its word times moved with its text.
    private static func merge(_ transcript: Transcript, _ bytes: ByteView) -> Transcript {
        let source = transcript.records.columns
        var columns = CueRecords.Columns()
        let words = transcript.wordTimes
        var nextWord = 0
        var wordTimes: [WordTime] = []
        wordTimes.reserveCapacity(words.count)
        var previous = CueLines()
        var current = CueLines()
        // A kept cue's lines and separators take no more room than its text and `\n` did.
        let storage = StringAssembly.make(capacity: bytes.count) { text in
            for cue in transcript.indices {
                current.fill(transcript.utf8Range(at: cue), bytes)
                let repeated = repeatedLines(current, after: previous, bytes)
                swap(&previous, &current)
                let textStart = text.count
                var firstLine: Int?
                for number in repeated..<previous.count where !previous.trimmed[number].isEmpty {
                    let line = previous.ranges[number]
                    if firstLine == nil { firstLine = number } else { text.append(0x0A) }
                    while nextWord < words.count && words[nextWord].offset < line.lowerBound { nextWord += 1 }
                    while nextWord < words.count && words[nextWord].offset <= line.upperBound {
                        let word = words[nextWord]
                        wordTimes.append(WordTime(offset: text.count + word.offset - line.lowerBound, start: word.start,
                                                  end: word.end))
                        nextWord += 1
                    }
                    text.append(bytes, line)
                }
                guard let firstLine else { continue }
                columns.append(copyOf: cue, in: source, textStart: textStart, textEnd: text.count, lineOffset: firstLine)
                text.append(0x0A)
            }
        }
        return Transcript(storage: storage, records: CueRecords(columns), speakers: transcript.speakers,
                          styles: transcript.styles, wordTimes: wordTimes)
    }

    /// One cue's lines as storage byte ranges, each also without surrounding spaces, and which
    /// of them are not blank; the buffers are reused from cue to cue.
    struct CueLines {
        private(set) var ranges: [Range<Int>] = []
        private(set) var trimmed: [Range<Int>] = []
        /// The numbers of the lines that are not blank, in order.
        private(set) var nonBlank: [Int] = []
        private(set) var count = 0
        private(set) var nonBlankCount = 0

        /// Reads the lines of the text at `range`.
        mutating func fill(_ range: Range<Int>, _ bytes: ByteView) {
            count = 0
            nonBlankCount = 0
            var start = range.lowerBound
            while true {
                let end = bytes.firstIndex(of: 0x0A, in: start..<range.upperBound) ?? range.upperBound
                let text = RollingCaptions.trimmed(start..<end, bytes)
                if count == ranges.count {
                    ranges.append(start..<end)
                    trimmed.append(text)
                    nonBlank.append(0)
                } else {
                    ranges[count] = start..<end
                    trimmed[count] = text
                }
                if !text.isEmpty {
                    nonBlank[nonBlankCount] = count
                    nonBlankCount += 1
                }
                count += 1
                guard end < range.upperBound else { return }
                start = end + 1
            }
        }
    }

    /// How many of `current`'s lines, from its first, repeat `previous`'s last non-blank
    /// lines (blank lines among them counted, blank lines skipped in the comparison); 0 for none.
    static func repeatedLines(_ current: CueLines, after previous: CueLines, _ bytes: ByteView) -> Int {
        let longest = min(previous.nonBlankCount, current.nonBlankCount, maximumRepeatedLines)
        for length in stride(from: longest, through: 1, by: -1) {
            let tail = previous.nonBlankCount - length
            var same = true
            for index in 0..<length {
                let a = current.trimmed[current.nonBlank[index]]
                let b = previous.trimmed[previous.nonBlank[tail + index]]
                if a.count != b.count || !bytes.bytesEqual(a.lowerBound, b.lowerBound, count: a.count) {
                    same = false
                    break
                }
            }
            if same { return current.nonBlank[length - 1] + 1 }
        }
        return 0
    }

    private static func trimmed(_ line: Range<Int>, _ bytes: ByteView) -> Range<Int> {
        var lower = line.lowerBound
        var upper = line.upperBound
        while lower < upper && (bytes[lower] == 0x20 || bytes[lower] == 0x09 || bytes[lower] == 0x0D) { lower += 1 }
        while upper > lower && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 || bytes[upper - 1] == 0x0D) {
            upper -= 1
        }
        return lower..<upper
    }
}
