import Foundation
import Testing
@testable import seek

/// The ordered parallel map behind searching many files: every result, in order, with a bounded window.
@Suite struct OrderedWorkTests {
    /// Counts results that are done but not yet delivered, and the most there ever were.
    final class Pending: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0
        private(set) var most = 0
        func done() { lock.withLock { now += 1; most = max(most, now) } }
        func delivered() { lock.withLock { now -= 1 } }
    }

    @Test(arguments: [(0, 2, 4), (1, 2, 4), (7, 1, 3), (500, 2, 1), (500, 2, 7), (300, 4, 64), (40, 8, 1024)])
    func deliversEveryResultInOrderWithinTheWindow(count: Int, width: Int, window: Int) {
        let pending = Pending()
        var delivered: [Int] = []
        orderedParallelMap(count: count, width: width, window: window, work: { i in
            // Uneven work, so later indices often finish before earlier ones.
            var x = UInt64(i)
            for _ in 0..<((i * 7919) % 13) * 200 { x = x &* 6364136223846793005 &+ 1 }
            pending.done()
            return (i, x)
        }, deliver: { result in
            pending.delivered()
            delivered.append(result.0)
        })
        #expect(delivered == Array(0..<count))
        #expect(pending.most <= max(1, min(window, count)))
    }

    /// Results that wait for a slow deliverer stop piling up once they outweigh the budget: what
    /// waits is at most the budget and what the threads were working on then.
    @Test func resultsWaitingStayWithinTheBudget() {
        final class Weighed: @unchecked Sendable {
            private let lock = NSLock()
            private var now = 0
            private(set) var most = 0
            func done(_ weight: Int) { lock.withLock { now += weight; most = max(most, now) } }
            func delivered(_ weight: Int) { lock.withLock { now -= weight } }
        }
        let weighed = Weighed()
        var delivered: [Int] = []
        let (width, budget, heavy) = (3, 150, 100)
        orderedParallelMap(count: 300, width: width, window: 64, budget: budget, weight: { $0.weight }, work: { i in
            let weight = i % 3 == 0 ? heavy : 1
            weighed.done(weight)
            return (index: i, weight: weight)
        }, deliver: { result in
            // A slow printer: the workers get far ahead of it unless held back.
            var x = UInt64(result.index)
            for _ in 0..<20_000 { x = x &* 6364136223846793005 &+ 1 }
            weighed.delivered(result.weight)
            delivered.append(result.index + Int(x & 0))
        })
        #expect(delivered == Array(0..<300))
        #expect(weighed.most <= budget + width * heavy)
    }

    @Test func eachIndexIsWorkedExactlyOnce() {
        final class Tally: @unchecked Sendable {
            let lock = NSLock()
            var seen: [Int: Int] = [:]
        }
        let tally = Tally()
        orderedParallelMap(count: 1_000, width: 3, window: 16, work: { i in
            tally.lock.withLock { tally.seen[i, default: 0] += 1 }
            return i
        }, deliver: { _ in })
        #expect(tally.seen.count == 1_000)
        #expect(tally.seen.values.allSatisfy { $0 == 1 })
    }
}
