import Foundation
import Testing
import SeekKit
@testable import seek
#if canImport(Glibc)
import Glibc
#endif

/// The player, for real: mpv started once, steered through its socket, left running on close.
@Suite(.serialized) struct PlayerControllerTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// mpv without picture or sound, playing at a hundredth of normal speed so that its
    /// position stays put (within 0.2 s) for as long as a test takes to ask.
    static func mpvController() -> PlayerController {
        PlayerController(command: PlayerCommand(program: MediaTools.mpv ?? "mpv", kind: .mpv),
                         extraArguments: ["--no-config", "--vo=null", "--ao=null", "--speed=0.01"], startTimeout: 20_000)
    }

    func media(_ name: String, seconds: Int = 20) throws -> MediaPath {
        let url = directory.url.appendingPathComponent(name)
        try MediaTools.makeMedia(url, seconds: seconds)
        return MediaPath(bytes: Array(url.path.utf8), shown: url.path)
    }

    /// Stops a player the test started (by its id) and reaps it.
    static func stop(_ process: PlayerProcess?) {
        guard let process, process.isRunning else { return }
        kill(process.pid, SIGTERM)
        process.wait()
    }

    @Test func secondPlaySeeksTheSameMPV() throws {
        if let reason = MediaTools.missing("mpv", "ffmpeg") { print(reason); return }
        let media = try media("-clip; $(x) 'q'.mkv")
        let player = Self.mpvController()
        defer { Self.stop(player.process); player.close() }

        #expect(player.play(media, at: 4000) == .playing("playing -clip; $(x) 'q'.mkv at 00:00:04.000"))
        let first = try #require(player.position())
        #expect(abs(first - 4000) <= 200, "mpv is at \(first) ms")
        let pid = player.process?.pid

        #expect(player.play(media, at: 12_500) == .playing("playing -clip; $(x) 'q'.mkv at 00:00:12.500"))
        let second = try #require(player.position())
        #expect(abs(second - 12_500) <= 200, "mpv is at \(second) ms")
        #expect(player.process?.pid == pid, "the same mpv plays the second match")
        #expect(player.process?.isRunning == true)

        let socket = try #require(player.socketPath)
        player.close()
        #expect(access(socket.map { CChar(bitPattern: $0) } + [0], F_OK) != 0, "the socket is removed")
        #expect(player.process?.isRunning == true, "closing leaves the player running")
    }

    @Test func anotherFileIsLoadedIntoTheSameWindow() throws {
        if let reason = MediaTools.missing("mpv", "ffmpeg") { print(reason); return }
        let one = try media("one.mkv", seconds: 8)
        let two = try media("two.mkv", seconds: 8)
        let player = Self.mpvController()
        defer { Self.stop(player.process); player.close() }
        #expect(player.play(one, at: 1000) == .playing("playing one.mkv at 00:00:01.000"))
        let pid = player.process?.pid
        #expect(player.play(two, at: 6000) == .playing("playing two.mkv at 00:00:06.000"))
        let position = try #require(player.position())
        #expect(abs(position - 6000) <= 200, "mpv is at \(position) ms")
        #expect(player.process?.pid == pid)
    }

    @Test func aDeletedSocketOpensANewWindow() throws {
        if let reason = MediaTools.missing("mpv", "ffmpeg") { print(reason); return }
        let media = try media("talk.mkv", seconds: 8)
        let player = Self.mpvController()
        #expect(player.play(media, at: 1000) == .playing("playing talk.mkv at 00:00:01.000"))
        let firstProcess = player.process
        defer { Self.stop(firstProcess); Self.stop(player.process); player.close() }
        let socket = try #require(player.socketPath)
        _ = socket.withCString { unlink($0) }
        let outcome = player.play(media, at: 2000)
        #expect(outcome.message.hasPrefix("playing talk.mkv at 00:00:02.000 (in a new window: cannot reach the player"),
                "\(outcome)")
        #expect(player.process?.pid != firstProcess?.pid)
        let position = try #require(player.position())
        #expect(abs(position - 2000) <= 200, "mpv is at \(position) ms")
    }

    @Test func somethingThatIsNotMediaIsReported() throws {
        if let reason = MediaTools.missing("mpv") { print(reason); return }
        let url = try directory.write("notes.mkv", "this is not a film\n")
        let player = Self.mpvController()
        defer { Self.stop(player.process); player.close() }
        let outcome = player.play(MediaPath(bytes: Array(url.path.utf8), shown: url.path), at: 0)
        guard case .failed(let message) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(message.hasPrefix("mpv could not play notes.mkv"), "\(message)")
        #expect(player.process?.isRunning == false, "the ended mpv was reaped")
    }

    @Test func aPlayerThatEndsAtOnceIsReported() throws {
        let player = PlayerController(command: PlayerCommand(program: "false", kind: .generic))
        defer { player.close() }
        let outcome = player.play(MediaPath(bytes: Array("/x.mkv".utf8), shown: "/x.mkv"), at: 1000)
        #expect(outcome == .failed("false ended at once (status 1)"))
        #expect(player.process?.isRunning == false)
    }

    @Test func aPlayerThatHangsDoesNotHoldTheNavigator() throws {
        let script = try directory.writeProgram("hangs", "#!/bin/sh\nexec sleep 600\n")
        let player = PlayerController(command: PlayerCommand(program: script.path, kind: .generic))
        let media = MediaPath(bytes: Array("/x.mkv".utf8), shown: "/x.mkv")
        #expect(player.play(media, at: 1000) == .playing("playing x.mkv at 00:00:01.000 with \(script.path)"))
        let first = player.process
        #expect(player.play(media, at: 2000).message.hasPrefix("playing x.mkv at 00:00:02.000"))
        #expect(first?.isRunning == false, "the previous player was stopped and reaped")
        Self.stop(player.process)
    }

    @Test func aMissingPlayerSaysHowToGetOne() {
        let player = PlayerController(command: nil)
        let outcome = player.play(MediaPath(bytes: Array("/x.mkv".utf8), shown: "/x.mkv"), at: 0)
        #expect(outcome == .failed(PlayerCommand.missingMessage))
        #expect(outcome.message.contains("apt-get install mpv"))
        let absent = PlayerController(command: PlayerCommand(program: "/nonexistent/player", kind: .generic))
        #expect(absent.play(MediaPath(bytes: Array("/x.mkv".utf8), shown: "/x.mkv"), at: 0)
            == .failed("cannot play: could not start /nonexistent/player: No such file or directory"))
    }

    @Test func aPlayerThatNeverAnswersTimesOut() throws {
        // A socket that accepts connections but never answers: a hung player.
        let path = directory.url.appendingPathComponent("hung.sock").path
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)
        let connection = try MPVConnection(path: Array(path.utf8))
        #expect(throws: MPVConnection.Failure(message: "the player did not answer in time")) {
            try connection.command(["get_property", "time-pos"], timeout: 100)
        }
    }

    @Test func aSocketPathThatIsTooLongIsRefused() {
        let long = Array("/tmp/".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 200)
        #expect(throws: MPVConnection.Failure.self) { try MPVConnection(path: long) }
    }

    @Test(arguments: [
        ("mpv", nil, true, PlayerCommand(program: "mpv", kind: .mpv)),
        (nil, "ffplay", true, PlayerCommand(program: "ffplay", kind: .ffplay)),
        ("/opt/vlc/bin/cvlc", "ffplay", true, PlayerCommand(program: "/opt/vlc/bin/cvlc", kind: .vlc)),
        (nil, "", true, PlayerCommand(program: "mpv", kind: .mpv)),
        (nil, "my player", false, PlayerCommand(program: "my player", kind: .generic)),
        (nil, nil, false, nil),
    ] as [(String?, String?, Bool, PlayerCommand?)])
    func choosingAPlayer(option: String?, environment: String?, mpvInstalled: Bool, chosen: PlayerCommand?) {
        #expect(PlayerCommand.choose(option: option, environment: environment, isInstalled: { _ in mpvInstalled })
            == chosen)
    }

    @Test func presetArgumentVectors() {
        let media = Array("/films/-a b.mkv".utf8)
        let text = { (command: PlayerCommand) in
            command.arguments(media: media, at: 751_400).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(text(PlayerCommand(program: "ffplay", kind: .ffplay)) == ["ffplay", "-ss", "751.400", "/films/-a b.mkv"])
        #expect(text(PlayerCommand(program: "vlc", kind: .vlc)) == ["vlc", "--start-time=751.400", "/films/-a b.mkv"])
        #expect(text(PlayerCommand(program: "p", kind: .generic)) == ["p", "--start=751.400", "/films/-a b.mkv"])
        #expect(text(PlayerCommand(program: "mpv", kind: .mpv)) == [
            "mpv", "--start=751.400", "--force-window=yes", "--keep-open=yes", "--no-terminal", "--", "/films/-a b.mkv",
        ])
    }
}
