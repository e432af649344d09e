import Foundation
import SeekKit
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A private tmux server running `seek -i` in a pseudo-terminal, driven like a user would.
final class TmuxSession {
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = String(directory) + "/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    static var isAvailable: Bool { executable != nil }

    let socket = "seek-test-\(UUID().uuidString.prefix(8))"
    let directory: TemporaryDirectory
    /// The process id of `seek`, written by the shell before it runs it.
    var pidFile: URL { directory.url.appendingPathComponent("seek.pid") }

    /// Starts `seek -i arguments` in `workingDirectory` (the samples by default) on a `columns`×`rows` terminal.
    ///
    /// After `seek` exits, the shell prints its exit status and the terminal modes, then waits.
    init(_ arguments: [String], in workingDirectory: URL = SeekProcess.samples,
         columns: Int = 100, rows: Int = 30, jobControl: Bool = false, environment: [String] = []) throws {
        directory = try TemporaryDirectory()
        let quoted = ([SeekProcess.executable.path, "-i"] + arguments).map(Self.quote).joined(separator: " ")
        if jobControl {
            // An interactive shell, so Ctrl-Z stops seek and `fg` brings it back.
            try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", String(columns), "-y", String(rows),
                      "env", "TERM=xterm-256color", "PS1=$ ", "bash", "--norc", "--noprofile", "-i"])
            try type("cd \(Self.quote(workingDirectory.path)); \(quoted)")
            try press("Enter")
            return
        }
        let script = "cd \(Self.quote(workingDirectory.path)) && echo $$ > \(Self.quote(pidFile.path))"
            + " && exec \(quoted)"
        let command = "sh -c \(Self.quote(script)); status=$?; stty -a | tr '\\n' ' '; echo; echo SEEK-EXIT=$status; cat"
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", String(columns), "-y", String(rows),
                  "env", "TERM=xterm-256color"] + environment + ["sh", "-c", command])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Runs a tmux command on this session's server and returns what it printed.
    ///
    /// Uses `posix_spawn` and `waitpid` directly: the tmux client forks the server,
    /// which keeps inherited descriptors, and Foundation's `Process` can wait forever on that.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let outputPath = directory.url.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        let argv = [Self.executable ?? "tmux", "-L", socket] + arguments
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        let environment = _NSGetEnviron().pointee
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        // A clean signal state: the test runner's threads block signals, and children inherit masks.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, environment)
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// The visible screen as text.
    func screen() -> String {
        (try? tmux(["capture-pane", "-p", "-t", "t"])) ?? ""
    }

    /// Sends tmux key names (`n`, `Enter`, `BSpace`, `C-c`).
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "t"] + keys)
    }

    /// Sends literal text.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "t", "-l", text])
    }

    /// A tmux format value for the pane, e.g. `#{alternate_on}`.
    func format(_ format: String) -> String {
        ((try? tmux(["display-message", "-p", "-t", "t", format])) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Re-reads the screen until `condition` holds; false after `seconds` without it.
    ///
    /// Each check runs `tmux capture-pane`, which itself takes a few milliseconds.
    @discardableResult
    func wait(seconds: Double = 10, for condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var tries = 0
        while Date() < deadline && tries < 20_000 {
            if condition(screen()) { return true }
            tries += 1
        }
        return condition(screen())
    }

    /// The last line of the screen that is not empty (the search bar while `seek` runs).
    func bar() -> String {
        screen().split(separator: "\n").last.map(String.init) ?? ""
    }

    /// The process id of `seek`, once the shell has written it.
    func seekPID() -> pid_t? {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let text = try? String(contentsOf: pidFile, encoding: .utf8),
               let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
        }
        return nil
    }

    /// The exit status printed after `seek` ended, or `nil` if it has not.
    func exitStatus(seconds: Double = 10) -> Int32? {
        var status: Int32?
        wait(seconds: seconds) { screen in
            // The typed command line shows `SEEK-EXIT=$?`; the printed status has digits.
            for part in screen.components(separatedBy: "SEEK-EXIT=").dropFirst() {
                if let number = Int32(part.prefix { $0.isNumber }) { status = number; return true }
            }
            return false
        }
        return status
    }

    /// The terminal's modes as the pane's terminal has them now.
    func terminalModes() -> termios? {
        let path = format("#{pane_tty}")
        guard !path.isEmpty else { return nil }
        let descriptor = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var modes = termios()
        return tcgetattr(descriptor, &modes) == 0 ? modes : nil
    }

    /// Raw as the navigator sets it: no line editing, no echo, keys that send no signals.
    static func isRaw(_ modes: termios) -> Bool {
        modes.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0
    }

    /// The process group the terminal of `shell` belongs to (its `tpgid`): from /proc on Linux, from
    /// `ps -o tpgid=` elsewhere.
    func foregroundGroup(ofShell shell: pid_t) -> pid_t? {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(shell)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return nil }
        // After the command's name: state, parent, group, session, terminal, terminal's group.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 5 ? pid_t(fields[5]) : nil
        #else
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-o", "tpgid=", "-p", String(shell)]
        let output = Pipe()
        ps.standardOutput = output
        guard (try? ps.run()) != nil else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ps.waitUntilExit()
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        #endif
    }

    /// Whether the terminal is back to normal: main screen, canonical mode, echo on, no mouse reports.
    func terminalIsRestored() -> Bool {
        let modes = screen()
        return format("#{alternate_on}") == "0"
            && format("#{mouse_any_flag}#{mouse_sgr_flag}") == "00"
            && modes.contains(" icanon") && modes.contains(" echo ") && modes.contains(" isig")
            && !modes.contains("-icanon") && !modes.contains("-echo ")
    }

    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: skipping the terminal tests"))
