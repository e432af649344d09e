import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// A mapped file in a format parsed whole (TTML, YouTube, SAMI, JSON) that is plainly written
/// UTF-8 is parsed where its bytes lie (`TranscriptLoader.load(parsingInPlace:…)`), not copied into
/// a text first: `DecodedFile` must give what loading the file's bytes gives, warnings and errors
/// included, and decline the files it does not read that way.
@Suite struct DecodedFileInPlaceTests {
    static let keywords = ["the", "you", "a", "e", "I", "and", "that", "Ça", "zzqx", "budget time"]

    /// What a search gives that a user sees: each matching cue's printed block and export records.
    struct Report: Equatable {
        var blocks = ""
        var json: [UInt8] = []
        var format: SubtitleFormat
        var encoding: String
        var warnings: [Diagnostic]
    }

    static func report(_ loaded: LoadedTranscript, _ index: MatchIndex) -> Report {
        var report = Report(format: loaded.format, encoding: loaded.encoding, warnings: loaded.warnings)
        let printer = ResultPrinter(color: false)
        var printed = Set<Int>()
        for cue in index.matchCues.map(Int.init) where printed.insert(cue).inserted {
            report.blocks += printer.block(cue: cue, of: loaded.transcript, index: index)
        }
        for record in MatchRecords(file: "f", transcript: loaded.transcript, index: index) {
            JSONLinesWriter.append(record, to: &report.json)
        }
        return report
    }

    /// The whole transcript as cues, their numbers and styles.
    static func cues(_ transcript: Transcript) -> [String] {
        transcript.indices.map { "\($0): \(transcript[$0]) #\(transcript.ordinal(at: $0)) \(String(describing: transcript.style(at: $0)))" }
    }

    static func decoded(_ buffer: ByteView, _ fileName: String, _ options: LoadOptions) throws(Diagnostic) -> DecodedFile {
        try DecodedFile(mapped: buffer, fileName: fileName, options: options, releasing: { _ in })
    }

