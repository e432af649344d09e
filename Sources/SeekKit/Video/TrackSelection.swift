/// Which subtitle tracks of a video file to search.
public enum TrackSelection: Equatable, Sendable {
    /// The first text track in `language` (`--lang`, else the user's `LANG`), else the
    /// track marked default, else the first text track.
    case preferred(language: String?)
    /// `--track N`: the Nth subtitle track (1-based).
    case number(Int)
    /// `--lang xx` given explicitly: the first text track in that language, or an error.
    case language(String)
    /// `--all-tracks`: every text track, each searched as its own transcript.
    case all

    /// The tracks to search among `tracks`.
    ///
    /// - Throws: a message when `--track N` names no track or a picture track, or when
    ///   no track is in the asked-for language.
    public func choose(from tracks: [SubtitleTrack]) throws(TrackListingError) -> [SubtitleTrack] {
        let text = tracks.filter(\.isText)
        switch self {
        case .all:
            return text
        case .number(let number):
            guard let track = tracks.first(where: { $0.number == number }) else {
                throw TrackListingError(message: tracks.isEmpty
                    ? "has no subtitle tracks (asked for track \(number))"
                    : "has no subtitle track \(number) (it has \(tracks.count))")
            }
            guard track.isText else {
                throw TrackListingError(message: "subtitle track \(number) is pictures (\(track.codec)), not text")
            }
            return [track]
        case .language(let language):
            guard let track = text.first(where: { LanguageCode.matches(language, $0.language) }) else {
                let known = text.map { $0.language ?? "und" }
                throw TrackListingError(message: "has no text subtitle track in '\(language)'"
                    + (known.isEmpty ? "" : " (it has: \(known.joined(separator: ", ")))"))
            }
            return [track]
        case .preferred(let language):
            if let language, let track = text.first(where: { LanguageCode.matches(language, $0.language) }) {
                return [track]
            }
            if let track = text.first(where: \.isDefault) ?? text.first { return [track] }
            return []
        }
    }
}

/// Language codes as users write them (`en`, `eng`, `en-US`, `pt_BR`) against the ISO 639-2
/// tags in video files (`eng`, `fre` or `fra`).
public enum LanguageCode {
    /// ISO 639-1 codes and their ISO 639-2 forms (bibliographic and terminological).
    static let threeLetter: [String: [String]] = [
        "ar": ["ara"], "bg": ["bul"], "bn": ["ben"], "ca": ["cat"], "cs": ["cze", "ces"], "cy": ["wel", "cym"],
        "da": ["dan"], "de": ["ger", "deu"], "el": ["gre", "ell"], "en": ["eng"], "es": ["spa"], "et": ["est"],
        "eu": ["baq", "eus"], "fa": ["per", "fas"], "fi": ["fin"], "fr": ["fre", "fra"], "ga": ["gle"],
        "gl": ["glg"], "he": ["heb"], "hi": ["hin"], "hr": ["hrv"], "hu": ["hun"], "hy": ["arm", "hye"],
        "id": ["ind"], "is": ["ice", "isl"], "it": ["ita"], "ja": ["jpn"], "ka": ["geo", "kat"], "kk": ["kaz"],
        "ko": ["kor"], "lt": ["lit"], "lv": ["lav"], "mk": ["mac", "mkd"], "ms": ["may", "msa"], "nb": ["nob", "nor"],
        "nl": ["dut", "nld"], "nn": ["nno", "nor"], "no": ["nor", "nob"], "pl": ["pol"], "pt": ["por"],
        "ro": ["rum", "ron"], "ru": ["rus"], "sk": ["slo", "slk"], "sl": ["slv"], "sq": ["alb", "sqi"],
        "sr": ["srp"], "sv": ["swe"], "ta": ["tam"], "th": ["tha"], "tl": ["tgl", "fil"], "tr": ["tur"],
        "uk": ["ukr"], "ur": ["urd"], "vi": ["vie"], "zh": ["chi", "zho"],
    ]

    /// Whether the user's `wanted` language is the track's `tag`.
    public static func matches(_ wanted: String, _ tag: String?) -> Bool {
        guard let tag = tag?.lowercased(), let wanted = primary(wanted) else { return false }
        let tagPrimary = primary(tag) ?? tag
        if wanted == tagPrimary { return true }
        if let forms = threeLetter[wanted], forms.contains(tagPrimary) { return true }
        if let forms = threeLetter[tagPrimary], forms.contains(wanted) { return true }
        return threeLetter.contains { $0.value.contains(wanted) && $0.value.contains(tagPrimary) }
    }

    /// The language of a locale name such as `en_US.UTF-8` (`nil` for `C` and `POSIX`).
    public static func language(ofLocale locale: String) -> String? {
        guard let language = primary(locale), language != "c", language != "posix" else { return nil }
        return language
    }

    /// `pt_BR.UTF-8` → `pt`; empty → `nil`.
    private static func primary(_ code: String) -> String? {
        let head = code.lowercased().prefix { $0 != "-" && $0 != "_" && $0 != "." && $0 != "@" }
        return head.isEmpty ? nil : String(head)
    }
}
