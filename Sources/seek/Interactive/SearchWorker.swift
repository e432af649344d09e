import Dispatch
import Foundation
import SeekKit
import SeekViewer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs searches off the input loop; the newest one wins, older ones are cancelled.
///
/// A finished search is stored and announced with a byte on `readEnd`, which the
/// run loop polls along with the keyboard.
final class SearchWorker: @unchecked Sendable {
    private let transcript: Transcript
    private let generation = SearchGeneration()
    private let queue = DispatchQueue(label: "seek.search", qos: .userInitiated)
    private let lock = NSLock()
    private var finished: (index: MatchIndex, generation: Int)?
    private var suggestions: Suggestions?
    let readEnd: Int32
    private let writeEnd: Int32

    init(transcript: Transcript) {
        self.transcript = transcript
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        generation.cancelAll()
        close(readEnd)
        close(writeEnd)
    }

    /// Starts `request`, cancelling any search still running.
    func start(_ request: SearchRequest) {
        let ticket = generation.begin()
        let transcript = transcript
        queue.async { [self] in
            guard let index = MatchIndex.build(transcript: transcript, query: request.query,
                                               isCancelled: ticket.isCancelledCheck) else { return }
            generation.apply(ticket) {
                lock.lock()
                finished = (index, request.generation)
                lock.unlock()
                var byte: UInt8 = 1
                _ = write(writeEnd, &byte, 1)
            }
        }
    }

    /// The newest finished search, if one arrived since the last call.
    func takeResult() -> (index: MatchIndex, generation: Int)? {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
        lock.lock()
        defer { lock.unlock() }
        let result = finished
        finished = nil
        return result
    }

    /// Builds the word list for suggestions in the background (it reads the whole transcript).
    func prepareSuggestions() {
        let transcript = transcript
        DispatchQueue.global(qos: .utility).async { [self] in
            let built = Suggestions(transcript: transcript)
            lock.lock()
            suggestions = built
            lock.unlock()
        }
    }

    /// Up to five completions of `prefix` (none until the word list is ready).
    func completions(for prefix: String) -> [String] {
        lock.lock()
        let ready = suggestions
        lock.unlock()
        return ready?.completions(for: prefix, limit: 5) ?? []
    }
}
