import SeekBytes

/// Reads LRC lyrics (`.lrc`).
///
/// A line `[mm:ss.xx]text` is a cue starting at that time; several stamps in front of one
/// text (`[00:12.00][01:40.50]Chorus`) give one cue each. A cue ends where the next later
/// one begins; the last has no end, and a stamp without text only ends the one before.
/// ID tags such as `[ar:Artist]`, `[ti:Title]`, `[al:Album]` are metadata, not cues;
/// `[offset:+500]` moves every cue 500 ms earlier (a negative offset, later). Enhanced LRC
/// word times `<00:12.50>` leave the text and become the cue's word times (so a match knows
/// when its words are sung); a stamp at the end of a line ends the last word. Cues come out
/// in order of time.
public enum LRCParser {
    /// The ID tags that are metadata, as `[key:value]`.
    private static let metadataKeys: [StaticString] = [
        "ar", "ti", "al", "au", "by", "offset", "length", "re", "ve", "la", "lang", "tool", "#", "id", "kana", "sign", "total",
    ]

    /// One stamp of a line: a cue to be, its text and word times kept aside until the cues are ordered.
    private struct Entry {
        var time: Int
        var line: Int
        /// The text: a range of the source, or past its end a range of `texts` moved by the source's size.
        var text: Range<Int>
        /// The word times, in `words`, with offsets from the text's start.
        var words: Range<Int>
        /// How much later than the line's first stamp this one is (its word times move with it).
        var shift: Int
    }

    /// The entries of a file, a column of `PackedIntegers` for each field: a few bits an entry
    /// where an array of `Entry` took 56 bytes (four times a line such as `[01:02.03]Hi there`).
    private struct Entries {
        private var times = PackedIntegers()
        private var lines = PackedIntegers()
        private var textStarts = PackedIntegers()
        private var textEnds = PackedIntegers()
        private var wordStarts = PackedIntegers()
        private var wordEnds = PackedIntegers()
        private var shifts = PackedIntegers()

        var count: Int { times.count }

        mutating func append(_ entry: Entry) {
            times.append(Int64(entry.time))
            lines.append(Int64(entry.line))
            textStarts.append(Int64(entry.text.lowerBound))
            textEnds.append(Int64(entry.text.upperBound))
            wordStarts.append(Int64(entry.words.lowerBound))
            wordEnds.append(Int64(entry.words.upperBound))
            shifts.append(Int64(entry.shift))
        }

        func time(_ index: Int) -> Int { Int(times[index]) }

        subscript(index: Int) -> Entry {
            Entry(time: Int(times[index]), line: Int(lines[index]),
                  text: Int(textStarts[index])..<Int(textEnds[index]),
                  words: Int(wordStarts[index])..<Int(wordEnds[index]), shift: Int(shifts[index]))
        }
    }

    /// The entries in order of time (of line where times tie), each with the time its cue ends:
    /// the next later entry's (`nil` for the last time).
    ///
    /// Entries whose times climb in a few runs (a clock that wraps, files joined, a line stamped
    /// twice) are merged from their runs as they are read, holding nothing per entry; others are
    /// sorted once, their positions held in 4 bytes an entry (as many again while sorting).
    ///
    /// - Complexity: O(n·k) for n entries in k ≤ `mergedRuns` runs, else O(n log n).
    private struct TimeOrder {
        /// The most runs merged rather than sorted: each entry is then found among the runs' heads.
        static let mergedRuns = 16

        private let entries: Entries
        private let count: Int
        /// Merging: each run's next entry and its end, and how far past entries of the time being
        /// read each run has been looked at (to find the next later time).
        private var heads: [Int] = []
        private var headTimes: [Int] = []
        private var ends: [Int] = []
        private var ahead: [Int] = []
        private var time: Int?
        private var timeEnd: Int?
        /// Sorting: the entries' positions in order, the next to give, the first of a later time.
        private var sorted: [Int32] = []
        private var given = 0
        private var later = 0

