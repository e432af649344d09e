import Foundation
import Testing

/// `--edl`, `--cmx3600`, `--srt`/`--vtt` with `--retime`, `--pad` and `--media`, through the binary.
@Suite struct MediaExportTests {
    let directory: TemporaryDirectory

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

    4
    00:00:11,500 --> 00:00:12,000
    the last budget

    """

    init() throws {
        directory = try TemporaryDirectory()
    }

    func seek(_ arguments: [String]) throws -> SeekProcess.Result {
        try SeekProcess.run(arguments, in: directory.url)
    }

    /// The directory as the file system resolves it (media paths in edit lists are absolute).
    var realDirectory: String { directory.url.resolvingSymlinksInPath().path }

    @Test func edlFindsTheMediaBesideTheSubtitle() throws {
        try directory.write("Show.S01E02.en.srt", Self.subtitles)
        try directory.write("Show.S01E02.mkv", "")
        let result = try seek(["--edl", "budget", "Show.S01E02.en.srt"])
        #expect(result.status == 0, "\(result.stderr)")
        let media = realDirectory + "/Show.S01E02.mkv"
        #expect(result.stdout == "# mpv EDL v0\n\(media),1.000,3.500\n\(media),9.000,4.000\n")
    }

    @Test func padChangesTheClips() throws {
        try directory.write("talk.srt", Self.subtitles)
        try directory.write("talk.mp3", "")
        let result = try seek(["--edl", "--pad", "0", "budget", "talk.srt"])
        let lines = result.stdout.split(separator: "\n").dropFirst()
        #expect(lines.map { $0.split(separator: ",").dropFirst().joined(separator: ",") }
            == ["2.000,1.500", "10.000,1.000", "11.500,0.500"])
    }

    @Test func mediaNamedExplicitly() throws {
        try directory.write("talk.srt", Self.subtitles)
        try directory.write("elsewhere/recording.wav", "")
        let result = try seek(["--cmx3600", "--media", "elsewhere/recording.wav", "budget", "talk.srt"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("001  RECORDIN AA    C        00:00:01:00 00:00:04:13 01:00:00:00 01:00:03:13\n"))
        #expect(result.stdout.contains("* FROM CLIP NAME: recording.wav\n"))
    }

    @Test func missingMediaIsAnErrorNamingTheFile() throws {
        try directory.write("talk.srt", Self.subtitles)
        try directory.write("other.srt", Self.subtitles)
        try directory.write("other.mkv", "")
        let result = try seek(["--edl", "budget", "talk.srt", "other.srt"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("seek: talk.srt: no media file beside it"))
        #expect(result.stderr.contains("--media FILE"))
        #expect(result.stdout.split(separator: "\n").count == 3, "the other file's clips are still written")
    }

    @Test(arguments: [
        (["--media", "x.mkv", "budget", "a.srt", "b.srt"], "--media names the media of one FILE"),
        (["--media", "absent.mkv", "budget", "a.srt"], "absent.mkv: No such file or directory"),
        (["--retime", "budget", "a.srt"], "--retime goes with --srt or --vtt"),
        (["--pad", "soon", "budget", "a.srt"], "--pad needs seconds"),
        (["--fps", "0", "budget", "a.srt"], "--fps needs frames per second"),
        (["--cues", "--edl", "a.srt"], "--cues can only be combined with --json"),
    ] as [([String], String)])
    func badCombinations(arguments: [String], reason: String) throws {
        try directory.write("a.srt", Self.subtitles)
        try directory.write("b.srt", Self.subtitles)
        try directory.write("x.mkv", "")
        let result = try seek(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
    }

    @Test func subtitlesAtTheirTimesOrRetimed() throws {
        try directory.write("talk.srt", Self.subtitles)
        let original = try seek(["--srt", "budget", "talk.srt"])
        #expect(original.stdout.hasPrefix("1\n00:00:02,000 --> 00:00:03,500\nthe budget is here\n\n2\n00:00:10,000"))
        let retimed = try seek(["--vtt", "--retime", "budget", "talk.srt"])
        #expect(retimed.stdout == """
            WEBVTT