    /// Every way `DecodedFile` reads `bytes`, against `TranscriptLoader.load` of them. Returns
    /// whether the file loads.
    @discardableResult
    static func expectSame(_ bytes: [UInt8], fileName: String, options: LoadOptions = LoadOptions(),
                           keywords: [String] = keywords, context: String) throws -> Bool {
        let whole: LoadedTranscript
        do {
            whole = try TranscriptLoader.load(bytes, fileName: fileName, options: options)
        } catch {
            for query in keywords.prefix(2).map({ Query($0) }) {
                #expect(throws: error, "\(context)") {
                    try bytes.withByteView { try decoded($0, fileName, options).searchMatching(query: query) }
                }
                #expect(throws: error, "\(context)") {
                    try bytes.withByteView { try decoded($0, fileName, options).countMatches(query: query) }
                }
            }
            #expect(throws: error, "\(context)") { try bytes.withByteView { try decoded($0, fileName, options).load() } }
            return false
        }
        let loaded = try bytes.withByteView { try decoded($0, fileName, options).load() }
        #expect(cues(loaded.transcript) == cues(whole.transcript), "\(context): load")
        #expect(loaded.warnings == whole.warnings && loaded.format == whole.format && loaded.encoding == whole.encoding,
                "\(context): load's warnings")
        for query in keywords.map({ Query($0) }) {
            let expectedIndex = MatchIndex(transcript: whole.transcript, query: query)
            let expected = report(whole, expectedIndex)
            let searched = try bytes.withByteView { try decoded($0, fileName, options).searchMatching(query: query) }
            #expect(report(searched.loaded, searched.index) == expected, "\(context): \(query.keywords)")
            // No match, no cue kept.
            #expect(!expectedIndex.isEmpty || searched.loaded.transcript.isEmpty, "\(context): \(query.keywords) none")
            let part = try bytes.withByteView { try decoded($0, fileName, options).search(untilMatchingCues: 2, of: query) }
            let expectedPart = expectedIndex.limited(toCues: 2)
            #expect(report(part.loaded, part.index.limited(toCues: 2)) == report(whole, expectedPart),
                    "\(context): \(query.keywords) -m 2")
            let handed = try bytes.withByteView {
                try decoded($0, fileName, options).searchMatching(query: query, handingOnLargeResults: { _, _, _ in })
            }
            if case .searched(let loaded, let index) = handed {
                #expect(report(loaded, index) == expected, "\(context): \(query.keywords) handing on")
            } else {
                Issue.record("\(context): a small file's matches handed on")
            }
            let counted = try bytes.withByteView { try decoded($0, fileName, options).countMatches(query: query) }
            #expect(counted.matches == expectedIndex.count && counted.warnings == whole.warnings
                    && counted.format == whole.format && counted.encoding == whole.encoding,
                    "\(context): \(query.keywords) counted")
        }
        return true
    }

    /// Every TTML, YouTube, SAMI and JSON file of the corpus.
    @Test func corpusFilesReadAsTheirBytesLoad() throws {
        guard let corpus = CorpusFiles.directory else {
            print("DecodedFileInPlaceTests: ../shared/corpus is absent; corpus files not compared")
            return
        }
        let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String }
            .filter { name in [".ttml", ".dfxp", ".xml", ".smi", ".sami", ".json", ".srv1", ".srv3", ".ytt", ".srv2"]
                .contains { name.lowercased().hasSuffix($0) } }.sorted() ?? []
        var compared: [SubtitleFormat: Int] = [:]
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(file)))
            let format = (try? PreparedText(bytes, fileName: file, options: LoadOptions()))?.format
            guard let format, TranscriptLoader.parsesInPlace(format) else { continue }
            if try Self.expectSame(bytes, fileName: file, keywords: Array(Self.keywords.prefix(5)), context: file) {
                compared[format, default: 0] += 1
            }
        }
        #expect(compared[.ttml, default: 0] > 20 && compared[.json, default: 0] > 20 && compared[.sami, default: 0] > 2
                && compared[.youtube, default: 0] > 0, "\(compared)")
        print("DecodedFileInPlaceTests: corpus files compared, by format: \(compared)")
    }

    /// Files written here: warnings, errors, speakers by turns, a byte order mark, blank text.
    @Test(arguments: [
        ("t.json", #"{"segments": [{"start": 1.5, "end": 0.5, "text": " Ça va, the budget time"}, {"start": 2, "end": 3, "text": "and you"}]}"#),
        ("t.json", #"{"segments": [{"start": 1, "end": 2, "text": "the"}, {"start": 2, "end": 3, "text": "you" "#),
        ("t.json", #"{"nothing": []}"#),
        ("t.json", #"{"segments": [{"speaker": "A", "startTime": 0.5, "endTime": 0.75, "body": "the budget"}, {"speaker": "A", "startTime": 1, "endTime": 2, "body": "time and you."}]}"#),
        ("t.ttml", #"<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="00:00:01.000" end="00:00:02.000">NARRATOR: the budget</p><p begin="00:00:03.000" end="00:00:04.000">time and you</p><p begin="00:00:05.000" end="00:00:06.000">BOB: Ça, you</p></div></body></tt>"#),
        ("t.ttml", #"<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="00:00:01.000" end="00:00:02.000">the <span>budget</p></div></body>"#),
        ("t.smi", "<SAMI><BODY><SYNC Start=1000><P Class=ENCC>the budget<br>time<SYNC Start=2000><P Class=ENCC>&nbsp;<SYNC Start=3000><P Class=ENCC>and you</BODY></SAMI>"),
        ("t.xml", #"<?xml version="1.0" encoding="utf-8" ?><transcript><text start="1.5" dur="2">the budget</text><text start="3" dur="1">time &amp;amp; you</text></transcript>"#),
        ("t.json", "  \n\t "),
    ])
    func writtenFilesReadAsTheirBytesLoad(fileName: String, text: String) throws {
        let bytes = Array(text.utf8)
        try Self.expectSame(bytes, fileName: fileName, context: text)
        // With a byte order mark the bytes are not their own text: the file is copied, as before.
        try Self.expectSame([0xEF, 0xBB, 0xBF] + bytes, fileName: fileName, context: "BOM " + text)
        // An encoding asked for decodes the file first.
        try Self.expectSame(bytes, fileName: fileName, options: LoadOptions(encoding: "windows-1252"), context: "1252 " + text)
    }

    /// A long transcript, past the cues a search always keeps, with speakers by turns in some.
    /// The ranges of the file a `DecodedFile` lets go.
    final class Released {
        var ranges: [Range<Int>] = []
    }

    /// A file parsed where it lies keeps its pages (the parse reads them all again at once); any
    /// other lets them all go once its encoding is chosen, its pieces being read again one by one.
    @Test(arguments: [
        ("a.ttml", "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div><p begin=\"1s\" end=\"2s\">hello</p></div></body></tt>", false),
        ("a.json", "{\"segments\": [{\"start\": 1.0, \"end\": 2.0, \"text\": \"hello\"}]}", false),
        ("a.smi", "<SAMI><BODY><SYNC Start=1000><P Class=ENCC>hello\n<SYNC Start=2000><P Class=ENCC>&nbsp;\n</BODY></SAMI>", false),
        ("a.srt", "1\n00:00:01,000 --> 00:00:02,000\nhello\n", true),
        ("a.json", "\u{FEFF}{\"segments\": [{\"start\": 1.0, \"end\": 2.0, \"text\": \"hello\"}]}", true),
        ("a.json", "   \n  ", true),
    ])
    func pagesGoUnlessTheFileIsParsedWhereItLies(fileName: String, text: String, letsAllGo: Bool) throws {
        let bytes = Array(text.utf8)
        let released = Released()
        let loaded = try bytes.withByteView { (buffer) throws(Diagnostic) in
            let file = try DecodedFile(mapped: buffer, fileName: fileName, options: LoadOptions(),
                                       releasing: { released.ranges.append($0) })
            #expect(released.ranges.contains(0..<bytes.count) == letsAllGo, "\(fileName): \(released.ranges)")
            return try? file.load()
        }
        if !letsAllGo { #expect(loaded?.transcript.first?.text == "hello") }
    }

    @Test(arguments: [false, true])
    func longFilesReadAsTheirBytesLoad(turns: Bool) throws {
        var random = SeededRandom(seed: turns ? 7 : 3)
        let words = ["the", "budget", "time", "you", "and", "Ça", "a", "town", "e"]
        var paragraphs = ""
        var segments: [String] = []
        for i in 0..<400 {
            let line = (0..<6).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
            let speaker = turns && i % 37 == 0 ? "ANNA: " : ""
            paragraphs += #"<p begin="\#(i)s" end="\#(i + 1)s">\#(speaker)\#(line)</p>"#
            segments.append(#"{"start": \#(i), "end": \#(i).5, "text": " \#(line)"\#(turns && i % 41 == 0 ? #", "speaker": "S1""# : "")}"#)
        }
        let ttml = #"<tt xmlns="http://www.w3.org/ns/ttml"><body><div>\#(paragraphs)</div></body></tt>"#
        try Self.expectSame(Array(ttml.utf8), fileName: "long.ttml", context: "ttml turns \(turns)")
        let json = #"{"segments": [\#(segments.joined(separator: ", "))]}"#
        try Self.expectSame(Array(json.utf8), fileName: "long.json", context: "json turns \(turns)")
    }
}