        init(_ entries: Entries, runStarts: [Int], mergingAtMost runs: Int) {
            self.entries = entries
            count = entries.count
            if runStarts.count <= runs {
                heads = runStarts
                ends = Array(runStarts.dropFirst()) + [count]
                headTimes = heads.map { $0 < count ? entries.time($0) : 0 }
                ahead = heads
                return
            }
            precondition(count <= Int(Int32.max), "fewer entries than stamps of ten bytes")
            sorted = (0..<Int32(count)).map { $0 }
            sorted.sort { a, b in
                let (timeA, timeB) = (entries.time(Int(a)), entries.time(Int(b)))
                return timeA != timeB ? timeA < timeB : a < b
            }
        }

        /// The next entry in order and the time its cue ends.
        mutating func next() -> (index: Int, end: Int?)? {
            heads.isEmpty ? nextSorted() : nextMerged()
        }

        private mutating func nextSorted() -> (index: Int, end: Int?)? {
            guard given < count else { return nil }
            let k = given
            given += 1
            let time = entries.time(Int(sorted[k]))
            if later <= k {
                later = k + 1
                while later < count && entries.time(Int(sorted[later])) == time { later += 1 }
            }
            return (Int(sorted[k]), later < count ? entries.time(Int(sorted[later])) : nil)
        }

        private mutating func nextMerged() -> (index: Int, end: Int?)? {
            // The earliest head; where times tie, the earlier run's (its entries come first).
            var first: Int?
            var firstTime = 0
            for run in heads.indices where heads[run] < ends[run] {
                if first == nil || headTimes[run] < firstTime { (first, firstTime) = (run, headTimes[run]) }
            }
            guard let run = first else { return nil }
            if firstTime != time {
                time = firstTime
                timeEnd = nil
                for other in ahead.indices {
                    while ahead[other] < ends[other] && entries.time(ahead[other]) <= firstTime { ahead[other] += 1 }
                    if ahead[other] < ends[other] {
                        let later = entries.time(ahead[other])
                        timeEnd = Swift.min(timeEnd ?? later, later)
                    }
                }
            }
            let index = heads[run]
            heads[run] += 1
            if heads[run] < ends[run] { headTimes[run] = entries.time(heads[run]) }
            return (index, timeEnd)
        }
    }

    /// Parses UTF-8 LRC text.
    ///
    /// - Complexity: O(n + m log m) for n bytes and m cues (the sort only when stamps are out of order).
    public static func parse(_ utf8: [UInt8], fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        parse(utf8, fileName: fileName, mergingAtMost: TimeOrder.mergedRuns)
    }

