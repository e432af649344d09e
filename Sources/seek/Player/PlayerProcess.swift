#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A player Seek starts and may leave running (a program run to its end, output collected, is
/// `ChildProcess`): an argument vector handed to `posix_spawnp`, never a shell, so no name or
/// argument is ever read as shell syntax.
///
/// A detached child (a player opened from the navigator) gets `/dev/null` for its standard
/// streams, so nothing it prints reaches the navigator's screen, and a process group of its
/// own, so Ctrl-C and Ctrl-Z in the terminal are not sent to it and it outlives Seek.
final class PlayerProcess {
    let pid: pid_t
    /// The exit status once the child has been reaped (128 + N when killed by signal N).
    private(set) var status: Int32?

    /// Why a program could not be started.
    struct Failure: Error, Equatable {
        var message: String
    }

    private init(pid: pid_t) {
        self.pid = pid
    }

    /// Starts `arguments[0]` (looked up on PATH when it has no `/`) with `arguments`.
    static func spawn(_ arguments: [[UInt8]], detached: Bool) throws(Failure) -> PlayerProcess {
        guard let program = arguments.first, !program.isEmpty else { throw Failure(message: "no program to start") }
        let spawn = ProgramSpawn()
        if detached {
            for descriptor: Int32 in [0, 1, 2] {
                spawn.open(descriptor, path: "/dev/null", flags: descriptor == 0 ? O_RDONLY : O_WRONLY)
            }
            spawn.ownProcessGroup()
        }
        spawn.resetSignals([SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGCONT, SIGQUIT])
        let pid: pid_t
        switch spawn.start(arguments) {
        case .success(let started): pid = started
        case .failure(let error):
            throw Failure(message: "could not start \(String(decoding: program, as: UTF8.self)): \(error.description)")
        }
        return PlayerProcess(pid: pid)
    }

    /// Whether the child is still running; reaps it (no zombie) when it has ended.
    var isRunning: Bool {
        if status != nil { return false }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        if result == 0 { return true }
        status = result == pid ? Self.decode(raw) : -1
        return false
    }

    /// Waits for the child to end and returns its status.
    @discardableResult
    func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &raw, 0) } while result < 0 && errno == EINTR
        let decoded = result == pid ? Self.decode(raw) : -1
        status = decoded
        return decoded
    }

    /// Stops the child: SIGTERM, and SIGKILL if it has not ended within a second; then reaps it.
    func terminate() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        for _ in 0..<50 where isRunning { poll(nil, 0, 20) }
        if isRunning {
            kill(pid, SIGKILL)
            wait()
        }
    }

    private static func decode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }
}
