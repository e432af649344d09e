/// Finds one keyword in cue texts, with results identical to `ReferenceMatcher`.
public struct Matcher: Sendable {
    public let keyword: String
    public let caseSensitive: Bool
    private let reference: ReferenceMatcher

    public init(keyword: String, caseSensitive: Bool = false) {
        self.keyword = keyword
        self.caseSensitive = caseSensitive
        self.reference = ReferenceMatcher(keyword: keyword, caseSensitive: caseSensitive)
    }

    /// The matches in `text`, as UTF-8 byte offsets relative to `text`.
    public func ranges(in text: Substring) -> [Range<Int>] {
        reference.ranges(in: text)
    }
}
