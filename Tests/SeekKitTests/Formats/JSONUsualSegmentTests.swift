import Foundation
import SeekBytes
import Testing
@testable import SeekKit

/// A segment written as the ones before it is read by `JSONTranscriptParser.Reader.readUsualSegment`,
/// its text left in the file: the cues, word times, numbers, warnings and errors must be those of
/// reading every segment key by key, whole or searched.
@Suite struct JSONUsualSegmentTests {
    /// Everything a parse gives, in words: each cue, the word times, the warnings, or the error.
    static func outcome(_ bytes: [UInt8], piece: RawPiece?, usual: Bool) -> [String] {
        bytes.withByteView { view in
            do {
                let (transcript, warnings) = try JSONTranscriptParser.parse(
                    view, fileName: "a.json", passingOver: piece, readsUsualSegments: usual)
                var lines = Array(transcript).map { cue in
                    "#\(cue.ordinal) \(cue.start ?? -1)-\(cue.end ?? -1) [\(cue.speaker ?? "-")] line \(cue.line) \(cue.text)"
                }
                lines += transcript.wordTimes.map { "word \($0.offset)@\($0.start)-\($0.end ?? -1)" }
                lines += warnings.map { "warning \($0)" }
                return lines
            } catch {
                return ["error \(error)"]
            }
        }
    }

