import Foundation
import Testing

/// Issue 22 item 10: a file where every line is a match stays within three times its size
/// above what the process holds on a small sample (plus 4 MiB for the allocator's per-thread
/// arenas), in every output mode; arrays of matching cues cost it 24 MiB more.
@Suite(.enabled(if: gnuTime != nil, "needs GNU time to measure the peak"))
struct MemoryBoundTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        // Half a million one-letter lines, every one a match: a cue and a match every two bytes.
        try directory.write("letters.txt", String(repeating: "a\n", count: 500_000))
        try directory.write("talk.srt", try String(contentsOf: SeekProcess.samples.appendingPathComponent("talk.srt"),
                                                   encoding: .utf8))
    }

    @Test func everyLineAMatchInEveryOutputMode() throws {
        let size = 1_000_000
        for mode in [[], ["--json"], ["-o"], ["-c"], ["-v"], ["-m", "400000"]] {
            let arguments = (mode + ["a"]).joined(separator: " ")
            let base = try peakMemoryOfShell("$TIMED \"$0\" \(arguments) talk.srt > /dev/null", in: directory.url)
            let peak = try peakMemoryOfShell("$TIMED \"$0\" \(arguments) letters.txt > /dev/null", in: directory.url)
            #expect(peak.status == (mode == ["-v"] ? 1 : 0), "\(mode): \(peak.stderr)")
            #expect(peak.peakBytes - base.peakBytes < 3 * size + (4 << 20),
                    "\(mode): \((peak.peakBytes - base.peakBytes) >> 10) KiB above the sample's peak for 1 MB")
        }
    }

    /// A file in a legacy encoding is decoded in pieces, each let go once copied into the text
    /// (all the pieces and the text were held together: 4.5 times the file for Latin-1 é lines).
    @Test func aLegacyEncodedFileIsHeldOnceWhileDecoded() throws {
        let size = 8_000_000
        let lines = [UInt8](repeating: 0, count: size).indices.map { $0 % 4 == 3 ? UInt8(0x0A) : UInt8(0xE9) }
        try Data(lines).write(to: directory.url.appendingPathComponent("latin1.txt"))
        let base = try peakMemoryOfShell("$TIMED \"$0\" -c hello talk.srt > /dev/null", in: directory.url)
        let peak = try peakMemoryOfShell("$TIMED \"$0\" -c hello latin1.txt > /dev/null", in: directory.url)
        #expect(peak.status == 1, "\(peak.stderr)")
        #expect(peak.peakBytes - base.peakBytes < 3 * size + (4 << 20),
                "\((peak.peakBytes - base.peakBytes) >> 10) KiB above the sample's peak for 8 MB")
    }

    /// Several keywords on one long line: the automaton held each place of the cue twice
    /// (48 bytes a match) before handing them on in order.
    @Test func severalKeywordsOnOneLongLine() throws {
        let size = 3_000_000
        try directory.write("line.txt", String(repeating: "ab ", count: size / 3) + "\n")
        for mode in [["-c"], []] {
            let arguments = (mode + ["-e", "a", "-e", "b"]).joined(separator: " ")
            let base = try peakMemoryOfShell("$TIMED \"$0\" \(arguments) talk.srt > /dev/null", in: directory.url)
            let peak = try peakMemoryOfShell("$TIMED \"$0\" \(arguments) line.txt > /dev/null", in: directory.url)
            #expect(peak.status == 0, "\(mode): \(peak.stderr)")
            #expect(peak.peakBytes - base.peakBytes < 3 * size + (4 << 20),
                    "\(mode): \((peak.peakBytes - base.peakBytes) >> 10) KiB above the sample's peak for 3 MB")
        }
    }
}
