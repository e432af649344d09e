import Testing
@testable import SeekKit

/// A blank before or after a cue's line break is left out of its text in every format, so a
/// phrase wrapped there is found (`making ␠\nour` by "making our").
@Suite struct LineBreakBlanksTests {
    @Test func removesBlanksNextToLineBreaksOnly() {
        let cases: [(String, String)] = [
            ("making \nour", "making\nour"), ("making\n our", "making\nour"), ("a \t\n\t b \n c", "a\nb\nc"),
            (" a\nb ", " a\nb "), ("a\n   \nb", "a\n\nb"), ("no break  here", "no break  here"), ("", ""),
        ]
        for (input, output) in cases {
            var bytes = Array(input.utf8)
            LineBreakBlanks.remove(from: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == output, "\(input.debugDescription)")
            #expect(Array(input.utf8).withByteView { LineBreakBlanks.occur(in: $0) } == (input != output),
                    "\(input.debugDescription)")
        }
        var kept = Array("x \ny".utf8)
        LineBreakBlanks.remove(from: &kept, startingAt: 2)
        #expect(String(decoding: kept, as: UTF8.self) == "x \ny")
    }

    /// The same cue in each format, with blanks at its line break: found by the phrase, and its
    /// text printed without them.
    @Test func everyFormatFindsThePhraseAcrossTheBreak() throws {
        let files: [(String, String)] = [
            ("a.srt", "1\n00:00:01,000 --> 00:00:02,000\nmaking \nour final approach\n\n2\n00:00:03,000 --> 00:00:04,000\nx\n"),
            ("b.srt", "1\n00:00:01,000 --> 00:00:02,000\nmaking\n our final approach\n\n"),
            ("c.srt", "1\r\n00:00:01,000 --> 00:00:02,000\r\nmaking \r\nour final approach\r\n"),
            ("d.srt", "1\n00:00:01,000 --> 00:00:02,000\n<i>making </i>\n<i>our final approach</i>\n\n"),
            ("a.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\nmaking \nour final approach\n\n"),
            ("b.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\n<c>making</c>\t\n <00:01.500>our final approach\n"),
            ("c.vtt", "WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nmaking \r\n our final approach\r\n"),
            ("a.ass", "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, "
                + "MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,making \\N our final approach\n"),
            ("a.sbv", "0:00:01.000,0:00:02.000\nmaking \nour final approach\n\n"),
            ("a.sub", "{1}{1}25\n{25}{50}making | our final approach\n"),
            ("a.txt", "[00:00:01] making \n  our final approach\n[00:00:02] next\n"),
            ("t.txt", "00:00:01:making | our final approach\n00:00:02:next\n"),
        ]
        for (name, content) in files {
            let loaded = try TranscriptLoader.load(Array(content.utf8), fileName: name)
            #expect(loaded.transcript.first?.text == "making\nour final approach", "\(name)")
            let counted = try TranscriptLoader.countMatches(Array(content.utf8), fileName: name, query: Query("making our"))
            #expect(counted.matches == 1, "\(name)")
            let inPlace = try Array(content.utf8).withByteView { buffer in
                try TranscriptLoader.countMatches(inPlace: buffer, fileName: name, query: Query("making our"))
            }
            #expect(inPlace.matches == 1, "\(name)")
        }
    }
}
