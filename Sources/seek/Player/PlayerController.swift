import SeekKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plays matches in a media player and says what happened, in a line for the status bar.
///
/// With mpv, one window serves every match: the first `play` starts mpv with
/// `--input-ipc-server` on a socket in a private temporary directory (mode 0700), and later
/// calls seek that same mpv (or load another file into it) through the socket. Another player
/// is started afresh for each match, the previous one it started being stopped first. The
/// socket and its directory are removed by `close()`; a running player is left alone.
final class PlayerController {
    let command: PlayerCommand?
    /// Arguments added to every player start (the tests' `--vo=null --ao=null`).
    let extraArguments: [String]
    /// How long a start may take before the player is left to itself, in milliseconds.
    let startTimeout: Int32

    private var child: PlayerProcess?
    private var connection: MPVConnection?
    private var directory: PrivateDirectory?
    private var loadedMedia: [UInt8]?

    /// What a `play` did.
    enum Outcome: Equatable {
        case playing(String)
        case failed(String)

        var message: String {
            switch self {
            case .playing(let message), .failed(let message): message
            }
        }
    }

    init(command: PlayerCommand?, extraArguments: [String] = [], startTimeout: Int32 = 5000) {
        self.command = command
        self.extraArguments = extraArguments
        self.startTimeout = startTimeout
    }

    deinit {
        close()
    }

    /// The path of mpv's socket, once a directory for it exists.
    var socketPath: [UInt8]? { directory?.file(Self.socketName) }

    static let socketName = "mpv.sock"

    /// The process started last, if any (for tests).
    var process: PlayerProcess? { child }

    /// Plays `media` from `milliseconds`.
    func play(_ media: MediaPath, at milliseconds: Int) -> Outcome {
        guard let command else { return .failed(PlayerCommand.missingMessage) }
        let playing = "playing \(Sanitizer.sanitize(media.fileName)) at \(Timestamp.format(max(0, milliseconds)))"
        if command.kind != .mpv { return startOther(command, media, milliseconds, playing: playing) }
        if let child, child.isRunning {
            do throws(MPVConnection.Failure) {
                // A new connection each time: a socket deleted meanwhile is noticed here.
                connection = nil
                connection = try MPVConnection(path: socketPath ?? [])
                try steer(media, to: milliseconds)
                return .playing(playing)
            } catch {
                connection = nil
                self.child = nil
                let restarted = startMPV(command, media, milliseconds, playing: playing)
                if case .failed = restarted { return restarted }
                return .playing(playing + " (in a new window: \(error.message))")
            }
        }
        return startMPV(command, media, milliseconds, playing: playing)
    }

    /// Where mpv is in its file, in milliseconds, once playback has (re)started: waits (at most
    /// `timeout` ms) for mpv's `playback-restart` when it is still seeking. `nil` without mpv.
    func position(timeout: Int32 = 10_000) -> Int? {
        guard let connection else { return nil }
        if let seconds = try? connection.command(["get_property", "time-pos"]) as? Double,
           (try? connection.command(["get_property", "seeking"]) as? Bool) == false {
            return Int((seconds * 1000).rounded())
        }
        _ = try? connection.waitForEvent(timeout: timeout) { $0["event"] as? String == "playback-restart" }
        guard let seconds = try? connection.command(["get_property", "time-pos"]) as? Double else { return nil }
        return Int((seconds * 1000).rounded())
    }

    /// Reaps the player if it has ended, so that no zombie is left while the navigator runs.
    func reap() {
        _ = child?.isRunning
    }

    /// Closes the socket and removes it and its directory; the player keeps running.
    func close() {
        connection = nil
        directory?.remove([Self.socketName])
        directory = nil
        if let child, !child.isRunning { self.child = nil }
    }

    // MARK: - mpv

