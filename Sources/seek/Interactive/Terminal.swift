#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SeekBytes
import SeekKit
import SeekViewer

/// The terminal the navigator runs on: raw mode, the alternate screen, reading keys and writing frames.
///
/// Keys come from standard input when it is a terminal, otherwise from `/dev/tty`;
/// frames go to standard output, which must be a terminal. Whatever happens —
/// `restore()`, a signal, `exit`, a crash — the terminal's modes are put back.
final class Terminal {
    /// A reason the terminal cannot be used, phrased for the user.
    struct Failure: Error {
        var message: String
    }

    let input: Int32
    let output: Int32
    private let ownsInput: Bool
    private(set) var isRaw = false
    /// Whether raw mode was set before: keys typed since are kept when it is set again.
    private var wasRaw = false

    /// What a grep user who typed `-i` for "ignore case" needs to hear.
    static let notGrepsIgnoreCase = """
        seek: -i opens the interactive navigator; it is not grep's -i: seek ignores case already \
        (--case-sensitive to match it). For grep-like output to a pipe or file, leave out -i: \
        seek WORD FILE | less (or -o for the matched text, -c to count, --json for data)
        """

    /// Opens the terminal (does not change any mode yet).
    init() throws(Failure) {
        guard isatty(STDOUT_FILENO) == 1 else {
            throw Failure(message: "seek: -i needs a terminal on standard output (use it without redirecting the output)\n"
                          + Self.notGrepsIgnoreCase)
        }
        output = STDOUT_FILENO
        if isatty(STDIN_FILENO) == 1 {
            input = STDIN_FILENO
            ownsInput = false
        } else {
            let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw Failure(message: "seek: -i needs a terminal to read keys from (cannot open /dev/tty)\n"
                              + Self.notGrepsIgnoreCase)
            }
            input = descriptor
            ownsInput = true
        }
        var attributes = termios()
        guard tcgetattr(input, &attributes) == 0 else {
            throw Failure(message: "seek: cannot read the terminal's settings: \(String(cString: strerror(errno)))")
        }
        TerminalRestorer.remember(descriptor: input, attributes: attributes)
    }

    deinit {
        restore()
        if ownsInput { close(input) }
    }

    /// Raw mode, the alternate screen, mouse reports and bracketed paste.
    ///
    /// With `again`, all of it is set even if it was set before: after the process was
    /// stopped (SIGSTOP) and continued, the shell has put its own modes back. The first time,
    /// keys typed before the navigator started are dropped; on resuming (after Ctrl-Z or a SIGSTOP,
    /// then `fg`) they are kept: a key pressed just after `fg`, before the navigator has taken
    /// the terminal back, is read as soon as it has.
    func enterRawMode(again: Bool = false) {
        guard !isRaw || again, let saved = TerminalRestorer.saved else { return }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        SystemFiles.setByte(Int(VMIN), of: &raw.c_cc, to: 1)
        SystemFiles.setByte(Int(VTIME), of: &raw.c_cc, to: 0)
        tcsetattr(input, wasRaw ? TCSANOW : TCSAFLUSH, &raw)
        isRaw = true
        wasRaw = true
        TerminalRestorer.isActive = true
        send(([.enterAlternateScreen, .enableMouse, .enableBracketedPaste, .disableAutowrap, .hideCursor, .clearScreen]
            as [TerminalCommand]).map(\.sequence).joined())
    }

    /// Puts the terminal back as it was (safe to call more than once).
    func restore() {
        guard isRaw else { return }
        isRaw = false
        TerminalRestorer.restoreNow()
    }

    /// The terminal's size (80×24 when it cannot be asked).
    func size() -> TerminalSize {
        var window = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
        }
        return TerminalSize(rows: 24, columns: 80)
    }

    /// Writes all of `text`, retrying after interruptions.
    func send(_ text: String) {
        var bytes = Array(text.utf8)
        TerminalRestorer.writeAll(output, &bytes)
    }

    /// Reads what is available; `nil` at end of input or on an error.
    func readBytes() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = DescriptorIO.readSome(input, into: &buffer)
            if count > 0 { return Array(buffer[0..<count]) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
            return nil
        }
    }
}

/// Restores the terminal from anywhere: `Terminal.restore()`, `atexit`, and signal handlers.
///
/// Signal handlers may only call async-signal-safe functions, so everything they
/// need (the descriptor, the saved settings, the bytes to write) is prepared here
/// in advance, in plain global storage.
enum TerminalRestorer {
    nonisolated(unsafe) static var descriptor: Int32 = -1
    nonisolated(unsafe) static var saved: termios?
    nonisolated(unsafe) static var savedCopy = termios()
    nonisolated(unsafe) static var isActive = false
    static let resetBytes: SignalSafeBytes = {
        let commands: [TerminalCommand] = [.disableMouse, .disableBracketedPaste, .enableAutowrap, .resetStyle,
                                           .showCursor, .exitAlternateScreen]
        return SignalSafeBytes(Array(commands.map(\.sequence).joined().utf8))
    }()
    nonisolated(unsafe) private static var installedExitHandler = false

    static func remember(descriptor: Int32, attributes: termios) {
        self.descriptor = descriptor
        saved = attributes
        savedCopy = attributes
        _ = resetBytes
        if !installedExitHandler {
            installedExitHandler = true
            atexit { TerminalRestorer.restoreNow() }
            // Every terminating signal; those the navigator handles itself (SignalPipe) are routed there later.
            TerminatingSignals.install(TerminatingSignals.all) { number in
                TerminalRestorer.restoreNow()
                TerminatingSignals.dieOf(number)
            }
        }
    }

    /// Leaves the alternate screen and restores the saved settings; async-signal-safe.
    static func restoreNow() {
        guard isActive, descriptor >= 0 else { return }
        isActive = false
        resetBytes.writeAll(to: STDOUT_FILENO)
        tcsetattr(descriptor, TCSAFLUSH, &savedCopy)
    }

    static func writeAll(_ descriptor: Int32, _ bytes: inout [UInt8]) {
        DescriptorIO.writeAll(descriptor, bytes, retryingWouldBlock: true)
    }
}
