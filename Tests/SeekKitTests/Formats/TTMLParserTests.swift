import Testing
@testable import SeekKit

@Suite struct TTMLParserTests {
    static func parse(_ body: String, root: String = "<tt xmlns=\"http://www.w3.org/ns/ttml\">", head: String = "",
                      language: String? = nil) -> (cues: [Cue], warnings: [String]) {
        let document = "<?xml version=\"1.0\"?>\n" + root + "<head>" + head + "</head>\n<body>\n" + body + "\n</body>\n</tt>\n"
        let result = TTMLParser.parse(Array(document.utf8), fileName: "a.ttml", language: language)
        return (Array(result.transcript), result.warnings.map(\.description))
    }

    @Test(arguments: [
        ("00:00:01.500", 1500), ("00:01:02", 62000), ("01:00:00.25", 3_600_250), ("1.5s", 1500), ("100ms", 100),
        ("2.5m", 150_000), ("1h", 3_600_000), ("30f", 1000), ("3000t", 3_000_000), ("19.764", 19764),
        ("00:00:01:15", 1500), ("1:02.500", 62500),
        // Past 99 hours (a long recording, joined files): hours of three to six digits and more.
        ("123:04:05.678", 443_045_678), ("100:00:00", 360_000_000), ("0000:00:01.000", 1000),
        ("999999:59:59.999", 3_599_999_999_999), ("1000000:00:00.000", 3_600_000_000_000),
    ])
    func timeExpressions(_ expression: String, _ milliseconds: Int) {
        let (cues, warnings) = Self.parse("<div><p begin=\"\(expression)\">x</p></div>")
        #expect(cues.first?.start == milliseconds)
        #expect(warnings.isEmpty)
    }

    /// `HH:MM:SS.mmm` read two words at a time: every byte value at every place of a few clock
    /// times gives what a byte-by-byte reading of the form gives (the time, or `nil` for anything
    /// else, which the general reader then reads).
    @Test func twelveByteClockTimesAsReadByteByByte() {
        func reference(_ text: [UInt8]) -> Int? {
            guard text.count == 12, text[2] == UInt8(ascii: ":"), text[5] == UInt8(ascii: ":"), text[8] == UInt8(ascii: ".")
            else { return nil }
            var digits: [Int] = []
            for place in [0, 1, 3, 4, 6, 7, 9, 10, 11] {
                guard text[place] >= 0x30, text[place] <= 0x39 else { return nil }
                digits.append(Int(text[place]) - 0x30)
            }
            let (hours, minutes, seconds) = (digits[0] * 10 + digits[1], digits[2] * 10 + digits[3], digits[4] * 10 + digits[5])
            guard minutes < 60, seconds < 60 else { return nil }
            return ((hours * 60 + minutes) * 60 + seconds) * 1000 + digits[6] * 100 + digits[7] * 10 + digits[8]
        }
        var checked = 0
        for base in ["00:00:00.000", "01:02:03.456", "99:59:59.999", "12:34:56.789", "00:59:60.000", "00:60:00.000"] {
            for place in 0..<12 {
                for byte in 0...255 {
                    var text = Array(base.utf8)
                    text[place] = UInt8(byte)
                    let read = text.withByteView { TTMLParser.twelveByteClock($0) }
                    #expect(read == reference(text), "\(text)")
                    checked += read == nil ? 0 : 1
                }
            }
        }
        #expect(checked > 200)
    }

    @Test func frameRateMultiplierAndTickRate() {
        let root = "<tt xmlns=\"http://www.w3.org/ns/ttml\" xmlns:ttp=\"http://www.w3.org/ns/ttml#parameter\""
            + " ttp:frameRate=\"50\" ttp:frameRateMultiplier=\"1000 1001\" ttp:tickRate=\"100\">"
        let (cues, _) = Self.parse("<p begin=\"100t\" end=\"101t\">one</p><p begin=\"50000f\" dur=\"50f\">two</p>", root: root)
        #expect(cues.map(\.start) == [1000, 1_001_000])
        #expect(cues.map(\.end) == [1010, 1_002_001])
    }

