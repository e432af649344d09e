import SeekBytes
/// Collects parsed cues straight into a `Transcript`'s compact storage.
///
/// Cue texts are written as UTF-8 bytes into the very buffer that becomes the
/// transcript's `storage` string (`String(unsafeUninitializedCapacity:…)`), so a file
/// with a million cues makes no per-cue `String` and the text is never copied twice.
///
/// The buffer holds `storageCapacity(forInputBytes:)` bytes, which no parser can
/// exceed: a cue's plain text is at most 1.2 times its source text (a character
/// reference such as `&nGt;` grows by one byte at most, and is five bytes long), and
/// its `\n` separator replaces the timing line or line break the source spent on it.
/// Should the bound ever be wrong, text is cut rather than written out of bounds.
struct CueCollector {
    /// The current cue's raw text (source lines joined with `\n`), filled by the parser.
    var raw: [UInt8] = []
    /// The current cue's plain text, filled by a cleaner.
    var plain: [UInt8] = []
    /// The next cue's word times, offsets counted from the start of its text; taken by the next `append`.
    var pendingWordTimes: [WordTime] = []

    /// Whether cue identifiers are kept (a count needs none).
    var keepsIDs = true
    /// Whether word times are kept (a count needs none).
    var keepsWordTimes = true
    /// Whether speakers are found and kept (a count needs them only for a speaker scope).
    var keepsSpeakers = true
    /// Added to each cue's line: the lines before the part of a file being parsed.
    var lineOffset = 0

    private let output: WritableBytes
    private(set) var used = 0
    /// Where the next cue's text written in place ends (`place(_:)`): that text is `used..<placedEnd`.
    private var placedEnd = 0
    private var table = CueRecordTable()
    /// Word times with offsets into the storage.
    private var wordTimes: [WordTime] = []

    private init(output: WritableBytes) {
        self.output = output
    }

    /// A collector that writes nowhere and holds nothing: it stands in for the one in use while
    /// that one is lent (`swap`) to a parser, so that the parser appends to buffers it alone holds.
    static var standIn: CueCollector { CueCollector(output: .none) }

    /// Reserves room for the cues of `inputBytes` of source text. Call it on the copy
    /// that will be filled (a copy made later would share, then duplicate, the buffers).
    mutating func reserve(forInputBytes inputBytes: Int) {
        raw.reserveCapacity(256)
        plain.reserveCapacity(256)
    }

    static func storageCapacity(forInputBytes count: Int) -> Int { count + count / 4 + 64 }

    /// Runs `body` with a collector sized for `inputBytes` of source text and returns the transcript it filled.
    static func collect(inputBytes: Int, _ body: (inout CueCollector) -> Void) -> Transcript {
        var records = CueRecords()
        var speakers: [String] = []
        var styles: [String] = []
        var wordTimes: [WordTime] = []
        let storage = String(unsafeUninitializedCapacity: storageCapacity(forInputBytes: inputBytes)) { buffer in
            var collector = CueCollector(output: WritableBytes(buffer))
            body(&collector)
            records = collector.table.sealedRecords()
            speakers = collector.table.speakers
            styles = collector.table.styles
            wordTimes = collector.wordTimes
            return collector.used
        }
        return Transcript(storage: storage, records: records, speakers: speakers, styles: styles,
                          wordTimes: wordTimes)
    }

    /// `collect` for a parser that reads `bytes` line by line: `read` gets their lines, a collector
    /// reserved for them and a log for warnings naming `fileName`.
    static func collectLines(
        _ bytes: ByteView, fileName: String, _ read: (LineScanner, inout CueCollector, inout WarningLog) -> Void
    ) -> (transcript: Transcript, warnings: [Diagnostic]) {
        var warnings = WarningLog(fileName: fileName)
        let transcript = collect(inputBytes: bytes.count) { cues in
            cues.reserve(forInputBytes: bytes.count)
            read(LineScanner(bytes), &cues, &warnings)
        }
        return (transcript, warnings.all)
    }

    /// Runs `body` with a collector sized for `inputBytes` of source text that keeps no
    /// identifiers (and speakers only if asked), then `use` on the cue text it wrote (valid UTF-8, each cue followed by a `\n`), its records and
    /// speakers, without making a `String` of the text (which would validate it again).
    static func withCollected<Result>(
        inputBytes: Int, keepsSpeakers: Bool, _ body: (inout CueCollector) -> Void,
        use: (ByteView, CueRecords, [String]) -> Result
    ) -> Result {
        WritableBytes.withAllocated(capacity: storageCapacity(forInputBytes: inputBytes)) { output in
            var collector = CueCollector(output: output)
            collector.keepsIDs = false
            collector.keepsWordTimes = false
            collector.keepsSpeakers = keepsSpeakers
            body(&collector)
            return use(output.prefix(collector.used), collector.table.sealedRecords(), collector.table.speakers)
        }
    }