struct InteractiveTests {
    static func index(_ keywords: [String], in sample: String) throws -> MatchIndex {
        let url = SeekProcess.samples.appendingPathComponent(sample)
        let bytes = Array(try Data(contentsOf: url))
        let loaded = try TranscriptLoader.load(bytes, fileName: sample)
        return MatchIndex(transcript: loaded.transcript, query: Query(keywords: keywords))
    }

    @Test func nAndShiftNMoveTheCountAndQQuitsWithZero() throws {
        let total = try Self.index(["the"], in: "talk.srt").count
        #expect(total > 2)
        let session = try TmuxSession(["the", "talk.srt"])
        #expect(session.wait { $0.contains(" 1/\(total) ") }, "never showed 1/\(total): \(session.screen())")
        #expect(session.format("#{alternate_on}") == "1")
        try session.press("n")
        #expect(session.wait { $0.contains(" 2/\(total) ") }, "n did not move to 2/\(total): \(session.bar())")
        try session.press("N", "N")
        #expect(session.wait { $0.contains(" \(total)/\(total) ") && $0.contains("search wrapped") },
                "N from 1 did not wrap: \(session.screen())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
        #expect(session.terminalIsRestored(), "terminal not restored: \(session.screen())")
    }

    @Test func theQueryEditsLiveAndTheMatchStaysWhenEditedBack() throws {
        let cit = try Self.index(["cit"], in: "talk.srt")
        let ci = try Self.index(["ci"], in: "talk.srt")
        #expect(cit.count >= 3)

        let session = try TmuxSession(["talk.srt"])
        #expect(session.wait { $0.contains(" 0/0") }, "did not open on an empty search: \(session.screen())")
        try session.type("cit")
        var start: Int?
        #expect(session.wait { screen in
            start = Self.position(in: screen, total: cit.count)
            return start != nil
        }, "typing did not search: \(session.bar())")
        let first = try #require(start)
        try session.press("Enter", "Down")
        let stepped = (first + 1) % cit.count + 1
        #expect(session.wait { $0.contains(" \(stepped)/\(cit.count) ") }, "Enter/Down did not step: \(session.bar())")
        let match = cit[stepped]
        let stayed = try #require(ci.positions(inCue: match.cue).first { ci[$0].range.overlaps(match.range) })
        try session.press("BSpace")
        #expect(session.wait { $0.contains(" \(stayed)/\(ci.count) ") }, "did not stay on the match: \(session.bar())")
        try session.type("t")
        #expect(session.wait { $0.contains(" \(stepped)/\(cit.count) ") }, "did not come back: \(session.bar())")
        try session.press("Escape")
        try session.press("q")
        #expect(session.exitStatus() == 0)
        #expect(session.terminalIsRestored())
    }

    /// The current position shown as `P/total` on the screen, if any.
    static func position(in screen: String, total: Int) -> Int? {
        guard let range = screen.range(of: "/\(total) ") else { return nil }
        let digits = screen[..<range.lowerBound].reversed().prefix { $0.isNumber }
        return Int(String(digits.reversed()))
    }

    @Test func ctrlCRestoresTheTerminal() throws {
        let session = try TmuxSession(["city", "talk.srt"])
        #expect(session.wait { $0.contains(" 1/") })
        try session.press("C-c")
        #expect(session.exitStatus() == 130)
        #expect(session.terminalIsRestored(), "terminal not restored: \(session.screen())")
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129)), (SIGQUIT, Int32(131)), (SIGUSR1, Int32(138)),
                      (SIGALRM, Int32(142)), (SIGUSR2, Int32(140)), (SIGPIPE, Int32(141)), (SIGXCPU, Int32(152))])
    func signalsRestoreTheTerminal(_ signal: Int32, _ status: Int32) throws {
        let session = try TmuxSession(["city", "talk.srt"])
        #expect(session.wait { $0.contains(" 1/") })
        let pid = try #require(session.seekPID())
        kill(pid, signal)
        #expect(session.exitStatus() == status)
        #expect(session.terminalIsRestored(), "terminal not restored: \(session.screen())")
    }

    @Test func resumingAfterAStopRedrawsTheScreen() throws {
        let session = try TmuxSession(["city", "talk.srt"])
        #expect(session.wait { $0.contains(" 1/") })
        let pid = try #require(session.seekPID())
        kill(pid, SIGSTOP)
        // Wipe the screen behind seek's back, as another program would while it is stopped.
        let tty = session.format("#{pane_tty}")
        if let handle = FileHandle(forWritingAtPath: tty) {
            handle.write(Data("\u{1B}[2J\u{1B}[H".utf8))
            try handle.close()
        }
        #expect(session.wait { !$0.contains(" 1/") }, "the screen was not wiped")
        kill(pid, SIGCONT)
        #expect(session.wait { $0.contains(" 1/") && $0.contains("00:00:") },
                "resuming did not redraw: \(session.screen())")
        try session.press("n")
        #expect(session.wait { $0.contains(" 2/") })
        try session.press("q")
        #expect(session.exitStatus() == 0)
        #expect(session.terminalIsRestored())
    }

    @Test func aKeyPressedWhileStoppedIsReadOnResuming() throws {
        let session = try TmuxSession(["city", "talk.srt"])
        #expect(session.wait { $0.contains(" 1/") })
        let pid = try #require(session.seekPID())
        kill(pid, SIGSTOP)
        try session.press("n")
        kill(pid, SIGCONT)
        #expect(session.wait { $0.contains(" 2/") }, "the key was dropped on resuming: \(session.screen())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash for job control"))
    func stoppedFromOutsideAndResumedWithFgTakesTheKeysRawAgain() throws {
        // Every step waits for what the terminal itself says (which process group it belongs to, its
        // modes), never for a screen that merely looks like the step is done.
        let session = try TmuxSession(["city", "talk.srt"], jobControl: true)
        #expect(session.wait { $0.contains(" 1/") }, "did not start: \(session.screen())")
        var shell: pid_t?
        session.wait { _ in shell = pid_t(session.format("#{pane_pid}")); return shell != nil }
        let shellGroup = try #require(shell)
        var job: pid_t?
        session.wait { _ in
            job = session.foregroundGroup(ofShell: shellGroup).flatMap { $0 == shellGroup ? nil : $0 }
            return job != nil
        }
        let seek = try #require(job, "the shell did not hand the terminal to seek")
        #expect(session.wait { _ in session.terminalModes().map(TmuxSession.isRaw) == true }, "seek is not in raw mode")
        kill(seek, SIGSTOP)
        // The shell takes the terminal back, puts its own modes (signals from keys, line editing) back
        // and says so; only then does `fg` go to the shell.
        #expect(session.wait { screen in
            screen.contains("Stopped") && session.foregroundGroup(ofShell: shellGroup) == shellGroup
                && session.terminalModes().map(TmuxSession.isRaw) == false
        }, "not stopped, or the shell did not take the terminal back: \(session.screen())")
        try session.type("fg")
        try session.press("Enter")
        // Stopped from outside, seek left its screen up: the shell wrote over it; resumed, seek sets raw
        // mode again and redraws, clearing what the shell wrote.
        #expect(session.wait { screen in
            session.foregroundGroup(ofShell: shellGroup) == seek && session.terminalModes().map(TmuxSession.isRaw) == true
                && screen.contains(" 1/") && !screen.contains("Stopped")
        }, "fg did not give seek the terminal in raw mode, redrawn: \(session.screen())")
        try session.press("n")
        #expect(session.wait { $0.contains(" 2/") }, "n needed Enter: keys are not raw: \(session.screen())")
        try session.press("q")
        #expect(session.wait { _ in session.format("#{alternate_on}") == "0" })
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash for job control"))
    func ctrlZSuspendsRestoringTheTerminalAndFgRedraws() throws {
        let session = try TmuxSession(["city", "talk.srt"], jobControl: true)
        #expect(session.wait { $0.contains(" 1/") }, "did not start: \(session.screen())")
        try session.press("C-z")
        #expect(session.wait { $0.contains("Stopped") && session.format("#{alternate_on}") == "0" },
                "Ctrl-Z did not suspend and restore: \(session.screen())")
        #expect(session.format("#{mouse_any_flag}") == "0")
        try session.type("fg")
        try session.press("Enter")
        #expect(session.wait { $0.contains(" 1/") && session.format("#{alternate_on}") == "1" },
                "fg did not redraw: \(session.screen())")
        try session.press("n")
        #expect(session.wait { $0.contains(" 2/") })
        try session.press("q")
        #expect(session.wait { _ in session.format("#{alternate_on}") == "0" })
        try session.type("echo SEEK-EXIT=$?")
        try session.press("Enter")
        #expect(session.exitStatus() == 0)
    }

    @Test func clickingAMatchMakesItCurrent() throws {
        let session = try TmuxSession(["city", "talk.srt"])
        #expect(session.wait { $0.contains(" 1/") })
        let lines = session.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The last listed line with a match: its first match's number is one more than the matches above it.
        var target: (row: Int, column: Int, position: Int)?
        var seen = 0
        for (row, line) in lines.dropLast(2).enumerated() where line.allSatisfy(\.isASCII) {
            let lower = line.lowercased()
            guard let range = lower.range(of: "city") else { continue }
            target = (row, lower.distance(from: lower.startIndex, to: range.lowerBound), seen + 1)
            seen += lower.components(separatedBy: "city").count - 1
        }
        let click = try #require(target, "no match on screen: \(session.screen())")
        try #require(click.position > 1)
        let report = "\u{1B}[<0;\(click.column + 2);\(click.row + 1)M\u{1B}[<0;\(click.column + 2);\(click.row + 1)m"
        try session.tmux(["send-keys", "-t", "t", "-H"] + report.utf8.map { String($0, radix: 16) })
        #expect(session.wait { $0.contains(" \(click.position)/") }, "click did not select: \(session.bar())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }

    @Test func resizingRedrawsAtTheNewSize() throws {
        let session = try TmuxSession(["city", "talk.srt"], columns: 100, rows: 30)
        #expect(session.wait { $0.contains(" 1/") })
        try session.tmux(["resize-window", "-t", "t", "-x", "50", "-y", "12"])
        #expect(session.wait { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 12 && lines[11].contains(" 1/") && lines[11].hasPrefix(" search: city")
        }, "bar not redrawn on the last row: \(session.screen())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }

    @Test func wWritesTheMatchesAsJSONLinesNextToTheTranscript() throws {
        let directory = try TemporaryDirectory()
        let talk = try String(contentsOf: SeekProcess.samples.appendingPathComponent("talk.srt"), encoding: .utf8)
        try directory.write("talk.srt", talk)
        let expected = try SeekProcess.run(["--json", "city", "talk.srt"], in: directory.url)
        let count = try Self.index(["city"], in: "talk.srt").count

        let session = try TmuxSession(["city", "talk.srt"], in: directory.url)
        #expect(session.wait { $0.contains(" 1/\(count) ") })
        try session.press("w")
        #expect(session.wait { $0.contains("write matches to: talk.matches.jsonl") },
                "no prompt for the file name: \(session.screen())")
        try session.press("Enter")
        #expect(session.wait { $0.contains("exported \(count) matches to talk.matches.jsonl") },
                "no export message: \(session.screen())")
        #expect(try directory.read("talk.matches.jsonl") == expected.stdout)
        #expect(try directory.read("talk.srt") == talk)
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }

    /// Issue 22 item 10: `w` writes on its own thread, the status line following it; keys
    /// work meanwhile, and quitting in the middle leaves no file behind.
    @Test func wExportsOffTheInputLoopWithProgress() throws {
        let directory = try TemporaryDirectory()
        let line = String(repeating: "a ", count: 39) + "a\n"
        try directory.write("w.txt", String(repeating: line, count: 5_000))
        let expected = try SeekProcess.run(["--json", "a", "w.txt"], in: directory.url)
        let session = try TmuxSession(["a", "w.txt"], in: directory.url, columns: 100)
        #expect(session.wait(seconds: 60) { $0.contains(" 1/200000 ") }, "\(session.screen())")
        try session.press("w")
        #expect(session.wait { $0.contains("write matches to: w.matches.jsonl") })
        try session.press("Enter")
        #expect(session.wait { $0.contains("exporting 200000 matches to w.matches.jsonl…") }, "\(session.screen())")
        try session.press("n")
        #expect(session.wait { $0.contains(" 2/200000 ") && $0.contains("exporting") },
                "a key waited for the export: \(session.screen())")
        #expect(session.wait(seconds: 120) { $0.contains("exported 200000 matches to w.matches.jsonl") },
                "\(session.screen())")
        #expect(try directory.read("w.matches.jsonl") == expected.stdout)

        try session.press("w")
        try session.press("C-u")
        try session.type("later.jsonl")
        try session.press("Enter")
        #expect(session.wait { $0.contains("exporting 200000 matches to later.jsonl…") }, "\(session.screen())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
        #expect(try directory.contents().sorted() == ["w.matches.jsonl", "w.txt"])
    }

    @Test func wNeverFollowsAPlantedSymbolicLink() throws {
        let directory = try TemporaryDirectory()
        try directory.write("movie.srt", "1\n00:00:01,000 --> 00:00:02,000\nhello there\n")
        try directory.write("home/.bashrc", "echo precious\n")
        chmod(directory.url.appendingPathComponent("home/.bashrc").path, 0o600)
        #expect(symlink("home/.bashrc", directory.url.appendingPathComponent("movie.matches.jsonl").path) == 0)
        let session = try TmuxSession(["hello", "movie.srt"], in: directory.url)
        #expect(session.wait { $0.contains(" 1/1 ") })
        try session.press("w")
        #expect(session.wait { $0.contains("write matches to: movie.matches.jsonl") })
        try session.press("Enter")
        #expect(session.wait { $0.contains("movie.matches.jsonl is a symbolic link (not followed)") },
                "no refusal: \(session.screen())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
        #expect(try directory.read("home/.bashrc") == "echo precious\n")
        var info = stat()
        #expect(stat(directory.url.appendingPathComponent("home/.bashrc").path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func wAsksBeforeReplacingAFileAndKeepsItsMode() throws {
        let directory = try TemporaryDirectory()
        try directory.write("movie.srt", "1\n00:00:01,000 --> 00:00:02,000\nhello there\n")
        try directory.write("movie.matches.jsonl", "earlier\n")
        chmod(directory.url.appendingPathComponent("movie.matches.jsonl").path, 0o640)
        let session = try TmuxSession(["hello", "movie.srt"], in: directory.url)
        #expect(session.wait { $0.contains(" 1/1 ") })
        try session.press("w")
        #expect(session.wait { $0.contains("write matches to:") })
        try session.press("Enter")
        #expect(session.wait { $0.contains("movie.matches.jsonl exists: replace it? (y/n)") },
                "no question: \(session.screen())")
        try session.press("n")
        #expect(session.wait { $0.contains("export cancelled") })
        #expect(try directory.read("movie.matches.jsonl") == "earlier\n")
        try session.press("w")
        #expect(session.wait { $0.contains("write matches to:") })
        try session.press("Enter")
        #expect(session.wait { $0.contains("replace it? (y/n)") })
        try session.press("y")
        #expect(session.wait { $0.contains("exported 1 match to movie.matches.jsonl") }, "\(session.screen())")
        #expect(try directory.read("movie.matches.jsonl").hasPrefix("{\"file\":\"movie.srt\""))
        var info = stat()
        #expect(stat(directory.url.appendingPathComponent("movie.matches.jsonl").path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o640)
        try session.press("w")
        #expect(session.wait { $0.contains("write matches to:") })
        try session.press("C-u")
        try session.type("other.jsonl")
        try session.press("Enter")
        #expect(session.wait { $0.contains("exported 1 match to other.jsonl") }, "\(session.screen())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }

    @Test func controlCharactersInTheFileAreShownNotObeyed() throws {
        let directory = try TemporaryDirectory()
        try directory.write("evil.srt", "1\n00:00:01,000 --> 00:00:02,000\nhello \u{1B}]2;PWNED\u{07} world\n")
        let session = try TmuxSession(["hello", "evil.srt"], in: directory.url)
        #expect(session.wait { $0.contains("^[]2;PWNED^G world") }, "not shown visibly: \(session.screen())")
        #expect(session.format("#{pane_title}") != "PWNED")
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }

    @Test func withoutATerminalOnStandardOutputItSaysSoAndExitsTwo() throws {
        let result = try SeekProcess.run(["-i", "city", "talk.srt"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("terminal") == true)
        #expect(lines.last?.contains("not grep's -i") == true)
    }
}
