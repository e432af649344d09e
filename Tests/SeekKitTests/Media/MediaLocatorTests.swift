import Testing
import SeekKit

/// Which media names are tried for a subtitle, and in what order.
@Suite struct MediaLocatorTests {
    static func names(_ transcript: String) -> [String] {
        MediaLocator.candidates(forTranscript: Array(transcript.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func stemsAreTriedLongestFirst() {
        let cases: [(String, [String])] = [
            ("Show.S01E02.en.srt", ["Show.S01E02.en.mkv", "Show.S01E02.mkv"]),
            ("dir/Show.S01E02.eng.forced.srt", ["dir/Show.S01E02.eng.forced.mkv", "dir/Show.S01E02.eng.mkv",
                                                "dir/Show.S01E02.mkv"]),
            ("Film.pt-BR.sdh.vtt", ["Film.pt-BR.sdh.mkv", "Film.pt-BR.mkv", "Film.mkv"]),
            ("Film.zh-Hans.HI.srt", ["Film.zh-Hans.HI.mkv", "Film.zh-Hans.mkv", "Film.mkv"]),
            ("talk.cc.srt", ["talk.cc.mkv", "talk.mkv"]),
            ("The.Cat.Bang.srt", ["The.Cat.Bang.mkv"]),
            ("a b;c.srt", ["a b;c.mkv"]),
        ]
        for (transcript, stems) in cases {
            let mkv = Self.names(transcript).filter { $0.hasSuffix(".mkv") }
            #expect(mkv == stems, "\(transcript)")
        }
    }

    @Test func everyListedExtensionIsTriedInOrder() {
        let names = Self.names("Show.en.srt")
        let first = names.prefix(MediaLocator.extensions.count)
        #expect(Array(first) == MediaLocator.extensions.map { "Show.en." + $0 })
        #expect(names.contains("Show.MKV"))
        #expect(names.count == 2 * 2 * MediaLocator.extensions.count)
    }

    @Test func aNameWithoutExtensionHasNoCandidates() {
        #expect(Self.names("README").isEmpty)
        #expect(Self.names(".srt").isEmpty)
        #expect(Self.names("dir.d/README").isEmpty)
    }

    @Test func locateTakesTheFirstThatExists() {
        let existing: Set<[UInt8]> = [Array("d/Show.S01E02.mp4".utf8), Array("d/Show.S01E02.en.wav".utf8)]
        let found = MediaLocator.locate(forTranscript: Array("d/Show.S01E02.en.srt".utf8)) { existing.contains($0) }
        #expect(found == Array("d/Show.S01E02.en.wav".utf8))
        let none = MediaLocator.locate(forTranscript: Array("d/Other.srt".utf8)) { existing.contains($0) }
        #expect(none == nil)
    }

    @Test func namesThatAreNotUTF8KeepTheirBytes() {
        let transcript: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".fr.srt".utf8)
        let found = MediaLocator.locate(forTranscript: transcript) { $0 == Array("caf".utf8) + [0xE9] + Array(".ogg".utf8) }
        #expect(found == Array("caf".utf8) + [0xE9] + Array(".ogg".utf8))
    }

    @Test func audioOnlyByExtension() {
        let cases: [(String, Bool)] = [("a.mp3", true), ("a.FLAC", true), ("a.mkv", false), ("mp3", false)]
        for (name, audio) in cases {
            #expect(MediaLocator.isAudioOnly(Array(name.utf8)) == audio, "\(name)")
        }
    }
}