    /// `parse`, with stamps that climb in at most `runs` runs merged rather than sorted (`TimeOrder`).
    static func parse(
        _ utf8: [UInt8], fileName: String, mergingAtMost runs: Int
    ) -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withByteView { parse($0, fileName: fileName, mergingAtMost: runs) }
    }

    /// `parse` of UTF-8 text where it lies. A cue's text is read from it, unless its line has word
    /// times: only those lines are cleaned into a buffer of their own (a copy of every line's text
    /// held a file of short lines a fifth of its size again).
    static func parse(
        _ buffer: ByteView, fileName: String, mergingAtMost runs: Int = TimeOrder.mergedRuns
    ) -> (transcript: Transcript, warnings: [Diagnostic]) {
        var warnings = WarningLog(fileName: fileName)
        var entries = Entries()
        // The texts of lines with word times, cleaned of them; any other line's text is read where it lies.
        var texts: [UInt8] = []
        var words: [WordTime] = []
        var offset = 0
        let scanner = LineScanner(buffer)
        var position = 0
        var lineNumber = 0
        var stamps: [Int] = []
        // Where each run of entries whose times never fall starts.
        var runStarts = [0]
        // Repeated stamps repeat their text; past this much text in all, they are not repeated.
        let textBudget = buffer.count * 4 + (1 << 20)
        var textTotal = 0
        var warnedBudget = false
        while position < scanner.count {
            let (lineEnd, next) = scanner.line(from: position)
            lineNumber += 1
            defer { position = next }
            var index = position
            index = buffer.skippingBlanks(from: index, to: lineEnd)
            if index == lineEnd { continue }
            let line = buffer.extracting(index..<lineEnd)
            if line[0] == UInt8(ascii: "["), isMetadataTag(line) {
                if line.startsCaseless(with: "[offset:") {
                    if let value = offsetValue(line) {
                        offset = value
                    } else {
                        warnings.add(line: lineNumber, "unreadable [offset:] (expected milliseconds, at most 9 digits, like [offset:+500]); ignored")
                    }
                }
                continue
            }
            stamps.removeAll(keepingCapacity: true)
            while let time = stamp(buffer, &index, lineEnd) {
                stamps.append(time)
                index = buffer.skippingBlanks(from: index, to: lineEnd)
            }
            guard let first = stamps.first else {
                warnings.add(line: lineNumber, "expected a time like [01:23.45] at the start of the line; line skipped")
                continue
            }
            let wordStart = words.count
            let text: Range<Int>
            if buffer.firstIndex(of: UInt8(ascii: "<"), in: index..<lineEnd) == nil {
                text = buffer.trimmingBlanks(index..<lineEnd)
            } else {
                // Room for the most the texts can take: pages never written to take no memory.
                if texts.isEmpty { texts.reserveCapacity(buffer.count) }
                let textStart = texts.count
                clean(buffer.extracting(index..<lineEnd), into: &texts, wordTimes: &words)
                text = buffer.count + textStart..<buffer.count + texts.count
            }
            for time in stamps {
                if textTotal > textBudget, time != first {
                    if !warnedBudget {
                        warnings.add(line: lineNumber, "too much text repeated by time stamps; further repeats skipped")
                        warnedBudget = true
                    }
                    continue
                }
                textTotal += text.count + 1
                if entries.count > 0, time < entries.time(entries.count - 1) { runStarts.append(entries.count) }
                entries.append(Entry(time: time, line: lineNumber, text: text, words: wordStart..<words.count,
                                     shift: time - first))
            }
        }
        // Read through a constant: a `var` read inside the closures below is copied whole (seven
        // columns' storage retained and released) at every entry.
        let read = entries
        var order = TimeOrder(read, runStarts: runStarts, mergingAtMost: runs)
        let transcript = CueCollector.collect(inputBytes: textTotal) { cues in
            cues.reserve(forInputBytes: textTotal)
            texts.withByteView { texts in
                while let (index, end) = order.next() {
                    let entry = read[index]
                    guard !entry.text.isEmpty else { continue }
                    for word in words[entry.words] {
                        cues.pendingWordTimes.append(WordTime(
                            offset: word.offset, start: max(0, word.start + entry.shift - offset),
                            end: word.end.map { max(0, $0 + entry.shift - offset) }))
                    }
                    let text = entry.text.lowerBound < buffer.count ? buffer.extracting(entry.text)
                        : texts.extracting(entry.text.lowerBound - buffer.count..<entry.text.upperBound - buffer.count)
                    cues.append(text: text, id: nil,
                                start: max(0, entry.time - offset), end: end.map { max(0, $0 - offset) },
                                speaker: nil, line: entry.line)
                }
            }
        }
        return (transcript, warnings.all)
    }

    /// Whether `line` is an ID tag such as `[ar:Artist]` (a known key, then `:`).
    static func isMetadataTag(_ line: ByteView) -> Bool {
        guard line.count >= 4, line[0] == UInt8(ascii: "[") else { return false }
        var colon = 1
        while colon < line.count, colon < 10, line[colon] != UInt8(ascii: ":") { colon += 1 }
        guard colon < line.count, line[colon] == UInt8(ascii: ":"), colon > 1 else { return false }
        let key = line.extracting(1..<colon)
        return metadataKeys.contains { key.count == $0.utf8CodeUnitCount && key.startsCaseless(with: $0) }
    }

    /// How many time stamps `line` starts with.
    static func stampCount(_ line: ByteView) -> Int {
        var index = 0
        var count = 0
        while stamp(line, &index, line.count) != nil { count += 1 }
        return count
    }

    /// Reads `[mm:ss.xx]` (also `[mm:ss]`, `[mm:ss:xx]`, `[h:mm:ss.xx]`, as `time` reads them) at `index`.
    static func stamp(_ bytes: ByteView, _ index: inout Int, _ end: Int) -> Int? {
        guard index + 5 <= end, bytes[index] == UInt8(ascii: "[") else { return nil }
        var position = index + 1
        guard let time = time(bytes, &position, end), position < end, bytes[position] == UInt8(ascii: "]") else {
            return nil
        }
        index = position + 1
        return time
    }

    /// Reads a time at `index` as stamps and word times write it: `mm:ss`, `mm:ss.xx` (or `,xx`),
    /// `mm:ss:xx`, and with hours `h:mm:ss.xx` or `h:mm:ss:xx`.
    ///
    /// Three fields are minutes, seconds and hundredths, as many LRC writers put a colon before the
    /// hundredths, unless a fraction follows the third: `01:02:03` is 62.03 s, `1:02:03.45` 3,723.45 s.
    private static func time(_ bytes: ByteView, _ index: inout Int, _ end: Int) -> Int? {
        guard index < end, bytes[index] &- 0x30 < 10 else { return nil }
        let start = index
        guard let minutes = ClockTime.read(bytes, &index, end, hours: false) else { return nil }
        // Past a fraction (`01:02.50`) nothing more belongs to the time.
        var secondsStart = index
        while bytes[secondsStart - 1] &- 0x30 < 10 { secondsStart -= 1 }
        guard bytes[secondsStart - 1] == UInt8(ascii: ":") else { return minutes }
        var third = index
        guard let hundredths = colonFraction(bytes, &third, end) else { return minutes }
        if third + 1 < end, bytes[third + 1] &- 0x30 < 10,
           bytes[third] == UInt8(ascii: ".") || bytes[third] == UInt8(ascii: ",") || bytes[third] == UInt8(ascii: ":") {
            // `h:mm:ss.xx` or `h:mm:ss:xx`.
            index = start
            guard var time = ClockTime.read(bytes, &index, end) else { return nil }
            if let hundredths = colonFraction(bytes, &index, end) { time += hundredths }
            return time
        }
        index = third
        return minutes + hundredths
    }

    /// The milliseconds of `:xx` at `index` (hundredths after a colon; one digit is tenths, a third
    /// is thousandths, more are read and dropped), `index` moved past it; `nil` with `index` unmoved
    /// when no colon and digit are there.
    private static func colonFraction(_ bytes: ByteView, _ index: inout Int, _ end: Int) -> Int? {
        guard index + 1 < end, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] &- 0x30 < 10 else { return nil }
        var digits = 0
        var value = 0
        index += 1
        while index < end, bytes[index] &- 0x30 < 10 {
            if digits < 3 { value = value * 10 + Int(bytes[index] &- 0x30) }
            digits += 1
            index += 1
        }
        return digits == 1 ? value * 100 : digits == 2 ? value * 10 : value
    }

    /// The milliseconds of `[offset:+500]`, or `nil` when unreadable (no digits, more than 9, or
    /// something else before the `]`).
    private static func offsetValue(_ line: ByteView) -> Int? {
        var index = line.skippingBlanks(from: 8, to: line.count)
        var sign = 1
        if index < line.count, line[index] == UInt8(ascii: "+") || line[index] == UInt8(ascii: "-") {
            sign = line[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
        }
        let digitsStart = index
        var value = 0
        while index < line.count, line[index] &- 0x30 < 10 {
            guard index - digitsStart < 9 else { return nil }
            value = value * 10 + Int(line[index] &- 0x30)
            index += 1
        }
        index = line.skippingBlanks(from: index, to: line.count)
        guard index > digitsStart, index < line.count, line[index] == UInt8(ascii: "]") else { return nil }
        return sign * value
    }

    /// Appends a line's text to `output`, trimmed, without its enhanced-LRC word times
    /// (`<00:12.50>`), which go to `wordTimes` with offsets from the text's start; a word time
    /// with no text after it ends the word before.
    static func clean(_ text: ByteView, into output: inout [UInt8], wordTimes: inout [WordTime]) {
        let start = output.count
        let firstWord = wordTimes.count
        var index = 0
        while index < text.count {
            let tag = text.firstIndex(of: UInt8(ascii: "<"), in: index..<text.count) ?? text.count
            if tag > index {
                // Leading spaces are not kept.
                var from = index
                if output.count == start { while from < tag, text[from] == 0x20 || text[from] == 0x09 { from += 1 } }
                output.append(contentsOf: text.extracting(from..<tag))
            }
            guard tag < text.count else { break }
            var position = tag + 1
            if let time = time(text, &position, text.count), position < text.count, text[position] == UInt8(ascii: ">") {
                wordTimes.append(WordTime(offset: output.count - start, start: time))
                index = position + 1
                continue
            }
            output.append(UInt8(ascii: "<"))
            index = tag + 1
        }
        var high = output.count
        while high > start, output[high - 1] == 0x20 || output[high - 1] == 0x09 { high -= 1 }
        if high < output.count { output.removeSubrange(high...) }
        // Word times at the end of the text (after trimming) end the word before them.
        let length = output.count - start
        while wordTimes.count > firstWord, let last = wordTimes.last, last.offset >= length {
            wordTimes.removeLast()
            if wordTimes.count > firstWord { wordTimes[wordTimes.count - 1].end = last.start }
        }
    }
}

