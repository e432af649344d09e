import Foundation

extension Match {
    /// This match's range in `text`, which must be its cue's text: `transcript.text(at: cue)`
    /// (then the indices are also valid in `transcript.storage`) or a `String` made from it.
    ///
    /// - Complexity: O(1) for native UTF-8 strings.
    public func textRange(in text: some StringProtocol) -> Range<String.Index> {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return lower..<utf8.index(lower, offsetBy: range.count)
    }
}

/// The attribute `Transcript.attributedText(of:highlighting:current:style:)` puts on each
/// match: its 1-based position in the index.
public enum MatchPositionAttribute: AttributedStringKey {
    public typealias Value = Int
    public static let name = "SeekKit.MatchPosition"
}

/// The attribute `Transcript.attributedText(of:highlighting:current:style:)` puts on the current match.
public enum CurrentMatchAttribute: AttributedStringKey {
    public typealias Value = Bool
    public static let name = "SeekKit.CurrentMatch"
}

extension Transcript {
    /// The range of `match` in its cue's text, as indices of `text(at: match.cue)`.
    ///
    /// ```swift
    /// let text = transcript.text(at: match.cue)
    /// print(text[transcript.textRange(of: match)])     // "budget"
    /// ```
    ///
    /// - Complexity: O(1).
    public func textRange(of match: Match) -> Range<String.Index> {
        match.textRange(in: text(at: match.cue))
    }

    /// The range of `match` in `attributed`, an `AttributedString` of its cue's text.
    ///
    /// - Complexity: O(n) in the length of the cue's text.
    public func attributedRange(of match: Match, in attributed: AttributedString) -> Range<AttributedString.Index> {
        let scalars = TextOffsets.scalarRange(match.range, in: text(at: match.cue))
        let view = attributed.unicodeScalars
        let lower = view.index(view.startIndex, offsetBy: scalars.lowerBound)
        return lower..<view.index(lower, offsetBy: scalars.count)
    }

    /// Cue `cue`'s text as an `AttributedString` with the matches of `index` in it marked:
    /// each carries `MatchPositionAttribute` (and the current one `CurrentMatchAttribute`),
    /// plus whatever `style` adds, so a SwiftUI view highlights in three lines:
    ///
    /// ```swift
    /// Text(transcript.attributedText(of: cue, highlighting: search.index, current: search.current) {
    ///     _, isCurrent, attributes in attributes.backgroundColor = isCurrent ? Color.orange : Color.yellow
    /// })
    /// ```
    ///
    /// - Complexity: O(n + k log m) for a cue text of length n with k of the m matches.
    public func attributedText(
        of cue: Int, highlighting index: MatchIndex, current: Int? = nil,
        style: (_ match: Match, _ isCurrent: Bool, _ attributes: inout AttributeContainer) -> Void = { _, _, _ in }
    ) -> AttributedString {
        var attributed = AttributedString(String(text(at: cue)))
        for match in index[index.positions(inCue: cue)] {
            var attributes = AttributeContainer()
            attributes[MatchPositionAttribute.self] = match.position
            let isCurrent = match.position == current
            if isCurrent { attributes[CurrentMatchAttribute.self] = true }
            style(match, isCurrent, &attributes)
            attributed[attributedRange(of: match, in: attributed)].mergeAttributes(attributes)
        }
        return attributed
    }
}
