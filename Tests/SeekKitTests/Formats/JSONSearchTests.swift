import Foundation
import Testing
@testable import SeekKit

/// A search of a JSON transcript leaves out the cues whose text cannot hold a match
/// (`JSONTranscriptParser.parse(_:fileName:keepsWordTimes:searchingFor:)`): what it finds, the
/// warnings, the errors and the count must be what the whole parse gives.
@Suite struct JSONSearchTests {
    /// `TTMLSearchTests.report` with the word times of each cue with a match (relative to the
    /// cue's text), or the error the file gives; `whole`: the whole parse, loaded once for all the
    /// queries (`TTMLSearchTests.wholeParse`), or loaded here when `nil`.
    static func outcome(_ bytes: [UInt8], _ query: Query, searching: Bool, whole: LoadedTranscript? = nil) -> [String] {
        do {
            let (loaded, counted) = try TTMLSearchTests.load(bytes, query, searching: searching, fileName: "a.json",
                                                             whole: whole)
            var lines = TTMLSearchTests.report(loaded, query, counted: counted)
            let index = MatchIndex(transcript: loaded.transcript, query: query)
            for cue in Set(index.map(\.cue)).sorted() {
                let range = loaded.transcript.utf8Range(at: cue)
                let times = loaded.transcript.wordTimes.filter { range.contains($0.offset) }
                    .map { "\($0.offset - range.lowerBound)@\($0.start)-\($0.end ?? -1)" }
                lines.append("#\(loaded.transcript.ordinal(at: cue)) words \(times.joined(separator: " "))")
            }
            return lines
        } catch {
            return ["error \(error)"]
        }
    }

    static func expectSame(_ bytes: [UInt8], _ query: Query, _ comment: String, whole: LoadedTranscript? = nil) {
        let whole = outcome(bytes, query, searching: false, whole: whole)
        let searched = outcome(bytes, query, searching: true)
        #expect(searched == whole, "\(comment): \(query.keywords) caseSensitive \(query.caseSensitive)")
    }

    enum Shape: CaseIterable {
        case whisper, whisperWords, whisperCpp, podcast, array, cues
    }