extension LRCParser {
    /// Lays out the cues of `bytes` into `scratch` (`LineFormatsLayout.layOut`), `offset` set to the
    /// file's (its last `[offset:]`): false at once on a warning, a line of more than one stamp, a
    /// stamp earlier than the one before it (the parse would order the cues), a text longer than the
    /// room left, or when `body` returns false. A line whose text is empty gives no cue, as in the
    /// parse, but its stamp still ends the cue before it (`read`).
    static func layOut(
        _ bytes: ByteView, offset: inout Int, into scratch: inout CueCollector, runs: inout LineFormatsLayout.Runs,
        _ body: (LaidOutCues) -> Bool
    ) -> Bool {
        let scanner = LineScanner(bytes)
        var position = 0
        var lineNumber = 0
        var lastTime = Int.min
        var cleaned: [UInt8] = []
        var words: [WordTime] = []
        while position < scanner.count {
            if runs.isFull(scratch) { guard runs.hand(&scratch, to: body) else { return false } }
            let lineStart = position
            let (lineEnd, next) = scanner.line(from: position)
            lineNumber += 1
            position = next
            var index = bytes.skippingBlanks(from: lineStart, to: lineEnd)
            guard index < lineEnd else { continue }
            guard let time = usualStamp(bytes, &index, lineEnd) ?? stamp(bytes, &index, lineEnd) else {
                let line = bytes.extracting(index..<lineEnd)
                guard isMetadataTag(line) else { return false }
                if line.startsCaseless(with: "[offset:") {
                    guard let value = offsetValue(line) else { return false }
                    offset = value
                }
                continue
            }
            index = bytes.skippingBlanks(from: index, to: lineEnd)
            var second = index
            guard time >= lastTime, stamp(bytes, &second, lineEnd) == nil, lineEnd - index + 2 <= scratch.room
            else { return false }
            lastTime = time
            if bytes.firstIndex(of: UInt8(ascii: "<"), in: index..<lineEnd) == nil {
                let text = bytes.trimmingBlanks(index..<lineEnd)
                guard !text.isEmpty else { continue }
                scratch.place(bytes.extracting(text))
            } else {
                cleaned.removeAll(keepingCapacity: true)
                words.removeAll(keepingCapacity: true)
                clean(bytes.extracting(index..<lineEnd), into: &cleaned, wordTimes: &words)
                guard !cleaned.isEmpty else { continue }
                cleaned.withByteView { scratch.place($0) }
            }
            runs.keep(CueLines(position: lineStart, linesBefore: lineNumber - 1), from: &scratch)
        }
        return true
    }

