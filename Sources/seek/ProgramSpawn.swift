#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SeekBytes

/// One `posix_spawnp(3)` call: its file actions, its attributes and the argument vector, in the
/// one place where the two C libraries' types differ (Darwin's `posix_spawn_file_actions_t` and
/// `posix_spawnattr_t` are pointers that `…_init` allocates; Glibc's are structures; Darwin has
/// no `environ` variable, only `_NSGetEnviron()`).
///
/// The program is named by an argument vector, never through a shell.
final class ProgramSpawn {
    #if canImport(Darwin)
    private var actions: posix_spawn_file_actions_t?
    private var attributes: posix_spawnattr_t?
    #else
    private var actions = posix_spawn_file_actions_t()
    private var attributes = posix_spawnattr_t()
    #endif
    private var flags: Int32 = 0

    init() {
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
    }

    deinit {
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
    }

    /// Opens `path` as the child's `descriptor`.
    func open(_ descriptor: Int32, path: String, flags openFlags: Int32) {
        posix_spawn_file_actions_addopen(&actions, descriptor, path, openFlags, 0)
    }

    /// Makes the child's `target` a copy of `descriptor`.
    func duplicate(_ descriptor: Int32, as target: Int32) {
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
    }

    /// Starts the child in a process group of its own, so the terminal's Ctrl-C and Ctrl-Z do not reach it.
    func ownProcessGroup() {
        posix_spawnattr_setpgroup(&attributes, 0)
        flags |= Int32(POSIX_SPAWN_SETPGROUP)
    }

    /// Starts the child with no signal blocked and `signals` at their default actions.
    func resetSignals(_ signals: [Int32]) {
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in signals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        flags |= Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
    }

    /// Starts `arguments[0]` (looked up on `PATH` when it has no `/`) with `arguments`, each the
    /// exact bytes of one argument, in this process's environment.
    ///
    /// Returns the child's id, or the error number `posix_spawnp` gave.
    func start(_ arguments: [[UInt8]]) -> Result<pid_t, SpawnError> {
        precondition(!arguments.isEmpty, "a program to start")
        posix_spawnattr_setflags(&attributes, Int16(flags))
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        var pid = pid_t()
        let result = CStringVector.with(arguments) { vector in
            posix_spawnp(&pid, vector[0]!, &actions, &attributes, vector, environment)
        }
        return result == 0 ? .success(pid) : .failure(SpawnError(number: result))
    }
}

/// The error number `posix_spawnp` returned.
struct SpawnError: Error, Equatable {
    var number: Int32

    /// The C library's words for it.
    var description: String { String(cString: strerror(number)) }
}
