#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SeekBytes

/// Turns signals into bytes on a pipe, so the run loop can `poll` for them with the keyboard.
enum SignalPipe {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private(set) static var readEnd: Int32 = -1

    /// The signals the navigator handles (SIGCHLD: a player it started has ended, and is reaped).
    static let handled: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGCONT, SIGCHLD]

    /// The handled signals that were ignored when the navigator started, as `nohup` leaves SIGHUP
    /// and a script's `trap '' INT TERM` those two: they stay ignored (POSIX's rule for a signal
    /// ignored on entry), so the navigator outlives them; it still restores the terminal when it ends.
    nonisolated(unsafe) private(set) static var ignoredAtStart: Set<Int32> = []

    /// Creates the pipe and routes `handled` signals into it, except those ignored at start.
    static func install() {
        if readEnd < 0 {
            ignoredAtStart = Set(handled.filter(TerminatingSignals.isIgnored))
            guard let ends = WakePipe.make() else { return }
            readEnd = ends.read
            writeEnd = ends.write
        }
        for number in handled where !ignoredAtStart.contains(number) { route(number) }
    }

    /// Sends `signal` to the pipe again (after it was reset to its default to suspend).
    static func route(_ number: Int32) {
        signal(number) { number in
            var byte = UInt8(truncatingIfNeeded: number)
            let saved = errno
            _ = write(SignalPipe.writeEnd, &byte, 1)
            errno = saved
        }
    }

    /// Puts every routed signal back to its default action (an ignored one was never routed).
    static func uninstall() {
        for number in handled where !ignoredAtStart.contains(number) { signal(number, SIG_DFL) }
    }

    /// The signals received since the last call, in order.
    static func drain() -> [Int32] {
        var signals: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = DescriptorIO.readSome(readEnd, into: &buffer)
            guard count > 0 else { break }
            signals += buffer[0..<count].map { Int32($0) }
        }
        return signals
    }
}
