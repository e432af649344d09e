import SeekBytes

/// Carries a speaker label through the speaker's turn in transcript-like files.
///
/// Podcast and interview transcripts (and WhisperX's SRT) write a speaker's name only
/// where the speaker changes; the cues after it, until the next label, are that
/// speaker's too. Films write `JOHN:` now and then for a voice off screen, and the
/// cues after it are not John's.
///
/// The rule: a transcript is transcript-like when, among its first 200 cues, at least
/// 3 have a speaker and some name is on at least 2 of them. Then each label comes off its
/// cue's text (the name is the cue's speaker, printed once), and every cue without a
/// speaker takes the speaker of the nearest labelled cue before it; cues before the
/// first label keep none. Otherwise nothing changes: in a film the label is part of the
/// subtitle shown on screen, so the text keeps it (and the printer shows the name once).
public enum SpeakerTurns {
    static let sampledCues = 200

    /// `transcript` with turns carried when it is transcript-like, else unchanged.
    ///
    /// - Complexity: O(n) in the number of cues.
    public static func carried(_ transcript: Transcript) -> Transcript {
        guard isTranscriptLike(transcript) else { return transcript }
        var unlabelled = withoutLabels(transcript)
        var current: Int32 = -1
        unlabelled.records = unlabelled.records.replacingSpeakers { speaker in
            if speaker >= 0 { current = speaker }
            return current
        }
        return unlabelled
    }

    /// `transcript` with each cue's label (`SpeakerPrefix.label`) taken off its text where it
    /// names the cue's speaker; word times move with their words (one inside a label moves to
    /// the start of the text).
    ///
    /// - Complexity: O(n) in the size of the text.
    static func withoutLabels(_ transcript: Transcript) -> Transcript {
        let storage = transcript.storage
        var cuts: [Int] = []
        var anyCut = false
        storage.utf8.withByteView { all in
            for (index, record) in transcript.records.enumerated() {
                var cut = 0
                if record.speaker >= 0,
                   let label = SpeakerPrefix.label(in: all.extracting(record.textStart..<record.textEnd)),
                   label.name == transcript.speakers[Int(record.speaker)] {
                    cut = label.length
                }
                if cut > 0 && !anyCut {
                    anyCut = true
                    cuts = Array(repeating: 0, count: index)
                }
                if anyCut { cuts.append(cut) }
            }
        }
        guard anyCut else { return transcript }
        let records = transcript.records
        var starts = PackedIntegers()
        var lengths = PackedIntegers()
        let oldWordTimes = transcript.wordTimes
        var wordTimes: [WordTime] = []
        wordTimes.reserveCapacity(oldWordTimes.count)
        let capacity = records.indices.reduce(0) { $0 + records[$1].textEnd - records[$1].textStart - cuts[$1] + 1 }
        let text = StringAssembly.make(capacity: capacity) { output in
            storage.utf8.withByteView { all in
                for index in records.indices {
                    let old = records[index]
                    let from = old.textStart + cuts[index]
                    let start = output.count
                    output.append(all, from..<old.textEnd)
                    starts.append(Int64(start))
                    lengths.append(Int64(old.textEnd - from))
                    output.append(0x0A)
                    let first = oldWordTimes.partitionPoint { $0.offset >= old.textStart }
                    let past = oldWordTimes[first...].partitionPoint { $0.offset >= old.textEnd }
                    for var word in oldWordTimes[first..<past] {
                        word.offset = start + max(0, word.offset - from)
                        wordTimes.append(word)
                    }
                }
            }
        }
        return Transcript(storage: text, records: records.replacingTextRanges(starts: starts, lengths: lengths),
                          speakers: transcript.speakers, styles: transcript.styles, wordTimes: wordTimes)
    }

    /// Whether the labels say "transcript" rather than "film" (see the type's rule).
    public static func isTranscriptLike(_ transcript: Transcript) -> Bool {
        isTranscriptLike(labels: transcript.records.prefix(sampledCues).map { $0.speaker >= 0 ? $0.speaker : nil })
    }

    /// The rule on the speakers of a transcript's first cues, in order (`nil`: no speaker).
    static func isTranscriptLike<Name: Hashable>(labels: some Sequence<Name?>) -> Bool {
        var tally = LabelTally<Name>()
        for case let label? in labels.prefix(sampledCues) { tally.add(label) }
        return tally.isTranscriptLike
    }
}

/// The speakers of a transcript's first cues, counted for `SpeakerTurns`' rule one label at a
/// time (only the cues with a speaker are added), so that a caller keeps no list of them.
struct LabelTally<Name: Hashable> {
    private var counts: [Name: Int] = [:]
    private var labelled = 0
    private var repeated = false

    /// Counts one cue's speaker.
    mutating func add(_ name: Name) {
        labelled += 1
        let count = counts[name, default: 0] + 1
        counts[name] = count
        if count >= 2 { repeated = true }
    }

    /// Whether the speakers added say "transcript" (see `SpeakerTurns`' rule): once true, more
    /// speakers keep it true.
    var isTranscriptLike: Bool { labelled >= 3 && repeated }
}

/// How much one speaker says in a transcript (`seek --speakers`).
public struct SpeakerTally: Hashable, Sendable {
    public var name: String
    public var cues: Int
    /// Words (runs of non-space characters) in the speaker's cues, their labels left out.
    public var words: Int
}

extension Transcript {
    /// Each speaker's cue and word counts, in order of first appearance.
    ///
    /// - Complexity: O(n) in the size of the text.
    public func speakerTallies() -> [SpeakerTally] {
        var tallies = speakers.map { SpeakerTally(name: $0, cues: 0, words: 0) }
        for cue in indices {
            guard let speaker = speakerIndex(at: cue) else { continue }
            let text = text(at: cue)
            let labelLength = text.utf8.withByteView { SpeakerPrefix.label(in: $0)?.length }
            var words = 0
            var inWord = false
            for (offset, byte) in text.utf8.enumerated() where offset >= (labelLength ?? 0) {
                let space = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
                if !space && !inWord { words += 1 }
                inWord = !space
            }
            tallies[speaker].cues += 1
            tallies[speaker].words += words
        }
        return tallies.filter { $0.cues > 0 }
    }
}
