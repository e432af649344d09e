import Foundation
import Testing

/// A large file printed, exported or counted where it lies has only its start checked before its
/// pieces are searched, each checked as it is read: one byte that is not UTF-8, or a NUL, anywhere
/// after the start must still send the whole file to be decoded, with the output, warnings and status
/// of the same search stopped after more cues than the file has (`-m`, which checks the whole file first).
@Suite struct CheckedStartTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// About 4.6 MB of SRT (mapped: over `InputFile.mappingSize`), a budget in every 50th cue and
    /// an é in every cue, with the é at about `spoiledAt` made a Latin-1 byte, or the a of an
    /// "another" there made NUL.
    static func srt(spoiledAt: Int?, nul: Bool = false) -> [UInt8] {
        var text = ""
        for i in 1...75_000 {
            let seconds = i * 2
            let time = String(format: "%02d:%02d:%02d,000", seconds / 3600, seconds / 60 % 60, seconds % 60)
            text += "\(i)\n\(time) --> \(time)\n\(i % 50 == 0 ? "a budget line" : "another line") \(i) café\n\n"
        }
        var bytes = Array(text.utf8)
        guard let spoiledAt else { return bytes }
        let target: [UInt8] = nul ? Array("another".utf8) : [0xC3, 0xA9]
        if let at = (spoiledAt..<bytes.count - target.count).first(where: { bytes[$0..<$0 + target.count].elementsEqual(target) }) {
            if nul {
                bytes[at] = 0
            } else {
                bytes.replaceSubrange(at..<at + 2, with: [0xE9])
            }
        }
        return bytes
    }

    @Test(arguments: [
        ("plain", nil, false), ("Latin-1 byte after the first cues", 200_000, false),
        ("Latin-1 byte in a later piece", 3_000_000, false), ("NUL in a later piece", 2_500_000, true),
        ("Latin-1 byte in the last cue", 4_590_000, false),
    ] as [(String, Int?, Bool)])
    func aFileCheckedFromItsStartReadsAsOneCheckedWhole(label: String, spoiledAt: Int?, nul: Bool) throws {
        let bytes = Self.srt(spoiledAt: spoiledAt, nul: nul)
        #expect(bytes.count > 4_500_000, "\(label)")
        let url = directory.url.appendingPathComponent("big.srt")
        try Data(bytes).write(to: url)
        // (Exported as JSON too where a piece is spoiled: the same path writes records.)
        var printedWhole: SeekProcess.Result?
        let seek = SeekProcess.largeInputExecutable
        for mode in spoiledAt == 3_000_000 ? [[], ["--json"]] : [[]] {
            let printed = try SeekProcess.run(mode + ["budget", "big.srt"], in: directory.url, program: seek)
            let checkedWhole = try SeekProcess.run(mode + ["-m", "1000000", "budget", "big.srt"], in: directory.url,
                                                   program: seek)
            if mode.isEmpty { printedWhole = checkedWhole }
            #expect(printed.status == checkedWhole.status, "\(label) \(mode)")
            #expect(printed.stdout == checkedWhole.stdout, "\(label) \(mode)")
            #expect(printed.stderr == checkedWhole.stderr, "\(label) \(mode)")
            #expect(printed.stdout.split(separator: "\n").count == 1_500, "\(label) \(mode)")
        }
        // Counted, and listed (`-l` stops at the first match, but how the rest reads still decides
        // how the file is read): the printed search's matches, warnings and status.
        let checkedWhole = try #require(printedWhole)
        for (mode, expected) in [("-c", "1500\n"), ("-l", "big.srt\n")] {
            let counted = try SeekProcess.run([mode, "budget", "big.srt"], in: directory.url, program: seek)
            #expect(counted.status == checkedWhole.status, "\(label) \(mode)")
            #expect(counted.stdout == expected, "\(label) \(mode)")
            #expect(counted.stderr == checkedWhole.stderr, "\(label) \(mode)")
        }
    }
}
