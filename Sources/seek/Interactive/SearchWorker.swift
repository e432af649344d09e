import SeekBytes
import Dispatch
import Foundation
import SeekKit
import SeekViewer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a library's files and runs searches off the input loop; the newest search wins, older
/// ones are cancelled.
///
/// One pass walks the files from the request's first file, wrapping: each file is read when first
/// reached (and kept), then searched. What a pass finds is queued as events and announced with a
/// byte on `readEnd`, which the run loop polls along with the keyboard. A file read once is never
/// read again, so the first frame needs no file at all and a new query costs only the search.
final class SearchWorker: @unchecked Sendable {
    /// Something the worker found, for the run loop to hand to the viewer.
    enum Event {
        /// A file was read (or could not be).
        case read(file: Int, content: LibraryFile.Content)
        /// A file's matches for the search of `generation`.
        case searched(FileMatches, generation: Int)
    }

    private let load: @Sendable (Int) -> LibraryFile.Content
    /// File `i`'s path (`nil` for standard input).
    private let paths: @Sendable (Int) -> SystemPath?
    /// Each file as it was on disk just before it was read.
    private var fingerprints: [FileFingerprint?]
    private let generation = SearchGeneration()
    private let queue = DispatchQueue(label: "seek.search", qos: .userInitiated)
    private let lock = NSLock()
    private var contents: [LibraryFile.Content]
    private var events: [Event] = []
    private var suggestions: Suggestions?
    /// How many files `suggestions` was built from.
    private var suggestionsCover = 0
    /// Files not read yet.
    private var unread: Int
    /// Whether the word list of the first file read has been asked for.
    private var askedForFirstWords = false
    let readEnd: Int32
    private let writeEnd: Int32

    /// A worker on `files` (those already read keep their content); `load` reads file `i`, at `paths(i)`.
    init(files: [LibraryFile], paths: @escaping @Sendable (Int) -> SystemPath?,
         load: @escaping @Sendable (Int) -> LibraryFile.Content) {
        self.load = load
        self.paths = paths
        contents = files.map(\.content)
        unread = files.count { !$0.isRead }
        fingerprints = files.indices.map { file in
            guard files[file].isRead, let path = paths(file) else { return nil }
            return FileFingerprint(path: path)
        }
        let ends = WakePipe.make()
        readEnd = ends?.read ?? -1
        writeEnd = ends?.write ?? -1
    }

    deinit {
        generation.cancelAll()
        close(readEnd)
        close(writeEnd)
    }

    /// Starts `request` (or, with none, reads every file), cancelling any pass still running.
    func start(_ request: SearchRequest?) {
        let ticket = generation.begin()
        queue.async { [self] in
            let count = contents.count
            let first = min(max(0, request?.firstFile ?? 0), max(0, count - 1))
            for offset in 0..<count {
                if ticket.isCancelled { return }
                let file = (first + offset) % count
                let content = content(of: file)
                guard let request, let transcript = content.transcript else { continue }
                guard let index = MatchIndex.build(transcript: transcript, query: request.query,
                                                   isCancelled: ticket.isCancelledCheck) else { return }
                post(.searched(FileMatches(file: file, index: index), generation: request.generation))
            }
        }
    }

    /// File `file`'s content, reading it (and announcing it) the first time.
    private func content(of file: Int) -> LibraryFile.Content {
        lock.lock()
        let known = contents[file]
        lock.unlock()
        guard case .pending = known else { return known }
        let fingerprint = paths(file).flatMap(FileFingerprint.init(path:))
        let content = load(file)
        lock.lock()
        contents[file] = content
        fingerprints[file] = fingerprint
        unread -= 1
        let isFirst = content.transcript != nil && !askedForFirstWords
        if isFirst { askedForFirstWords = true }
        let isLast = unread == 0
        lock.unlock()
        if isFirst || isLast { prepareSuggestions() }
        post(.read(file: file, content: content))
        return content
    }

    private func post(_ event: Event) {
        lock.lock()
        events.append(event)
        lock.unlock()
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// `file` as it was on disk just before it was read (`nil` until read, or when it has no path).
    func fingerprint(of file: Int) -> FileFingerprint? {
        lock.lock()
        defer { lock.unlock() }
        return fingerprints.indices.contains(file) ? fingerprints[file] : nil
    }

    /// Everything found since the last call, in the order it was found.
    func takeEvents() -> [Event] {
        DescriptorIO.drain(readEnd)
        lock.lock()
        defer { lock.unlock() }
        let taken = events
        events.removeAll()
        return taken
    }

    /// Builds the word list for suggestions in the background from the files read so far (it reads
    /// their whole text): the worker asks again when the first file is read, and for the whole
    /// library's words when the last one is, so suggestions come from every file's words.
    func prepareSuggestions() {
        DispatchQueue.global(qos: .utility).async { [self] in
            lock.lock()
            // The files as they are now (the array shared, not copied, unless a file is read meanwhile).
            let contents = contents
            let cover = suggestionsCover
            lock.unlock()
            let count = contents.count { $0.transcript != nil }
            guard count > cover else { return }
            let built = Suggestions(transcripts: contents.lazy.compactMap(\.transcript))
            lock.lock()
            if count > suggestionsCover {
                suggestions = built
                suggestionsCover = count
            }
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
