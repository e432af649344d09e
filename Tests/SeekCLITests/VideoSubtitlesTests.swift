import Testing
@testable import seek

/// Which names are taken for video containers.
@Suite struct VideoSubtitlesTests {
    /// An ASCII name read from its bytes is judged as the lower-cased string's ending judges it.
    @Test func videoNamesAsTheirStringsEndWith() {
        let names = [
            "film.mkv", "FILM.MKV", "a.Mp4", "clip.ts", "clip.TS", "x.m2ts", "x.mts", "a.3GP", "a.mk3d", "a.webm",
            "a.srt", "mkv", ".mkv", "a.mkvx", "a.mkv/", "dir.mkv/a.srt", "a.mk", "", "ts", "a.ts ", "a.[s@`{",
            "film.mkv\u{301}", "Ünï.mkv", "ﬁlm.MKV", "a.M\u{212A}V", "a.\u{212A}",
        ] + VideoSubtitles.extensions.flatMap { ["clip" + $0, "CLIP" + $0.uppercased(), "x" + $0.dropFirst()] }
        for name in names {
            let lower = name.lowercased()
            #expect(VideoSubtitles.isVideo(name) == VideoSubtitles.extensions.contains { lower.hasSuffix($0) }, "\(name)")
        }
    }
}
