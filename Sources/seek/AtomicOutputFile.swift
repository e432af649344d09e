#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SeekBytes

/// Writes `-o FILE` (and the navigator's exports) atomically: everything goes to a hidden
/// temporary file in the same directory, which is renamed over FILE only once it is complete
/// and synced.
///
/// A failure (read-only directory, full disk) removes the temporary file and leaves any
/// previous FILE as it was; a replaced FILE keeps its mode (and owner, where permitted). With
/// `cleanupOnSignals`, a terminating signal removes the temporary file before the process
/// ends; the interactive viewer, which handles signals itself, turns that off.
///
/// With `links: .follow` (`-o`, a name the user typed) a symbolic link is followed: the
/// file it points to is replaced, or created when the link dangles, and the link is kept.
/// With `.refuse` (a name Seek chose) a symbolic link is an error. A device or pipe
/// (`/dev/null`, a FIFO) is written in place, and so is the file standard output or
/// standard error already writes to (`-o /dev/stdout >> log` appends to `log`): the
/// rename is only for a regular file whose name Seek owns.
final class AtomicOutputFile {
    /// The path as the user gave it.
    let path: SystemPath
    /// Where the file really goes (symbolic links resolved).
    private var finalPath: SystemPath?
    /// The hidden temporary file, or `nil` when writing in place.
    let temporaryPath: SystemPath?
    let writer: DescriptorWriter
    private let replace: Bool

    /// What to do when FILE is a symbolic link.
    enum Links {
        case follow
        case refuse
    }

    /// A problem with the output file, phrased for the user.
    struct Failure: Error {
        var message: String
    }

    /// The longest file name the temporary file may have (`NAME_MAX` on Linux and macOS).
    static let nameLimit = 255

    private let cleanupOnSignals: Bool

