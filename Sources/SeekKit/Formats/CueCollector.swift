/// Turns parsed cue text bytes into transcript cues, reusing its buffers.
struct CueCollector {
    var builder = TranscriptBuilder()
    /// The current cue's raw text (source lines joined with `\n`), filled by the parser.
    var raw: [UInt8] = []
    /// The current cue's plain text, filled by a cleaner.
    var plain: [UInt8] = []

    init(expectedBytes: Int) {
        builder.reserve(bytes: expectedBytes, cues: expectedBytes / 48)
        raw.reserveCapacity(256)
        plain.reserveCapacity(256)
    }

    /// Appends a cue whose text is `plain`; the speaker comes from `speaker` or the text's prefix.
    mutating func appendPlain(id: String?, start: Int?, end: Int?, speaker: String?, line: Int) {
        let speaker = speaker ?? SpeakerPrefix.speaker(in: plain)
        let text = String(decoding: plain, as: UTF8.self)
        builder.append(text: text, id: id, start: start, end: end, speaker: speaker, line: line)
    }

    var count: Int { builder.count }

    func build() -> Transcript { builder.build() }
}