    /// Appends to `cues` the cues whose lines start at `starts` (in file order), as `parse` gives them
    /// for a file laid out (`layOut`) with `offset`: each ends at the next later stamp, looked for in
    /// the lines after it, and no line is looked at twice for that. False when a start or a line
    /// looked at is no line `layOut` would have taken.
    ///
    /// - Complexity: O(n) in the size of `bytes` at most.
    static func read(_ starts: [CueLines], of bytes: ByteView, offset: Int, into cues: inout CueCollector) -> Bool {
        let scanner = LineScanner(bytes)
        var texts: [UInt8] = []
        var words: [WordTime] = []
        // The first line not yet found to be stamped no later than the cues read so far.
        var ahead = 0
        var ended: (time: Int, end: Int?)?
        // The time of the stamped line at `position`, or `nil` when the line is blank or an ID tag; false for any other line.
        func stampedTime(at position: Int, _ lineEnd: Int) -> Int?? {
            var index = bytes.skippingBlanks(from: position, to: lineEnd)
            guard index < lineEnd else { return .some(nil) }
            if let time = usualStamp(bytes, &index, lineEnd) ?? stamp(bytes, &index, lineEnd) { return time }
            return isMetadataTag(bytes.extracting(index..<lineEnd)) ? .some(nil) : nil
        }
        for start in starts {
            let (lineEnd, next) = scanner.line(from: start.position)
            var index = bytes.skippingBlanks(from: start.position, to: lineEnd)
            guard let time = usualStamp(bytes, &index, lineEnd) ?? stamp(bytes, &index, lineEnd) else { return false }
            index = bytes.skippingBlanks(from: index, to: lineEnd)
            if ended?.time != time {
                ahead = Swift.max(ahead, next)
                var end: Int?
                while ahead < scanner.count {
                    let (aheadEnd, aheadNext) = scanner.line(from: ahead)
                    guard let stamped = stampedTime(at: ahead, aheadEnd) else { return false }
                    if let stamped, stamped > time {
                        end = stamped
                        break
                    }
                    ahead = aheadNext
                }
                ended = (time, end)
            }
            func append(_ text: ByteView) {
                for word in words {
                    cues.pendingWordTimes.append(WordTime(offset: word.offset, start: max(0, word.start - offset),
                                                          end: word.end.map { max(0, $0 - offset) }))
                }
                cues.append(text: text, id: nil, start: max(0, time - offset),
                            end: ended?.end.map { max(0, $0 - offset) }, speaker: nil, line: start.linesBefore + 1)
            }
            if bytes.firstIndex(of: UInt8(ascii: "<"), in: index..<lineEnd) == nil {
                let text = bytes.trimmingBlanks(index..<lineEnd)
                guard !text.isEmpty else { return false }
                words.removeAll(keepingCapacity: true)
                append(bytes.extracting(text))
            } else {
                texts.removeAll(keepingCapacity: true)
                words.removeAll(keepingCapacity: true)
                clean(bytes.extracting(index..<lineEnd), into: &texts, wordTimes: &words)
                guard !texts.isEmpty else { return false }
                texts.withByteView { append($0) }
            }
        }
        return true
    }

