import SeekKit
import SeekViewer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything the interactive navigator needs, prepared by the command line.
struct InteractiveSession {
    /// Each file's path (`nil` for standard input) and how it was collected.
    var library: LibraryInputs
    /// Whether the files make a library (several files, or a directory) rather than one transcript.
    var isLibrary: Bool
    /// Reads file `i` (in the background, the first time the navigator needs it).
    var load: @Sendable (Int) -> LibraryFile.Content
    /// The keywords given on the command line (empty: start in the search field).
    var keywords: [String]
    var caseSensitive: Bool
    var wholeWords: Bool
    var ignoresAccents: Bool
    var scope: Scope
    /// Streams the JSON Lines export of file `i`'s matches (the same text as `--json`) to a writer,
    /// reporting the matches written as it goes and stopping early once `isCancelled`.
    var writeJSONLines: (_ file: Int, Transcript, MatchIndex, DescriptorWriter, _ progress: (Int) -> Void,
                         _ isCancelled: () -> Bool) -> Void
    /// Warnings from reading the file (a guessed encoding, skipped lines), shown in the navigator.
    var warnings: [String] = []
    /// Whether frames may use colours (not with `--color never`, `NO_COLOR` or a dumb terminal).
    var colors = true
    /// The media given with `--media` (one file only), for `p`; otherwise each file's is looked up beside it.
    var media: MediaPath?
    /// How long before a match `p` starts playing, in milliseconds (`--pad`).
    var pad = 1000
    /// The player `p` uses (`--player`, `SEEK_PLAYER`, mpv), or `nil` when there is none.
    var player: PlayerCommand?
}

/// `seek -i`: the full-screen navigator.
enum InteractiveCommand {
    /// Runs the navigator on `files` (in the order the command prints them; those already read hold
    /// their cues) until the user quits; returns the exit status.
    ///
    /// The files are handed on to the viewer, not kept beside its copy.
    static func run(_ session: InteractiveSession, files: consuming [LibraryFile]) -> Int32 {
        let terminal: Terminal
        do {
            terminal = try Terminal()
        } catch {
            var message = Array((error.message + "\n").utf8)
            TerminalRestorer.writeAll(STDERR_FILENO, &message)
            return 2
        }
        var loop = RunLoop(session: session, files: consume files, terminal: terminal)
        let status = loop.run()
        terminal.restore()
        if status > 128, !SignalPipe.ignoredAtStart.contains(status - 128) {
            // Ended by a signal (or Ctrl-C): with the terminal restored, die of it so the shell knows
            // (not of one ignored at start: Ctrl-C under `trap '' INT` is a key that quits with 130).
            signal(status - 128, SIG_DFL)
            raise(status - 128)
        }
        return status
    }
}

/// The navigator's event loop: keys, signals and finished searches in; frames out.
struct RunLoop {
    let session: InteractiveSession
    let terminal: Terminal
    let worker: SearchWorker
    var state: ViewerState
    var decoder = KeyDecoder()
    var previous: Frame?
    /// The media player, started by the first `p` and reused by the next ones.
    let player: PlayerController
    /// The `w` export being written, if any.
    var exportTask: ExportTask?

    /// How long a lone Esc waits for the rest of a sequence, in milliseconds.
    static let escapeDelay: Int32 = 30
    /// How often, with no key pressed, the file on screen is checked for changes on disk, in milliseconds.
    static let fileCheckInterval: Int32 = 1000

