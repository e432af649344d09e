import SeekKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text subtitle tracks inside a video file, read with `ffprobe` (which tracks there are)
/// and `ffmpeg` (a track's text as SRT, ASS or WebVTT), both started as programs with an
/// argument vector, and kept in a `TrackCache`.
enum VideoSubtitles {
    /// File name endings of the containers searched for subtitle tracks.
    static let extensions = [".mkv", ".mka", ".mk3d", ".mp4", ".m4v", ".mov", ".webm", ".avi", ".ts", ".m2ts",
                             ".mts", ".ogv", ".ogm", ".3gp"]

    /// Whether a file name looks like a video container.
    static func isVideo(_ name: String) -> Bool {
        // An ASCII name (most) is compared byte by byte, as `lowercased()` and `hasSuffix` compare ASCII.
        if let ascii = name.utf8.withContiguousStorageIfAvailable({ asciiNameIsVideo(ArraySlice($0)) }),
           let answer = ascii {
            return answer
        }
        let lower = name.lowercased()
        return extensions.contains { lower.hasSuffix($0) }
    }

    /// `isVideo` of a name's bytes when they are all ASCII, else `nil`: the name's last dot and
    /// the bytes after it (an ending has one dot, first, and five bytes at most), lower-cased into
    /// a word, are one of `endingWords`.
    private static func asciiNameIsVideo(_ name: ArraySlice<UInt8>) -> Bool? {
        var bits: UInt8 = 0
        for byte in name { bits |= byte }
        guard bits < 0x80 else { return nil }
        var word: UInt64 = 0
        var place = name.count
        while place > 0 && name.count - place < 5 {
            place -= 1
            let byte = name[place]
            word = word << 8 | UInt64((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
            if byte == UInt8(ascii: ".") { return endingWords.contains(word) }
        }
        return false
    }

    /// `extensions` as words, the first byte (the dot) lowest.
    private static let endingWords: [UInt64] = extensions.map { ending in
        ending.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// One track's extracted text.
    struct Track {
        var track: SubtitleTrack
        var text: [UInt8]
        var format: EmbeddedTextFormat
    }

    /// What a video file gave: the chosen tracks' text, and what the user should know
    /// (picture tracks, a cache that cannot be written).
    struct Extraction {
        var tracks: [Track] = []
        var warnings: [Diagnostic] = []
    }

    static let installHint = "install the ffmpeg package (apt-get install ffmpeg, brew install ffmpeg)"

    /// The chosen tracks of the video at `path`.
    ///
    /// - Throws: `Diagnostic` naming the file when ffprobe or ffmpeg is missing, fails,
    ///   takes too long (20 s plus 1 s per 20 MB), or the choice names no usable track.
    static func extract(
        _ path: SystemPath, selection: TrackSelection, cache: TrackCache?, timeoutBase: Double = 20
    ) throws(Diagnostic) -> Extraction {
        let name = path.shown
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else {
            throw Diagnostic(file: name, message: String(cString: strerror(errno)))
        }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        let key = TrackCache.Key(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                                 modified: modified)
        let timeout = timeoutBase + Double(info.st_size) / 20_000_000
        let input = Array("file:".utf8) + path.bytes
        var extraction = Extraction()
        func remember(_ bytes: [UInt8], _ part: String) {
            if let warning = cache?.store(bytes, key: key, part: part) {
                extraction.warnings.append(Diagnostic(file: name, message: warning))
            }
        }

        let listing: [UInt8]
        if let cached = cache?.load(key, part: "probe") {
            listing = cached
        } else {
            listing = try run("ffprobe", [
                "-v", "error", "-of", "json", "-select_streams", "s", "-show_entries",
                "stream=index,codec_name,codec_type:stream_tags=language,title:stream_disposition=default",
            ].map { Array($0.utf8) } + [input], file: name, timeout: timeout, outputLimit: 4 << 20)
        }
        let tracks: [SubtitleTrack]
        do {
            tracks = try SubtitleTrack.tracks(ffprobeJSON: listing)
        } catch {
            throw Diagnostic(file: name, message: error.message)
        }
        if cache?.load(key, part: "probe") == nil { remember(listing, "probe") }

        let pictures = tracks.filter { !$0.isText }
        if !pictures.isEmpty {
            let list = pictures.map { "\($0.number) (\($0.codec))" }.joined(separator: ", ")
            extraction.warnings.append(Diagnostic(file: name, message: pictures.count == 1
                ? "subtitle track \(list) is pictures, not text: not searchable"
                : "subtitle tracks \(list) are pictures, not text: not searchable"))
        }
        let chosen: [SubtitleTrack]
        do {
            chosen = try selection.choose(from: tracks)
        } catch {
            throw Diagnostic(file: name, message: error.message)
        }
        if chosen.isEmpty && pictures.isEmpty {
            extraction.warnings.append(Diagnostic(file: name, message: "has no subtitle tracks"))
        }
        for track in chosen {
            let format = track.outputFormat
            let part = "track\(track.number).\(format.rawValue)"
            let text: [UInt8]
            if let cached = cache?.load(key, part: part) {
                text = cached
            } else {
                text = try run("ffmpeg", [
                    "-nostdin", "-v", "error", "-i",
                ].map { Array($0.utf8) } + [input] + [
                    "-map", "0:s:\(track.number - 1)", "-f", format.ffmpegMuxer, "-",
                ].map { Array($0.utf8) }, file: name, timeout: timeout, outputLimit: 512 << 20)
                remember(text, part)
            }
            extraction.tracks.append(Track(track: track, text: text, format: format))
        }
        return extraction
    }

    /// Runs ffprobe or ffmpeg; its output, or a message naming the file.
    private static func run(
        _ program: String, _ arguments: [[UInt8]], file: String, timeout: Double, outputLimit: Int
    ) throws(Diagnostic) -> [UInt8] {
        let started: Result<ChildProcess.Completion, ChildProcess.StartFailure> = Result { () throws(ChildProcess.StartFailure) in
            try ChildProcess.run(program, arguments: arguments, timeout: timeout, outputLimit: outputLimit)
        }
        let completion: ChildProcess.Completion
        switch started {
        case .success(let done): completion = done
        case .failure(.notFound):
            throw Diagnostic(file: file, message: "subtitles inside videos are read with \(program), which is not installed: \(installHint)")
        case .failure(.failed(let reason)):
            throw Diagnostic(file: file, message: "cannot start \(program): \(reason)")
        }
        if completion.timedOut {
            throw Diagnostic(file: file, message: "\(program) took longer than \(Int(timeout)) s; stopped it")
        }
        if completion.outputTooLarge {
            throw Diagnostic(file: file, message: "\(program) wrote more than \(outputLimit >> 20) MB; stopped it")
        }
        guard completion.status == 0 else {
            let said = String(decoding: completion.errorOutput, as: UTF8.self)
                .split(separator: "\n").last.map { ": " + Sanitizer.sanitize(String($0)) } ?? ""
            throw Diagnostic(file: file, message: "\(program) cannot read it (status \(completion.status))\(said)")
        }
        return completion.output
    }
}

/// How this run treats video files: which tracks, which cache.
struct VideoSettings: Sendable {
    var selection: TrackSelection
    var cache: TrackCache?
    /// Seconds every ffprobe or ffmpeg run may take before the part that grows with the
    /// file's size (`SEEK_VIDEO_TIMEOUT` changes it).
    var timeoutBase: Double = 20

    /// The settings the options and the environment (`LANG`, `LC_ALL`, `LC_MESSAGES`,
    /// `XDG_CACHE_HOME`, `HOME`) give.
    init(options: CommandLineOptions, environment: [String: String]) {
        if options.allTracks {
            selection = .all
        } else if let track = options.track {
            selection = .number(track)
        } else if let language = options.language {
            selection = .language(language)
        } else {
            let locale = [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
                .compactMap { $0 }.first { !$0.isEmpty }
            selection = .preferred(language: locale.flatMap(LanguageCode.language(ofLocale:)))
        }
        cache = options.noCache ? nil : TrackCache.standard(environment: environment)
        if let seconds = environment["SEEK_VIDEO_TIMEOUT"].flatMap(Double.init), seconds > 0 { timeoutBase = seconds }
    }

    static func environment() -> [String: String] {
        var values: [String: String] = [:]
        for name in ["LC_ALL", "LC_MESSAGES", "LANG", "XDG_CACHE_HOME", "HOME", "SEEK_CACHE_LIMIT", "SEEK_VIDEO_TIMEOUT"] {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    /// The name a track's transcript is shown under: the file's, or with several tracks `FILE#N [lang]`.
    func name(of track: SubtitleTrack, in file: String) -> String {
        guard selection == .all else { return file }
        return "\(file)#\(track.number)" + (track.language.map { " [\($0)]" } ?? "")
    }
}