            00:00:01.000 --> 00:00:02.500
            the budget is here

            00:00:04.500 --> 00:00:05.500
            budget again

            00:00:06.000 --> 00:00:06.500
            the last budget


            """)
    }

    @Test func exportsAreWrittenAtomicallyWithOutput() throws {
        try directory.write("talk.srt", Self.subtitles)
        try directory.write("talk.webm", "")
        for (flag, name) in [("--edl", "cut.edl"), ("--cmx3600", "cut.edl.txt"), ("--srt", "cut.srt"), ("--vtt", "cut.vtt")] {
            let result = try seek([flag, "--output", name, "budget", "talk.srt"])
            #expect(result.status == 0)
            #expect(result.stdout.isEmpty)
            #expect(try !directory.read(name).isEmpty, "\(flag)")
        }
        #expect(try directory.contents().filter { $0.hasPrefix(".") }.isEmpty, "no temporary file left behind")
    }

    /// Names with spaces, quotes, `;`, `$(…)`, a leading `-`, a newline: written exactly, run nowhere.
    @Test(arguments: ["it's \"a\" show", "semi;colon", "$(touch pwned)", "-dash", "line\nbreak", "100%,=x"])
    func hostileNamesAreWrittenExactly(stem: String) throws {
        try directory.write(stem + ".srt", Self.subtitles)
        try directory.write(stem + ".mkv", "")
        let result = try seek(["--edl", "--", "budget", stem + ".srt"])
        #expect(result.status == 0, "\(result.stderr)")
        let path = realDirectory + "/" + stem + ".mkv"
        let plain = !path.contains(where: { ",;=%\n".contains($0) })
        let entry = plain ? path : "%\(path.utf8.count)%" + path
        #expect(result.stdout == "# mpv EDL v0\n\(entry),1.000,3.500\n\(entry),9.000,4.000\n")
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("pwned").path))
    }

    @Test func namesThatAreNotUTF8FindTheirMedia() throws {
        let stem: [UInt8] = Array("caf".utf8) + [0xE9]
        let dir = directory.url.path
        try Data(Self.subtitles.utf8).write(to: URL(fileURLWithPath: dir + "/sub"))
        // Rename to the raw byte names with the C library (Foundation names are Strings).
        let srt = Array(realDirectory.utf8) + [UInt8(ascii: "/")] + stem + Array(".fr.srt".utf8)
        let mkv = Array(realDirectory.utf8) + [UInt8(ascii: "/")] + stem + Array(".ogg".utf8)
        #expect(rename(dir + "/sub", srt.map { CChar(bitPattern: $0) } + [0]) == 0)
        let fd = open(mkv.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
        #expect(fd >= 0)
        close(fd)
        let result = try seek(["--edl", "-r", "budget", "."])
        #expect(result.status == 0, "\(result.stderr)")
        let entry = Array("%\(mkv.count)%".utf8) + mkv + Array(",1.000,3.500\n".utf8)
        #expect(result.stdoutBytes.starts(with: Array("# mpv EDL v0\n".utf8) + entry))
    }

    @Test func mpvPlaysTheEDLForTheSupercutsLength() throws {
        if let reason = MediaTools.missing("mpv", "ffmpeg") {
            print(reason)
            return
        }
        try directory.write("talk; take 2.en.srt", Self.subtitles)
        try MediaTools.makeMedia(directory.url.appendingPathComponent("talk; take 2.mkv"), seconds: 15)
        let result = try seek(["--edl", "--output", "out dir.edl", "budget", "talk; take 2.en.srt"])
        #expect(result.status == 0, "\(result.stderr)")
        let duration = try #require(try MediaTools.mpvDuration(directory.url.appendingPathComponent("out dir.edl").path))
        #expect(abs(duration - 7.5) < 0.1, "clips of 3.5 s and 4 s; mpv says \(duration) s")
    }

    /// An mpv configuration for `--play` in tests: no picture, no sound, a hundred times speed,
    /// and one line on standard output saying what it played.
    func quietMPV() throws -> [String: String] {
        try directory.write("mpv-home/mpv.conf", """
            vo=null
            ao=null
            speed=100
            msg-level=all=no,term-msg=info
            term-playing-msg=DURATION=${=duration} SUBTITLES=${current-tracks/sub/external-filename}

