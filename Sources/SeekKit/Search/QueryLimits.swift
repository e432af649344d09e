/// How large a query may be: past these, a search would cost more than it could be worth,
/// so a query is refused with a message rather than left to run for minutes.
///
/// - 1,000 keywords: each keyword is its own pass over the text (a grep-style multi-pattern
///   automaton is not built), so a search costs keywords × text length.
/// - 256 characters a keyword: a subtitle line is rarely a quarter of that, and the Regex
///   that decides cues where Unicode could change the answer costs about keyword × cue length.
public enum QueryLimits {
    public static let keywords = 1_000
    public static let keywordCharacters = 256

    /// What is wrong with `keywords`, phrased for the user, or `nil` when they are within the limits.
    public static func problem(with keywords: [String]) -> String? {
        if keywords.count > Self.keywords {
            return "too many keywords: \(keywords.count) (at most \(Self.keywords))"
        }
        if let long = keywords.first(where: { $0.count > keywordCharacters }) {
            return "keyword too long: \(long.count) characters (at most \(keywordCharacters))"
        }
        return nil
    }
}
