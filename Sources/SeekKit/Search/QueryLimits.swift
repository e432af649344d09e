/// How large a query may be: past these, a search would cost more than it could be worth,
/// so a query is refused with a message rather than left to run for minutes.
///
/// - 100,000 keywords: plain keywords (printable ASCII and CJK ideographs, without `-w` or
///   `--ignore-accents`) share one pass over the text (`KeywordAutomaton`), whatever their number.
/// - 1,000 keywords searched one by one: any other keyword is its own pass, so a search costs
///   those keywords × text length.
/// - 256 characters a keyword: a subtitle line is rarely a quarter of that, and the Regex
///   that decides cues where Unicode could change the answer costs about keyword × cue length.
public enum QueryLimits {
    public static let keywords = 100_000
    public static let keywordsSearchedAlone = 1_000
    public static let keywordCharacters = 256

    /// What is wrong with `keywords` (searched with these modes), phrased for the user, or `nil`
    /// when they are within the limits.
    public static func problem(with keywords: [String], wholeWords: Bool = false, ignoresAccents: Bool = false) -> String? {
        if keywords.count > Self.keywords {
            return "too many keywords: \(keywords.count) (at most \(Self.keywords))"
        }
        let alone = wholeWords || ignoresAccents ? keywords.count : keywords.count { !isPlain($0) }
        if alone > keywordsSearchedAlone {
            return "too many keywords searched one by one: \(alone) (at most \(keywordsSearchedAlone) with -w, "
                + "--ignore-accents or characters beyond ASCII and CJK ideographs)"
        }
        if let long = keywords.first(where: { $0.count > keywordCharacters }) {
            return "keyword too long: \(long.count) characters (at most \(keywordCharacters))"
        }
        return nil
    }

    /// Whether `keyword` shares the pass of plain keywords (printable ASCII and CJK ideographs only).
    static func isPlain(_ keyword: String) -> Bool {
        keyword.unicodeScalars.allSatisfy { FastPlan.isPlainKeywordScalar($0.value) }
    }
}
