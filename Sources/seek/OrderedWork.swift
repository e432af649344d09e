import Foundation

/// Runs `work` for every index in `0..<count` on up to `width` threads, the calling thread
/// among them, and hands each result to `deliver` on the calling thread in index order, as
/// soon as it and every result before it are done.
///
/// At most `window` results are ever done and not yet delivered, and once those waiting weigh
/// more than `budget` together (by `weight`, say the bytes a result holds) no thread starts on
/// anything but the next result to deliver: memory stays bounded however many items there are,
/// while many light results (a library of small files) keep every thread busy without waiting
/// for one another. There are no rounds: a thread waits only when the window or the budget is
/// full or the work is out.
func orderedParallelMap<Result>(
    count: Int, width: Int, window: Int, budget: Int = .max,
    weight: @escaping @Sendable (Result) -> Int = { _ in 0 },
    work: @escaping @Sendable (Int) -> Result, deliver: (Result) -> Void
) {
    guard count > 0 else { return }
    let shared = OrderedWork(count: count, window: max(1, window), budget: budget, weight: weight, work: work)
    for _ in 1..<max(1, min(width, count)) {
        let thread = Thread { shared.runAsWorker() }
        // As much stack as the main thread has, since any file may be worked on either.
        thread.stackSize = 8 << 20
        thread.start()
    }
    shared.runAsCaller(deliver: deliver)
}

/// The state the threads of one `orderedParallelMap` share, guarded by `condition`.
///
/// Results live in a ring of `window` slots: index `i` may be taken only while
/// `i < delivered + window`, so two results never share a slot.
private final class OrderedWork<Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private let budget: Int
    private let weight: @Sendable (Result) -> Int
    private let work: @Sendable (Int) -> Result
    private var slots: [(result: Result, weight: Int)?]
    /// The next index no thread has taken yet.
    private var next = 0
    /// How many results the caller has delivered (the index of the one it waits for).
    private var delivered = 0
    /// What the results done and not yet delivered weigh together.
    private var waiting = 0

    init(count: Int, window: Int, budget: Int, weight: @escaping @Sendable (Result) -> Int,
         work: @escaping @Sendable (Int) -> Result) {
        self.count = count
        self.window = min(window, count)
        self.budget = budget
        self.weight = weight
        self.work = work
        slots = Array(repeating: nil, count: self.window)
    }

    /// Whether an index can be taken now (call with the lock held): the next to deliver always,
    /// another while the window has room and the results waiting are within the budget.
    private var canTake: Bool {
        next < count && next < delivered + window && (next == delivered || waiting <= budget)
    }

    /// Works `i` outside the lock and stores its result (call with the lock held).
    private func take() {
        let i = next
        next += 1
        condition.unlock()
        let result = work(i)
        let resultWeight = max(0, weight(result))
        condition.lock()
        slots[i % window] = (result, resultWeight)
        waiting += resultWeight
        // Only the caller waits for a result, and only for the one at the head.
        if i == delivered { condition.broadcast() }
    }

    /// A helper thread: takes indices until they are all taken.
    func runAsWorker() {
        condition.lock()
        while next < count {
            if canTake { take() } else { condition.wait() }
        }
        condition.unlock()
    }

    /// The calling thread: delivers results in order, working an index itself whenever
    /// the next result to deliver is not done yet.
    func runAsCaller(deliver: (Result) -> Void) {
        condition.lock()
        while delivered < count {
            let head = delivered % window
            if let (result, resultWeight) = slots[head] {
                slots[head] = nil
                // The window moves on only once the result is delivered, so it counts until then.
                condition.unlock()
                deliver(result)
                condition.lock()
                delivered += 1
                waiting -= resultWeight
                // A helper may be waiting for room in the window or the budget.
                condition.broadcast()
            } else if canTake {
                take()
            } else {
                condition.wait()
            }
        }
        condition.unlock()
    }
}
