#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SeekBytes

/// The signals whose default action ends the process: each must leave the terminal as it
/// found it and remove an unfinished temporary file before the process dies of it.
enum TerminatingSignals {
    /// Every signal whose default action is to terminate (or to dump core), the real-time
    /// signals (`kill -s RTMIN`) included; SIGPWR, where there is one, comes last.
    static let all: [Int32] = {
        var numbers = [SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV,
                       SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS]
        #if canImport(Glibc)
        // The C library keeps the few real-time signals below SIGRTMIN for its threads.
        numbers += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        numbers += [SIGSTKFLT, SIGIO, SIGPWR]
        #endif
        return numbers
    }()

    /// Whether `number` is ignored (as `nohup` leaves SIGHUP): such a signal stays ignored.
    static func isIgnored(_ number: Int32) -> Bool {
        SignalDispositions.isIgnored(number)
    }

    /// Installs `handler` for each of `numbers` that is not ignored.
    static func install(_ numbers: [Int32], _ handler: @convention(c) (Int32) -> Void) {
        for number in numbers where !isIgnored(number) { signal(number, handler) }
    }

    /// Puts `number` back to its default action and raises it again: called at the end of a
    /// handler, the process then dies of the signal (once the handler returns) as it would have.
    static func dieOf(_ number: Int32) {
        signal(number, SIG_DFL)
        raise(number)
    }
}