    var count: Int { table.count }

    /// Forgets every cue collected so far, keeping the buffers.
    mutating func removeAll() {
        used = 0
        placedEnd = 0
        table.removeAll()
        wordTimes.removeAll()
        pendingWordTimes.removeAll()
    }

    /// Forgets every cue collected so far, as `removeAll` does, but keeps the next cue's text
    /// written so far (`placed`), moved to the front.
    mutating func removeAllKeepingPlaced() {
        let placedText = used..<placedEnd
        removeAll()
        guard !placedText.isEmpty else { return }
        output.move(placedText, to: 0)
        placedEnd = placedText.count
    }

    /// Appends a cue whose text is `plain`; the speaker comes from `speaker` or the text's prefix.
    mutating func appendPlain(id: String?, start: Int?, end: Int?, speaker: String?, style: String? = nil,
                              line: Int) {
        let text = plain
        text.withByteView { buffer in
            append(text: buffer, id: id, start: start, end: end, speaker: speaker, style: style, line: line)
        }
    }

    /// Appends a cue whose plain text (valid UTF-8) is `text`; the speaker comes from
    /// `speaker` or the text's label (`SpeakerPrefix`); the text keeps the label.
    mutating func append(text: ByteView, id: String?, start: Int?, end: Int?,
                         speaker: String?, style: String? = nil, line: Int) {
        let speaker = keepsSpeakers ? speaker ?? SpeakerPrefix.speaker(in: text) : nil
        let textStart = used
        write(text)
        placedEnd = used
        record(textStart..<used, id: id, start: start, end: end, speaker: speaker, style: style, line: line)
    }

    /// Appends a cue as `append(text:…)` does (the speaker from the text's label), its identifier
    /// given as `number` when it is one written in decimal (at most 18 digits, no leading zero: what
    /// `CueRecords.Columns.decimalNumber` reads), so that no string is made of it, else as `id`.
    mutating func append(text: ByteView, id: String?, number: Int64?, start: Int, end: Int, line: Int) {
        let speaker = keepsSpeakers ? SpeakerPrefix.speaker(in: text) : nil
        let textStart = used
        write(text)
        placedEnd = used
        record(textStart..<used, id: id, idNumber: number, start: start, end: end, speaker: speaker, style: nil,
               line: line)
    }

    /// Ends the text at `text` (written last) with its `\n` and records its cue, taking the pending word times.
    private mutating func record(_ text: Range<Int>, id: String?, idNumber: Int64? = nil, start: Int?, end: Int?,
                                 speaker: String?, style: String?, line: Int) {
        if !pendingWordTimes.isEmpty {
            if keepsWordTimes {
                for word in pendingWordTimes {
                    wordTimes.append(WordTime(offset: min(text.lowerBound + word.offset, text.upperBound),
                                              start: word.start, end: word.end))
                }
            }
            pendingWordTimes.removeAll(keepingCapacity: true)
        }
        used = text.upperBound
        if used < output.count {
            output[used] = 0x0A
            used += 1
        }
        placedEnd = used
        table.append(textStart: text.lowerBound, textEnd: text.upperBound, id: keepsIDs ? id : nil,
                     idNumber: keepsIDs ? idNumber : nil, start: start, end: end, speaker: speaker, style: style,
                     line: lineOffset + line)
    }

    // MARK: The next cue's text, written in place

    // A parser that builds a cue's text a piece at a time (TTML, SAMI) writes it straight into the
    // storage, where the cue keeps it, instead of into `plain` and then into the storage: a cue as
    // long as the file is never held twice, and is never copied.

    /// The next cue's text written so far (`place`), to read until the next write.
    var placed: ByteView { output.view(used..<placedEnd) }

    /// How many bytes of the next cue's text are written.
    var placedCount: Int { placedEnd - used }

    /// How many more bytes the next cue's text can take before the storage's bound cuts it.
    var room: Int { output.count - 1 - placedEnd }

    /// The last byte of the next cue's text, or `nil` while it has none.
    var lastPlaced: UInt8? { placedEnd > used ? output[placedEnd - 1] : nil }

