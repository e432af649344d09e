import SeekBytes
import SeekKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The three standard streams as file descriptors, and whether they are terminals.
struct StandardStreams {
    var input: Int32 = 0
    var output: Int32 = 1
    var error: Int32 = 2

    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed (`seek 2>&-`), so no
    /// file `seek` opens later (an output file, a temporary file) gets one of those numbers and
    /// receives messages or output meant for a standard stream.
    static func occupyClosedDescriptors() {
        for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    var inputIsTerminal: Bool { isatty(input) == 1 }
    var outputIsTerminal: Bool { isatty(output) == 1 }

    /// Writes a whole message to standard error (short writes retried, failures ignored).
    ///
    /// Each line is sanitised: file names and messages quoting a file never reach the terminal raw.
    func writeError(_ text: String) {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Sanitizer.sanitize($0) }.joined(separator: "\n")
        var bytes = Array(safe.utf8)
        _ = DescriptorWriter.writeAll(&bytes, to: error)
    }
}

/// The environment variables `seek` reads, looked up one by one: copying the whole
/// environment into a dictionary cost about a third of a millisecond of every run.
struct ProcessEnvironment {
    /// `NO_COLOR`: when set and not empty, no colours unless asked for.
    var noColor: String?
    /// `TERM`: `dumb` means no colours unless asked for.
    var term: String?

    static func current() -> ProcessEnvironment {
        ProcessEnvironment(noColor: value(of: "NO_COLOR"), term: value(of: "TERM"))
    }

    private static func value(of name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Buffered writing of bytes to a file descriptor; remembers the first error.
final class DescriptorWriter {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    /// The `errno` of the first failed write, if any; later writes are dropped.
    private(set) var failure: Int32?
    /// Whether control codes are written in their visible forms (an export shown on a terminal).
    var showsControlCodes = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.flushThreshold)
    }

    static let flushThreshold = 1 << 16

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.flushThreshold { flush() }
    }

    /// Appends bytes built elsewhere; `bytes` is emptied (its capacity kept).
    func write(taking bytes: inout [UInt8]) {
        if buffer.isEmpty && bytes.count >= Self.flushThreshold && !showsControlCodes {
            swap(&buffer, &bytes)
            flush()
            swap(&buffer, &bytes)
        } else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= Self.flushThreshold { flush() }
        }
        bytes.removeAll(keepingCapacity: true)
    }

    func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !buffer.isEmpty else { return }
        if showsControlCodes { buffer = Sanitizer.sanitizeKeepingLines(buffer) }
        if let error = Self.writeAll(&buffer, to: descriptor) { failure = error }
    }

    /// Writes all of `bytes`, retrying short writes and interruptions; returns `errno` on failure.
    static func writeAll(_ bytes: inout [UInt8], to descriptor: Int32) -> Int32? {
        DescriptorIO.writeAll(descriptor, bytes)
    }
}
