#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe the run loop polls beside the keyboard: signal handlers, the search worker and the export
/// write a byte to wake it. Both ends are non-blocking (a full pipe drops a wake-up instead of stopping
/// the writer) and close on exec (a player started later does not hold them).
enum WakePipe {
    /// The read and write ends, or `nil` when no pipe could be made.
    static func make() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }
}
