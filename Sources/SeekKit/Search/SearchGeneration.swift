import Foundation

/// Orders incremental searches so that the latest query wins.
///
/// Each query change calls `begin()` and searches with the ticket's `isCancelled`
/// (for example `MatchIndex.build(transcript:query:isCancelled: ticket.isCancelled)`),
/// possibly on another thread. Starting a newer search cancels every older one, and
/// `apply(_:_:)` runs the result's hand-over only while its ticket is still the
/// latest, so a stale result never replaces a newer one.
///
/// ```swift
/// let ticket = generation.begin()
/// DispatchQueue.global().async {
///     guard let index = MatchIndex.build(transcript: t, query: q, isCancelled: ticket.isCancelled) else { return }
///     generation.apply(ticket) { viewer.update(index: index) }
/// }
/// ```
public final class SearchGeneration: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: UInt64 = 0

    public init() {}

    /// One search's claim to be applied.
    public struct Ticket: Sendable {
        public let number: UInt64
        let generation: SearchGeneration

        /// True once a newer search has begun (or the generation was cancelled).
        public var isCancelled: Bool { !generation.isLatest(self) }

        /// `isCancelled` as a closure, for `MatchIndex.build`.
        public func isCancelledCheck() -> Bool { isCancelled }
    }

    /// Starts a new search, cancelling all earlier ones.
    public func begin() -> Ticket {
        lock.lock()
        defer { lock.unlock() }
        latest &+= 1
        return Ticket(number: latest, generation: self)
    }

    /// Cancels every search begun so far.
    public func cancelAll() {
        lock.lock()
        latest &+= 1
        lock.unlock()
    }

    /// Whether `ticket` belongs to the most recent search.
    public func isLatest(_ ticket: Ticket) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return ticket.number == latest
    }

    /// Runs `body` only if `ticket` is still the latest, holding the lock so no newer
    /// search can begin in between; returns whether it ran.
    @discardableResult
    public func apply(_ ticket: Ticket, _ body: () throws -> Void) rethrows -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard ticket.number == latest else { return false }
        try body()
        return true
    }
}
