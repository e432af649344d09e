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
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        let environment = _NSGetEnviron().pointee
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if detached {
            for descriptor: Int32 in [0, 1, 2] {
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGCONT, SIGQUIT] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { bytes -> UnsafeMutablePointer<CChar>? in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, byte) in bytes.enumerated() { copy[i] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
        defer { for pointer in argv { pointer?.deallocate() } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, environment)
        guard result == 0 else {
            let name = String(decoding: program, as: UTF8.self)
            throw Failure(message: "could not start \(name): \(String(cString: strerror(result)))")
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
