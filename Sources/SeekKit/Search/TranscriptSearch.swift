import Observation

/// Find-in-transcript as an observable model: what a SwiftUI transcript view binds to.
///
/// Set `text` (the keyword being typed), `tokens` (keywords already made into pills),
/// `scope` and the matching modes; a search runs in the background `throttle` after the
/// last change, and when several changes are in flight the newest query wins (`SearchGeneration`).
/// When a result arrives, `current` stays on the match you were on if the new query still
/// matches over it (typing `bud` → `budget` keeps you in place), else moves to the match
/// nearest the middle of `visibleCues`, else to the first match after them.
///
/// ```swift
/// @State private var search = TranscriptSearch(transcript: transcript)
/// ...
/// TextField("Search", text: $search.text)
/// Text("\(search.current ?? 0)/\(search.count)")
/// Button("Next") { search.next() }
/// ```
///
/// It has no UI of its own: tests drive it on Linux and `await searchFinished()` for results.
@MainActor @Observable
public final class TranscriptSearch {
    /// The transcript searched.
    public let transcript: Transcript
    /// The keyword being typed (the last keyword of the query).
    public var text = "" {
        didSet {
            guard text != oldValue else { return }
            suggestions = completions(for: text)
            queryChanged()
        }
    }
    /// Keywords made into tokens, each matched on its own and highlighted in its own colour.
    public var tokens: [String] = [] { didSet { if tokens != oldValue { queryChanged() } } }
    /// Which cues are searched.
    public var scope = Scope() { didSet { if scope != oldValue { queryChanged() } } }
    /// Match case exactly.
    public var caseSensitive = false { didSet { if caseSensitive != oldValue { queryChanged() } } }
    /// Match whole words only (Unicode word boundaries).
    public var wholeWords = false { didSet { if wholeWords != oldValue { queryChanged() } } }
    /// Fold accents, typographic punctuation and width forms (`AccentFolding`).
    public var ignoresAccents = false { didSet { if ignoresAccents != oldValue { queryChanged() } } }
    /// The cues on screen, top to bottom; set it as the list scrolls (it starts no search).
    public var visibleCues: Range<Int>?
    /// How long after the last change a search starts.
    public var throttle: Duration

    /// The matches of the newest finished search.
    public private(set) var index: MatchIndex
    /// The position (1…`count`) of the current match, or `nil` when there is none.
    public private(set) var current: Int?
    /// True while a search for the newest query has not finished.
    public private(set) var isSearching = false
    /// Words of the transcript that complete the last word of `text`, most frequent first.
    public private(set) var suggestions: [String] = []

    @ObservationIgnored private let generation = SearchGeneration()
    @ObservationIgnored private var pending: Task<Void, Never>?
    @ObservationIgnored private var pendingNumber = 0
    @ObservationIgnored private var words: Suggestions?

    /// A search over `transcript`, with nothing typed yet.
    public init(transcript: Transcript, throttle: Duration = .milliseconds(120)) {
        self.transcript = transcript
        self.throttle = throttle
        self.index = MatchIndex()
    }

    /// The query the model searches for: the tokens, then the text being typed.
    public var query: Query {
        Query(keywords: tokens + (text.isEmpty ? [] : [text]), caseSensitive: caseSensitive, scope: scope,
              wholeWords: wholeWords, ignoresAccents: ignoresAccents)
    }

    /// The number of matches.
    public var count: Int { index.count }

    /// The current match.
    public var currentMatch: Match? { current.map { index[$0] } }

    /// Moves to the next match, wrapping to the first.
    public func next() {
        guard !index.isEmpty else { return }
        current = current.map { $0 < index.count ? $0 + 1 : 1 } ?? 1
    }

    /// Moves to the previous match, wrapping to the last.
    public func previous() {
        guard !index.isEmpty else { return }
        current = current.map { $0 > 1 ? $0 - 1 : index.count } ?? index.count
    }

    /// Makes match `position` current (a tap on it); ignored when out of range.
    public func select(_ position: Int) {
        if index.indices.contains(position) { current = position }
    }

    /// Makes `text` a token and clears it.
    public func makeToken() {
        guard !text.isEmpty else { return }
        tokens.append(text)
        text = ""
    }

    /// Waits until the search for the newest query has finished and been applied.
    public func searchFinished() async {
        while let task = pending {
            let number = pendingNumber
            await task.value
            if number == pendingNumber { pending = nil }
        }
    }

    private func completions(for text: String) -> [String] {
        guard let word = text.split(separator: " ", omittingEmptySubsequences: false).last, !word.isEmpty else {
            return []
        }
        if words == nil { words = Suggestions(transcript: transcript) }
        return words?.completions(for: String(word), limit: 5) ?? []
    }

    private func queryChanged() {
        let query = self.query
        let ticket = generation.begin()
        pending?.cancel()
        pendingNumber += 1
        guard !query.isEmpty else {
            pending = nil
            apply(MatchIndex(query: query), ticket)
            return
        }
        isSearching = true
        let transcript = self.transcript
        let throttle = self.throttle
        pending = Task { [weak self] in
            if throttle > .zero {
                do { try await Task.sleep(for: throttle) } catch { return }
            }
            guard !ticket.isCancelled else { return }
            let found = await Task.detached(priority: .userInitiated) {
                MatchIndex.build(transcript: transcript, query: query, isCancelled: ticket.isCancelledCheck)
            }.value
            guard let found else { return }
            self?.apply(found, ticket)
        }
    }

    private func apply(_ found: MatchIndex, _ ticket: SearchGeneration.Ticket) {
        guard generation.isLatest(ticket) else { return }
        let old = currentMatch
        let visible = visibleCues.map { cues in cues.map { VisibleCue(cue: $0, rows: ($0 - cues.lowerBound)..<($0 - cues.lowerBound + 1)) } } ?? []
        index = found
        current = found.position(keeping: old, visible: visible, viewHeight: visibleCues?.count ?? 0)
        isSearching = false
    }
}
