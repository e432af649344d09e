import Foundation
import Testing
@testable import SeekKit

/// A search of a TTML file passes over the plain paragraphs that cannot hold a match
/// (`TTMLParser.parse(_:fileName:language:searchingFor:)`): what it finds, the warnings and the
/// count must be what the whole parse gives.
@Suite struct TTMLSearchTests {
    /// What a search reports: the warnings, then each match with its position, its cue (number,
    /// times, speaker, style, line, text) and its range; and the count `-c` gives. The whole
    /// parse does not depend on the query: `whole`, when given, is that parse of `bytes`, loaded
    /// once for all the queries asked of them (`wholeParse`).
    static func report(_ bytes: [UInt8], _ query: Query, searching: Bool, fileName: String = "a.ttml",
                       whole: LoadedTranscript? = nil) throws -> [String] {
        let (loaded, counted) = try load(bytes, query, searching: searching, fileName: fileName, whole: whole)
        return report(loaded, query, counted: counted)
    }

    /// The search's transcript and its count (`countMatches`), or the whole parse (`whole`, or
    /// loaded here) and `nil`.
    static func load(_ bytes: [UInt8], _ query: Query, searching: Bool, fileName: String,
                     whole: LoadedTranscript?) throws -> (loaded: LoadedTranscript, counted: Int?) {
        if !searching, let whole { return (whole, nil) }
        let text = try PreparedText(bytes, fileName: fileName, options: LoadOptions())
        guard searching else { return (try TranscriptLoader.load(text), nil) }
        return (try TranscriptLoader.load(text, searchingFor: query), try TranscriptLoader.countMatches(text, query: query).matches)
    }

    /// `report` of a loaded transcript: the count is `counted`, or the index's when `nil` (the whole parse).
    static func report(_ loaded: LoadedTranscript, _ query: Query, counted: Int?) -> [String] {
        let index = MatchIndex(transcript: loaded.transcript, query: query)
        var lines = loaded.warnings.map(\.description)
        for match in index {
            let cue = loaded.transcript[match.cue]
            lines.append("\(match.position) #\(cue.ordinal) \(cue.start ?? -1)-\(cue.end ?? -1) \(cue.speaker ?? "-") "
                + "\(cue.style ?? "-") l\(cue.line) \(match.range) \(cue.text.debugDescription)")
        }
        lines.append("count \(counted ?? index.count)")
        return lines
    }

    /// The whole parse of `bytes`, to be handed to `report` and `expectSame` for each query asked
    /// of them; `nil` when it fails (each report then loads it, and gives its error).
    static func wholeParse(_ bytes: [UInt8], fileName: String = "a.ttml") -> LoadedTranscript? {
        try? TranscriptLoader.load(PreparedText(bytes, fileName: fileName, options: LoadOptions()))
    }

    /// `report` of the search, against the whole parse's (`whole`: see `report`).
    static func expectSame(_ bytes: [UInt8], _ query: Query, _ comment: String, fileName: String = "a.ttml",
                           whole: LoadedTranscript? = nil) throws {
        let whole = try report(bytes, query, searching: false, fileName: fileName, whole: whole)
        let searched = try report(bytes, query, searching: true, fileName: fileName)
        #expect(searched == whole, "\(comment): \(query.keywords) caseSensitive \(query.caseSensitive)")
    }