    /// The navigator on `files`, handed on to the viewer and the worker (kept there, not twice).
    init(session: InteractiveSession, files: consuming [LibraryFile], terminal: Terminal) {
        self.session = session
        self.terminal = terminal
        let library = self.session.library
        let worker = SearchWorker(files: copy files, paths: { library.path(of: $0) }, load: self.session.load)
        self.worker = worker
        player = PlayerController(command: session.player)
        let completions = { worker.completions(for: $0) }
        if session.isLibrary {
            state = ViewerState(
                library: files, keywords: session.keywords, caseSensitive: session.caseSensitive,
                wholeWords: session.wholeWords, ignoresAccents: session.ignoresAccents, scope: session.scope,
                size: terminal.size(), completions: completions)
        } else {
            state = ViewerState(
                transcript: files[0].transcript ?? Transcript([]), displayName: files[0].name,
                keywords: session.keywords, caseSensitive: session.caseSensitive, wholeWords: session.wholeWords,
                ignoresAccents: session.ignoresAccents, scope: session.scope, size: terminal.size(),
                completions: completions)
        }
        state.exportDefaultName = defaultExportPath.shown
        if let first = session.warnings.first {
            state.message = .warning(first + (session.warnings.count > 1 ? " (and \(session.warnings.count - 1) more)" : ""))
        }
    }

