import Foundation
import Testing
@testable import SeekKit
import SeekBytes

@Suite struct JSONLinesWriterTests {
    static func transcript(_ texts: [String]) -> Transcript {
        Transcript(texts.enumerated().map { i, text in
            Cue(ordinal: i + 1, id: i == 0 ? "intro" : nil, start: i * 1000, end: i * 1000 + 900,
                speaker: i == 0 ? "Ana" : nil, text: text, line: 3 + i * 4)
        })
    }

    static func lines(_ texts: [String], keywords: [String]) -> [String] {
        let transcript = transcript(texts)
        let index = MatchIndex(transcript: transcript, query: Query(keywords: keywords))
        var out: [UInt8] = []
        for record in MatchRecords(file: "t.srt", transcript: transcript, index: index) {
            JSONLinesWriter.append(record, to: &out)
        }
        return String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static func object(_ line: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(value as? [String: Any])
    }

    @Test func writesEveryKeyInOrder() throws {
        let line = try #require(Self.lines(["the budget"], keywords: ["budget"]).first)
        #expect(line == #"{"file":"t.srt","track":null,"language":null,"position":1,"total":1,"cue":1,"cue_id":"intro","start_ms":0,"#
            + #""end_ms":900,"start":"00:00:00.000","end":"00:00:00.900","match_start_ms":0,"match_end_ms":900,"#
            + #""speaker":"Ana","style":null,"keyword":"budget","#
            + #""match":"budget","char_start":4,"char_end":10,"utf16_start":4,"utf16_end":10,"byte_start":4,"#
            + #""byte_end":10,"line":3,"text":"the budget"}"#)
    }
    @Test func aVideoTrackIsNamedByNumberAndLanguage() throws {
        let transcript = Transcript([Cue(ordinal: 1, start: 0, end: 900, text: "the budget", line: 3)])
        let index = MatchIndex(transcript: transcript, query: Query("budget"))
        var out: [UInt8] = []
        for record in MatchRecords(file: "movie.mkv", transcript: transcript, index: index, track: 2, language: "spa") {
            JSONLinesWriter.append(record, to: &out)
        }
        let object = try Self.object(String(decoding: out, as: UTF8.self))
        #expect(object["track"] as? Int == 2)
        #expect(object["language"] as? String == "spa")
    }


    @Test func writesNullForAbsentValues() throws {
        let transcript = Transcript([Cue(ordinal: 1, text: "no times here", line: 1)])
        let index = MatchIndex(transcript: transcript, query: Query("times"))
        var out: [UInt8] = []
        for record in MatchRecords(file: "x", transcript: transcript, index: index) {
            JSONLinesWriter.append(record, to: &out)
        }
        let object = try Self.object(String(decoding: out, as: UTF8.self))
        for key in ["cue_id", "start_ms", "end_ms", "start", "end", "match_start_ms", "match_end_ms", "speaker", "style"] {
            #expect(object[key] is NSNull, "\(key)")
        }
    }

    /// Offsets in three units, and the source line, for text where they differ.
    @Test func offsetsInThreeUnits() throws {
        let cases: [(String, String, Range<Int>, Range<Int>, Range<Int>, Int)] = [
            // text, keyword, chars, utf16, bytes, line offset
            ("café budget", "budget", 5..<11, 5..<11, 6..<12, 0),
            ("😀 budget", "budget", 2..<8, 3..<9, 5..<11, 0),
            ("你的家乡", "家乡", 2..<4, 2..<4, 6..<12, 0),
            ("first line\nsecond 😀 budget", "budget", 20..<26, 21..<27, 23..<29, 1),
            ("a\nb\nc budget", "budget", 6..<12, 6..<12, 6..<12, 2),
            ("e\u{301}té budget", "budget", 5..<11, 5..<11, 7..<13, 0),
        ]
        for (text, keyword, chars, utf16, bytes, lines) in cases {
            let line = try #require(Self.lines([text], keywords: [keyword]).first)
            let object = try Self.object(line)
            #expect(object["char_start"] as? Int == chars.lowerBound, "\(text)")
            #expect(object["char_end"] as? Int == chars.upperBound, "\(text)")
            #expect(object["utf16_start"] as? Int == utf16.lowerBound, "\(text)")
            #expect(object["utf16_end"] as? Int == utf16.upperBound, "\(text)")
            #expect(object["byte_start"] as? Int == bytes.lowerBound, "\(text)")
            #expect(object["byte_end"] as? Int == bytes.upperBound, "\(text)")
            #expect(object["line"] as? Int == 3 + lines, "\(text)")
            #expect(object["match"] as? String == keyword, "\(text)")
            // The offsets agree with the text as other languages see it.
            let scalars = Array(text.unicodeScalars)
            #expect(String(String.UnicodeScalarView(scalars[chars])) == keyword, "\(text)")
            let units = Array(text.utf16)
            #expect(String(decoding: units[utf16], as: UTF16.self) == keyword, "\(text)")
        }
    }

    @Test func countsOffsetsAfterEarlierMatchesInTheSameCue() throws {
        let lines = Self.lines(["ö budget é budget\n😀 budget"], keywords: ["budget"])
        let objects = try lines.map(Self.object)
        #expect(objects.map { $0["char_start"] as? Int } == [2, 11, 20])
        #expect(objects.map { $0["utf16_start"] as? Int } == [2, 11, 21])
        #expect(objects.map { $0["byte_start"] as? Int } == [3, 13, 25])
        #expect(objects.map { $0["line"] as? Int } == [3, 3, 4])
        #expect(objects.map { $0["position"] as? Int } == [1, 2, 3])
        #expect(objects.map { $0["total"] as? Int } == [3, 3, 3])
    }

    @Test func keywordIsTheOneThatMatchedAsGiven() throws {
        let objects = try Self.lines(["Budget and NOISE"], keywords: ["noise", "BUDGET"]).map(Self.object)
        #expect(objects.map { $0["keyword"] as? String } == ["BUDGET", "noise"])
        #expect(objects.map { $0["match"] as? String } == ["Budget", "NOISE"])
    }

    /// Whatever the text holds, each line parses as JSON and gives the text back exactly.
    @Test func alwaysValidJSON() throws {
        let cases = [
            "quote \" and backslash \\ budget",
            "controls \u{0}\u{1}\u{8}\u{C}\u{1B}[31m\u{1F}\u{7F} budget",
            "tab\there\r\nbudget",
            "bidi \u{202E}\u{2028}\u{2029} budget",
            "emoji 👩‍👩‍👧 and \u{FEFF} budget",
            "</script> budget",
        ]
        for text in cases {
            let line = try #require(Self.lines([text], keywords: ["budget"]).first, "\(text.debugDescription)")
            #expect(!line.utf8.contains { $0 < 0x20 }, "\(text.debugDescription)")
            let object = try Self.object(line)
            #expect(object["text"] as? String == text, "\(text.debugDescription)")
        }
    }

    @Test func timesMatchTimestampFormat() {
        for milliseconds in [0, 999, 1_000, 59_999, 3_600_000, 3_723_004, 359_999_999, 360_000_000, 999_999_999_999,
                             -5_000, -360_000_000, Int.max / 2] {
            var out: [UInt8] = []
            ByteWriting.appendTime(milliseconds, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == Timestamp.format(milliseconds), "\(milliseconds) ms")
        }
    }

    @Test func integers() {
        for value in [0, 7, 10, 99, 100, 12_345, -1, -120, Int.max, Int.min] {
            var out: [UInt8] = []
            ByteWriting.append(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(value), "\(value)")
        }
    }

    @Test func cueObjects() throws {
        let transcript = Self.transcript(["hello \"world\"", "second"])
        var out: [UInt8] = []
        for cue in transcript.indices { JSONLinesWriter.appendCue(cue, of: transcript, file: "a.vtt", to: &out) }
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0] == #"{"file":"a.vtt","cue":1,"id":"intro","start_ms":0,"end_ms":900,"speaker":"Ana","#
            + #""style":null,"line":3,"text":"hello \"world\""}"#)
        let second = try Self.object(lines[1])
        #expect(second["id"] is NSNull)
        #expect(second["speaker"] is NSNull)
        #expect(second["cue"] as? Int == 2)
    }
}

