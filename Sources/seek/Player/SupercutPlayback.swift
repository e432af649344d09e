import SeekBytes
import SeekKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `seek --play`: the supercut as an mpv EDL (and its subtitles, re-timed), played by mpv in the
/// foreground from a private temporary directory that is removed afterwards.
enum SupercutPlayback {
    static let edlName = "supercut.edl"
    static let subtitlesName = "supercut.srt"

    /// The player `--play` uses: mpv, as `--player`, `SEEK_PLAYER` or PATH gives it; or why not.
    static func player(option: String?) -> Result<PlayerCommand, UsageError> {
        let environment = getenv("SEEK_PLAYER").map { String(cString: $0) }
        guard let chosen = PlayerCommand.choose(option: option, environment: environment, isInstalled: isInstalled)
        else { return .failure(UsageError(PlayerCommand.missingMessage)) }
        guard chosen.kind == .mpv else {
            return .failure(UsageError("--play plays an mpv EDL, which \(chosen.program) cannot; use mpv, or --edl"))
        }
        return .success(chosen)
    }

    /// Plays `clips` with `player`, waiting until it ends; returns its exit status.
    static func play(_ supercut: Supercut, in directory: PrivateDirectory, player: PlayerCommand,
                     streams: StandardStreams) -> Int32 {
        var subtitles: [UInt8] = []
        SubtitleWriter.append(supercut.retimedCues, as: .srt, to: &subtitles)
        let subtitlePath = directory.file(subtitlesName)
        let written = subtitlePath.withCString { path -> Bool in
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return DescriptorIO.writeAll(descriptor, subtitles) == nil
        }
        var arguments: [[UInt8]] = [Array(player.program.utf8), Array("--force-window=yes".utf8)]
        if written { arguments.append(Array("--sub-file=".utf8) + subtitlePath) }
        arguments += [Array("--".utf8), directory.file(edlName)]
        let child: PlayerProcess
        do throws(PlayerProcess.Failure) {
            child = try PlayerProcess.spawn(arguments, detached: false)
        } catch {
            streams.writeError("seek: \(error.message)\n")
            return 2
        }
        // Ctrl-C is for the player now; seek waits for it, then tidies up.
        let previous = signal(SIGINT, SIG_IGN)
        let status = child.wait()
        signal(SIGINT, previous)
        return status
    }

    /// Whether `name` is an executable file in a PATH directory.
    static func isInstalled(_ name: String) -> Bool {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access($0 + "/" + name, X_OK) == 0 }
    }
}