    mutating func run() -> Int32 {
        SignalPipe.install()
        defer {
            exportTask?.cancelAndWait()
            terminal.restore()
            SignalPipe.uninstall()
            player.close()
        }
        terminal.enterRawMode()
        worker.start(state.initialSearch())
        worker.prepareSuggestions()
        draw()
        while true {
            var fds = [
                pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: worker.readEnd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: exportTask?.readEnd ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let timeout: Int32 = decoder.pending.isEmpty ? Self.fileCheckInterval : Self.escapeDelay
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return 2
            }
            if ready == 0 && !decoder.pending.isEmpty {
                if let status = handle(decoder.flush()) { return status }
            }
            if fds[1].revents != 0 {
                for number in SignalPipe.drain() {
                    if let status = handleSignal(number) { return status }
                }
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                guard let bytes = terminal.readBytes() else { return 0 }
                if let status = handle(decoder.decode(bytes)) { return status }
            } else if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return 129
            }
            if fds[2].revents != 0 { take(worker.takeEvents()) }
            if fds[3].revents != 0 { showExportProgress() }
            checkFileOnScreen()
            draw()
        }
    }

    /// Tells the viewer when the file on screen was deleted or changed on disk since it was read.
    private mutating func checkFileOnScreen() {
        let file = state.currentFile
        guard session.library.indices.contains(file), let read = worker.fingerprint(of: file),
              let path = session.library.path(of: file),
              let change = FileFingerprint.change(at: path, since: read) else { return }
        state.fileChangedOnDisk(file, change)
    }

    /// Hands what the worker found to the viewer: files read, then each search's results in one batch.
    private mutating func take(_ events: [SearchWorker.Event]) {
        var results: [FileMatches] = []
        var generation = 0
        func flush(_ state: inout ViewerState) {
            if !results.isEmpty { state.apply(results, generation: generation) }
            results.removeAll()
        }
        for event in events {
            switch event {
            case .read(let file, let content):
                flush(&state)
                state.fileLoaded(file, content: content)
            case .searched(let found, let searched):
                if searched != generation { flush(&state) }
                generation = searched
                results.append(found)
            }
        }
        flush(&state)
    }

    /// Applies keys; an exit status when one of them quits.
    private mutating func handle(_ keys: [Key]) -> Int32? {
        for key in keys {
            if key == .control("l") { previous = nil }
            switch state.handle(key) {
            case .quit(let status)?:
                return status
            case .search(let request)?:
                worker.start(request)
            case .export(let request)?:
                export(request)
            case .suspend?:
                suspend()
            case .play(let match)?:
                play(match)
            case nil:
                break
            }
        }
        return nil
    }

    private mutating func handleSignal(_ number: Int32) -> Int32? {
        switch number {
        case SIGWINCH:
            state.resize(to: terminal.size())
        case SIGTSTP:
            suspend()
        case SIGCONT:
            terminal.enterRawMode(again: true)
            previous = nil
            state.resize(to: terminal.size())
        case SIGINT:
            return 130
        case SIGCHLD:
            player.reap()
        default:
            return 128 + number
        }
        return nil
    }

    /// Plays `match` from `--pad` before its moment; the status line says what happened.
    private mutating func play(_ match: Match) {
        let path = session.library.path(of: state.currentFile)
        let media = session.isLibrary ? MediaLookup.media(forTranscript: path, explicit: nil) : session.media
        guard let media else {
            // --media names the media of one transcript only: a library finds each file's beside it.
            state.message = .notice(path == nil
                ? "no media for standard input; name it with --media FILE"
                : session.isLibrary
                ? "no media file beside \(Sanitizer.sanitize(state.displayName)) (one of the same name, .mkv .mp4 .mp3 …)"
                : "no media file beside \(Sanitizer.sanitize(state.displayName)); name it with --media FILE")
            return
        }
        guard let start = MatchMoment.playbackStart(of: match, in: state.transcript, pad: session.pad) else {
            state.message = .notice("this match has no time to play from")
            return
        }
        switch player.play(media, at: start) {
        case .playing(let text): state.message = .info(text)
        case .failed(let text): state.message = .error(text)
        }
    }

    /// Restores the terminal and stops the process; on resume, takes the terminal back and redraws.
    private mutating func suspend() {
        terminal.restore()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        SignalPipe.route(SIGTSTP)
        terminal.enterRawMode()
        previous = nil
        state.resize(to: terminal.size())
    }

    /// Writes the matches where `request` says: never through a symbolic link, and over an
    /// existing file only once the user has said to replace it.
    private mutating func export(_ request: ExportRequest) {
        guard exportTask == nil else {
            state.message = .notice("still exporting: one export at a time")
            return
        }
        let matches = state.matches
        guard !state.isSearching else {
            state.message = .notice("still searching: export once the count is final")
            return
        }
        guard matches.total > 0 else {
            state.message = .notice("nothing to export: no matches")
            return
        }
        let path = request.name.map { SystemPath($0) } ?? defaultExportPath
        var info = stat()
        if path.withCString({ lstat($0, &info) }) == 0 {
            if info.st_mode & S_IFMT == S_IFLNK {
                state.message = .error("could not export: \(path.shown) is a symbolic link (not followed)")
                return
            }
            if !request.replace && info.st_mode & S_IFMT == S_IFREG {
                state.askToReplace(request, shownName: path.shown)
                return
            }
        }
        let write = session.writeJSONLines
        let files = state.files
        let inputs = session.library.paths
        exportTask = ExportTask(total: matches.total, shownName: path.shown) { progress, isCancelled in
            ExportFile.write(to: path, replace: request.replace, notOver: inputs, isCancelled: isCancelled) { writer in
                for file in files.indices where !isCancelled() {
                    if let transcript = files[file].transcript, let index = matches.index(ofFile: file), !index.isEmpty {
                        write(file, transcript, index, writer, progress, isCancelled)
                    }
                }
            }
        }
        showExportProgress()
    }

    /// The status line follows the export: how much is written, then where it went or what went wrong.
    private mutating func showExportProgress() {
        guard let task = exportTask else { return }
        switch task.take() {
        case .writing(let written):
            let percent = written * 100 / max(task.total, 1)
            state.message = .info("exporting \(task.total) match\(task.total == 1 ? "" : "es") to \(task.shownName)… \(percent)%")
        case .finished(let failure?):
            exportTask = nil
            state.message = .error(failure)
        case .finished(nil):
            exportTask = nil
            state.message = .info("exported \(task.total) match\(task.total == 1 ? "" : "es") to \(task.shownName)")
        }
    }

    /// Where `w` writes by default: beside the transcript (`talk.matches.jsonl`), or `seek-matches.jsonl`
    /// in the current folder for a library or standard input.
    private var defaultExportPath: SystemPath {
        ExportFile.path(forTranscript: session.isLibrary ? nil : session.library.path(of: 0))
    }

    private mutating func draw() {
        let frame = FrameRenderer.render(state)
        guard frame != previous else { return }
        terminal.send(frame.bytes(replacing: previous, colors: session.colors))
        previous = frame
    }
}
