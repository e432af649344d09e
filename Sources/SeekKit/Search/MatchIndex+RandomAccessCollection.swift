/// A match index is a collection of its matches, numbered from 1 like the navigator's "3/17":
/// `startIndex` is 1 and `endIndex` is `count + 1`, so an index is a match's `position`.
///
/// ```swift
/// let matches = MatchIndex(transcript: transcript, query: Query("budget"))
/// for match in matches {
///     print(match.position, transcript.text(at: match.cue)[transcript.textRange(of: match)])
/// }
/// let firstThree = matches.prefix(3)    // positions 1, 2, 3
/// ```
extension MatchIndex: RandomAccessCollection {
    public typealias Element = Match
    public typealias Index = Int

    /// 1, the position of the first match.
    public var startIndex: Int { 1 }

    /// One past the position of the last match (`count + 1`).
    public var endIndex: Int { count + 1 }
}
