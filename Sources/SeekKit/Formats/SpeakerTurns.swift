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
