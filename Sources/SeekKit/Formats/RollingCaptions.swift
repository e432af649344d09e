#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The merged transcript, written straight into new storage: records keep their
    /// identifiers, speakers and styles; lines and word times move with their text.
    private static func merge(_ transcript: Transcript, _ bytes: UnsafeBufferPointer<UInt8>) -> Transcript {
        let records = transcript.records
        var kept: [Transcript.Record] = []
        kept.reserveCapacity(records.count)
        let words = transcript.wordTimes
        var nextWord = 0
        var wordTimes: [WordTime] = []
        wordTimes.reserveCapacity(words.count)
        var scratch = Scratch()
        var previous: [Range<Int>] = []
        var previousCount = 0
        var current: [Range<Int>] = []
        let storage = String(unsafeUninitializedCapacity: bytes.count + 1) { output in
            var used = 0
            for cue in records.indices {
                let currentCount = fillLines(&current, of: records[cue].textStart..<records[cue].textEnd, bytes)
                let repeated = repeatedLines(current[..<currentCount], after: previous[..<previousCount], bytes, &scratch)
                swap(&previous, &current)
                previousCount = currentCount
                let start = used
                var firstLine: Int?
                for number in repeated..<previousCount where !isBlank(previous[number], bytes) {
                    let line = previous[number]
                    if firstLine == nil {
                        firstLine = number
                    } else {
                        output[used] = 0x0A
                        used += 1
                    }
                    while nextWord < words.count && words[nextWord].offset < line.lowerBound { nextWord += 1 }
                    while nextWord < words.count && words[nextWord].offset <= line.upperBound {
                        let word = words[nextWord]
                        wordTimes.append(WordTime(offset: used + word.offset - line.lowerBound, start: word.start, end: word.end))
                        nextWord += 1
                    }
                    let source = UnsafeBufferPointer(rebasing: bytes[line])
                    _ = UnsafeMutableBufferPointer(rebasing: output[used..<used + source.count]).initialize(from: source)
                    used += source.count
                }
                guard let firstLine else { continue }
                var record = records[cue]
                record.textStart = start
                record.textEnd = used
                record.line += Int32(clamping: firstLine)
                kept.append(record)
                output[used] = 0x0A
                used += 1
            }
            return used
        }
        return Transcript(storage: storage, records: kept, ids: transcript.ids, speakers: transcript.speakers,
                          styles: transcript.styles, wordTimes: wordTimes)
    }

    /// The cue's lines, as storage byte ranges.
    private static func lines(of transcript: Transcript, cue: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        let count = fillLines(&result, of: transcript.utf8Range(at: cue), bytes)
        return Array(result.prefix(count))
    }

    /// Writes the lines of the text `range` over the start of `lines` (growing it if needed)
    /// and returns how many there are.
    private static func fillLines(_ lines: inout [Range<Int>], of range: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        func add(_ line: Range<Int>) {
            if count < lines.count { lines[count] = line } else { lines.append(line) }
            count += 1
        }
        var start = range.lowerBound
        if let base = bytes.baseAddress {
            while start < range.upperBound, let found = memchr(base + start, 0x0A, range.upperBound - start) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                add(start..<index)
                start = index + 1
            }
        }
        add(start..<range.upperBound)
        return count
    }

    /// Buffers `repeatedLines` reuses from cue to cue.
    struct Scratch {
        var earlier: [Range<Int>] = []
        var leading: [(line: Int, text: Range<Int>)] = []
    }

    /// How many of `current`'s lines, from its first, repeat `previous`'s last non-blank
    /// lines (blank lines among them counted, blank lines skipped in the comparison); 0 for none.
    static func repeatedLines(_ current: [Range<Int>], after previous: [Range<Int>],
                              _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var scratch = Scratch()
        return repeatedLines(current[...], after: previous[...], bytes, &scratch)
    }

    private static func repeatedLines(_ current: ArraySlice<Range<Int>>, after previous: ArraySlice<Range<Int>>,
                                      _ bytes: UnsafeBufferPointer<UInt8>, _ scratch: inout Scratch) -> Int {
        var earlierCount = 0
        for line in previous.reversed() where earlierCount < maximumRepeatedLines {
            let text = trimmed(line, bytes)
            guard !text.isEmpty else { continue }
            if earlierCount < scratch.earlier.count { scratch.earlier[earlierCount] = text } else { scratch.earlier.append(text) }
            earlierCount += 1
        }
        guard earlierCount > 0 else { return 0 }
        var leadingCount = 0
        for number in current.indices {
            let text = trimmed(current[number], bytes)
            if text.isEmpty { continue }
            if leadingCount < scratch.leading.count {
                scratch.leading[leadingCount] = (number, text)
            } else {
                scratch.leading.append((number, text))
            }
            leadingCount += 1
            if leadingCount == earlierCount { break }
        }
        // `earlier` holds the previous cue's last lines last first: its first `length` are the tail.
        for length in stride(from: min(leadingCount, earlierCount), through: 1, by: -1) {
            var same = true
            for index in 0..<length where !equal(scratch.leading[index].text, scratch.earlier[length - 1 - index], bytes) {
                same = false
                break
            }
            if same { return scratch.leading[length - 1].line + 1 }
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
        guard a.count == b.count else { return false }
        guard let base = bytes.baseAddress, a.count > 0 else { return true }
        return memcmp(base + a.lowerBound, base + b.lowerBound, a.count) == 0
    }
}
