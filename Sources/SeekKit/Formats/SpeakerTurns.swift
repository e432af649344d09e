/// Carries a speaker label through the speaker's turn in transcript-like files.
///
/// Podcast and interview transcripts (and WhisperX's SRT) write a speaker's name only
/// where the speaker changes; the cues after it, until the next label, are that
/// speaker's too. Films write `JOHN:` now and then for a voice off screen, and the
/// cues after it are not John's.
///
/// The rule: a transcript is transcript-like when, among its first 200 cues, at least
/// 3 have a speaker and some name is on at least 2 of them. Then every cue without a
/// speaker takes the speaker of the nearest labelled cue before it; cues before the
/// first label keep none. Otherwise nothing changes.
public enum SpeakerTurns {
    static let sampledCues = 200

    /// `transcript` with turns carried when it is transcript-like, else unchanged.
    ///
    /// - Complexity: O(n) in the number of cues.
    public static func carried(_ transcript: Transcript) -> Transcript {
        guard isTranscriptLike(transcript) else { return transcript }
        var records = transcript.records
        var current: Int32 = -1
        for index in records.indices {
            if records[index].speaker >= 0 {
                current = records[index].speaker
            } else {
                records[index].speaker = current
            }
        }
        return Transcript(storage: transcript.storage, records: records, ids: transcript.ids,
                          speakers: transcript.speakers, wordTimes: transcript.wordTimes)
    }

    /// Whether the labels say "transcript" rather than "film" (see the type's rule).
    public static func isTranscriptLike(_ transcript: Transcript) -> Bool {
        var counts: [Int32: Int] = [:]
        var labelled = 0
        var unlabelled = 0
        for record in transcript.records.prefix(sampledCues) {
            if record.speaker >= 0 {
                labelled += 1
                counts[record.speaker, default: 0] += 1
            } else {
                unlabelled += 1
            }
        }
        return labelled >= 3 && unlabelled > 0 && counts.values.contains { $0 >= 2 }
    }
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
            var text = text(at: cue)
            let labelLength = text.withUTF8 { SpeakerPrefix.label(in: $0)?.length }
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
