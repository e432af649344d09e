import Foundation
import SeekKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `extracting 3/40: name.mkv` on standard error while several videos are read, rewritten in
/// place with a carriage return and cleared at the end. Made only when standard error is a
/// terminal (`make` decides); every method may be called from any thread.
final class ExtractionProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let descriptor: Int32
    private let total: Int
    private let columns: Int
    private var started = 0
    /// The line now shown, if any.
    private var shown: String?

    private init(descriptor: Int32, total: Int, columns: Int) {
        self.descriptor = descriptor
        self.total = total
        self.columns = columns
    }

    /// A progress line for `videos` videos on `descriptor`, or nil when there are fewer than two
    /// or the descriptor is not a terminal (a pipe or file never receives progress).
    static func make(videos: Int, descriptor: Int32) -> ExtractionProgress? {
        guard videos > 1, isatty(descriptor) == 1 else { return nil }
        var window = winsize()
        let columns = ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0 && window.ws_col > 0 ? Int(window.ws_col) : 80
        return ExtractionProgress(descriptor: descriptor, total: videos, columns: columns)
    }

    /// Shows that the video `name` is being read now.
    func starting(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        started += 1
        var line = "extracting \(started)/\(total): "
        // One line the width of the terminal at most, or `\r` would not go back to its start.
        var room = columns - 1 - DisplayWidth.of(line)
        for character in Sanitizer.sanitize(name) {
            room -= DisplayWidth.widest(character)
            if room < 0 { break }
            line.append(character)
        }
        shown = line
        write("\r" + TerminalCommand.clearToEndOfLine.sequence + line)
    }

    /// Runs `body` (which may write to standard output or error) with the line cleared, then shows it again.
    func aside(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        if shown != nil { write("\r" + TerminalCommand.clearToEndOfLine.sequence) }
        body()
        if let shown { write(shown) }
    }

    /// Clears the line for good.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown != nil { write("\r" + TerminalCommand.clearToEndOfLine.sequence) }
        shown = nil
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = DescriptorWriter.writeAll(&bytes, to: descriptor)
    }
}