    /// A document of `count` paragraphs drawn from shapes the pass-over reads and shapes it leaves
    /// to the parser (references, spans, comments, CR, uppercase `<BR/>`, times out of order or
    /// unreadable, regions and styles that hide, white space only, other attributes).
    static func document(paragraphs count: Int, seed: UInt64, outOfOrder: Bool = false, prefix: String = "") -> [UInt8] {
        var random = SeededRandom(seed: seed)
        let words = ["the", "father", "Your", "yourfather", "FATHER", "fa ther", "bud", "get", "budget", "Budgets",
                     "x", "kelvin \u{212A}", "stra\u{DF}e", "caf\u{E9}", "naïve", "ſtop", "<br/>", "<br />", "&amp;",
                     "f&#97;ther", "<span>fa</span>ther", "  ", "\n", "\t", "<!-- father -->", "\r\n", "<BR/>",
                     "<\(prefix)br/>", "your\nfather", "your<br/>father", "dad", "it's", "ÉCOLE", "école"]
        var text = "<?xml version=\"1.0\"?>\n<\(prefix)tt xmlns\(prefix.isEmpty ? "" : ":" + prefix.dropLast())=\"http://www.w3.org/ns/ttml\" "
            + "xmlns:tts=\"http://www.w3.org/ns/ttml#styling\"><\(prefix)head><\(prefix)styling>"
            + "<\(prefix)style xml:id=\"hide\" tts:display=\"none\"/><\(prefix)style xml:id=\"s1\"/></\(prefix)styling>"
            + "<\(prefix)layout><\(prefix)region xml:id=\"late\" begin=\"00:10:00.000\"/></\(prefix)layout></\(prefix)head>\n"
            + "<\(prefix)body><\(prefix)div>\n"
        // (From seed 3 on, the times cross 100 hours, to three digits, after the first cues, always read.)
        var clock = seed >= 3 ? 359_000_000 : 0
        func time(_ milliseconds: Int) -> String {
            let ms = max(0, milliseconds)
            return String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
        }
        for i in 0..<count {
            clock += Int.random(in: 100...3000, using: &random)
            var begin = clock
            if outOfOrder, i % 97 == 50 { begin -= 20_000 }
            var attributes = " begin=\"\(time(begin))\" end=\"\(time(begin + Int.random(in: 1...4000, using: &random)))\""
            switch Int.random(in: 0..<40, using: &random) {
            case 0: attributes = " end=\"\(time(begin + 500))\" begin=\"\(time(begin))\""
            case 1: attributes += " xml:id=\"p\(i)\""
            case 2: attributes += " style=\"s1\""
            case 3: attributes += " style=\"hide\""
            // (A region shows its paragraphs from its begin on: only later ones, so that they keep their order.)
            case 4 where begin > 600_000: attributes += " region=\"late\""
            case 5: attributes = " begin=\"\(begin)ms\" end=\"\(begin + 900)ms\""
            case 6: attributes = " begin=\"\(time(begin + 900))\" end=\"\(time(begin))\""
            // (An unreadable begin reads as the parent's, 0: out of order.)
            case 7: attributes = outOfOrder ? " begin=\"soon\" end=\"\(time(begin))\"" : " begin=\"\(time(begin))\" end=\"soon\""
            case 8: attributes += " tts:color=\"red\""
            case 9: attributes = " begin='\(time(begin))' end='\(time(begin + 300))'"
            case 10: attributes += " xml:lang=\"fr\""
            case 11: attributes = " begin=\"\(time(begin))\""
            // Near the usual ` begin="HH:MM:SS.mmm" end="HH:MM:SS.mmm">`, read from its bytes:
            // times of other lengths, minutes or seconds past 59, a letter for an hour's digit,
            // two spaces, a space before `>`.
            case 12: attributes = " begin=\"\(time(begin).dropLast())\" end=\"\(time(begin + 700))\""
            case 13: attributes = " begin=\"\(time(begin))\" end=\"\(time(begin + 700).dropFirst())\""
            case 14: attributes = " begin=\"00:61:00.000\" end=\"\(time(begin))\""
            case 15: attributes = " begin=\"\(time(begin))\" end=\"x\(time(begin + 400))\""
            case 16: attributes = " begin=\"\(time(begin))\"  end=\"\(time(begin + 400))\""
            case 17: attributes += " "
            case 18: attributes = " begin=\"\(time(begin))\" end=\"1\(time(begin + 400))\""
            default: break
            }
            let content = (0..<Int.random(in: 1...6, using: &random)).map { _ in words.randomElement(using: &random)! }
            text += "<\(prefix)p\(attributes)>\(content.joined(separator: Bool.random(using: &random) ? " " : ""))</\(prefix)p>"
            text += ["\n", "", "  \n  ", "\r\n"].randomElement(using: &random)!
            if i % 500 == 499 { text += "</\(prefix)div><\(prefix)div>" }
        }
        text += "</\(prefix)div></\(prefix)body></\(prefix)tt>\n"
        return Array(text.utf8)
    }

    static let keywords = ["father", "FATHER", "your father", "budget", "the", "kelvin", "k", "strasse", "café", "stop",
                           "fa", "&", "amp", "br", "r/>", "it's", "école", "x", "dad", "  ", "ther bud", "get"]