    @Test func textLineBreaksSpansAndWhiteSpace() {
        let (cues, _) = Self.parse("""
        <div>
          <p begin="1s" end="2s">
            It seems a <span tts:fontStyle="italic">paradox</span>,<br/>
            does it &amp; &#233;&#x4E2D; &nbsp; not?
          </p>
        </div>
        """)
        #expect(cues.map(\.text) == ["It seems a paradox,\ndoes it & é中 &nbsp; not?"])
        #expect(cues.first?.line == 5)
    }

    @Test func styleIsTheFirstStyleNamedElseTheRegion() {
        let (cues, _) = Self.parse("""
        <div style="narration">
          <p begin="1s" end="2s" style="s1 s2">own</p>
          <p begin="2s" end="3s" region="bottom">inherited style wins over a region</p>
        </div>
        <div><p begin="3s" end="4s" region="top">region</p><p begin="4s" end="5s">none</p></div>
        """)
        #expect(cues.map(\.style) == ["s1", "narration", "top", nil])
    }

    @Test func styleScopesTTMLCues() {
        let (cues, _) = Self.parse("<p begin=\"1s\" style=\"Signs\">a</p><p begin=\"2s\">b</p>")
        let transcript = Transcript(cues)
        let scope = Scope(styles: ["signs"])
        #expect(transcript.indices.filter { scope.includes($0, of: transcript) } == [0])
        #expect(transcript.indices.filter { Scope(excludedStyles: ["SIGNS"]).includes($0, of: transcript) } == [1])
    }

    @Test func elementsWithNoTimeLeftAreNotRead() {
        let (cues, warnings) = Self.parse("""
        <div dur="10s">
          <p dur="10s"><span begin="5s" dur="5s">shown</span> <span begin="10s" dur="5s">never<br/>shown</span></p>
          <p begin="10s" dur="10s">after its parent ends</p>
          <p begin="3s" end="2s">backwards</p>
        </div>
        """)
        #expect(cues.map(\.text) == ["shown"])
        #expect(warnings == ["a.ttml:7: a paragraph that ends before it begins; skipped"])
    }

    @Test func timesAddUpThroughBodyAndDivs() {
        let (cues, _) = Self.parse("""
        <div begin="10s"><div begin="5s" end="20s"><p begin="1s" end="30s">clipped</p></div>
        <p dur="2s">inherits</p></div>
        """)
        #expect(cues.map(\.start) == [10000, 16000])
        #expect(cues.map(\.text) == ["inherits", "clipped"])
        #expect(cues.map(\.end) == [12000, 30000])
        #expect(cues.map(\.line) == [5, 4])
    }

    /// In a `timeContainer="seq"` each child's times count from the end of the child before; a
    /// `seq` without an end ends with its last child, and text right inside a `seq` lasts no time.
    @Test func seqContainersPlayTheirChildrenOneAfterAnother() {
        let (cues, _) = Self.parse("""
            <div timeContainer="seq">
              <metadata><desc>not timed</desc></metadata>
              <p begin="5s" dur="5s">first</p>
              <p begin="5s" dur="5s">second</p>
              <div timeContainer="seq">
                <p dur="2s">third</p>
                <p begin="1s" timeContainer="seq">never shown</p>
                <p dur="3s">fourth</p>
              </div>
              <p dur="1s">fifth</p>
            </div>
            <div begin="100s"><p begin="1s" end="2s">par as before</p></div>
            """)
        #expect(cues.map(\.text) == ["first", "second", "third", "fourth", "fifth", "par as before"])
        #expect(cues.map(\.start) == [5000, 15000, 20000, 23000, 26000, 101_000])
        #expect(cues.map(\.end) == [10000, 20000, 22000, 26000, 27000, 102_000])
    }

