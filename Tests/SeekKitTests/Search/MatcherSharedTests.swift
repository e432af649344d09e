import Foundation
import Testing
@testable import SeekKit

/// `Matcher.shared` hands out the matcher asked for, made once: the same matches as a new one,
/// whichever keywords and modes were asked for before, on any thread.
@Suite struct MatcherSharedTests {
    static let asks: [(keyword: String, caseSensitive: Bool, wholeWords: Bool, ignoresAccents: Bool)] = [
        ("budget", false, false, false), ("Budget", true, false, false), ("budget", false, true, false),
        ("cafe", false, false, true), ("预算", false, false, false), ("your home", false, false, false),
        ("σ", false, false, false), ("a", false, false, false), ("a", true, false, false),
        ("bud", false, true, false), ("é", false, false, false),
    ]

    static let text: Substring = "Budget talk: the budget, BUDGET and budgets. Café or cafe? ΣΑΣ σ a A your home 预算 bud é"

    @Test func itMatchesAsANewMatcherWhateverWasAskedBefore() {
        // More asks than are kept, twice over, so some are made again after being dropped.
        for (keyword, caseSensitive, wholeWords, ignoresAccents) in Self.asks + Self.asks.reversed() + Self.asks {
            let shared = Matcher.shared(keyword: keyword, caseSensitive: caseSensitive, wholeWords: wholeWords,
                                        ignoresAccents: ignoresAccents)
            let new = Matcher(keyword: keyword, caseSensitive: caseSensitive, wholeWords: wholeWords,
                              ignoresAccents: ignoresAccents)
            #expect(shared.keyword == keyword && shared.caseSensitive == caseSensitive
                && shared.wholeWords == wholeWords && shared.ignoresAccents == ignoresAccents, "\(keyword)")
            #expect(shared.ranges(in: Self.text) == new.ranges(in: Self.text), "\(keyword)")
        }
    }

    @Test func threadsAskingAtOnceEachGetWhatTheyAsked() {
        let wrong = Wrong()
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            let ask = Self.asks[i % Self.asks.count]
            let shared = Matcher.shared(keyword: ask.keyword, caseSensitive: ask.caseSensitive,
                                        wholeWords: ask.wholeWords, ignoresAccents: ask.ignoresAccents)
            if shared.keyword != ask.keyword || shared.caseSensitive != ask.caseSensitive
                || shared.wholeWords != ask.wholeWords || shared.ignoresAccents != ask.ignoresAccents {
                wrong.add()
            }
        }
        #expect(wrong.count == 0)
    }

    @Test func aQuerysMatcherIsTheSharedOne() {
        let query = Query(keywords: ["budget", "Café"], caseSensitive: true, wholeWords: true)
        for token in query.keywords.indices {
            let matcher = query.matcher(for: token)
            #expect(matcher.keyword == query.keywords[token] && matcher.caseSensitive && matcher.wholeWords)
            #expect(matcher.ranges(in: Self.text) == Matcher(keyword: query.keywords[token], caseSensitive: true,
                                                             wholeWords: true).ranges(in: Self.text))
        }
    }
}

private final class Wrong: @unchecked Sendable {
    private let lock = NSLock()
    private var wrong = 0
    func add() { lock.lock(); wrong += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return wrong }
}
