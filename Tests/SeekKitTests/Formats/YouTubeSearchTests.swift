import Foundation
import Testing
@testable import SeekKit

/// A search of YouTube timed text passes over the cues of plain text that cannot hold a match
/// (`YouTubeTimedTextParser.parse(_:fileName:searchingFor:)`): what it finds, the warnings and
/// the count must be what the whole parse gives (`TTMLSearchTests.report`).
@Suite struct YouTubeSearchTests {
    /// A srv1 (`<text start dur>`, seconds) or srv3 (`<p t d>`, milliseconds, `<s>` word
    /// segments) document of `count` cues drawn from shapes the pass-over reads and shapes it
    /// leaves to the parser (references, escaped tags, `{…}`, CR, segments, `<br/>`, empty
    /// cues, unreadable or missing times, times out of order).
    static func document(cues count: Int, seed: UInt64, srv3: Bool, outOfOrder: Bool = false,
                         durationsAreEnds: Bool = false) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        let words = ["the", "father", "Your", "yourfather", "FATHER", "fa ther", "budget", "isn&amp;#39;t", "it&#39;s",
                     "f&amp;#97;ther", "&lt;i&gt;father&lt;/i&gt;", "fa{\\i1}ther", "fa\rther", "  ", "\n", "\t",
                     "your\nfather", "\u{212A}elvin", "stra\u{DF}e", "caf\u{E9}", "<br/>", "dad", "it's", "ÉCOLE"]
        var text = srv3 ? "<?xml version=\"1.0\" encoding=\"utf-8\" ?><timedtext format=\"3\"><body>\n"
            : "<?xml version=\"1.0\" encoding=\"utf-8\" ?><transcript>"
        var clock = 0
        for i in 0..<count {
            clock += Int.random(in: 100...3000, using: &random)
            var start = clock
            if outOfOrder, i % 97 == 50 { start -= 20_000 }
            let duration = Int.random(in: 1...4000, using: &random)
            var content = (0..<Int.random(in: 1...6, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: Bool.random(using: &random) ? " " : "")
            let shape = Int.random(in: 0..<30, using: &random)
            if shape == 0 { content = "" }
            if shape == 1 { content = "  \n " }
            if srv3 {
                if shape == 2 { content = "<s t=\"0\">your</s><s t=\"300\"> father</s>" }
                let times = shape == 3 ? "t=\"soon\" d=\"5\"" : shape == 4 ? "d=\"\(duration)\"" : "t=\"\(start)\" d=\"\(duration)\""
                text += "<p \(times)>\(content)</p>\n"
            } else {
                let seconds = { (ms: Int) in String(format: "%d.%03d", ms / 1000, ms % 1000) }
                let dur = durationsAreEnds ? seconds(start + duration) : seconds(duration)
                let times = shape == 3 ? "start=\"later\" dur=\"1\"" : "start=\"\(seconds(start))\" dur=\"\(dur)\""
                text += shape == 5 ? "<text \(times)/>" : "<text \(times)>\(content)</text>"
            }
        }
        text += srv3 ? "</body></timedtext>\n" : "</transcript>\n"
        return Array(text.utf8)
    }

    static let keywords = ["father", "FATHER", "your father", "budget", "the", "kelvin", "strasse", "café", "isn't",
                           "it's", "'", "fa", "i>", "&", "amp", "x", "dad", "ther bud"]

    @Test(arguments: [(UInt64(1), true, false, false), (2, false, false, false), (3, true, true, false),
                      (4, false, true, false), (5, false, false, true)])
    func findsWhatTheWholeParseFinds(_ seed: UInt64, _ srv3: Bool, _ outOfOrder: Bool, _ durationsAreEnds: Bool) throws {
        let bytes = Self.document(cues: 1_200, seed: seed, srv3: srv3, outOfOrder: outOfOrder,
                                  durationsAreEnds: durationsAreEnds)
        let name = srv3 ? "a.srv3" : "a.ytt"
        let whole = TTMLSearchTests.wholeParse(bytes, fileName: name)
        for keyword in Self.keywords {
            for caseSensitive in [false, true] {
                try TTMLSearchTests.expectSame(bytes, Query(keyword, caseSensitive: caseSensitive), "seed \(seed)",
                                               fileName: name, whole: whole)
            }
        }
        try TTMLSearchTests.expectSame(bytes, Query("father", wholeWords: true), "seed \(seed) -w", fileName: name,
                                       whole: whole)
        try TTMLSearchTests.expectSame(bytes, Query("ecole", ignoresAccents: true), "seed \(seed) accents", fileName: name,
                                       whole: whole)
    }

    /// Cues of plain text without the piece are passed over after the first ones, and the cues
    /// read keep their numbers.
    @Test func passesOverPlainCuesWithoutThePiece() throws {
        var text = "<transcript>"
        let unlike = [307: "f&#97;ther", 407: "fa<i>ther</i>", 507: "fa\rther", 607: "fa{\\i1}ther"]
        for i in 0..<1_000 {
            text += "<text start=\"\(i)\" dur=\"0.5\">\(unlike[i] ?? (i % 100 == 7 ? "your father" : "nothing here"))</text>\n"
        }
        text += "</transcript>\n"
        let bytes = Array(text.utf8)
        let prepared = try PreparedText(bytes, fileName: "a.ytt", options: LoadOptions())
        #expect(prepared.format == .youtube)
        let searched = try TranscriptLoader.load(prepared, searchingFor: Query("father"))
        #expect(searched.transcript.count == SpeakerTurns.sampledCues + 8)
        #expect(Array(searched.transcript).suffix(8).map(\.ordinal) == [208, 308, 408, 508, 608, 708, 808, 908])
        try TTMLSearchTests.expectSame(bytes, Query("father"), "plain", fileName: "a.ytt")
    }
}
