/// Collects parsed cues straight into a `Transcript`'s compact storage, reusing its buffers.
///
/// Cue texts are appended as UTF-8 bytes to one buffer that becomes the transcript's
/// `storage` in one step, so a file with a million cues makes no per-cue `String`.
struct CueCollector {
    /// The current cue's raw text (source lines joined with `\n`), filled by the parser.
    var raw: [UInt8] = []
    /// The current cue's plain text, filled by a cleaner.
    var plain: [UInt8] = []

    private var storage: [UInt8] = []
    private var records: [Transcript.Record] = []
    private var ids: [String] = []
    private var speakers: [String] = []
    private var speakerLookup: [String: Int32] = [:]

    init(expectedBytes: Int) {
        storage.reserveCapacity(expectedBytes)
        records.reserveCapacity(expectedBytes / 64)
        raw.reserveCapacity(256)
        plain.reserveCapacity(256)
    }

    var count: Int { records.count }

    /// Appends a cue whose text is `plain`; the speaker comes from `speaker` or the text's prefix.
    mutating func appendPlain(id: String?, start: Int?, end: Int?, speaker: String?, line: Int) {
        let text = plain
        text.withUnsafeBufferPointer { buffer in
            append(text: buffer, id: id, start: start, end: end, speaker: speaker, line: line)
        }
    }

    /// Appends a cue whose plain text (valid UTF-8) is `text`; the speaker comes from
    /// `speaker` or the text's prefix.
    mutating func append(text: UnsafeBufferPointer<UInt8>, id: String?, start: Int?, end: Int?,
                         speaker: String?, line: Int) {
        let speaker = speaker ?? SpeakerPrefix.speaker(in: text)
        let textStart = storage.count
        storage.append(contentsOf: text)
        let textEnd = storage.count
        storage.append(0x0A)
        var idIndex: Int32 = -1
        if let id {
            idIndex = Int32(ids.count)
            ids.append(id)
        }
        var speakerIndex: Int32 = -1
        if let speaker {
            if let known = speakerLookup[speaker] {
                speakerIndex = known
            } else {
                speakerIndex = Int32(speakers.count)
                speakers.append(speaker)
                speakerLookup[speaker] = speakerIndex
            }
        }
        records.append(Transcript.Record(
            textStart: textStart, textEnd: textEnd,
            start: start.map(Int64.init) ?? Transcript.noTime,
            end: end.map(Int64.init) ?? Transcript.noTime,
            line: Int32(clamping: line), speaker: speakerIndex, id: idIndex))
    }

    func build() -> Transcript {
        Transcript(storage: String(decoding: storage, as: UTF8.self), records: records, ids: ids, speakers: speakers)
    }
}
