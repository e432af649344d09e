import Foundation

/// One subtitle stream of a video file, as `ffprobe` lists it.
public struct SubtitleTrack: Hashable, Sendable {
    /// The 1-based position among the file's subtitle streams: `--track N`, `movie.mkv#N`.
    public var number: Int
    /// ffmpeg's codec name (`subrip`, `ass`, `webvtt`, `mov_text`, `hdmv_pgs_subtitle`, …).
    public var codec: String
    /// The ISO 639-2 language tag (`eng`, `spa`), or `nil` when the file says none or `und`.
    public var language: String?
    public var title: String?
    /// Whether the file marks the track as the one to show by default.
    public var isDefault: Bool

    public init(number: Int, codec: String, language: String? = nil, title: String? = nil, isDefault: Bool = false) {
        self.number = number
        self.codec = codec
        self.language = language
        self.title = title
        self.isDefault = isDefault
    }

    /// Codecs whose subtitles are text ffmpeg can write out as SRT, ASS or WebVTT.
    static let textCodecs: Set<String> = [
        "subrip", "srt", "ass", "ssa", "webvtt", "mov_text", "text", "microdvd", "subviewer", "subviewer1",
        "sami", "realtext", "stl", "pjs", "mpl2", "vplayer", "jacosub", "ttml",
    ]

    /// Whether the subtitles are text (searchable) rather than pictures (PGS, VobSub, DVB).
    public var isText: Bool { Self.textCodecs.contains(codec) }

    /// How ffmpeg should write the track out so the most survives: ASS keeps speakers and
    /// styles, WebVTT its voices; everything else becomes SRT.
    public var outputFormat: EmbeddedTextFormat {
        switch codec {
        case "ass", "ssa": .ass
        case "webvtt": .webvtt
        default: .srt
        }
    }

    /// The subtitle tracks listed in `ffprobe -of json -show_entries stream=…` output.
    ///
    /// - Throws: a message (without a file name) when the output is not such a listing.
    public static func tracks(ffprobeJSON: [UInt8]) throws(TrackListingError) -> [SubtitleTrack] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(ffprobeJSON)) as? [String: Any],
              let streams = object["streams"] as? [[String: Any]] else {
            throw TrackListingError(message: "ffprobe's answer is not a list of streams")
        }
        var tracks: [SubtitleTrack] = []
        for stream in streams where (stream["codec_type"] as? String ?? "subtitle") == "subtitle" {
            let tags = stream["tags"] as? [String: Any] ?? [:]
            let disposition = stream["disposition"] as? [String: Any] ?? [:]
            let language = (tags["language"] as? String).map { $0.lowercased() }
            tracks.append(SubtitleTrack(
                number: tracks.count + 1,
                codec: (stream["codec_name"] as? String) ?? "unknown",
                language: language == "und" || language?.isEmpty == true ? nil : language,
                title: tags["title"] as? String,
                isDefault: (disposition["default"] as? Int) == 1))
        }
        return tracks
    }
}

/// Why a track listing could not be read.
public struct TrackListingError: Error, Equatable, Sendable {
    public var message: String
}

/// The text format a track is extracted as.
public enum EmbeddedTextFormat: String, Sendable {
    case srt, ass, webvtt

    /// The name ffmpeg's `-f` takes.
    public var ffmpegMuxer: String { rawValue }

    /// The format Seek reads the extracted text with.
    public var subtitleFormat: SubtitleFormat {
        switch self {
        case .srt: .srt
        case .webvtt: .vtt
        case .ass: .ass
        }
    }
}