    @Test(arguments: [(UInt64(1), false, ""), (2, true, ""), (3, false, "tt:"), (4, true, "tt:")])
    func findsWhatTheWholeParseFinds(_ seed: UInt64, _ outOfOrder: Bool, _ prefix: String) throws {
        let bytes = Self.document(paragraphs: 1_200, seed: seed, outOfOrder: outOfOrder, prefix: prefix)
        let whole = Self.wholeParse(bytes)
        for keyword in Self.keywords {
            for caseSensitive in [false, true] {
                try Self.expectSame(bytes, Query(keyword, caseSensitive: caseSensitive), "seed \(seed)", whole: whole)
            }
        }
        try Self.expectSame(bytes, Query("father", wholeWords: true), "seed \(seed) whole words", whole: whole)
        try Self.expectSame(bytes, Query("ecole", ignoresAccents: true), "seed \(seed) accents", whole: whole)
        try Self.expectSame(bytes, Query(keywords: ["father", "dad"]), "seed \(seed) two keywords", whole: whole)
    }

    /// A plain paragraph's start tag is read without `open`'s general walk: the cues are those
    /// the walk reads, which takes the same document with an attribute the reading leaves to it.
    @Test(arguments: [UInt64(5), 6])
    func plainParagraphsReadAsTheGeneralWalkReadsThem(_ seed: UInt64) throws {
        let plain = String(decoding: Self.document(paragraphs: 1_200, seed: seed), as: UTF8.self)
        let general = plain.replacingOccurrences(of: "<p ", with: "<p data-general=\"1\" ")
        #expect(general != plain)
        let read = [plain, general].map { TTMLParser.parse(Array($0.utf8), fileName: "a.ttml") }
        #expect(Array(read[0].transcript) == Array(read[1].transcript))
        #expect(read[0].warnings.map(\.description) == read[1].warnings.map(\.description))
    }

    /// The paragraphs passed over are the plain ones without the keyword's piece, and only after
    /// the first cues that judge speaker turns: the search reads fewer cues than the whole parse,
    /// and the cues it reads keep their numbers.
    @Test func passesOverPlainParagraphsWithoutThePiece() throws {
        var text = "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div>\n"
        // Paragraphs whose text is not their raw bytes: read, whatever their bytes hold.
        let unlike = [307: "f&#97;ther", 407: "fa<span>ther</span>", 507: "fa\rther", 607: "fa<!-- -->ther"]
        for i in 0..<1_000 {
            let ms = i * 1000
            let words = unlike[i] ?? (i % 100 == 7 ? "your father" : "nothing here")
            text += "<p begin=\"\(String(format: "00:%02d:%02d.000", ms / 60_000 % 60, ms / 1000 % 60))\" "
                + "end=\"\(String(format: "00:%02d:%02d.500", ms / 60_000 % 60, ms / 1000 % 60))\">\(words)</p>\n"
        }
        text += "</div></body></tt>\n"
        let bytes = Array(text.utf8)
        let prepared = try PreparedText(bytes, fileName: "a.ttml", options: LoadOptions())
        let searched = try TranscriptLoader.load(prepared, searchingFor: Query("father"))
        #expect(searched.transcript.count == SpeakerTurns.sampledCues + 8)
        #expect(Array(searched.transcript).suffix(8).map(\.ordinal) == [208, 308, 408, 508, 608, 708, 808, 908])
        try Self.expectSame(bytes, Query("father"), "plain")
    }

    /// Every TTML and DFXP file of the corpus, searched for a few keywords.
    @Test func corpusFilesFindWhatTheWholeParseFinds() throws {
        guard let corpus = CorpusFiles.directory else {
            print("TTMLSearchTests: ../shared/corpus is absent; corpus files not compared")
            return
        }
        let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String }
            .filter { name in [".ttml", ".dfxp", ".xml"].contains { name.lowercased().hasSuffix($0) } }.sorted() ?? []
        var compared = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(file)))
            guard let prepared = try? PreparedText(bytes, fileName: file, options: LoadOptions()), prepared.format == .ttml,
                  (try? TranscriptLoader.load(prepared)) != nil else { continue }
            compared += 1
            let parse = Self.wholeParse(bytes)
            for keyword in ["the", "you", "a", "e", "I", "and", "that"] {
                let whole = try Self.report(bytes, Query(keyword), searching: false, whole: parse)
                let searched = try Self.report(bytes, Query(keyword), searching: true)
                #expect(searched == whole, "\(file): \(keyword)")
            }
        }
        #expect(compared > 20)
    }
}