    /// Opens the temporary file (or FILE itself, when it is written in place).
    ///
    /// - Parameters:
    ///   - replace: when `false`, an existing FILE is never replaced: `commit` fails instead.
    ///   - inPlaceDescriptors: descriptors whose file, when FILE is the same, is written
    ///     through them rather than replaced (standard output and standard error).
    init(path: SystemPath, links: Links = .follow, replace: Bool = true, cleanupOnSignals: Bool = true,
         inPlaceDescriptors: [Int32] = [STDOUT_FILENO, STDERR_FILENO]) throws(Failure) {
        self.path = path
        self.cleanupOnSignals = cleanupOnSignals
        self.replace = replace
        let shown = path.shown
        var info = stat()
        let isLink = path.withCString { lstat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFLNK
        if isLink && links == .refuse {
            throw Failure(message: "refusing to write \(shown): it is a symbolic link")
        }
        var existing: stat?
        if path.withCString({ stat($0, &info) }) == 0 {
            let kind = info.st_mode & S_IFMT
            guard kind != S_IFDIR else { throw Failure(message: "cannot write \(shown): it is a directory") }
            if let stream = inPlaceDescriptors.first(where: { Self.isSameFile($0, as: info) }) {
                let descriptor = fcntl(stream, F_DUPFD_CLOEXEC, 3)
                guard descriptor >= 0 else { throw Self.failure(shown) }
                temporaryPath = nil
                writer = DescriptorWriter(descriptor: descriptor)
                return
            }
            if kind != S_IFREG {
                let descriptor = path.withCString { open($0, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
                guard descriptor >= 0 else { throw Self.failure(shown) }
                temporaryPath = nil
                writer = DescriptorWriter(descriptor: descriptor)
                return
            }
            existing = info
        }
        let target = isLink ? Self.resolveLinks(path) : path
        let (directory, name) = target.split
        let suffix = Array(".seek-XXXXXX".utf8)
        let template = directory + [UInt8(ascii: ".")] + name.prefix(Self.nameLimit - 1 - suffix.count) + suffix
        // Signals wait until the cleanup is in place, so none can strand the temporary file.
        if cleanupOnSignals { SignalCleanup.hold() }
        guard let (descriptor, made) = SystemFiles.makeTemporaryFile(template: template) else {
            if cleanupOnSignals { SignalCleanup.release() }
            throw Self.failure(shown)
        }
        let temporary = SystemPath(bytes: made)
        temporaryPath = temporary
        finalPath = target
        writer = DescriptorWriter(descriptor: descriptor)
        if let existing {
            fchmod(descriptor, existing.st_mode & 0o7777)
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
                fchmod(descriptor, existing.st_mode & 0o7777)
            }
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        }
        if cleanupOnSignals { SignalCleanup.install(removing: temporary) }
    }

    /// Flushes, syncs and renames the temporary file into place.
    func commit() throws(Failure) {
        writer.flush()
        defer { if cleanupOnSignals { SignalCleanup.clear() } }
        let shown = path.shown
        let unchanged = temporaryPath == nil ? "" : " (left any previous \(shown) unchanged)"
        if let error = writer.failure {
            discard()
            throw Failure(message: "cannot write \(shown): \(String(cString: strerror(error)))" + unchanged)
        }
        if temporaryPath != nil && fsync(writer.descriptor) != 0 && errno != EINVAL {
            let reason = String(cString: strerror(errno))
            discard()
            throw Failure(message: "cannot write \(shown): \(reason)" + unchanged)
        }
        close(writer.descriptor)
        guard let temporaryPath, let finalPath else { return }
        let placed = temporaryPath.withCString { from in
            finalPath.withCString { to in
                if replace { return rename(from, to) == 0 }
                // link(2) never replaces an existing name, unlike rename(2).
                guard link(from, to) == 0 else { return false }
                unlink(from)
                return true
            }
        }
        if !placed {
            let reason = errno == EEXIST ? "it already exists" : String(cString: strerror(errno))
            temporaryPath.withCString { _ = unlink($0) }
            throw Failure(message: "cannot write \(shown): \(reason)")
        }
    }

    /// Removes the temporary file without touching FILE.
    func discard() {
        close(writer.descriptor)
        temporaryPath?.withCString { _ = unlink($0) }
        if cleanupOnSignals { SignalCleanup.clear() }
    }

    private static func failure(_ shown: String) -> Failure {
        Failure(message: "cannot write \(shown): \(String(cString: strerror(errno)))")
    }

    private static func isSameFile(_ descriptor: Int32, as info: stat) -> Bool {
        var open = stat()
        return fstat(descriptor, &open) == 0 && open.st_dev == info.st_dev && open.st_ino == info.st_ino
    }

    /// Follows symbolic links from `path` to the name they end at, which need not exist yet
    /// (a dangling link names the file to create). Stops after 40 links, as the kernel does.
    static func resolveLinks(_ path: SystemPath) -> SystemPath {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = current.withCString { readlink($0, &buffer, buffer.count - 1) }
            guard count > 0 else { return current }
            let target = buffer[0..<count].map { UInt8(bitPattern: $0) }
            current = target.first == UInt8(ascii: "/")
                ? SystemPath(bytes: target) : SystemPath(bytes: current.split.directory + target)
        }
        return current
    }
}

/// Removes an unfinished temporary file when the process is ended by a signal (any of
/// `TerminatingSignals.all`, a bus error from a file shrinking under a map included).
enum SignalCleanup {
    nonisolated(unsafe) private static var pending: SignalSafeBytes?

    /// Blocks the terminating signals until `install` or `release`.
    static func hold() {
        var signals = blockable
        sigprocmask(SIG_BLOCK, &signals, nil)
    }

    /// Unblocks the terminating signals (a parent may also have left them blocked: the mask survives exec).
    static func release() {
        var signals = blockable
        sigprocmask(SIG_UNBLOCK, &signals, nil)
    }

    /// The terminating signals another process sends (faults are not blocked).
    private static var blockable: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in TerminatingSignals.all where ![SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP].contains(signal) {
            sigaddset(&signals, signal)
        }
        return signals
    }

    /// Removes `path` if a terminating signal arrives, then unblocks them (one held since `hold` lands now).
    static func install(removing path: SystemPath) {
        pending = SignalSafeBytes(path.bytes)
        defer { release() }
        TerminatingSignals.install(TerminatingSignals.all) { number in
            SignalCleanup.removePending()
            TerminatingSignals.dieOf(number)
        }
    }

    /// Removes the unfinished temporary file, if any; async-signal-safe.
    static func removePending() {
        pending?.unlinkPath()
    }

    static func clear() {
        let path = pending
        pending = nil
        path?.free()
        for signal in TerminatingSignals.all where !TerminatingSignals.isIgnored(signal) {
            Platform.signal(signal, SIG_DFL)
        }
    }
}
