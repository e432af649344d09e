import Testing
@testable import SeekKit

@Suite struct TrackSelectionTests {
    static let tracks = [
        SubtitleTrack(number: 1, codec: "hdmv_pgs_subtitle", language: "eng"),
        SubtitleTrack(number: 2, codec: "subrip", language: "eng"),
        SubtitleTrack(number: 3, codec: "ass", language: "spa", isDefault: true),
        SubtitleTrack(number: 4, codec: "mov_text", language: "fre"),
        SubtitleTrack(number: 5, codec: "webvtt"),
    ]

    @Test func choosesTracks() throws {
        let cases: [(TrackSelection, [Int])] = [
            (TrackSelection.preferred(language: "en"), [2]),
            (.preferred(language: "fr"), [4]),
            (.preferred(language: "de"), [3]),
            (.preferred(language: nil), [3]),
            (.language("spa"), [3]),
            (.language("es-MX"), [3]),
            (.language("fra"), [4]),
            (.number(5), [5]),
            (.all, [2, 3, 4, 5]),
        ]
        for (selection, numbers) in cases {
            #expect(try selection.choose(from: Self.tracks).map(\.number) == numbers, "\(selection)")
        }
    }

    @Test func refusesWhatIsNotThere() {
        let cases: [(TrackSelection, String)] = [
            (TrackSelection.number(1), "subtitle track 1 is pictures (hdmv_pgs_subtitle), not text"),
            (.number(9), "has no subtitle track 9 (it has 5)"),
            (.language("de"), "has no text subtitle track in 'de' (it has: eng, spa, fre, und)"),
        ]
        for (selection, message) in cases {
            #expect(throws: TrackListingError(message: message)) { try selection.choose(from: Self.tracks) }
        }
    }

    @Test func withoutTextTracksNothingIsChosen() throws {
        #expect(try TrackSelection.preferred(language: "en").choose(from: [Self.tracks[0]]).isEmpty)
        #expect(try TrackSelection.all.choose(from: []).isEmpty)
    }

    @Test func languageCodes() {
        let cases: [(String, String?, Bool)] = [
            ("en", "eng", true), ("eng", "eng", true), ("EN", "eng", true), ("fr", "fre", true), ("fr", "fra", true),
            ("fre", "fra", true), ("pt_BR", "por", true), ("zh", "chi", true), ("en", "spa", false), ("en", nil, false),
            ("de", "ger", true), ("nl", "dut", true),
        ]
        for (wanted, tag, matches) in cases {
            #expect(LanguageCode.matches(wanted, tag) == matches, "\(wanted)")
        }
    }

    @Test func localeLanguage() {
        let cases: [(String, String?)] = [("en_US.UTF-8", "en"), ("pt_BR", "pt"), ("C", nil), ("POSIX", nil), ("C.UTF-8", nil), ("", nil)]
        for (locale, language) in cases {
            #expect(LanguageCode.language(ofLocale: locale) == language, "\(locale)")
        }
    }

    @Test func readsFFprobeListings() throws {
        let json = """
        {"programs": [], "streams": [
          {"index": 2, "codec_name": "subrip", "codec_type": "subtitle", "disposition": {"default": 1},
           "tags": {"language": "eng", "title": "SDH"}},
          {"index": 3, "codec_name": "dvd_subtitle", "codec_type": "subtitle", "tags": {"language": "und"}},
          {"index": 4, "codec_type": "subtitle"}
        ]}
        """
        let tracks = try SubtitleTrack.tracks(ffprobeJSON: Array(json.utf8))
        #expect(tracks == [
            SubtitleTrack(number: 1, codec: "subrip", language: "eng", title: "SDH", isDefault: true),
            SubtitleTrack(number: 2, codec: "dvd_subtitle"),
            SubtitleTrack(number: 3, codec: "unknown"),
        ])
        #expect(tracks.map(\.isText) == [true, false, false])
    }

    @Test func refusesGarbage() {
        let cases: [String] = ["", "garbage", "[1, 2]", "{\"streams\": 7}", String(repeating: "[", count: 100_000)]
        for text in cases {
            #expect(throws: TrackListingError.self) { try SubtitleTrack.tracks(ffprobeJSON: Array(text.utf8)) }
        }
    }

    @Test func extractionFormats() {
        let cases: [(String, EmbeddedTextFormat)] = [("ass", EmbeddedTextFormat.ass), ("ssa", .ass), ("webvtt", .webvtt), ("mov_text", .srt),
                                                     ("subrip", .srt)]
        for (codec, format) in cases {
            #expect(SubtitleTrack(number: 1, codec: codec).outputFormat == format, "\(codec)")
        }
    }
}
