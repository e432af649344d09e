import Foundation
import Testing
@testable import SeekKit

/// A search of a SAMI file passes over the blocks of the usual kind that cannot hold a match
/// (`SAMIParser.parse(_:fileName:language:searchingFor:)`): what it finds, the warnings and the
/// count must be what the whole parse gives (`TTMLSearchTests.report`).
@Suite struct SAMISearchTests {
    /// A SAMI document of `count` blocks drawn from shapes the pass-over reads (`<SYNC Start>`
    /// and `<P Class>` written in several ways, `&nbsp;`, `<br>`, `</P>`, `</SYNC>`) and shapes it
    /// leaves to the parser (references, other tags, comments, other classes and languages, a
    /// second paragraph, unreadable or long starts, other attributes, text outside paragraphs).
    static func document(blocks count: Int, seed: UInt64, speakers: Bool = false, bilingual: Bool = false,
                         cutShort: Bool = false) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        let words = ["the", "father", "Your", "yourfather", "FATHER", "fa ther", "budget", "Budgets", "x", "&nbsp;",
                     "&NBSP;", "kelvin \u{212A}", "stra\u{DF}e", "caf\u{E9}", "<br>", "<BR/>", "<br />", "&amp;",
                     "f&#97;ther", "<i>fa</i>ther", "<font color=\"#fff\">father</font>", "  ", "\n", "\t", "\r\n",
                     "<!-- father -->", "your\nfather", "your<br>father", "dad", "it's", "ÉCOLE", "école", "isn&#039;t",
                     "a < b", "P Class", "\u{1B}[31m", "sync"]
        let names = ["MAN", "WOMAN", "NARRATOR"]
        var text = "<SAMI><HEAD><STYLE TYPE=\"text/css\"><!--\n.ENCC { Name: English; lang: en-US; }\n"
            + ".FRCC { Name: French; lang: fr-FR; }\n--></STYLE></HEAD><BODY>\n"
        var clock = Int.random(in: 0...5, using: &random) == 0 ? 99_999_000 : 0
        for i in 0..<count {
            clock += Int.random(in: 100...3000, using: &random)
            let shape = Int.random(in: 0..<60, using: &random)
            var sync: String
            switch Int.random(in: 0..<8, using: &random) {
            case 0: sync = "<sync start=\"\(clock)\">"
            case 1: sync = "<SYNC Start='\(clock)'>"
            case 2: sync = "<Sync START=\(clock)>"
            default: sync = "<SYNC Start=\(clock)>"
            }
            if shape == 0 { sync = "<SYNC Start=soon>" }
            if shape == 1 { sync = "<SYNC Start=\(clock)123456789>" }
            if shape == 2 { sync = "<SYNC Start=\(clock)ms>" }
            if shape == 3 { sync = "<SYNC Start=\(clock) End=\(clock + 500)>" }
            if shape == 4 { sync = "<SYNC  Start=\(clock)>" }
            // A tag that starts as `<SYNC Start` does, mismatched quotes, starts of nine to twelve digits.
            if shape == 22 { sync = "<SYNC Style=x Start=\(clock)>" }
            if shape == 23 { sync = "<SYNC Start=\"\(clock)'>" }
            if shape == 24 { sync = "<SYNC Start=\(clock * 1_000_000)>" }
            var paragraph: String
            switch Int.random(in: 0..<6, using: &random) {
            case 0: paragraph = "<p class=\"ENCC\">"
            case 1: paragraph = "<P Class='ENCC'>"
            default: paragraph = "<P Class=ENCC>"
            }
            if shape == 5 { paragraph = "<P Class=encc>" }
            if shape == 6 { paragraph = "<P>" }
            if shape == 7 { paragraph = "<P Class=FRCC>" }
            if shape == 8 { paragraph = "<P Class=ENCC ID=\"x\">" }
            if shape == 9 { paragraph = "<P Class=ENCC/>" }
            if shape == 10 { paragraph = "\n  <P Class=ENCC>\n    " }
            if shape == 11 { paragraph = "father <P Class=ENCC>" }
            // Classes sharing the class's first bytes (it is compared as one word).
            if shape == 19 { paragraph = "<P Class=ENCX>" }
            if shape == 20 { paragraph = "<P Class=ENCCX>" }
            if shape == 21 { paragraph = "<P Class=\"ENC\">" }
            var content = (0..<Int.random(in: 1...6, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: Bool.random(using: &random) ? " " : "")
            if shape == 12 || shape == 13 || Int.random(in: 0..<3, using: &random) == 0 { content = "&nbsp;" }
            if shape == 14 { content = "  \n " }
            if shape == 15 { content += "<P Class=ENCC>second father" }
            if speakers, Int.random(in: 0..<3, using: &random) > 0 {
                content = names.randomElement(using: &random)! + ": " + content
            }
            // A line break ending the text, two blanks in a row.
            if shape == 25 { content += "<br>" }
            if shape == 26 { content = "&nbsp;&nbsp;" }
            if bilingual { content += "</P><P Class=FRCC>le p\u{E8}re budget" }
            var closing: String
            switch Int.random(in: 0..<6, using: &random) {
            case 0: closing = "</P></SYNC>"
            case 1: closing = "</p>\n</sync>"
            case 2: closing = "\n"
            case 3: closing = "</P>"
            case 4: closing = "\r\n"
            default: closing = "</P></SYNC>\n"
            }
            if shape == 16 { closing = "</SYNC>father" }
            if shape == 17 { closing = "</P>text after" }
            if shape == 18 { closing = "<!-- a comment -->" }
            if i == count - 1, cutShort { closing = "" }
            text += sync + paragraph + content + closing
        }
        if !cutShort { text += "</BODY></SAMI>\n" }
        return Array(text.utf8)
    }

