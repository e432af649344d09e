import Testing
@testable import SeekKit
import SeekBytes

/// `-l` and `-q` answered from a file's ASCII start (`countInASCIIStart`) must answer as the file
/// decoded whole does, whatever follows that start: more ASCII, UTF-8, Latin-1 or Shift_JIS bytes
/// (which read some ASCII bytes as halves of characters), NULs, bytes that are no encoding's.
@Suite struct TranscriptLoaderASCIIStartTests {
    static let words = ["the", "budget", "Budget", "plan", "<i>", "</i>", "café", "budge", "t"]

    /// A line of random words (ASCII but for `café`, left out when `ascii`), labelled like a
    /// transcript's when `labelled`.
    static func line(_ random: inout SeededRandom, ascii: Bool, keyword: Bool, labelled: Bool) -> String {
        var words = (0..<Int.random(in: 1...8, using: &random)).map { _ in
            Self.words[Int.random(in: 0..<(ascii ? 6 : Self.words.count), using: &random)]
        }.filter { !$0.lowercased().contains("budget") }
        if keyword { words.insert(Bool.random(using: &random) ? "budget" : "BUDGET", at: words.count / 2) }
        return ((labelled ? ["ANN:"] : []) + words).joined(separator: " ")
    }

    /// A file of more than `length` bytes whose first `asciiLength` or so are ASCII, then `tail`; the keyword in the start
    /// with odds `startOdds` in 100 a line, and in the tail's text with odds `tailOdds`.
    static func file(
        _ random: inout SeededRandom, srt: Bool, length: Int, asciiLength: Int, tail: [UInt8], startOdds: Int,
        tailOdds: Int, labelled: Bool = false
    ) -> [UInt8] {
        let lineBreak = Bool.random(using: &random) ? "\r\n" : "\n"
        var bytes: [UInt8] = []
        var cue = 0
        var inTail = false
        while true {
            if !inTail && bytes.count >= asciiLength {
                inTail = true
                bytes += tail
            }
            if inTail && bytes.count > Swift.max(asciiLength + tail.count, length) + 2_000 { break }
            cue += 1
            let keyword = Int.random(in: 0..<100, using: &random) < (inTail ? tailOdds : startOdds)
            let text = line(&random, ascii: !inTail, keyword: keyword, labelled: labelled)
            if srt {
                let second = cue % 60
                bytes += Array(("\(cue)\(lineBreak)00:00:\(second / 10)\(second % 10),000 --> 00:00:\(second / 10)\(second % 10),500"
                    + "\(lineBreak)\(text)\(lineBreak)\(lineBreak)").utf8)
            } else {
                bytes += Array((text + lineBreak).utf8)
            }
        }
        return bytes
    }

    /// Bytes that may follow the ASCII start.
    static func tail(_ random: inout SeededRandom) -> [UInt8] {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: Array("plain ascii budget\n".utf8)
        case 1: Array("caf\u{E9} \u{65E5}\u{672C} budget\u{301}\n".utf8)
        case 2: Array("caf".utf8) + [0xE9] + Array(" budget\n".utf8)
        case 3: [0x82, 0x62, 0x82, 0x75, 0x93, 0xFA] + Array(" budget\n".utf8)
        case 4: Array("a".utf8) + [0, 0, 0] + Array("budget\n".utf8)
        case 5: [0xFF, 0xFE, 0x80, 0xC0] + Array("budget\n".utf8)
        default: Array(repeating: 0xE9, count: 3_000) + Array("\n".utf8)
        }
    }

    @Test func answersAsTheWholeFileDecodedDoes() throws {
        var random = SeededRandom(seed: 1_919)
        let length = 1 << 17
        var answeredEarly = 0
        var answeredEarlyNotUTF8 = 0
        for round in 0..<24 {
            let srt = round % 2 == 0
            let tail = Self.tail(&random)
            let bytes = Self.file(&random, srt: srt, length: length, asciiLength: Int.random(in: length / 4...length + 4_000, using: &random),
                                  tail: tail, startOdds: [0, 1, 20][round % 3], tailOdds: 10, labelled: round % 8 == 7)
            let name = srt ? "random.srt" : "random.txt"
            let query = Query(["budget", "Budget", "budget\u{301}"][round % 3 == 2 ? Int.random(in: 0...2, using: &random) : 0])
            let whole = Result { () throws(Diagnostic) in try TranscriptLoader.countMatches(bytes, fileName: name, query: query) }
            let early = bytes.withByteView { view in
                TranscriptLoader.countInASCIIStart(view, fileName: name, options: LoadOptions(), query: query,
                                                   pieceSize: 8_192, enough: 1, length: length)
            }
            let listed = Result { () throws(Diagnostic) in
                try bytes.withByteView { (view) throws(Diagnostic) in
                    try TranscriptLoader.countMatches(inPlace: view, fileName: name, options: LoadOptions(), query: query,
                                                      pieceSize: 8_192, enough: 1, asciiStart: length)
                }
            }
            switch (whole, listed) {
            case (.success(let whole), .success(let listed)):
                #expect(min(whole.matches, 1) == min(listed.matches, 1), "round \(round)")
                if let early {
                    answeredEarly += 1
                    if whole.encoding != "UTF-8" || String(validating: bytes, as: UTF8.self) == nil || bytes.contains(0) {
                        answeredEarlyNotUTF8 += 1
                    }
                    #expect(early.matches >= 1 && whole.matches >= 1, "round \(round)")
                    #expect(early.format == whole.format, "round \(round)")
                }
            case (.failure(let whole), .failure(let listed)):
                #expect(whole == listed, "round \(round)")
            default:
                Issue.record("round \(round): \(whole) counted for -l as \(listed)")
            }
        }
        #expect(answeredEarly >= 6)
        #expect(answeredEarlyNotUTF8 >= 2)
    }

    /// A start that is not ASCII, or a start where the keyword is not, is left to the whole check.
    @Test func leavesOtherStartsToTheWholeCheck() {
        var random = SeededRandom(seed: 7)
        let length = 1 << 17
        let ascii = Self.file(&random, srt: true, length: length, asciiLength: 2 * length, tail: [], startOdds: 5, tailOdds: 5)
        let accented = Array("1\n00:00:01,000 --> 00:00:02,000\ncaf\u{E9}\n\n".utf8) + ascii
        let without = Self.file(&random, srt: true, length: length, asciiLength: 2 * length, tail: [], startOdds: 0, tailOdds: 0)
        for (bytes, expected) in [(ascii, true), (accented, false), (without, false)] {
            let early = bytes.withByteView { view in
                TranscriptLoader.countInASCIIStart(view, fileName: "a.srt", options: LoadOptions(), query: Query("budget"),
                                                   pieceSize: 8_192, enough: 1, length: length)
            }
            #expect((early != nil) == expected)
        }
    }
}
