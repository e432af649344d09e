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
            records = collector.table.records
            speakers = collector.table.speakers
            styles = collector.table.styles
            wordTimes = collector.wordTimes
            return collector.used
        }
        return Transcript(storage: storage, records: records, speakers: speakers, styles: styles,
                          wordTimes: wordTimes)
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
            return use(output.prefix(collector.used), collector.table.records, collector.table.speakers)
        }
    }

    var count: Int { table.count }

    /// Forgets every cue collected so far, keeping the buffers.
    mutating func removeAll() {
        used = 0
        table.removeAll()
        wordTimes.removeAll()
        pendingWordTimes.removeAll()
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
        let textEnd = used
        if !pendingWordTimes.isEmpty {
            if keepsWordTimes {
                for word in pendingWordTimes {
                    wordTimes.append(WordTime(offset: min(textStart + word.offset, textEnd), start: word.start, end: word.end))
                }
            }
            pendingWordTimes.removeAll(keepingCapacity: true)
        }
        if used < output.count {
            output[used] = 0x0A
            used += 1
        }
        table.append(textStart: textStart, textEnd: textEnd, id: keepsIDs ? id : nil, start: start, end: end,
                     speaker: speaker, style: style, line: lineOffset + line)
    }

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
