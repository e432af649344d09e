import Foundation

extension Matcher {
    /// The matcher for `keyword` in these modes, made once and handed out again while the same
    /// keywords are asked for: every file of a library is searched for one query, on whichever
    /// thread, and making a matcher (its byte plan, its Regex) costs about as much as searching
    /// a small file's cues for it.
    ///
    /// The same as `Matcher(keyword:caseSensitive:wholeWords:ignoresAccents:)`: a matcher is a
    /// value that nothing changes once made.
    static func shared(
        keyword: String, caseSensitive: Bool, wholeWords: Bool = false, ignoresAccents: Bool = false
    ) -> Matcher {
        let key = SharedMatchers.Key(keyword: keyword, caseSensitive: caseSensitive, wholeWords: wholeWords,
                                     ignoresAccents: ignoresAccents)
        if let matcher = SharedMatchers.all.matcher(for: key) { return matcher }
        let matcher = Matcher(keyword: keyword, caseSensitive: caseSensitive, wholeWords: wholeWords,
                              ignoresAccents: ignoresAccents)
        SharedMatchers.all.keep(matcher, for: key)
        return matcher
    }
}

/// The matchers made last (`Matcher.shared`): a few, for a query of several keywords, the
/// oldest replaced first, so a navigator typing query after query keeps no more than these.
private final class SharedMatchers: @unchecked Sendable {
    struct Key: Hashable {
        var keyword: String
        var caseSensitive: Bool
        var wholeWords: Bool
        var ignoresAccents: Bool
    }

    static let all = SharedMatchers()
    static let capacity = 8

    private let lock = NSLock()
    // Guarded by `lock`; oldest first.
    private var kept: [(key: Key, matcher: Matcher)] = []

    func matcher(for key: Key) -> Matcher? {
        lock.withLock { kept.first { $0.key == key }?.matcher }
    }

    func keep(_ matcher: Matcher, for key: Key) {
        lock.withLock {
            guard !kept.contains(where: { $0.key == key }) else { return }
            if kept.count == Self.capacity { kept.removeFirst() }
            kept.append((key, matcher))
        }
    }
}