/// Text that would drive a terminal is escaped in JSON, and still parses to the exact text.
@Suite struct JSONEscapingTests {
    @Test(arguments: [
        ("a\u{7F}b", #""a\u007fb""#),
        ("next\u{85}line", #""next\u0085line""#),
        ("csi\u{9B}31m", #""csi\u009b31m""#),
        ("c1 edges \u{80}\u{9F}\u{A0}", "\"c1 edges \\u0080\\u009f\u{A0}\""),
        ("sep\u{2028}\u{2029}", #""sep\u2028\u2029""#),
        ("bidi\u{202E}x\u{202A}\u{2066}\u{2069}", #""bidi\u202ex\u202a\u2066\u2069""#),
        ("near \u{2027}\u{202F}\u{2065}\u{206A}", "\"near \u{2027}\u{202F}\u{2065}\u{206A}\""),
        ("esc\u{1B}]0;t\u{7}", #""esc\u001b]0;t\u0007""#),
        ("é€字😀", "\"é€字😀\""),
    ] as [(String, String)])
    func controlsAreEscapedAndTheTextSurvives(text: String, json: String) throws {
        let written = JSONLinesWriter.quoted(text)
        #expect(written == json)
        let parsed = try JSONSerialization.jsonObject(with: Data(written.utf8), options: .fragmentsAllowed)
        #expect(parsed as? String == text)
    }
}
