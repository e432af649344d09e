import SeekBytes
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `w` export written on its own thread, so that keys, resizes and redraws go on while ten
/// million matches are written; the run loop polls `readEnd` and shows the progress.
///
/// The work reports matches written as it goes (`progress`) and stops early once `isCancelled`
/// (quitting the navigator cancels it, and waits, so no temporary file is left behind).
final class ExportTask: @unchecked Sendable {
    /// How far the export has come.
    enum Progress: Equatable {
        case writing(written: Int)
        /// Done: `nil` when written, else what went wrong.
        case finished(failure: String?)
    }

    /// What the thread runs: reports matches written, checks for cancelling; returns a failure or `nil`.
    typealias Work = (_ progress: (Int) -> Void, _ isCancelled: () -> Bool) -> String?

    /// The number of matches the export writes.
    let total: Int
    /// The name the status line gives the file.
    let shownName: String
    let readEnd: Int32
    private let writeEnd: Int32
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var written = 0
    private var failure: String??
    private var cancelled = false

    init(total: Int, shownName: String, work: @escaping Work) {
        self.total = total
        self.shownName = shownName
        let ends = WakePipe.make()
        readEnd = ends?.read ?? -1
        writeEnd = ends?.write ?? -1
        let box = UncheckedBox(work)
        Thread.detachNewThread { [self] in
            let failure = box.value({ count in self.add(count) }, { self.isCancelled })
            lock.lock()
            self.failure = .some(failure)
            lock.unlock()
            announce()
            done.signal()
        }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Empties the pipe and tells how far the export has come.
    func take() -> Progress {
        DescriptorIO.drain(readEnd)
        lock.lock()
        defer { lock.unlock() }
        if let failure { return .finished(failure: failure) }
        return .writing(written: written)
    }

    /// Stops the export where it is (its temporary file removed) and waits for the thread.
    func cancelAndWait() {
        lock.lock()
        cancelled = true
        lock.unlock()
        done.wait()
    }

    private var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Counts `count` more matches written; the loop hears of each hundredth of the total.
    private func add(_ count: Int) {
        lock.lock()
        let before = written * 100 / max(total, 1)
        written += count
        let after = written * 100 / max(total, 1)
        lock.unlock()
        if after != before { announce() }
    }

    /// One byte on the pipe (none when it is full: the loop has not read the last ones yet).
    private func announce() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}

/// Carries a value to another thread where the caller knows it is not shared.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
