#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `-o FILE` atomically: everything goes to a hidden temporary file in the
/// same directory, which is renamed over FILE only once it is complete and synced.
///
/// A failure (read-only directory, full disk) removes the temporary file and
/// leaves any previous FILE as it was. With `cleanupOnSignals`, an interrupt
/// (SIGINT, SIGTERM, SIGHUP) removes the temporary file before the process ends;
/// the interactive viewer, which handles those signals itself, turns that off. A symbolic link is
/// followed (the file it points to is replaced, the link kept); a device or
/// pipe (`/dev/null`, `/dev/stdout`) is written in place.
final class AtomicOutputFile {
    /// The path as the user gave it.
    let path: String
    /// Where the file really goes (symbolic links resolved).
    private var finalPath: String?
    /// The hidden temporary file, or `nil` when writing a device or pipe in place.
    let temporaryPath: String?
    let writer: DescriptorWriter

    /// A problem with the output file, phrased for the user.
    struct Failure: Error {
        var message: String
    }

    private let cleanupOnSignals: Bool

    init(path: String, cleanupOnSignals: Bool = true) throws(Failure) {
        self.path = path
        self.cleanupOnSignals = cleanupOnSignals
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        if stat(target, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            guard (info.st_mode & S_IFMT) != S_IFDIR else {
                throw Failure(message: "cannot write \(path): it is a directory")
            }
            // A device or pipe (/dev/null, /dev/stdout, a FIFO) is written in place: there is nothing to rename over.
            let descriptor = open(target, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw Failure(message: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            temporaryPath = nil
            writer = DescriptorWriter(descriptor: descriptor)
            return
        }
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array((directory + "." + base + ".seek-XXXXXX").utf8CString)
        // Interrupts wait until the cleanup is in place, so none can strand the temporary file.
        if cleanupOnSignals { SignalCleanup.hold() }
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            if cleanupOnSignals { SignalCleanup.release() }
            throw Failure(message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        temporaryPath = temporary
        finalPath = target
        writer = DescriptorWriter(descriptor: descriptor)
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        if cleanupOnSignals { SignalCleanup.install(removing: temporary) }
    }

    /// Flushes, syncs and renames the temporary file into place.
    func commit() throws(Failure) {
        writer.flush()
        defer { if cleanupOnSignals { SignalCleanup.clear() } }
        if let error = writer.failure {
            discard()
            throw Failure(message: "cannot write \(path): \(String(cString: strerror(error)))"
                + (temporaryPath == nil ? "" : " (left any previous \(path) unchanged)"))
        }
        if temporaryPath != nil && fsync(writer.descriptor) != 0 && errno != EINVAL {
            let reason = String(cString: strerror(errno))
            discard()
            throw Failure(message: "cannot write \(path): \(reason) (left any previous \(path) unchanged)")
        }
        close(writer.descriptor)
        guard let temporaryPath, let finalPath else { return }
        if rename(temporaryPath, finalPath) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw Failure(message: "cannot write \(path): \(reason)")
        }
    }

    /// Removes the temporary file without touching FILE.
    func discard() {
        close(writer.descriptor)
        if let temporaryPath { unlink(temporaryPath) }
        if cleanupOnSignals { SignalCleanup.clear() }
    }
}

/// Removes an unfinished temporary file when the process is interrupted.
enum SignalCleanup {
    nonisolated(unsafe) private static var pending: UnsafeMutablePointer<CChar>?

    /// Blocks the interrupting signals until `install` or `release`.
    static func hold() {
        var signals = interrupts
        sigprocmask(SIG_BLOCK, &signals, nil)
    }

    /// Unblocks the interrupting signals (a parent may also have left them blocked: the mask survives exec).
    static func release() {
        var signals = interrupts
        sigprocmask(SIG_UNBLOCK, &signals, nil)
    }

    private static var interrupts: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        return signals
    }

    /// Removes `path` if an interrupt arrives, then unblocks interrupts (one held since `hold` lands now).
    static func install(removing path: String) {
        pending = strdup(path)
        defer { release() }
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(signal) { number in
                if let path = SignalCleanup.pending { unlink(path) }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    static func clear() {
        let path = pending
        pending = nil
        free(path)
        for signal in [SIGINT, SIGTERM, SIGHUP] { Glibc.signal(signal, SIG_DFL) }
    }
}
