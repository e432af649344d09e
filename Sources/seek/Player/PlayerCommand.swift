/// Which player plays a match, and the arguments it takes: mpv (controlled through its JSON
/// IPC socket, one window reused), or another program started afresh for each match.
///
/// The contract for another player (`--player CMD` or `SEEK_PLAYER=CMD`): CMD is one program
/// name or path (not a shell command line), started as `CMD --start=SECONDS FILE`, with FILE
/// an absolute path. `ffplay` and `vlc` (or `cvlc`) are recognised by name and get their own
/// spellings: `ffplay -ss SECONDS FILE` and `vlc --start-time=SECONDS FILE`.
struct PlayerCommand: Equatable {
    enum Kind: Equatable {
        /// mpv, steered through `--input-ipc-server`.
        case mpv
        /// ffplay: `-ss SECONDS FILE`.
        case ffplay
        /// VLC: `--start-time=SECONDS FILE`.
        case vlc
        /// Any other program: `--start=SECONDS FILE`.
        case generic
    }

    /// The program to start (a name looked up on PATH, or a path).
    var program: String
    var kind: Kind

    /// The player to use: `option` (`--player`), else `environment` (`SEEK_PLAYER`), else mpv when
    /// `isInstalled` finds it; `nil` when there is none.
    static func choose(option: String?, environment: String?, isInstalled: (String) -> Bool) -> PlayerCommand? {
        if let named = option ?? environment.flatMap({ $0.isEmpty ? nil : $0 }) {
            return PlayerCommand(program: named, kind: kind(of: named))
        }
        return isInstalled("mpv") ? PlayerCommand(program: "mpv", kind: .mpv) : nil
    }

    /// The kind of player a program is, by its file name.
    static func kind(of program: String) -> Kind {
        let name = program.split(separator: "/").last.map(String.init) ?? program
        switch name.lowercased() {
        case "mpv", "mpv.exe", "mpv.com": return .mpv
        case "ffplay", "ffplay.exe": return .ffplay
        case "vlc", "cvlc", "vlc.exe": return .vlc
        default: return .generic
        }
    }

    /// What to say when no player was found.
    static let missingMessage = "no player: install mpv (apt-get install mpv, brew install mpv) or name one with --player CMD or SEEK_PLAYER"

    /// The argument vector that plays `media` from `milliseconds` (mpv's IPC arguments come separately).
    func arguments(media: [UInt8], at milliseconds: Int, extra: [String] = []) -> [[UInt8]] {
        let seconds = Self.seconds(milliseconds)
        var arguments = [program]
        switch kind {
        case .mpv: arguments += ["--start=" + seconds, "--force-window=yes", "--keep-open=yes", "--no-terminal"]
        case .ffplay: arguments += ["-ss", seconds]
        case .vlc: arguments += ["--start-time=" + seconds]
        case .generic: arguments += ["--start=" + seconds]
        }
        arguments += extra
        if kind == .mpv { arguments.append("--") }
        return arguments.map { Array($0.utf8) } + [media]
    }

    /// Milliseconds as seconds with three decimals (`751.400`).
    static func seconds(_ milliseconds: Int) -> String {
        let value = max(0, milliseconds)
        let fraction = String(1000 + value % 1000).dropFirst()
        return String(value / 1000) + "." + fraction
    }
}