    @Test func paragraphWithoutTimesTakesItsSpans() {
        let (cues, _) = Self.parse("<p><span begin=\"2s\" end=\"3s\">a</span> <span begin=\"3s\" end=\"4.5s\">b</span></p>")
        #expect(cues.first?.start == 2000)
        #expect(cues.first?.end == 4500)
        #expect(cues.first?.text == "a b")
    }

    /// A timed paragraph whose words are all in timed spans shows while they do; a `<br/>` outside
    /// them is content of the paragraph itself, shown for its time (as ttconv's IMSC timelines
    /// have it), while one inside a timed span is the span's.
    @Test func aLineBreakOutsideTimedSpansShowsForTheParagraphsTime() {
        let (first, second) = ("<span begin=\"1s\" end=\"2s\">a", "<span begin=\"3s\" end=\"4s\">b</span>")
        let (alone, _) = Self.parse("<p begin=\"0s\" end=\"9s\">" + first + "</span> " + second + "</p>")
        let (broken, _) = Self.parse("<p begin=\"0s\" end=\"9s\">" + first + "</span><br/>" + second + "</p>")
        let (inside, _) = Self.parse("<p begin=\"0s\" end=\"9s\">" + first + "<br/></span>" + second + "</p>")
        #expect(alone.map(\.start) == [1000])
        #expect(alone.map(\.end) == [4000])
        #expect(broken.map(\.start) == [0])
        #expect(broken.map(\.end) == [9000])
        #expect(broken.map(\.text) == ["a\nb"])
        #expect(inside.map(\.end) == [4000])
    }

    /// `tts:display="none"` on a paragraph, through its style (or a style its style names), on a
    /// span or on a div hides the text; a `<set tts:display="auto">` in a hidden paragraph shows
    /// it while the set lasts, one in a hidden span shows its words with the paragraph.
    @Test func displayNoneHidesUntilASetShowsIt() {
        let head = """
            <styling><style xml:id="hide" tts:display="none"/><style xml:id="inherits" style="hide"/>
            <style xml:id="show" tts:display="auto"/></styling>
            """
        let (cues, _) = Self.parse("""
        <div>
          <p begin="0s" end="5s" style="show">shown</p>
          <p begin="5s" end="10s" tts:display="none">attribute hides</p>
          <p begin="10s" end="15s" style="hide">style hides</p>
          <p begin="15s" end="20s" style="inherits">a style naming it hides</p>
          <p begin="20s" end="30s" tts:display="none"><set begin="2s" end="4s" tts:display="auto"/>set shows</p>
          <p begin="30s" end="35s">with <span tts:display="none">hidden </span>words</p>
          <p begin="35s" end="40s">soup <span tts:display="none"><set begin="1s" dur="1s" tts:display="auto"/>later</span></p>
        </div>
        <div tts:display="none"><p begin="40s" end="45s">div hides</p></div>
        """, head: head)
        #expect(cues.map(\.text) == ["shown", "set shows", "with words", "soup later"])
        #expect(cues.map(\.start) == [0, 22000, 30000, 35000])
        #expect(cues.map(\.end) == [5000, 24000, 35000, 40000])
    }

    /// A paragraph in a timed region (its own `region` or an ancestor's) shows only while the
    /// region is active; the region moves no time inside it.
    @Test func regionTimesLimitWhenParagraphsShow() {
        let head = """
            <layout><region xml:id="r1" begin="0s" end="10s"/><region xml:id="r2" begin="10s" end="20s"/>
            <region xml:id="always"/></layout>
            """
        let (cues, _) = Self.parse("""
        <div region="r1"><p>one</p></div>
        <div region="r2">
          <p begin="5s" end="15s">two</p><p begin="16s" end="25s">three</p><p begin="25s" end="30s">never</p>
        </div>
        <div><p begin="1s" end="2s" region="always">four</p><p begin="3s" end="4s" region="r2">never</p></div>
        """, head: head)
        #expect(cues.map(\.text) == ["one", "four", "two", "three"])
        #expect(cues.map(\.start) == [0, 1000, 10000, 16000])
        #expect(cues.map(\.end) == [10000, 2000, 15000, 20000])
    }

