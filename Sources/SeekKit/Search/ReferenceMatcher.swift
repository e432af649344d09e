/// The definition of a match: Swift's `Regex(verbatim:)`, case-insensitive unless asked.
///
/// A keyword matches exactly where `Regex<AnyRegexOutput>(verbatim: keyword).ignoresCase()`
/// with `ranges(of:)` matches in a cue's text, with one addition: a line break
/// inside the cue reads as a single space, so phrases wrapped over two lines are found.
/// Every faster matcher must agree with this one on every input.
public struct ReferenceMatcher: @unchecked Sendable {
    public let keyword: String
    public let caseSensitive: Bool
    private let regex: Regex<AnyRegexOutput>

    public init(keyword: String, caseSensitive: Bool = false) {
        self.keyword = keyword
        self.caseSensitive = caseSensitive
        let verbatim = Regex<AnyRegexOutput>(verbatim: keyword)
        self.regex = caseSensitive ? verbatim : verbatim.ignoresCase()
    }

    /// The matches in `text`, as UTF-8 byte offsets relative to `text`.
    ///
    /// - Complexity: O(n) in the length of `text`, with Regex's large constant.
    public func ranges(in text: Substring) -> [Range<Int>] {
        guard !keyword.isEmpty else { return [] }
        let subject = text.utf8.contains(0x0A) ? String(text).replacing("\n", with: " ") : String(text)
        let utf8 = subject.utf8
        return subject.ranges(of: regex).map { range in
            utf8.distance(from: utf8.startIndex, to: range.lowerBound)
                ..< utf8.distance(from: utf8.startIndex, to: range.upperBound)
        }
    }
}
