import Foundation
import Testing
@testable import seek
#if canImport(Glibc)
import Glibc
#endif

/// `p` in the navigator, end to end: the real `seek -i` in tmux and the real mpv, checked
/// through mpv's own socket.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: skipping the terminal tests"))
struct PlayKeyTests {
    static let subtitles = """
    1
    00:00:02,000 --> 00:00:03,500
    the budget is here

    2
    00:00:05,000 --> 00:00:06,000
    nothing

    3
    00:00:10,000 --> 00:00:11,000
    budget again

    """

    /// A directory with the subtitles, an mpv configuration without picture or sound at a
    /// hundredth of normal speed (the position stays within 0.2 s while the test asks), and a
    /// TMPDIR of its own, where the player's socket folder can be found.
    static func setUp(_ directory: TemporaryDirectory, media: Bool) throws -> [String] {
        try directory.write("talk.en.srt", subtitles)
        if media { try MediaTools.makeMedia(directory.url.appendingPathComponent("talk.mkv"), seconds: 15) }
        try directory.write("mpv-home/mpv.conf", "vo=null\nao=null\nspeed=0.01\n")
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("tmp"),
                                                withIntermediateDirectories: true)
        return ["MPV_HOME=" + directory.url.appendingPathComponent("mpv-home").path,
                "TMPDIR=" + directory.url.appendingPathComponent("tmp").path,
                "SEEK_PLAYER=" + (MediaTools.mpv ?? "mpv")]
    }

    /// The player's socket under the test's TMPDIR, if there is one.
    static func socket(in directory: TemporaryDirectory) -> [UInt8]? {
        let tmp = directory.url.appendingPathComponent("tmp")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? []
        for folder in folders where folder.hasPrefix("seek-") {
            let path = tmp.appendingPathComponent(folder).appendingPathComponent("mpv.sock").path
            if FileManager.default.fileExists(atPath: path) { return Array(path.utf8) }
        }
        return nil
    }

    @Test func pPlaysTheMatchAndTheNextPSeeksTheSameMPV() throws {
        if let reason = MediaTools.missing("mpv", "ffmpeg") { print(reason); return }
        let directory = try TemporaryDirectory()
        let environment = try Self.setUp(directory, media: true)
        let session = try TmuxSession(["budget", "talk.en.srt"], in: directory.url, environment: environment)
        #expect(session.wait { $0.contains("1/2") }, "\(session.screen())")

        try session.press("p")
        #expect(session.wait(seconds: 30) { $0.contains("playing talk.mkv at 00:00:01.000") }, "\(session.bar())")
        let socket = try #require(Self.socket(in: directory), "no mpv socket under TMPDIR")
        let first = try MPVConnection(path: socket)
        let pid = try #require(try first.command(["get_property", "pid"]) as? Int)
        defer { kill(pid_t(pid), SIGTERM) }
        let start = try #require(try first.command(["get_property", "time-pos"]) as? Double)
        #expect(abs(start - 1.0) <= 0.2, "mpv is at \(start) s")

        try session.press("n", "p")
        #expect(session.wait(seconds: 30) { $0.contains("playing talk.mkv at 00:00:09.000") }, "\(session.bar())")
        let second = try MPVConnection(path: socket)
        #expect(try second.command(["get_property", "pid"]) as? Int == pid, "the same mpv plays the second match")
        let moved = try #require(try second.command(["get_property", "time-pos"]) as? Double)
        #expect(abs(moved - 9.0) <= 0.2, "mpv is at \(moved) s")

        try session.press("q")
        #expect(session.exitStatus() == 0)
        #expect(Self.socket(in: directory) == nil, "the socket is removed on quitting")
        #expect(kill(pid_t(pid), 0) == 0, "quitting seek leaves the player running")
    }

    @Test func aPlayerThatEndsIsReapedWhileTheNavigatorRuns() throws {
        if let reason = MediaTools.missing("mpv", "ffmpeg") { print(reason); return }
        let directory = try TemporaryDirectory()
        let environment = try Self.setUp(directory, media: true)
        let session = try TmuxSession(["budget", "talk.en.srt"], in: directory.url, environment: environment)
        #expect(session.wait { $0.contains("1/2") }, "\(session.screen())")
        try session.press("p")
        #expect(session.wait(seconds: 30) { $0.contains("playing talk.mkv") }, "\(session.bar())")
        let socket = try #require(Self.socket(in: directory))
        let pid = try #require(try MPVConnection(path: socket).command(["get_property", "pid"]) as? Int)
        kill(pid_t(pid), SIGTERM)
        // Gone from the process table, not a zombie: seek reaped it on SIGCHLD.
        #expect(session.wait { _ in kill(pid_t(pid), 0) != 0 },
                "mpv \(pid) was not reaped")
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }

    @Test func inALibraryPPlaysTheMediaOfTheFileOnScreen() throws {
        if let reason = MediaTools.missing("mpv", "ffmpeg") { print(reason); return }
        let directory = try TemporaryDirectory()
        let environment = try Self.setUp(directory, media: true)
        try directory.write("other.srt", Self.subtitles)
        let session = try TmuxSession(["budget", "other.srt", "talk.en.srt"], in: directory.url, environment: environment)
        #expect(session.wait { $0.contains("1/4 · 1/2 in other.srt") }, "\(session.screen())")
        try session.press("p")
        #expect(session.wait { $0.contains("no media file beside other.srt (one of the same name") }, "\(session.bar())")
        try session.press("]", "p")
        #expect(session.wait(seconds: 30) { $0.contains("playing talk.mkv at 00:00:01.000") }, "\(session.bar())")
        let socket = try #require(Self.socket(in: directory), "no mpv socket under TMPDIR")
        let pid = try #require(try MPVConnection(path: socket).command(["get_property", "pid"]) as? Int)
        kill(pid_t(pid), SIGTERM)
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }

    @Test func withoutMediaPSaysSo() throws {
        let directory = try TemporaryDirectory()
        let environment = try Self.setUp(directory, media: false)
        let session = try TmuxSession(["budget", "talk.en.srt"], in: directory.url, environment: environment)
        #expect(session.wait { $0.contains("1/2") }, "\(session.screen())")
        try session.press("p")
        #expect(session.wait { $0.contains("no media file beside talk.en.srt") }, "\(session.bar())")
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }
}