    /// Seeks the running mpv, loading `media` first when it shows another file, and waits (at most
    /// `startTimeout`) until it plays from there.
    private func steer(_ media: MediaPath, to milliseconds: Int) throws(MPVConnection.Failure) {
        guard let connection else { return }
        // A `playback-restart` counts only once the file to play is loaded: one still in flight from
        // the file shown before would otherwise end the wait while mpv is on the old file.
        var loaded = true
        var restarted = false
        let watch = { (event: [String: Any]) in
            switch event["event"] as? String {
            case "file-loaded": loaded = true
            case "playback-restart" where loaded: restarted = true
            default: break
            }
        }
        if loadedMedia != media.bytes {
            guard let path = String(validating: media.bytes, as: UTF8.self) else {
                throw MPVConnection.Failure(message: "its name is not UTF-8")
            }
            try connection.command(["set_property", "start", PlayerCommand.seconds(milliseconds)], onEvent: watch)
            loaded = false
            restarted = false
            try connection.command(["loadfile", path, "replace"], onEvent: watch)
            loadedMedia = media.bytes
        } else {
            try connection.command(["seek", Double(max(0, milliseconds)) / 1000, "absolute+exact"], onEvent: watch)
        }
        try connection.command(["set_property", "pause", false], onEvent: watch)
        if !loaded {
            _ = try connection.waitForEvent(timeout: startTimeout) { event in
                watch(event)
                return loaded
            }
        }
        if !restarted {
            _ = try connection.waitForEvent(timeout: startTimeout) { $0["event"] as? String == "playback-restart" }
        }
    }

    private func startMPV(_ command: PlayerCommand, _ media: MediaPath, _ milliseconds: Int, playing: String) -> Outcome {
        guard let socket = makeSocketPath() else {
            return .failed("cannot play: no room for mpv's socket (a temporary folder with a short path is needed)")
        }
        _ = socket.withCString { unlink($0) }
        var arguments = command.arguments(media: media.bytes, at: milliseconds, extra: extraArguments)
        arguments.insert(Array("--input-ipc-server=".utf8) + socket, at: 1)
        let started: PlayerProcess
        do throws(PlayerProcess.Failure) {
            started = try PlayerProcess.spawn(arguments, detached: true)
        } catch {
            return .failed("cannot play: " + error.message)
        }
        child = started
        loadedMedia = media.bytes
        return awaitStart(of: started, socket: socket, media: media, playing: playing)
    }

    /// Waits (bounded) until mpv answers on its socket and has the file open, or has given up.
    private func awaitStart(of started: PlayerProcess, socket: [UInt8], media: MediaPath, playing: String) -> Outcome {
        let name = Sanitizer.sanitize(media.fileName)
        let deadline = Self.now() + Int(startTimeout)
        while connection == nil {
            if !started.isRunning {
                return .failed("mpv could not play \(name) (it ended with status \(started.status ?? -1))")
            }
            if let connected = try? MPVConnection(path: socket) {
                connection = connected
                break
            }
            guard Self.now() < deadline else { return .playing(playing + " (mpv is slow to start)") }
            poll(nil, 0, 20)
        }
        guard let connection else { return .playing(playing) }
        while Self.now() < deadline {
            if (try? connection.command(["get_property", "time-pos"])) as? Double != nil { return .playing(playing) }
            let remaining = Int32(max(1, min(250, deadline - Self.now())))
            let event = try? connection.waitForEvent(timeout: remaining) { event in
                ["file-loaded", "playback-restart", "end-file"].contains(event["event"] as? String ?? "")
            }
            if let event, event["event"] as? String == "end-file", event["reason"] as? String == "error" {
                self.connection = nil
                started.terminate()
                return .failed("mpv could not play \(name): \(event["file_error"] as? String ?? "not media")")
            }
            if !started.isRunning {
                return .failed("mpv could not play \(name) (it ended with status \(started.status ?? -1))")
            }
        }
        return .playing(playing)
    }

    /// The socket's path in a private directory, made on first use.
    private func makeSocketPath() -> [UInt8]? {
        if directory == nil {
            directory = PrivateDirectory.make(longestName: Self.socketName, limit: MPVConnection.maximumPathLength)
        }
        return socketPath
    }

    // MARK: - Other players

    private func startOther(_ command: PlayerCommand, _ media: MediaPath, _ milliseconds: Int, playing: String) -> Outcome {
        child?.terminate()
        do throws(PlayerProcess.Failure) {
            let started = try PlayerProcess.spawn(
                command.arguments(media: media.bytes, at: milliseconds, extra: extraArguments), detached: true)
            child = started
            // A player that cannot start at all (a bad option, a missing library) ends within moments.
            let deadline = Self.now() + 300
            while Self.now() < deadline && started.isRunning { poll(nil, 0, 20) }
            if !started.isRunning {
                return .failed("\(Sanitizer.sanitize(command.program)) ended at once (status \(started.status ?? -1))")
            }
            return .playing(playing + " with " + Sanitizer.sanitize(command.program))
        } catch {
            return .failed("cannot play: " + error.message)
        }
    }

    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000
    }
}
