import Foundation
import Testing

/// Issue 22 item 10: one cue as long as its file, in a format whose cue text is built a piece at
/// a time (TTML, SAMI, Whisper JSON), is held once beside the file, not also in a buffer of its
/// own: the file's copy and the cue's text come to twice the file, and the peak stays within
/// that and 8 MiB above a small file's. (Each held the cue a third time, 3.1 times the file.)
@Suite(.enabled(if: gnuTime != nil, "needs GNU time to measure the peak"))
struct GiantCueMemoryTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func oneCueAsLongAsItsFileIsHeldOnceBesideIt() throws {
        let words = String(repeating: "a b ", count: 4_000_000)
        let files = [
            ("giant.ttml", "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div>\n<p begin=\"1s\" end=\"2s\">"
                + words + "</p>\n</div></body></tt>\n"),
            ("giant.smi", "<SAMI>\n<BODY>\n<SYNC Start=1000><P Class=ENUSCC>" + words + "</P></SYNC>\n</BODY>\n</SAMI>\n"),
            ("giant.json", "{\"segments\": [\n{\"start\": 1.0, \"end\": 2.0, \"text\": \" " + words + "\"}\n]}\n"),
        ]
        for (name, text) in files {
            try directory.write(name, text)
            let size = text.utf8.count
            for mode in [[], ["-c"]] {
                let arguments = (mode + ["hello"]).joined(separator: " ")
                let peak = try PeakAboveSample(arguments, on: name, in: directory)
                #expect(peak.status == 1, "\(name) \(mode): \(peak.stderr)")
                #expect(peak.bytes < 2 * size + (8 << 20), peak.message("\(name) \(mode)", for: size))
            }
        }
    }

    /// `--cues` writes a cue as long as its file a piece at a time as it goes (it made a string of
    /// the listing and copied it, 4.1 times the file at 100 MB): the text read and its cue, twice
    /// the file, and 8 MiB above a small file's peak.
    @Test func oneCueAsLongAsItsFileIsListedAsItIsWritten() throws {
        let text = "1\n00:00:01,000 --> 00:00:02,000\n" + String(repeating: "a b ", count: 4_000_000) + "\n\n"
        try directory.write("giant.srt", text)
        let size = text.utf8.count
        let peak = try PeakAboveSample("--cues", on: "giant.srt", in: directory)
        #expect(peak.status == 0, "\(peak.stderr)")
        #expect(peak.bytes < 2 * size + (8 << 20), peak.message("--cues", for: size))
    }
}