    /// Elements whose prefix names another namespace than TTML's are not displayed, nor is
    /// anything inside them.
    @Test func foreignElementsAreNotRead() {
        let root = "<tt xmlns=\"http://www.w3.org/ns/ttml\" xmlns:tt=\"http://www.w3.org/ns/ttml\" xmlns:f=\"http://foreign\">"
        let (cues, _) = Self.parse("""
        <div><p begin="0s" end="5s">seen</p><f:p begin="5s" end="6s">not seen</f:p>
        <tt:p begin="6s" end="7s">prefixed TTML</tt:p><f:x><p begin="7s" end="8s">inside foreign</p></f:x>
        <p begin="8s" end="9s">after</p></div>
        """, root: root)
        #expect(cues.map(\.text) == ["seen", "prefixed TTML", "after"])
    }

    @Test func agentNamesAreSpeakers() {
        let root = "<tt xmlns=\"http://www.w3.org/ns/ttml\" xmlns:ttm=\"http://www.w3.org/ns/ttml#metadata\">"
            + "<head><metadata><ttm:agent xml:id=\"a1\" type=\"person\"><ttm:name type=\"full\">Ann Lee</ttm:name>"
            + "</ttm:agent></metadata></head>"
        let (cues, _) = Self.parse("<p begin=\"1s\" ttm:agent=\"a1\">Hi</p><p begin=\"2s\" ttm:agent=\"b2\">Yo</p>", root: root)
        #expect(cues.map(\.speaker) == ["Ann Lee", "b2"])
    }

    @Test func prefixedElementsAndLanguages() {
        let document = """
        <tt:tt xmlns:tt="http://www.w3.org/ns/ttml" xml:lang="en"><tt:body>
        <tt:div xml:lang="fr"><tt:p begin="1s">Bonjour</tt:p></tt:div>
        <tt:div><tt:p begin="2s">Hello</tt:p></tt:div>
        </tt:body></tt:tt>
        """
        #expect(Array(TTMLParser.parse(Array(document.utf8), fileName: "a.xml").transcript).map(\.text) == ["Bonjour", "Hello"])
        let french = TTMLParser.parse(Array(document.utf8), fileName: "a.xml", language: "fr")
        #expect(Array(french.transcript).map(\.text) == ["Bonjour"])
    }

    @Test(arguments: [
        // Nested paragraphs (a crash in an earlier attempt) read as one.
        "<p begin=\"1s\">a<p begin=\"2s\">b</p>c</p>",
        // End tags that close nothing, tags never closed, a lone '<'.
        "</span></div><p begin=\"1s\">a < b</p><span>",
        // Huge and broken times.
        "<p begin=\"1000000000000000000000000000000t\">x</p><p begin=\"abc\">y</p><p begin=\"1s\">z</p>",
    ])
    func brokenDocumentsRead(_ body: String) {
        let (cues, _) = Self.parse(body)
        #expect(cues.count >= 1)
        #expect(cues.allSatisfy { ($0.start ?? 0) >= 0 })
    }

    @Test func entitiesAreNotExpandedFromADTD() {
        let document = """
        <?xml version="1.0"?>
        <!DOCTYPE tt [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;"><!ENTITY x SYSTEM "file:///etc/passwd">]>
        <tt xmlns="http://www.w3.org/ns/ttml"><body><p begin="1s">&lol2; &x;</p></body></tt>
        """
        let cues = Array(TTMLParser.parse(Array(document.utf8), fileName: "a.ttml").transcript)
        #expect(cues.map(\.text) == ["&lol2; &x;"])
    }

    @Test func noRootIsAFailureOnLoad() {
        #expect(throws: Diagnostic.self) {
            try TranscriptLoader.load(Array("<html><p>x</p></html>".utf8), fileName: "a.ttml")
        }
    }
}
