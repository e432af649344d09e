/// The moment a match happens in its media: the one place that decides it.
///
/// The match's own word time when the transcript has word times (WebVTT inline timestamps,
/// Whisper word lists), otherwise the start of its cue. Everything that plays at a match
/// (the navigator's `p`, `--play`) starts from here.
public enum MatchMoment {
    /// When `match` happens, in milliseconds, or `nil` when its cue has no time.
    ///
    /// - Complexity: O(log w) for w word times.
    public static func time(of match: Match, in transcript: Transcript) -> Int? {
        transcript.matchTimes(cue: match.cue, range: match.range).start
    }

    /// Where playback of `match` starts: `pad` milliseconds before its moment, never before 0.
    public static func playbackStart(of match: Match, in transcript: Transcript, pad: Int) -> Int? {
        time(of: match, in: transcript).map { max(0, $0 - pad) }
    }
}
