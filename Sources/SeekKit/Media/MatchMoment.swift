/// The moment a match happens in its media: the one place that decides it.
///
/// Today that is the start of the match's cue. When a transcript knows when each word
/// was spoken, this is where the match's own word time takes over, and everything that
/// plays or cuts at a match (the navigator's `p`, `--play`, the edit lists) follows.
public enum MatchMoment {
    /// When `match` happens, in milliseconds, or `nil` when its cue has no time.
    public static func time(of match: Match, in transcript: Transcript) -> Int? {
        transcript.start(at: match.cue)
    }

    /// Where playback of `match` starts: `pad` milliseconds before its moment, never before 0.
    public static func playbackStart(of match: Match, in transcript: Transcript, pad: Int) -> Int? {
        time(of: match, in: transcript).map { max(0, $0 - pad) }
    }
}
