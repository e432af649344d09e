import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Subtitle tracks inside videos, read through ffprobe and ffmpeg. Each test makes its own
/// tiny videos with ffmpeg (a generated colour picture and subtitle files written here) and
/// skips with a message when ffmpeg is not installed.
@Suite struct VideoTests {
    static let english = """
    1
    00:00:01,000 --> 00:00:02,500
    Hello, Bazinga is here.

    2
    00:00:03,000 --> 00:00:04,000
    Second line, nothing else.

    """

    static let spanish = """
    [Script Info]
    ScriptType: v4.00+

    [V4+ Styles]
    Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
    Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1

    [Events]
    Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
    Dialogue: 0,0:00:02.00,0:00:03.50,Default,Maria,0,0,0,,Hola {\\b1}amigo{\\b0}, Bazinga también.

    """

    static let webvtt = """
    WEBVTT

    00:00:01.500 --> 00:00:02.000
    <v Ana>Bazinga from the web.

    """

    static let ffmpegAvailable: Bool = {
        (try? runFFmpeg(["-version"], in: FileManager.default.temporaryDirectory)) == true
    }()

    @discardableResult
    static func runFFmpeg(_ arguments: [String], in directory: URL) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-nostdin", "-v", "error"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// `movie.mkv`: a second of black picture, an English SRT track and a Spanish ASS track.
    static func makeMKV(in directory: TemporaryDirectory, name: String = "movie.mkv") throws -> Bool {
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        try directory.write("en.srt", english)
        try directory.write("es.ass", spanish)
        return try runFFmpeg([
            "-f", "lavfi", "-i", "color=c=black:s=32x32:d=5:r=1", "-i", "en.srt", "-i", "es.ass",
            "-map", "0:v", "-map", "1", "-map", "2", "-c:v", "mpeg4", "-c:s", "copy",
            "-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=spa", "-y", name,
        ], in: directory.url)
    }

    static func skipWithoutFFmpeg(_ test: String) -> Bool {
        if !ffmpegAvailable { print("ffmpeg not installed: skipping \(test)") }
        return !ffmpegAvailable
    }

    /// A cache of this test's own, so no test reads another's entries.
    static func environment(_ directory: TemporaryDirectory, _ extra: [String: String] = [:]) -> [String: String] {
        ["XDG_CACHE_HOME": directory.url.appendingPathComponent("cache").path, "LANG": "C"]
            .merging(extra) { $1 }
    }

    @Test func theFirstTextTrackIsSearchedWithItsTimes() throws {
        if Self.skipWithoutFFmpeg("theFirstTextTrackIsSearchedWithItsTimes") { return }
        let directory = try TemporaryDirectory()
        guard try Self.makeMKV(in: directory) else { Issue.record("ffmpeg could not make the MKV"); return }
        let result = try SeekProcess.run(["Bazinga", "movie.mkv"], in: directory.url, environment: Self.environment(directory))
        #expect(result.status == 0)
        #expect(result.stdout == "1 00:00:01.000: Hello, Bazinga is here.\n")
    }