    static let keywords = ["father", "FATHER", "your father", "budget", "the", "kelvin", "strasse", "café", "nbsp",
                           "br", "p class", "i>", "&", "amp", "039", "x", "dad", "ther bud", "encc", "sync", "isn't", "[31m"]

    @Test(arguments: [(UInt64(1), false, false, false), (2, true, false, false), (3, false, true, false),
                      (4, false, false, true), (5, true, true, true)])
    func findsWhatTheWholeParseFinds(_ seed: UInt64, _ speakers: Bool, _ bilingual: Bool, _ cutShort: Bool) throws {
        let bytes = Self.document(blocks: 1_500, seed: seed, speakers: speakers, bilingual: bilingual, cutShort: cutShort)
        let whole = TTMLSearchTests.wholeParse(bytes, fileName: "a.smi")
        for keyword in Self.keywords {
            for caseSensitive in [false, true] {
                try TTMLSearchTests.expectSame(bytes, Query(keyword, caseSensitive: caseSensitive), "seed \(seed)",
                                               fileName: "a.smi", whole: whole)
            }
        }
        try TTMLSearchTests.expectSame(bytes, Query("father", wholeWords: true), "seed \(seed) -w", fileName: "a.smi",
                                       whole: whole)
        try TTMLSearchTests.expectSame(bytes, Query("ecole", ignoresAccents: true), "seed \(seed) accents",
                                       fileName: "a.smi", whole: whole)
    }

    /// Blocks of the usual kind without the piece are passed over after the first cues, the
    /// blank ones still ending the cues before them, and the cues read keep their numbers.
    @Test func passesOverUsualBlocksWithoutThePiece() throws {
        var text = "<SAMI><BODY>\n"
        let unlike = [307: "f&#97;ther", 407: "fa<i>ther</i>", 507: "fa<!-- -->ther"]
        for i in 0..<1_000 {
            let content = unlike[i] ?? (i % 100 == 7 ? "your<br>father" : "nothing here")
            text += "<SYNC Start=\(i * 1000)><P Class=ENCC>\(content)</P></SYNC>\n"
            text += "<sync start=\"\(i * 1000 + 900)\"><p class=\"ENCC\">&nbsp;</p></sync>\n"
        }
        text += "</BODY></SAMI>\n"
        let bytes = Array(text.utf8)
        let prepared = try PreparedText(bytes, fileName: "a.smi", options: LoadOptions())
        #expect(prepared.format == .sami)
        let searched = try TranscriptLoader.load(prepared, searchingFor: Query("father"))
        #expect(searched.transcript.count == SpeakerTurns.sampledCues + 8)
        let found = Array(searched.transcript).suffix(8)
        #expect(found.map(\.ordinal) == [208, 308, 408, 508, 608, 708, 808, 908])
        #expect(found.first?.start == 207_000 && found.first?.end == 207_900)
        try TTMLSearchTests.expectSame(bytes, Query("father"), "plain", fileName: "a.smi")
    }

    /// `SAMIParser.milliseconds`, read a word at a time, gives what reading digit by digit gives:
    /// one to twelve digits, within the range, whatever follows (`SAMIParser.milliseconds` serves
    /// SAMI's starts and srv3's times).
    @Test func millisecondsAreReadAsDigitByDigit() {
        func reference(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
            var value = 0
            var index = range.lowerBound
            while index < range.upperBound, bytes[index] &- 0x30 < 10 {
                guard index - range.lowerBound < 12 else { return nil }
                value = value * 10 + Int(bytes[index] &- 0x30)
                index += 1
            }
            return index > range.lowerBound ? value : nil
        }
        var random = SeededRandom(seed: 9)
        let tails = ["", "ms", "\"", ">", " ", "/", ":", "0", "9", "\u{0}"]
        for _ in 0..<20_000 {
            let digits = String((0..<Int.random(in: 0...16, using: &random)).map { _ in "0123456789".randomElement(using: &random)! })
            let text = Array((String(repeating: "x", count: Int.random(in: 0...3, using: &random)) + digits
                + tails.randomElement(using: &random)!).utf8)
            let lower = text.firstIndex { $0 &- 0x30 < 10 } ?? Int.random(in: 0...text.count, using: &random)
            let upper = Int.random(in: lower...text.count, using: &random)
            let read = text.withByteView { SAMIParser.milliseconds($0, lower..<upper) }
            #expect(read == reference(text, lower..<upper), "\(text) \(lower)..<\(upper)")
        }
    }

    /// Every SAMI file of the corpus, searched for a few keywords.
    @Test func corpusFilesFindWhatTheWholeParseFinds() throws {
        guard let corpus = CorpusFiles.directory else {
            print("SAMISearchTests: ../shared/corpus is absent; corpus files not compared")
            return
        }
        let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String }
            .filter { name in [".smi", ".sami"].contains { name.lowercased().hasSuffix($0) } }.sorted() ?? []
        var compared = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(file)))
            guard let prepared = try? PreparedText(bytes, fileName: file, options: LoadOptions()), prepared.format == .sami,
                  (try? TranscriptLoader.load(prepared)) != nil else { continue }
            compared += 1
            let whole = TTMLSearchTests.wholeParse(bytes, fileName: file)
            for keyword in ["the", "you", "a", "e", "I", "and", "that", "einstein"] {
                try TTMLSearchTests.expectSame(bytes, Query(keyword), file, fileName: file, whole: whole)
            }
        }
        #expect(compared >= 5)
    }
}