    /// A document of `count` segments in `shape`, their texts drawn from words, escapes, line
    /// breaks and spaces, with segments that have no text, unreadable, negative or reversed
    /// times, words that cannot be found, speakers that change or stay (podcast cues joined).
    static func document(_ shape: Shape, segments count: Int, seed: UInt64, broken: Bool = false) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        let words = ["the", "father", "Your", "yourfather", "FATHER", "fa ther", "budget", "Budgets", "x",
                     "f\\u0061ther", "fa\\nther", "\\\"father\\\"", "kelvin \\u212A", "stra\\u00dfe", "caf\\u00e9",
                     "\\ud83d\\ude00", "  ", "\\n", "\\t", "dad", "it's", "\\u00c9COLE", "isn\\u2019t", "end.", "why?"]
        let speakers = ["Host", "Guest", "SPEAKER_00"]
        var segments: [String] = []
        var clock = 0.0
        for i in 0..<count {
            clock += Double(Int.random(in: 100...3000, using: &random)) / 1000
            var start = String(format: "%.3f", clock)
            var end = String(format: "%.3f", clock + Double(Int.random(in: 1...4000, using: &random)) / 1000)
            let kind = Int.random(in: 0..<40, using: &random)
            if kind == 0 { start = "1e400" }
            if kind == 1 { end = "-1.5" }
            if kind == 2 { (start, end) = (end, start) }
            if kind == 3 { start = "null" }
            var text = (0..<Int.random(in: 1...(shape == .podcast ? 3 : 8), using: &random))
                .map { _ in words.randomElement(using: &random)! }.joined(separator: Bool.random(using: &random) ? " " : "")
            if kind == 4 { text = "" }
            if kind == 5 { text = "  \\n " }
            if kind == 6, shape == .podcast { text += "\\n" }
            if kind == 7, shape == .podcast { text = String(repeating: "word ", count: 50) + "end." }
            let quoted = kind == 8 ? "null" : "\"\(text)\""
            let wordList = (0..<Int.random(in: 0...3, using: &random)).map { w in
                let word = kind == 9 ? "nowhere" : words.randomElement(using: &random)!
                return "{\"word\": \"\(word)\", \"start\": \(String(format: "%.2f", clock + Double(w))), \"end\": \(String(format: "%.2f", clock + Double(w) + 0.5))}"
            }.joined(separator: ", ")
            let speaker = speakers[Int.random(in: 0..<(kind < 20 ? 1 : 3), using: &random)]
            switch shape {
            case .whisper:
                segments.append("{\"id\": \(i), \"seek\": 0, \"start\": \(start), \"end\": \(end), \"text\": \(quoted), "
                    + "\"tokens\": [50364, 1111, 1185], \"temperature\": 0.0, \"avg_logprob\": -0.21}")
            case .whisperWords:
                segments.append("{\"start\": \(start), \"end\": \(end), \"text\": \(kind == 10 ? "null" : quoted), "
                    + "\"words\": [\(wordList)], \"speaker\": \"\(speaker)\"}")
            case .whisperCpp:
                let from = Int(clock * 1000)
                segments.append("{\"timestamps\": {\"from\": \"00:00:00,000\"}, \"offsets\": {\"from\": \(kind == 1 ? -5 : from), "
                    + "\"to\": \(from + 900)}, \"text\": \(quoted)}")
            case .podcast:
                segments.append("{\"speaker\": \"\(speaker)\", \"startTime\": \(start), \"endTime\": \(end), \"body\": \(quoted)}")
            case .array:
                segments.append("{\"start\": \(start), \"end\": \(end), \"text\": \(quoted)}")
            case .cues:
                segments.append("{\"startTime\": \(start), \"endTime\": \(end), \"text\": \(quoted)}")
            }
        }
        var body = segments.joined(separator: Bool.random(using: &random) ? ",\n" : ", ")
        if broken { body += ", {\"start\": 1, \"text\": \"unclosed}" }
        let text = switch shape {
        case .whisper, .whisperWords: "{\"text\": \"all\", \"segments\": [\(body)], \"language\": \"en\"}"
        case .whisperCpp: "{\"result\": {\"language\": \"en\"}, \"transcription\": [\(body)]}"
        case .podcast: "{\"version\": \"1.0.0\", \"segments\": [\(body)]}"
        case .array: "[\(body)]"
        case .cues: "{\"cues\": [\(body)]}"
        }
        return Array(text.utf8)
    }

    static let keywords = ["father", "FATHER", "your father", "budget", "the", "kelvin", "strasse", "café", "x",
                           "\"father\"", "isn't", "end. why", "word", "u0061", "dad", "ther bud", "a", "é"]

    @Test(arguments: Shape.allCases)
    func findsWhatTheWholeParseFinds(_ shape: Shape) {
        for seed in UInt64(1)...2 {
            let bytes = Self.document(shape, segments: 900, seed: seed)
            let whole = TTMLSearchTests.wholeParse(bytes, fileName: "a.json")
            for keyword in Self.keywords {
                for caseSensitive in [false, true] {
                    Self.expectSame(bytes, Query(keyword, caseSensitive: caseSensitive), "\(shape) seed \(seed)", whole: whole)
                }
            }
            Self.expectSame(bytes, Query("father", wholeWords: true), "\(shape) seed \(seed) -w", whole: whole)
            Self.expectSame(bytes, Query("ecole", ignoresAccents: true), "\(shape) seed \(seed) accents", whole: whole)
        }
        // A file broken at its end: the same error, after cues were left out.
        let broken = Self.document(shape, segments: 600, seed: 3, broken: true)
        Self.expectSame(broken, Query("father"), "\(shape) broken")
    }

    /// Cues without the piece are left out after the first ones, and the cues kept keep their numbers.
    @Test func leavesOutCuesWithoutThePiece() throws {
        let segments = (0..<1_000).map { i in
            "{\"start\": \(i), \"end\": \(i).5, \"text\": \"\(i % 100 == 7 ? "your f\\u0061ther" : "nothing here")\"}"
        }
        let bytes = Array("{\"segments\": [\(segments.joined(separator: ", "))]}".utf8)
        let prepared = try PreparedText(bytes, fileName: "a.json", options: LoadOptions())
        #expect(prepared.format == .json)
        let searched = try TranscriptLoader.load(prepared, searchingFor: Query("father"))
        #expect(searched.transcript.count == SpeakerTurns.sampledCues + 8)
        #expect(Array(searched.transcript).suffix(8).map(\.ordinal) == [208, 308, 408, 508, 608, 708, 808, 908])
        Self.expectSame(bytes, Query("father"), "plain")
    }

    /// Every JSON file of the corpus, searched for a few keywords.
    @Test func corpusFilesFindWhatTheWholeParseFinds() throws {
        guard let corpus = CorpusFiles.directory else {
            print("JSONSearchTests: ../shared/corpus is absent; corpus files not compared")
            return
        }
        let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String }
            .filter { $0.lowercased().hasSuffix(".json") }.sorted() ?? []
        var compared = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(file)))
            guard let prepared = try? PreparedText(bytes, fileName: file, options: LoadOptions()), prepared.format == .json
            else { continue }
            compared += 1
            let whole = TTMLSearchTests.wholeParse(bytes, fileName: "a.json")
            for keyword in ["the", "you", "a", "e", "I", "and"] {
                Self.expectSame(bytes, Query(keyword), file, whole: whole)
            }
        }
        #expect(compared > 50)
    }
}