    /// `[mm:ss.xx]` or `[h:mm:ss.xx]` (minutes or hours of one to six digits, a fraction of two or three),
    /// as nearly every file writes a stamp, read at `index` at once (`index` moved past it): what `stamp`
    /// reads of it; `nil` for any other form, which `stamp` reads.
    @inline(__always)
    static func usualStamp(_ bytes: ByteView, _ index: inout Int, _ end: Int) -> Int? {
        @inline(__always) func digit(_ position: Int) -> Int? {
            let value = bytes[position] &- 0x30
            return value < 10 ? Int(value) : nil
        }
        // Past the shortest stamp, `[m:ss.xx]`, no byte read below goes past a `]` found at its place.
        guard index + 9 <= end, bytes[index] == UInt8(ascii: "[") else { return nil }
        var at = index + 1
        var first = 0
        while at - index <= 6, let value = digit(at) {
            first = first &* 10 &+ value
            at += 1
        }
        guard at > index + 1, at + 6 <= end, bytes[at] == UInt8(ascii: ":"), let a0 = digit(at + 1),
              let a1 = digit(at + 2) else { return nil }
        var time = first * 60 + a0 * 10 + a1
        at += 3
        if bytes[at] == UInt8(ascii: ":") {
            guard at + 6 <= end, let b0 = digit(at + 1), let b1 = digit(at + 2) else { return nil }
            time = time * 60 + b0 * 10 + b1
            at += 3
        }
        guard at + 3 < end, bytes[at] == UInt8(ascii: "."), let f0 = digit(at + 1), let f1 = digit(at + 2)
        else { return nil }
        var millis = f0 * 100 + f1 * 10
        at += 3
        if bytes[at] != UInt8(ascii: "]") {
            guard let f2 = digit(at), at + 1 < end, bytes[at + 1] == UInt8(ascii: "]") else { return nil }
            millis += f2
            at += 1
        }
        index = at + 1
        return time * 1000 + millis
    }
}