    @Test func langTrackAndLocaleChooseTheTrack() throws {
        if Self.skipWithoutFFmpeg("langTrackAndLocaleChooseTheTrack") { return }
        let directory = try TemporaryDirectory()
        guard try Self.makeMKV(in: directory) else { Issue.record("ffmpeg could not make the MKV"); return }
        let env = Self.environment(directory)
        #expect(try SeekProcess.run(["--lang", "es", "amigo", "movie.mkv"], in: directory.url, environment: env).stdout
            .hasSuffix("Hola amigo, Bazinga también.\n"))
        #expect(try SeekProcess.run(["--lang", "spa", "-c", "amigo", "movie.mkv"], in: directory.url, environment: env)
            .stdout == "1\n")
        // The ASS track is extracted as ASS: its Name field is the speaker; exports name the track.
        let json = try SeekProcess.run(["--lang", "es", "--json", "amigo", "movie.mkv"], in: directory.url, environment: env)
        #expect(json.stdout.hasPrefix("{\"file\":\"movie.mkv\",\"track\":2,\"language\":\"spa\","))
        #expect(json.stdout.contains("\"speaker\":\"Maria\""))
        let csv = try SeekProcess.run(["--all-tracks", "--csv", "Bazinga", "movie.mkv"], in: directory.url, environment: env)
        #expect(csv.stdout.contains("\r\nmovie.mkv#1 [eng],1,eng,1,"))
        #expect(csv.stdout.contains("\r\nmovie.mkv#2 [spa],2,spa,1,"))
        #expect(try SeekProcess.run(["--track", "2", "-c", "amigo", "movie.mkv"], in: directory.url, environment: env)
            .stdout == "1\n")
        let byLocale = try SeekProcess.run(["amigo", "movie.mkv"], in: directory.url,
                                           environment: Self.environment(directory, ["LANG": "es_ES.UTF-8"]))
        #expect(byLocale.stdout.hasPrefix("1 00:00:02.000: "))
        #expect(byLocale.stdout.contains("Hola amigo, Bazinga también."))
        let missing = try SeekProcess.run(["--lang", "de", "amigo", "movie.mkv"], in: directory.url, environment: env)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("movie.mkv: has no text subtitle track in 'de' (it has: eng, spa)"))
        let noSuchTrack = try SeekProcess.run(["--track", "7", "amigo", "movie.mkv"], in: directory.url, environment: env)
        #expect(noSuchTrack.status == 2)
        #expect(noSuchTrack.stderr.contains("movie.mkv: has no subtitle track 7 (it has 2)"))
    }

    @Test func allTracksAreSearchedUnderTheirOwnNames() throws {
        if Self.skipWithoutFFmpeg("allTracksAreSearchedUnderTheirOwnNames") { return }
        let directory = try TemporaryDirectory()
        guard try Self.makeMKV(in: directory) else { Issue.record("ffmpeg could not make the MKV"); return }
        let result = try SeekProcess.run(["--all-tracks", "-c", "Bazinga", "movie.mkv"], in: directory.url,
                                         environment: Self.environment(directory))
        #expect(result.stdout == "movie.mkv#1 [eng]:1\nmovie.mkv#2 [spa]:1\n")
    }

    @Test func mp4WithMovTextAndWebMWithWebVTT() throws {
        if Self.skipWithoutFFmpeg("mp4WithMovTextAndWebMWithWebVTT") { return }
        let directory = try TemporaryDirectory()
        try directory.write("en.srt", Self.english)
        try directory.write("en.vtt", Self.webvtt)
        guard try Self.runFFmpeg(["-f", "lavfi", "-i", "color=c=black:s=32x32:d=5:r=1", "-i", "en.srt",
                                  "-map", "0:v", "-map", "1", "-c:v", "mpeg4", "-c:s", "mov_text", "-y", "movie.mp4"],
                                 in: directory.url) else { Issue.record("ffmpeg could not make the MP4"); return }
        let mp4 = try SeekProcess.run(["Bazinga", "movie.mp4"], in: directory.url, environment: Self.environment(directory))
        #expect(mp4.stdout == "1 00:00:01.000: Hello, Bazinga is here.\n")
        guard try Self.runFFmpeg(["-f", "lavfi", "-i", "color=c=black:s=32x32:d=5:r=1", "-i", "en.vtt",
                                  "-map", "0:v", "-map", "1", "-c:v", "libvpx", "-c:s", "webvtt", "-y", "movie.webm"],
                                 in: directory.url) else {
            print("ffmpeg cannot write WebM here (no libvpx): skipping the WebM case")
            return
        }
        let webm = try SeekProcess.run(["--json", "Bazinga", "movie.webm"], in: directory.url,
                                       environment: Self.environment(directory))
        #expect(webm.stdout.contains("\"start_ms\":1500"))
        // (ffmpeg's WebM reader drops WebVTT's <v Ana> voice tags, so there is no speaker to check.)
    }

    @Test func withoutFFmpegOneMessageAndTheOtherFilesAreSearched() throws {
        let directory = try TemporaryDirectory()
        try directory.write("movie.mkv", "not really a video")
        try directory.write("talk.srt", Self.english)
        let result = try SeekProcess.run(["Bazinga", "movie.mkv", "talk.srt"], in: directory.url,
                                         environment: Self.environment(directory, ["PATH": "/nonexistent"]))
        #expect(result.status == 2)
        #expect(result.stdout == "talk.srt:1 00:00:01.000: Hello, Bazinga is here.\n")
        #expect(result.stderr.components(separatedBy: "install the ffmpeg package").count == 2)
        #expect(result.stderr.contains("movie.mkv: subtitles inside videos are read with ffprobe, which is not installed"))
    }

    @Test func theCacheAnswersTheSecondSearchAndCorruptEntriesAreIgnored() throws {
        if Self.skipWithoutFFmpeg("theCacheAnswersTheSecondSearchAndCorruptEntriesAreIgnored") { return }
        let directory = try TemporaryDirectory()
        guard try Self.makeMKV(in: directory) else { Issue.record("ffmpeg could not make the MKV"); return }
        let env = Self.environment(directory)
        #expect(try SeekProcess.run(["-c", "Bazinga", "movie.mkv"], in: directory.url, environment: env).stdout == "1\n")
        let cache = directory.url.appendingPathComponent("cache/seek")
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        #expect(entries.count == 2)
        #expect(entries.allSatisfy { $0.hasPrefix("v1-") })
        // With no ffmpeg at all, the cache alone answers.
        let cached = try SeekProcess.run(["-c", "Bazinga", "movie.mkv"], in: directory.url,
                                         environment: env.merging(["PATH": "/nonexistent"]) { $1 })
        #expect(cached.stdout == "1\n")
        #expect(cached.status == 0)
        // A damaged entry is not believed: read afresh, and replaced.
        for entry in entries {
            try Data("seek-cache 1 garbage".utf8).write(to: cache.appendingPathComponent(entry))
        }
        #expect(try SeekProcess.run(["-c", "Bazinga", "movie.mkv"], in: directory.url, environment: env).stdout == "1\n")
        let replaced = try Data(contentsOf: cache.appendingPathComponent(entries[0]))
        #expect(replaced.starts(with: Data("seek-cache 1 \(entries[0]) ".utf8)))
        // --no-cache never reads it.
        let uncached = try SeekProcess.run(["--no-cache", "-c", "Bazinga", "movie.mkv"], in: directory.url,
                                           environment: env.merging(["PATH": "/nonexistent"]) { $1 })
        #expect(uncached.status == 2)
    }

    @Test func aCacheThatCannotBeWrittenOnlyWarns() throws {
        if Self.skipWithoutFFmpeg("aCacheThatCannotBeWrittenOnlyWarns") { return }
        let directory = try TemporaryDirectory()
        guard try Self.makeMKV(in: directory) else { Issue.record("ffmpeg could not make the MKV"); return }
        let notADirectory = try directory.write("plain-file", "x")
        let result = try SeekProcess.run(["-c", "Bazinga", "movie.mkv"], in: directory.url,
                                         environment: Self.environment(directory, ["XDG_CACHE_HOME": notADirectory.path]))
        #expect(result.status == 0)
        #expect(result.stdout == "1\n")
        #expect(result.stderr.contains("cannot write the cache"))
    }

    @Test func theCacheStaysUnderItsLimit() throws {
        if Self.skipWithoutFFmpeg("theCacheStaysUnderItsLimit") { return }
        let directory = try TemporaryDirectory()
        guard try Self.makeMKV(in: directory) else { Issue.record("ffmpeg could not make the MKV"); return }
        let env = Self.environment(directory, ["SEEK_CACHE_LIMIT": "1000"])
        _ = try SeekProcess.run(["--all-tracks", "-c", "Bazinga", "movie.mkv"], in: directory.url, environment: env)
        let cache = directory.url.appendingPathComponent("cache/seek")
        let sizes = try FileManager.default.contentsOfDirectory(atPath: cache.path).map {
            try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent($0).path)[.size] as! Int
        }
        #expect(sizes.reduce(0, +) <= 1000)
        #expect(!sizes.isEmpty)
    }

    @Test func brokenVideosGetAMessageNamingTheFile() throws {
        if Self.skipWithoutFFmpeg("brokenVideosGetAMessageNamingTheFile") { return }
        let directory = try TemporaryDirectory()
        guard try Self.makeMKV(in: directory) else { Issue.record("ffmpeg could not make the MKV"); return }
        try directory.write("text.mkv", "Just some notes about Bazinga, saved under the wrong name.\n")
        let whole = try Data(contentsOf: directory.url.appendingPathComponent("movie.mkv"))
        try whole.prefix(whole.count / 3).write(to: directory.url.appendingPathComponent("cut.mkv"))
        let result = try SeekProcess.run(["Bazinga", "text.mkv", "cut.mkv", "movie.mkv"], in: directory.url,
                                         environment: Self.environment(directory))
        #expect(result.status == 2)
        #expect(result.stderr.contains("seek: text.mkv: ffprobe cannot read it"))
        #expect(result.stderr.contains("seek: cut.mkv: "))
        #expect(result.stdout.contains("movie.mkv:1 00:00:01.000: Hello, Bazinga is here."))
    }

    @Test func aHangingFFprobeIsStopped() throws {
        let directory = try TemporaryDirectory()
        try directory.writeProgram("bin/ffprobe", "#!/bin/sh\nexec /bin/sleep 600\n")
        try directory.write("movie.mkv", "x")
        let result = try SeekProcess.run(["Bazinga", "movie.mkv"], in: directory.url, environment: Self.environment(
            directory, ["PATH": directory.url.appendingPathComponent("bin").path, "SEEK_VIDEO_TIMEOUT": "0.5"]))
        #expect(result.status == 2)
        #expect(result.stderr.contains("movie.mkv: ffprobe took longer than"))
    }

    @Test(arguments: [
        ("echo '{\"streams\": \"nonsense\"}'", "movie.mkv: ffprobe's answer is not a list of streams"),
        ("/usr/bin/head -c 6000000 /dev/zero", "movie.mkv: ffprobe wrote more than 4 MB; stopped it"),
        ("echo 'no such thing' >&2; exit 3", "movie.mkv: ffprobe cannot read it (status 3): no such thing"),
    ])
    func anFFprobeThatAnswersNonsenseGetsAMessage(_ script: String, _ message: String) throws {
        let directory = try TemporaryDirectory()
        try directory.writeProgram("bin/ffprobe", "#!/bin/sh\n\(script)\n")
        try directory.write("movie.mkv", "x")
        try directory.write("talk.srt", Self.english)
        let result = try SeekProcess.run(["Bazinga", "movie.mkv", "talk.srt"], in: directory.url, environment: Self.environment(
            directory, ["PATH": directory.url.appendingPathComponent("bin").path]))
        #expect(result.status == 2)
        #expect(result.stderr.contains(message))
        #expect(result.stdout == "talk.srt:1 00:00:01.000: Hello, Bazinga is here.\n")
    }

    @Test func awkwardFileNamesReachFFmpegAsThey() throws {
        if Self.skipWithoutFFmpeg("awkwardFileNamesReachFFmpegAsThey") { return }
        let directory = try TemporaryDirectory()
        let name = "-x; 'it''s' \"a\" pipe:1 $(true).mkv"
        guard try Self.makeMKV(in: directory, name: "movie.mkv") else { Issue.record("ffmpeg could not make the MKV"); return }
        try FileManager.default.moveItem(at: directory.url.appendingPathComponent("movie.mkv"),
                                         to: directory.url.appendingPathComponent(name))
        let result = try SeekProcess.run(["-c", "Bazinga", "--", name], in: directory.url,
                                         environment: Self.environment(directory))
        #expect(result.stdout == "1\n")
        #expect(result.status == 0)
    }

    @Test func aRecursiveSearchIncludesVideos() throws {
        if Self.skipWithoutFFmpeg("aRecursiveSearchIncludesVideos") { return }
        let directory = try TemporaryDirectory()
        guard try Self.makeMKV(in: directory, name: "library/show/episode.mkv") else {
            Issue.record("ffmpeg could not make the MKV")
            return
        }
        let result = try SeekProcess.run(["-r", "-c", "Bazinga", "library"], in: directory.url,
                                         environment: Self.environment(directory))
        #expect(result.stdout == "library/show/episode.mkv:1\n")
    }

    /// Copies of `movie.mkv` under `names` (each its own inode, so each is extracted).
    static func makeCopies(in directory: TemporaryDirectory, _ names: [String]) throws -> Bool {
        guard try makeMKV(in: directory) else { return false }
        for name in names {
            try FileManager.default.copyItem(at: directory.url.appendingPathComponent("movie.mkv"),
                                             to: directory.url.appendingPathComponent(name))
        }
        return true
    }

    @Test func severalVideosAreReportedInArgumentOrderWithNoProgressInAPipe() throws {
        if Self.skipWithoutFFmpeg("severalVideosAreReportedInArgumentOrderWithNoProgressInAPipe") { return }
        let directory = try TemporaryDirectory()
        let names = ["d.mkv", "b.mkv", "e.mkv", "a.mkv", "c.mkv"]
        guard try Self.makeCopies(in: directory, names) else { Issue.record("ffmpeg could not make the MKV"); return }
        let result = try SeekProcess.run(["-c", "Bazinga"] + names, in: directory.url,
                                         environment: Self.environment(directory))
        #expect(result.stdout == names.map { "\($0):1\n" }.joined())
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func severalVideosShowProgressWhenStandardErrorIsATerminal() throws {
        if Self.skipWithoutFFmpeg("severalVideosShowProgressWhenStandardErrorIsATerminal") { return }
        let directory = try TemporaryDirectory()
        let names = ["b.mkv", "new\nline.mkv"]
        guard try Self.makeCopies(in: directory, names) else { Issue.record("ffmpeg could not make the MKV"); return }
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { Issue.record("no pseudo-terminal"); return }
        let process = Process()
        process.executableURL = SeekProcess.executable
        process.arguments = ["-c", "Bazinga"] + names
        process.currentDirectoryURL = directory.url
        process.environment = ProcessInfo.processInfo.environment.merging(Self.environment(directory)) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        close(slave)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if got <= 0 { break }
            bytes.append(contentsOf: chunk[0..<got])
        }
        process.waitUntilExit()
        close(master)
        let shown = String(decoding: bytes, as: UTF8.self)
        #expect(shown.contains("\r\u{1B}[Kextracting 1/2: "))
        #expect(shown.contains("extracting 2/2: "))
        // The name is shown with its newline made visible, and the line is cleared at the end.
        #expect(shown.contains("new\\nline.mkv"))
        #expect(!shown.contains("new\nline"))
        #expect(shown.hasSuffix("\r\u{1B}[K"))
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            == "b.mkv:1\nnew\\nline.mkv:1\n")
    }
}