    static func expectSame(_ bytes: [UInt8], _ comment: String) {
        for keyword in [nil, "father", "budget", "the", "x", "host"] as [String?] {
            let piece = keyword.flatMap { RawPiece(query: Query($0)) }
            let usual = outcome(bytes, piece: piece, usual: true)
            let keyByKey = outcome(bytes, piece: piece, usual: false)
            // (The first line that differs, not the whole outcomes: they are long.)
            let first = usual.indices.first { $0 >= keyByKey.count || usual[$0] != keyByKey[$0] } ?? usual.count
            let same = usual == keyByKey
            #expect(same, """
                \(comment), searching for \(keyword ?? "nothing"): line \(first + 1) of \(usual.count) and \(keyByKey.count) \
                reads \(usual.dropFirst(first).first ?? "nothing") read in one go, \
                \(keyByKey.dropFirst(first).first ?? "nothing") key by key
                """)
        }
    }

    /// A document whose segments mostly repeat one way of writing them, now and then written
    /// otherwise: keys swapped, dropped, added or written twice, other spaces, escapes in a
    /// speaker or text, `null`s, unreadable or negative times, texts that trim to nothing or end
    /// in a line break, token objects, a broken end.
    static func document(podcast: Bool, segments count: Int, seed: UInt64, lines: Bool) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        let words = ["the", "father", "Budget", "x", "end.", "why?", "fa\\u0074her", "\\\"the\\\"", "caf\\u00e9", "  "]
        let speakers = ["Host", "Guest", "Ho\\u0073t", "3", " ", "SPEAKER_00"]
        var segments: [String] = []
        var clock = 0
        // A podcast's text is its `body`, or (every other seed) a `text` beside `startTime`, joined all the same.
        let bodyKey = seed % 2 == 1 ? "text" : "body"
        for i in 0..<count {
            clock += Int.random(in: 100...3000, using: &random)
            func odd(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &random) == 0 }
            var start = "\(clock / 1000).\(String(format: "%03d", clock % 1000))"
            var end = "\((clock + 1500) / 1000).\(String(format: "%03d", (clock + 1500) % 1000))"
            if odd(40) { start = "1e400" }
            if odd(40) { end = "-0.5" }
            if odd(40) { (start, end) = (end, start) }
            if odd(40) { start = "null" }
            if odd(60) { end = "12345678901.5" }
            var text = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                odd(5) ? words.randomElement(using: &random)! : ["the", "father", "budget", "and", "I"].randomElement(using: &random)!
            }.joined(separator: " ")
            if odd(30) { text = " " }
            if odd(30) { text += " \\n" }
            if odd(30) { text += "\n " }
            if odd(20) { text = String(repeating: "word ", count: 45) + "end." }
            var speaker = "\"\(odd(6) ? speakers.randomElement(using: &random)! : "Host")\""
            if odd(50) { speaker = "null" }
            var fields: [(String, String)] = podcast
                ? [("speaker", speaker), ("startTime", start), ("endTime", end), (bodyKey, odd(40) ? "null" : "\"\(text)\"")]
                : [("id", "\(i)"), ("seek", "0"), ("start", start), ("end", end), ("text", odd(40) ? "null" : "\"\(text)\""),
                   ("tokens", odd(40) ? "[{\"text\": \" the\"}]" : "[50364, 1111, 1185]"), ("temperature", "0.0"),
                   ("avg_logprob", "-0.21"), ("no_speech_prob", odd(50) ? "\"x\"" : "0.01")]
            if odd(25) { fields.swapAt(Int.random(in: 0..<fields.count, using: &random), Int.random(in: 0..<fields.count, using: &random)) }
            if odd(25) { fields.remove(at: Int.random(in: 0..<fields.count, using: &random)) }
            if odd(25) { fields.insert(("confidence", "0.9"), at: Int.random(in: 0...fields.count, using: &random)) }
            if odd(40) { fields.append(podcast ? (bodyKey, "\"again\"") : ("text", "\"again\"")) }
            // One byte of one key changed (keys shorter than a word are compared a word at a time, the rest masked).
            if odd(30) {
                let changed = Int.random(in: 0..<fields.count, using: &random)
                fields[changed].0 = String(fields[changed].0.dropLast()) + fields[changed].0.suffix(1).uppercased()
            }
            if odd(60) { fields.append(("words", "[{\"word\": \"the\", \"start\": 1.0, \"end\": 1.5}]")) }
            let colon = odd(30) ? " : " : ": "
            let comma = odd(30) ? ",\n  " : ", "
            segments.append("{" + fields.map { "\"\($0.0)\"\(colon)\($0.1)" }.joined(separator: comma) + "}")
        }
        var body = segments.joined(separator: lines ? ",\n" : ", ")
        if seed % 3 == 0 { body += ", {\"start\": 1, \"text\": \"unclosed}" }
        let text = podcast ? "{\"version\": \"1.0.0\", \"segments\": [\(body)]}" : "{\"text\": \"\", \"segments\": [\(body)]}"
        return Array(text.utf8)
    }

    @Test(arguments: [false, true])
    func segmentsWrittenAlikeReadAsKeyByKey(podcast: Bool) {
        for seed in UInt64(1)...6 {
            let bytes = Self.document(podcast: podcast, segments: 700, seed: seed, lines: seed % 2 == 0)
            Self.expectSame(bytes, "\(podcast ? "podcast" : "whisper") seed \(seed)")
        }
    }

    /// The search tests' documents (word lists, whisper.cpp, subtitle.js arrays, vtt.js cues).
    @Test(arguments: JSONSearchTests.Shape.allCases)
    func searchTestDocumentsReadAsKeyByKey(_ shape: JSONSearchTests.Shape) {
        for seed in UInt64(1)...2 {
            Self.expectSame(JSONSearchTests.document(shape, segments: 600, seed: seed), "\(shape) seed \(seed)")
        }
        Self.expectSame(JSONSearchTests.document(shape, segments: 300, seed: 3, broken: true), "\(shape) broken")
    }

    /// Every JSON file of the corpus.
    @Test func corpusFilesReadAsKeyByKey() throws {
        guard let corpus = CorpusFiles.directory else {
            print("JSONUsualSegmentTests: ../shared/corpus is absent; corpus files not compared")
            return
        }
        let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String }
            .filter { $0.lowercased().hasSuffix(".json") }.sorted() ?? []
        var compared = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(file)))
            guard JSONTranscriptParser.looksLikeJSON(bytes) else { continue }
            compared += 1
            Self.expectSame(bytes, file)
        }
        #expect(compared > 50)
    }
}