            """)
        return ["MPV_HOME": directory.url.appendingPathComponent("mpv-home").path, "SEEK_PLAYER": ""]
    }

    @Test func playPlaysTheSupercutInMPVAndTidiesUp() throws {
        if let reason = MediaTools.missing("mpv", "ffmpeg") { print(reason); return }
        try directory.write("-talk $(x).en.srt", Self.subtitles)
        try MediaTools.makeMedia(directory.url.appendingPathComponent("-talk $(x).mkv"), seconds: 15)
        let result = try SeekProcess.run(["--play", "budget", "--", "-talk $(x).en.srt"], in: directory.url,
                                         environment: try quietMPV())
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("DURATION=") })
        let fields = line.split(separator: " ")
        let duration = try #require(Double(fields[0].dropFirst("DURATION=".count)))
        #expect(abs(duration - 7.5) < 0.1, "mpv played \(duration) s")
        let subtitles = String(fields[1].dropFirst("SUBTITLES=".count))
        #expect(subtitles.hasSuffix("/supercut.srt"), "the re-timed subtitles are loaded")
        #expect(!FileManager.default.fileExists(atPath: subtitles), "the temporary files are removed")
        #expect(!FileManager.default.fileExists(
            atPath: URL(fileURLWithPath: subtitles).deletingLastPathComponent().path))
    }

    @Test func playWithoutMatchesOrWithoutMPV() throws {
        try directory.write("talk.srt", Self.subtitles)
        try directory.write("talk.mkv", "")
        let none = try SeekProcess.run(["--play", "nowhere", "talk.srt"], in: directory.url,
                                       environment: ["SEEK_PLAYER": "mpv"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("nothing to play"))
        let other = try SeekProcess.run(["--play", "budget", "talk.srt"], in: directory.url,
                                        environment: ["SEEK_PLAYER": "ffplay"])
        #expect(other.status == 2)
        #expect(other.stderr.contains("--play plays an mpv EDL, which ffplay cannot"))
        let absent = try SeekProcess.run(["--play", "budget", "talk.srt"], in: directory.url,
                                         environment: ["SEEK_PLAYER": "", "PATH": directory.url.path])
        #expect(absent.status == 2)
        #expect(absent.stderr.contains("no player: install mpv"), "\(absent.stderr)")
    }

    @Test func playRefusesOtherOutputs() throws {
        try directory.write("talk.srt", Self.subtitles)
        let result = try seek(["--play", "--json", "budget", "talk.srt"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--play plays the matches; it cannot be combined"))
    }

    @Test func safeCSVGuardsFormulasAndPlainCSVKeepsThem() throws {
        try directory.write("sheet.srt", "1\n00:00:01,000 --> 00:00:02,000\n=HYPERLINK(\"x\") budget\n")
        let plain = try seek(["--csv", "budget", "sheet.srt"])
        #expect(plain.stdout.contains("\r\nsheet.srt,,,1,1,1,1,"))
        #expect(plain.stdout.contains(",\"=HYPERLINK(\"\"x\"\") budget\"\r\n"))
        let safe = try seek(["--safe-csv", "budget", "sheet.srt"])
        #expect(safe.status == 0)
        #expect(safe.stdout.contains(",\"'=HYPERLINK(\"\"x\"\") budget\"\r\n"), "\(safe.stdout)")
        let both = try seek(["--safe-csv", "--json", "budget", "sheet.srt"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--safe-csv is a kind of --csv"))
    }
}
