import RegexBuilder

/// The definition of a match: Swift's `Regex(verbatim:)`, case-insensitive unless asked.
///
/// A keyword matches exactly where `Regex<AnyRegexOutput>(verbatim: keyword).ignoresCase()`
/// with `ranges(of:)` matches in a cue's text, with one addition: a line break
/// inside the cue reads as a single space, so phrases wrapped over two lines are found.
/// Two modes refine it, and are defined here too:
/// - `wholeWords`: the verbatim keyword between two `Anchor.wordBoundary` (`\b`), with
///   `.wordBoundaryKind(.default)`: Unicode's default word boundaries, where every CJK
///   ideograph is a word of its own.
/// - `ignoresAccents`: keyword and text are both folded (`AccentFolding`), the Regex runs
///   on the folded text, and its matches are mapped back to the text's own offsets.
///
/// Every faster matcher must agree with this one on every input.
public struct ReferenceMatcher: @unchecked Sendable {
    public let keyword: String
    public let caseSensitive: Bool
    public let wholeWords: Bool
    public let ignoresAccents: Bool
    private let regex: Regex<AnyRegexOutput>
    private let isEmpty: Bool

    public init(keyword: String, caseSensitive: Bool = false, wholeWords: Bool = false, ignoresAccents: Bool = false) {
        self.keyword = keyword
        self.caseSensitive = caseSensitive
        self.wholeWords = wholeWords
        self.ignoresAccents = ignoresAccents
        let literal = ignoresAccents ? AccentFolding.fold(keyword) : keyword
        isEmpty = literal.isEmpty
        let verbatim = Regex<AnyRegexOutput>(verbatim: literal)
        let pattern = wholeWords
            ? Regex<AnyRegexOutput>(Regex {
                Anchor.wordBoundary
                verbatim
                Anchor.wordBoundary
            }.wordBoundaryKind(.default))
            : verbatim
        self.regex = caseSensitive ? pattern : pattern.ignoresCase()
    }

    /// The matches in `text`, as UTF-8 byte offsets relative to `text`.
    ///
    /// - Complexity: O(n) in the length of `text`, with Regex's large constant.
    public func ranges(in text: Substring) -> [Range<Int>] {
        guard !keyword.isEmpty, !isEmpty else { return [] }
        let subject = text.utf8.contains(0x0A) ? String(text).replacing("\n", with: " ") : String(text)
        guard ignoresAccents else { return Self.byteRanges(of: regex, in: subject) }
        let (folded, starts, ends) = AccentFolding.foldWithOffsets(subject)
        return Self.byteRanges(of: regex, in: folded).map { starts[$0.lowerBound]..<ends[$0.upperBound - 1] }
    }

    private static func byteRanges(of regex: Regex<AnyRegexOutput>, in subject: String) -> [Range<Int>] {
        let utf8 = subject.utf8
        return subject.ranges(of: regex).map { range in
            utf8.distance(from: utf8.startIndex, to: range.lowerBound)
                ..< utf8.distance(from: utf8.startIndex, to: range.upperBound)
        }
    }
}
