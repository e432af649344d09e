import Testing
@testable import SeekKit

/// Broken files in each format beyond SRT and WebVTT (the "Bad input" list): each gives
/// its readable cues with a warning naming the file and line, or, when nothing is readable,
/// an error naming them; never a crash, a hang or text from elsewhere.
@Suite struct BrokenFormatInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var content: String
        /// The cue texts read, or `nil` when the file is refused.
        var cues: [String]?
        /// The first warning (or the error), as printed.
        var message: String

        var testDescription: String { "\(name): \(message)" }
    }

    static let cases: [Case] = [
        Case(name: "cut.ass", content: "[Events]\nFormat: Layer, Start, End, Style, Text\nDialogue: 0,0:00:01.00,0:00",
             cues: nil, message: "cut.ass:3: a Dialogue: line with 3 fields, where Format: names 5; line skipped"),
        Case(name: "noformat.ass", content: "[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hello\n",
             cues: ["Hello"], message: "noformat.ass:2: no Format: line before the first Dialogue:; the usual field order is assumed"),
        Case(name: "backwards.ass",
             content: "[Events]\nFormat: Layer, Start, End, Style, Text\nDialogue: 0,0:00:05.00,0:00:01.00,Default,Late\n"
                + "Dialogue: 0,0:00:01.00,0:00:02.00,Default,Early\n",
             cues: ["Early", "Late"], message: "backwards.ass:3: a Dialogue: line ends before it starts"),
        Case(name: "badtime.ass", content: "[Events]\nFormat: Layer, Start, End, Style, Text\nDialogue: 0,soon,later,Default,x\n",
             cues: nil, message: "badtime.ass:3: unreadable time in a Dialogue: line (expected H:MM:SS.cc); line skipped"),
        Case(name: "cut.ttml", content: "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><p begin=\"1s\">Hello<br/>the",
             cues: ["Hello\nthe"], message: "cut.ttml:1: the file ends before </tt> (cut short?); the cues before are read"),
        Case(name: "zerorate.ttml",
             content: "<tt xmlns:ttp=\"http://www.w3.org/ns/ttml#parameter\" ttp:frameRate=\"0\" ttp:tickRate=\"0\">\n"
                + "<body><p begin=\"00:00:01:15\" end=\"20t\">x</p></body></tt>",
             cues: ["x"], message: "zerorate.ttml:1: ttp:frameRate '0' out of range or unreadable; ignored"),
        Case(name: "zeromultiplier.ttml",
             content: "<tt ttp:frameRateMultiplier=\"1 0\"><body><p begin=\"1s\" end=\"2s\">x</p></body></tt>",
             cues: ["x"], message: "zeromultiplier.ttml:1: ttp:frameRateMultiplier '1 0' out of range or unreadable; ignored"),
        Case(name: "backwards.ttml",
             content: "<tt><body><p begin=\"3s\" end=\"1s\">no</p><p begin=\"1s\" end=\"2s\">yes</p></body></tt>",
             cues: ["yes"], message: "backwards.ttml:1: a paragraph that ends before it begins; skipped"),
        Case(name: "huge.ttml", content: "<tt><body><p begin=\"1000000000000000000000000000000t\">x</p></body></tt>",
             cues: ["x"], message: "huge.ttml:1: unreadable time expression '1000000000000000000000000000000t' (expected like 00:00:01.500, 1.5s or 30f); ignored"),
        Case(name: "entities.ttml",
             content: "<!DOCTYPE tt [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
                + "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY file SYSTEM \"file:///etc/passwd\">]>\n"
                + "<tt><body><p begin=\"1s\">&c; &file; &amp; &#233;</p></body></tt>",
             cues: ["&c; &file; & é"], message: ""),
        Case(name: "deep.ttml",
             content: "<tt><body><div><p begin=\"1s\" end=\"2s\">x</p>" + String(repeating: "<span>", count: 600) + "y",
             cues: ["x"], message: "deep.ttml:1: elements nested more than 512 deep; the rest of the file is not read"),
        Case(name: "notxml.ttml", content: "<tt", cues: nil, message: "notxml.ttml: no <tt> element: nothing to read in this TTML file"),
        Case(name: "cut.smi", content: "<SAMI><BODY><SYNC Start=1000><P>Hello\n<SYNC Start=20", cues: ["Hello"],
             message: "cut.smi:2: the file ends before </BODY> or </SAMI> (cut short?); the cues before are read"),
        Case(name: "huge.smi",
             content: "<SAMI><BODY>\n<SYNC Start=1000000000000000000000000000000><P>huge\n<SYNC Start=1000><P>ok\n</BODY></SAMI>",
             cues: ["ok"], message: "huge.smi:2: unreadable <SYNC Start='1000000000000000000000000000000'> (expected milliseconds, at most 12 digits); block skipped"),
        Case(name: "nosync.smi", content: "<SAMI><BODY><P>Hello</BODY></SAMI>", cues: nil,
             message: "nosync.smi: no <SYNC> element: nothing to read in this SAMI file"),
        Case(name: "cut.sbv", content: "0:00:01.000,0:00:02.000\nHello\n\n0:00:03.000,0:", cues: ["Hello"],
             message: "cut.sbv:4: expected a timing line like 0:00:01.000,0:00:03.000"),
        Case(name: "backwards.sbv", content: "0:00:05.000,0:00:01.000\nLate\n\n0:00:06.000,0:00:07.000\nok\n",
             cues: ["Late", "ok"], message: "backwards.sbv:1: a cue ends before it starts"),
        Case(name: "cutsubviewer.sub", content: "[INFORMATION]\n[END INFORMATION]\n00:00:01.00,00:00:02.00\nHello[br]there\n\n00:00:03.00,00:0",
             cues: ["Hello\nthere", ""], message: "cutsubviewer.sub:6: a cue ends before it starts"),
        Case(name: "backwards.sub", content: "{1}{1}25\n{250}{100}Late\n", cues: ["Late"],
             message: "backwards.sub:2: a cue ends before it starts"),
        Case(name: "hugerate.sub", content: "{1}{1}1e308\n{25}{50}Hello\n", cues: ["Hello"],
             message: "hugerate.sub: no frame rate in the file; 23.976 fps assumed (use --fps to set it)"),
        Case(name: "cut.sub", content: "{1}{1}25\n{25}{50}Hello|there\n{75}{1", cues: ["Hello\nthere"],
             message: "cut.sub:3: expected a MicroDVD line like {100}{150}text; line skipped"),
        Case(name: "zero.sub", content: "{1}{1}0\n{25}{50}Hello\n", cues: ["Hello"],
             message: "zero.sub: no frame rate in the file; 23.976 fps assumed (use --fps to set it)"),
        Case(name: "hugeoffset.lrc", content: "[offset:-1000000000000000000000000000000]\n[00:01.00]Hello\n", cues: ["Hello"],
             message: "hugeoffset.lrc:1: unreadable [offset:] (expected milliseconds, at most 9 digits, like [offset:+500]); ignored"),
        Case(name: "cut.lrc", content: "[00:05.00]Late\n[00:01.00]Early\n[00:0", cues: ["Early", "Late"],
             message: "cut.lrc:3: expected a time like [01:23.45] at the start of the line; line skipped"),
    ]

    @Test func brokenFileIsReadOrRefusedWithItsLine() {
        for broken: Case in Self.cases {
            do {
                let loaded = try TranscriptLoader.load(Array(broken.content.utf8), fileName: broken.name)
                #expect(loaded.transcript.map(\.text) == broken.cues, "\(broken)")
                #expect((loaded.warnings.first?.description ?? "") == broken.message, "\(broken)")
            } catch {
                #expect(broken.cues == nil, "\(broken)")
                #expect(error.description == broken.message, "\(broken)")
            }
        }
    }

    /// A control byte in the text of a TTML paragraph or a SAMI block is read past (the parsers
    /// fuzz target found both readers stuck on it for ever): each file gives its one cue.
    @Test func controlBytesInMarkupText() throws {
        for control in [0x01, 0x06, 0x1B, 0x7F] as [UInt8] {
            let text = "one" + String(UnicodeScalar(control)) + "two"
            let files = [
                ("control.ttml", "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><p begin=\"1s\" end=\"2s\">\(text)</p></body></tt>"),
                ("control.smi", "<SAMI><BODY><SYNC Start=1000><P Class=ENCC>\(text)\n<SYNC Start=2000><P Class=ENCC>&nbsp;\n</BODY></SAMI>"),
            ]
            for (name, content) in files {
                let cues = Array(try TranscriptLoader.load(Array(content.utf8), fileName: name).transcript)
                #expect(cues.count == 1 && cues.first?.start == 1000, "\(name) with \(control)")
                #expect(cues.first.map { $0.text.hasPrefix("one") && $0.text.hasSuffix("two") } == true, "\(name) with \(control)")
            }
        }
    }

    /// A 20 MB paragraph on one line: one cue, its text whole, read in time linear in its size.
    @Test func oneHugeLineOfXML() throws {
        let words = String(repeating: "budget ", count: 3_000_000)
        let document = "<tt><body><p begin=\"1s\" end=\"2s\">" + words + "</p></body></tt>"
        let loaded = try TranscriptLoader.load(Array(document.utf8), fileName: "huge.ttml")
        #expect(loaded.transcript.count == 1)
        #expect(loaded.transcript.first?.text.utf8.count == words.utf8.count - 1)
        #expect(MatchIndex.count(transcript: loaded.transcript, query: Query("budget")) == 3_000_000)
    }
}
