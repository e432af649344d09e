/// What to search for: one or more keywords (tokens), case mode and scope.
public struct Query: Hashable, Sendable {
    /// The keywords, in the order given; each match remembers which one it came from.
    public var keywords: [String]
    /// Match case exactly (Regex without `ignoresCase`).
    public var caseSensitive: Bool
    /// Which cues are searched at all.
    public var scope: Scope
    /// Match whole words only, by Unicode's default word boundaries (`-w`; see `ReferenceMatcher`).
    public var wholeWords: Bool
    /// Match regardless of accents, typographic punctuation and width forms (see `AccentFolding`).
    public var ignoresAccents: Bool

    public init(keywords: [String], caseSensitive: Bool = false, scope: Scope = Scope(),
                wholeWords: Bool = false, ignoresAccents: Bool = false) {
        self.keywords = keywords
        self.caseSensitive = caseSensitive
        self.scope = scope
        self.wholeWords = wholeWords
        self.ignoresAccents = ignoresAccents
    }

    public init(_ keyword: String, caseSensitive: Bool = false, scope: Scope = Scope(),
                wholeWords: Bool = false, ignoresAccents: Bool = false) {
        self.init(keywords: [keyword], caseSensitive: caseSensitive, scope: scope, wholeWords: wholeWords,
                  ignoresAccents: ignoresAccents)
    }

    /// The matcher for keyword `token`, in this query's modes.
    public func matcher(for token: Int) -> Matcher {
        Matcher.shared(keyword: keywords[token], caseSensitive: caseSensitive, wholeWords: wholeWords,
                       ignoresAccents: ignoresAccents)
    }

    /// True when no keyword is non-empty, so nothing can match.
    public var isEmpty: Bool { keywords.allSatisfy(\.isEmpty) }
}

/// Narrows a search to some cues: by speaker, by style and by time window.
public struct Scope: Hashable, Sendable {
    /// Only cues of this speaker: a name equal to it, or holding its words in a row, ignoring
    /// case (`Michael` and `michael young` find `Michael Young`; see `Scope.speaker(_:matches:)`).
    public var speaker: String?
    /// Only cues that end at or after this time (milliseconds).
    public var from: Int?
    /// Only cues that start at or before this time (milliseconds).
    public var to: Int?
    /// Only cues whose style is one of these (if any are given), and none whose style is in
    /// `excludedStyles`; style names are compared whole, ignoring case. A cue without a
    /// style is outside `styles` and never excluded.
    public var styles: [String]
    public var excludedStyles: [String]

    public init(speaker: String? = nil, from: Int? = nil, to: Int? = nil, styles: [String] = [],
                excludedStyles: [String] = []) {
        self.speaker = speaker
        self.from = from
        self.to = to
        self.styles = styles
        self.excludedStyles = excludedStyles
    }

    /// True when the scope lets every cue through.
    public var isUnrestricted: Bool {
        speaker == nil && from == nil && to == nil && styles.isEmpty && excludedStyles.isEmpty
    }

    /// Whether the scope narrows by style.
    var hasStyles: Bool { !styles.isEmpty || !excludedStyles.isEmpty }

    /// Whether a cue of style `name` (`nil`: none) passes `styles` and `excludedStyles`.
    func allowsStyle(_ name: String?) -> Bool {
        guard let name else { return styles.isEmpty }
        if !styles.isEmpty && !styles.contains(where: { name.compare(toCaseInsensitive: $0) }) { return false }
        return !excludedStyles.contains(where: { name.compare(toCaseInsensitive: $0) })
    }

    /// Whether cue `index` of `transcript` is in scope.
    ///
    /// A cue is in a time window when it overlaps `[from, to]`; untimed cues are
    /// outside any window.
    public func includes(_ index: Int, of transcript: Transcript) -> Bool {
        if let speaker {
            guard let name = transcript.speaker(at: index),
                  Self.speaker(name, matches: speaker) else { return false }
        }
        if hasStyles && !allowsStyle(transcript.style(at: index)) { return false }
        return windowIncludes(start: transcript.start(at: index), end: transcript.end(at: index))
    }

    /// Whether a cue from `start` to `end` overlaps the window `[from, to]`: the one time rule.
    ///
    /// Without a window every cue is in it; with one, an untimed cue (`start` is `nil`) is not.
    /// A cue without an end, or one that ends before it starts, lasts an instant.
    @inline(__always)
    func windowIncludes(start: Int?, end: Int?) -> Bool {
        guard from != nil || to != nil else { return true }
        guard let start else { return false }
        let end = max(end ?? start, start)
        if let from, end < from { return false }
        if let to, start > to { return false }
        return true
    }
}

extension Scope {
    /// A fast test for "cue `index` is in scope", with speaker names compared once per speaker.
    func filter(for transcript: Transcript) -> (Int) -> Bool {
        guard !isUnrestricted else { return { _ in true } }
        var speakerAllowed: [Bool]? = nil
        if let speaker {
            speakerAllowed = transcript.speakers.map { Self.speaker($0, matches: speaker) }
        }
        let styleAllowed = hasStyles ? transcript.styles.map { allowsStyle($0) } : nil
        let unstyledAllowed = styles.isEmpty
        let allowed = speakerAllowed
        return { [self] index in
            if let allowed {
                guard let speaker = transcript.speakerIndex(at: index), allowed[speaker] else { return false }
            }
            if let styleAllowed {
                if let style = transcript.styleIndex(at: index) {
                    guard styleAllowed[style] else { return false }
                } else if !unstyledAllowed {
                    return false
                }
            }
            return windowIncludes(start: transcript.start(at: index), end: transcript.end(at: index))
        }
    }
}

extension Scope {
    /// Whether the speaker `name` is the one `wanted`: the whole name, or words of it in a
    /// row (words are separated by spaces), ignoring case. `Michael` finds `Michael Young`
    /// and `young` finds it too; `Mich` does not.
    public static func speaker(_ name: String, matches wanted: String) -> Bool {
        if name.compare(toCaseInsensitive: wanted) { return true }
        let words = name.lowercased().split(separator: " ")
        let wantedWords = wanted.lowercased().split(separator: " ")
        guard !wantedWords.isEmpty, wantedWords.count <= words.count else { return false }
        return (0...(words.count - wantedWords.count)).contains { start in
            words[start..<(start + wantedWords.count)].elementsEqual(wantedWords)
        }
    }
}

extension String {
    func compare(toCaseInsensitive other: String) -> Bool {
        lowercased() == other.lowercased()
    }
}