    /// Writes `bytes` (whole characters) after the next cue's text so far; when the storage's
    /// bound proves wrong, they are cut at a character boundary rather than written out of it.
    @inline(__always)
    mutating func place(_ bytes: ByteView) {
        var length = min(bytes.count, output.count - 1 - placedEnd)
        guard length > 0 else { return }
        if length < bytes.count {
            while length > 0 && bytes[length] & 0xC0 == 0x80 { length -= 1 }
        }
        output.copy(bytes, count: length, to: placedEnd)
        placedEnd += length
    }

    /// Writes `bytes` as `place(_:)` does, each `old` byte in them written as `new`.
    mutating func place(_ bytes: ByteView, replacing old: UInt8, with new: UInt8) {
        let from = placedEnd
        place(bytes)
        let count = placedEnd - from
        var index = 0
        while let found = bytes.firstIndex(of: old, in: index..<count) {
            output[from + found] = new
            index = found + 1
        }
    }

    /// Writes the ASCII `byte` after the next cue's text so far.
    @inline(__always)
    mutating func place(_ byte: UInt8) {
        guard placedEnd < output.count - 1 else { return }
        output[placedEnd] = byte
        placedEnd += 1
    }

    /// Writes the scalar `value` in UTF-8 (U+FFFD when it is not one) after the next cue's text so far.
    mutating func place(scalar value: UInt32) {
        let (encoded, width) = UTF8Writer.encode(value)
        guard placedEnd + width < output.count else { return }
        var bytes = encoded
        for offset in 0..<width {
            output[placedEnd + offset] = UInt8(truncatingIfNeeded: bytes)
            bytes >>= 8
        }
        placedEnd += width
    }

    /// Takes back the last byte of the next cue's text.
    mutating func removeLastPlaced() {
        if placedEnd > used { placedEnd -= 1 }
    }

    /// Forgets the next cue's text written so far.
    mutating func discardPlaced() {
        placedEnd = used
    }

    /// Removes the bytes `isTrimmed` answers from both ends of the next cue's text.
    mutating func trimPlaced(_ isTrimmed: (UInt8) -> Bool) {
        while placedEnd > used, isTrimmed(output[placedEnd - 1]) { placedEnd -= 1 }
        var low = used
        while low < placedEnd, isTrimmed(output[low]) { low += 1 }
        guard low > used else { return }
        output.move(low..<placedEnd, to: used)
        placedEnd -= low - used
    }

    /// Appends a cue whose text is the one written in place (see `append(text:…)`).
    mutating func appendPlaced(id: String?, start: Int?, end: Int?, speaker: String?, style: String? = nil, line: Int) {
        let speaker = keepsSpeakers ? speaker ?? SpeakerPrefix.speaker(in: placed) : nil
        record(used..<placedEnd, id: id, start: start, end: end, speaker: speaker, style: style, line: line)
    }

    /// Keeps the text written in place as the text of a cue whose times are not known yet, and
    /// returns where it lies: `appendKept` records that cue before any other is appended.
    mutating func keepPlaced() -> Range<Int> {
        let text = used..<placedEnd
        used = placedEnd
        if used < output.count {
            output[used] = 0x0A
            used += 1
        }
        placedEnd = used
        return text
    }

    /// Appends the cue whose text `keepPlaced` kept at `text`.
    mutating func appendKept(_ text: Range<Int>, id: String?, start: Int?, end: Int?, speaker: String?,
                             style: String? = nil, line: Int) {
        let speaker = keepsSpeakers ? speaker ?? SpeakerPrefix.speaker(in: output.view(text)) : nil
        table.append(textStart: text.lowerBound, textEnd: text.upperBound, id: keepsIDs ? id : nil, start: start,
                     end: end, speaker: speaker, style: style, line: lineOffset + line)
    }

    // MARK: Source text lying in the storage

    /// The storage itself, for source text to lie in after the cues written so far and be parsed
    /// where it lies (`DecodedFile.loadInWindows`), so that a text as long as the file is held
    /// once, not once as text and again as cues. Only a parser that never writes a cue's text
    /// past the source it has read may parse it: one cue per line, each line's text no longer
    /// than the line and its `\n` in place of the line's break (`TimestampedTextParser.readUntimed`).
    /// A copy from there to `used` moves bytes towards the front (`WritableBytes.copy` copies
    /// overlapping bytes as a move does).
    var storageBytes: WritableBytes { output }

    /// Copies `text` into the storage, cut at a character boundary if it would not fit.
    private mutating func write(_ text: ByteView) {
        var length = min(text.count, output.count - used - 1)
        guard length > 0 else { return }
        if length < text.count {
            while length > 0 && text[length] & 0xC0 == 0x80 { length -= 1 }
        }
        output.copy(text, count: length, to: used)
        used += length
    }
}
