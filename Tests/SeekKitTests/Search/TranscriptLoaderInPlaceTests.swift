import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// Reading a file where it lies (mapped) must give what loading a copy of it gives.
@Suite struct TranscriptLoaderInPlaceTests {
    /// The WebVTT samples and up to 150 WebVTT files of the corpus (when present).
    static func webVTTFiles() throws -> [String] {
        let root = RepositoryFiles.root.path
        var files = try FileManager.default.contentsOfDirectory(atPath: root + "/Samples")
            .filter { $0.hasSuffix(".vtt") }.map { root + "/Samples/" + $0 }
        if let corpus = CorpusConformanceTests.corpus, let walker = FileManager.default.enumerator(atPath: corpus.path) {
            var taken = 0
            for case let path as String in walker where path.hasSuffix(".vtt") && taken < 150 {
                files.append(corpus.path + "/" + path)
                taken += 1
            }
        }
        return files
    }

    static let broken: [(String, String)] = [
        ("WEBVTT\n\n00:01.000 --> 00:02.000\nhello\n\nnot a cue\n\n00:03.000 -> 00:04.000\nbad\n", "broken.vtt"),
        ("00:01.000 --> 00:02.000\nno header\n", "headless.vtt"),
        ("WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann>hello &amp; welcome</v>\n\n2\n00:03.000 --> 00:04.000\nbye\n", "voice.vtt"),
        ("WEBVTT\n", "empty.vtt"),
    ]

    @Test func webVTTReadInPlaceIsWhatACopyGives() throws {
        var inputs = try Self.webVTTFiles().compactMap { path in
            FileManager.default.contents(atPath: path).map { ([UInt8]($0), path) }
        }
        inputs += Self.broken.map { (Array($0.0.utf8), $0.1) }
        for (bytes, name) in inputs {
            let copied = Result { () throws(Diagnostic) in try TranscriptLoader.load(bytes, fileName: name) }
            let inPlace = Result { () throws(Diagnostic) in
                try bytes.withByteView { (view) throws(Diagnostic) in
                    try TranscriptLoader.load(inPlace: view, fileName: name, options: LoadOptions())
                }
            }
            switch (copied, inPlace) {
            case (.success(let copied), .success(let inPlace)):
                #expect(inPlace.format == copied.format && inPlace.encoding == copied.encoding, "\(name)")
                #expect(Array(inPlace.transcript) == Array(copied.transcript), "\(name)")
                #expect(inPlace.warnings == copied.warnings, "\(name)")
                let query = Query("e")
                let counted = try bytes.withByteView { (view) throws(Diagnostic) in
                    try TranscriptLoader.countMatches(inPlace: view, fileName: name, query: query)
                }
                #expect(counted.matches == MatchIndex(transcript: copied.transcript, query: query).count, "\(name)")
                #expect(counted.warnings == copied.warnings, "\(name)")
            case (.failure(let copied), .failure(let inPlace)):
                #expect(inPlace == copied, "\(name)")
            default:
                Issue.record("\(name): \(copied) read in place as \(inPlace)")
            }
        }
    }

    /// `-l` stops at the first match, but a file that is not UTF-8 further on is decoded (here as
    /// EUC-KR, where the UTF-8 `é` of the first cue is a Hangul syllable), and what it matches is
    /// judged on the decoded text.
    @Test func countingForOneMatchStillChecksTheWholeFileIsUTF8() throws {
        var text = "1\n00:00:01,000 --> 00:00:02,000\ncafé\n\n"
        for cue in 2...3_000 { text += "\(cue)\n00:00:0\(cue % 10),000 --> 00:00:0\(cue % 10),500\nfiller line\n\n" }
        var bytes = Array(text.utf8)
        bytes += Array("3001\n00:00:09,000 --> 00:00:09,500\ncaf".utf8) + [0xE9] + Array("\n".utf8)
        for (keyword, expected) in [("café", 0), ("caf", 2)] {
            let query = Query(keyword)
            let decoded = try TranscriptLoader.countMatches(bytes, fileName: "mixed.srt", query: query)
            let first = try bytes.withByteView { (view) throws(Diagnostic) in
                try TranscriptLoader.countMatches(inPlace: view, fileName: "mixed.srt", options: LoadOptions(),
                                                  query: query, pieceSize: 4096, enough: 1)
            }
            #expect(decoded.encoding != "UTF-8" && first.encoding == decoded.encoding, "\(keyword)")
            #expect(decoded.matches == expected && min(first.matches, 1) == min(expected, 1), "\(keyword)")
        }
    }
}
