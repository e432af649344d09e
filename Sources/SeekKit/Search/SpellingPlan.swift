import SeekBytes

/// The byte search for keywords beyond printable ASCII and CJK ideographs (Cyrillic, Greek, Thai,
/// kana, Hangul, Latin letters with or without accents, ...): each keyword character is looked for as
/// any of its forms (`CharacterSpellings.forms`: its case variants, and for a letter with one accent
/// such as `й` also the letter and the accent apart, for a character without case its canonical
/// equivalents), all places at once (`ByteAlternatives`).
///
/// When every character of the keyword has spellings, a byte match is a match, once its
/// ends are checked as `FastPlan.isOnBoundaries` checks them (a cue where they are not on
/// grapheme boundaries goes to the reference). Otherwise the longest run of characters that
/// have spellings is a piece every match holds, and only cues holding it go to the reference.
struct SpellingPlan: Sendable {
    let finder: ByteAlternatives
    /// Whether the finder looks for the whole keyword, not a piece of it.
    let isWholeKeyword: Bool
    /// Whether the keyword starts with a character without case beyond ASCII, whose start marks before
    /// it may join (`FastPlan.isOnBoundaries`).
    let marksMayJoin: Bool

    init?(keyword: String, caseSensitive: Bool) {
        var runs: [[[[UInt8]]]] = [[]]
        for character in keyword {
            guard let forms = CharacterSpellings.forms(of: character, caseSensitive: caseSensitive) else {
                if !runs[runs.count - 1].isEmpty { runs.append([]) }
                continue
            }
            var place = forms.map { Array($0.utf8) }
            if character == " " { place.append([0x0A]) }
            runs[runs.count - 1].append(place)
        }
        guard let longest = runs.max(by: { $0.count < $1.count }), !longest.isEmpty else { return nil }
        isWholeKeyword = runs.count == 1 && longest.count == keyword.count
        finder = ByteAlternatives(longest)
        marksMayJoin = keyword.unicodeScalars.first.map { !$0.isASCII && !$0.properties.changesWhenCaseMapped } ?? false
    }

    /// Scans `text`, handing on each cue that holds a byte match once the scan has left it:
    /// its identifier, the matches' ranges in the cue, and whether the reference must search
    /// it instead (always, when the finder looks for a piece of the keyword).
    ///
    /// - Returns: `false` when cancelled.
    /// - Complexity: O(n) in the length of `text`, plus a check of each candidate place.
    func scanByCue(
        _ text: ByteView, cues: some CueBounds, isCancelled: () -> Bool,
        visit: (_ cue: Int, _ ranges: [Range<Int>], _ needsReference: Bool) -> Void
    ) -> Bool {
        var cues = cues
        var current: (id: Int, bounds: Range<Int>)?
        var ranges: [Range<Int>] = []
        var needsReference = false
        var position = 0
        var nextCancelCheck = 0
        while position < text.count {
            if position >= nextCancelCheck {
                if isCancelled() { return false }
                nextCancelCheck = position + 1 << 22
            }
            let limit = min(text.count, nextCancelCheck)
            guard let match = finder.next(in: text, from: position, to: limit) else {
                position = limit
                continue
            }
            guard let cue = cues.cue(holding: match) else {
                position = match.lowerBound + 1
                continue
            }
            if cue.id != current?.id {
                if let current { visit(current.id, ranges, needsReference) }
                current = cue
                ranges.removeAll(keepingCapacity: true)
                needsReference = !isWholeKeyword
            }
            if !needsReference {
                if FastPlan.isOnBoundaries(text, start: match.lowerBound, end: match.upperBound, within: cue.bounds,
                                           marksMayJoin: marksMayJoin) {
                    ranges.append((match.lowerBound - cue.bounds.lowerBound)..<(match.upperBound - cue.bounds.lowerBound))
                } else {
                    needsReference = true
                    ranges.removeAll()
                }
            }
            position = needsReference ? cue.bounds.upperBound : match.upperBound
        }
        if let current { visit(current.id, ranges, needsReference) }
        return true
    }
}
