import Foundation
import Testing

/// Files from anywhere: binary, empty, broken encodings, absurd numbers, huge lines,
/// huge cue counts, terminal escape sequences. Each gets a clear message or a result,
/// never a crash or a hang, and one bad file never stops the others.
@Suite struct HostileInputTests {
    private func write(_ bytes: [UInt8], _ name: String, in directory: TemporaryDirectory) throws {
        try Data(bytes).write(to: directory.url.appendingPathComponent(name))
    }

    @Test func binaryFileIsRefusedAndTheOthersAreStillSearched() throws {
        let directory = try TemporaryDirectory()
        var random = CLIRandom(seed: 42)
        let binary = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        try write(binary, "cover.srt", in: directory)
        try directory.write("good.srt", "1\n00:00:01,000 --> 00:00:02,000\nthe budget\n")
        let result = try SeekProcess.run(["budget", "cover.srt", "good.srt"], in: directory.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cover.srt"))
        #expect(result.stderr.lowercased().contains("binary"))
        #expect(result.stdout.contains("good.srt:"))
        #expect(result.stdout.contains("budget"))
    }

    @Test func emptyFileIsAResultWithNoMatches() throws {
        let directory = try TemporaryDirectory()
        try write([], "empty.srt", in: directory)
        try write(Array("WEBVTT\n".utf8), "header-only.vtt", in: directory)
        let result = try SeekProcess.run(["--count", "budget", "empty.srt", "header-only.vtt"], in: directory.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout == "empty.srt:0\nheader-only.vtt:0\n")
    }

    @Test func missingFileIsNamed() throws {
        let directory = try TemporaryDirectory()
        let result = try SeekProcess.run(["budget", "nowhere.srt"], in: directory.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("nowhere.srt"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func invalidUTF8IsDecodedWithAWarningNotLost() throws {
        let directory = try TemporaryDirectory()
        // "café budget" in windows-1252, then a truncated UTF-8 sequence at the very end.
        let bytes: [UInt8] = Array("1\n00:00:01,000 --> 00:00:02,000\ncaf".utf8) + [0xE9] + Array(" budget\n".utf8) + [0xE2, 0x82]
        try write(bytes, "legacy.srt", in: directory)
        let result = try SeekProcess.run(["--json", "café", "legacy.srt"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("legacy.srt"))
        #expect(result.stdout.contains("\"match\":\"café\""))
    }

    @Test(arguments: [
        [0xFF, 0xFE] + Array("1\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) + [0x41],
        [0xFE, 0xFF, 0xD8, 0x00, 0x00, 0x41, 0x00, 0x0A],
        [0xFF, 0xFE, 0x00, 0xDC, 0x41, 0x00],
    ] as [[UInt8]])
    func brokenUTF16NeverCrashes(bytes: [UInt8]) throws {
        let directory = try TemporaryDirectory()
        try write(bytes, "broken.srt", in: directory)
        let result = try SeekProcess.run(["A", "broken.srt"], in: directory.url)
        #expect([0, 1, 2].contains(result.status), "\(result.stderr)")
        if result.status == 2 { #expect(result.stderr.contains("broken.srt")) }
    }

    @Test func aHugeLineWithNoNewline() throws {
        let directory = try TemporaryDirectory()
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 20_000_000)
        bytes.replaceSubrange(10_000_000..<10_000_006, with: Array("budget".utf8))
        bytes += Array(" budget".utf8)
        try write(bytes, "line.txt", in: directory)
        let result = try SeekProcess.run(["--count", "budget", "line.txt"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2\n")
    }

    @Test func aMillionCues() throws {
        let directory = try TemporaryDirectory()
        var text = ""
        text.reserveCapacity(20_000_000)
        for n in 0..<1_000_000 {
            text += n % 1000 == 7 ? "line \(n) has the budget\n" : "line \(n)\n"
        }
        try directory.write("million.txt", text)
        let result = try SeekProcess.run(["--count", "budget", "million.txt"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "1000\n")
    }

    @Test func absurdTimestampsAreSkippedWithTheirLine() throws {
        let directory = try TemporaryDirectory()
        let huge = String(repeating: "9", count: 300)
        try directory.write("absurd.srt", """
        1
        \(huge):00:01,000 --> \(huge):00:02,000
        budget one

        2
        -00:00:01,000 --> 00:00:02,000
        budget two

        3
        99999999999:00:00,000 --> 99999999999:00:01,000
        budget three

        4
        00:00:05,000 --> 00:00:06,000
        budget four

        """)
        let result = try SeekProcess.run(["--json", "budget", "absurd.srt"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("budget four"))
        #expect(result.stderr.contains("absurd.srt:2"), "\(result.stderr)")
        for line in result.stdout.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil)
        }
    }

    @Test func cuesOutOfOrderAndOverlappingKeepFileOrder() throws {
        let directory = try TemporaryDirectory()
        try directory.write("order.srt", """
        2
        00:00:10,000 --> 00:00:20,000
        budget late

        1
        00:00:01,000 --> 00:00:15,000
        budget early and overlapping

        """)
        let result = try SeekProcess.run(["--json", "budget", "order.srt"], in: directory.url)
        #expect(result.status == 0)
        let cues = result.stdout.split(separator: "\n").compactMap { line -> Int? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["cue"] as? Int
        }
        #expect(cues == [1, 2])
    }

    @Test func noControlCharacterReachesTheTerminalRaw() throws {
        let directory = try TemporaryDirectory()
        var body = "budget"
        for value in Array(0x01...0x1F) + [0x7F] + Array(0x80...0x9F) where value != 0x0A && value != 0x0D {
            body += " and here is an ordinary stretch of subtitle text "
            body.unicodeScalars.append(Unicode.Scalar(UInt8(value)))
        }
        body += "\u{1B}]0;owned\u{07}\u{1B}P+q\u{1B}\\\u{9B}2J\u{202E}budget"
        try directory.write("evil.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\(body)\n")
        for colour in ["never", "always"] {
            let result = try SeekProcess.run(["--color", colour, "budget", "evil.vtt"], in: directory.url)
            #expect(result.status == 0, "\(result.stderr)")
            var output = result.stdout
            if colour == "always" { output = output.replacing(/\x1B\[[0-9;]*m/, with: "") }
            let raw = output.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
            }
            #expect(raw.isEmpty, "raw controls: \(raw.map { String($0.value, radix: 16) })")
            #expect(output.contains("^[]0;owned^G"))
        }
        // The export keeps the text exactly, escaped as JSON requires.
        let json = try SeekProcess.run(["--json", "budget", "evil.vtt"], in: directory.url)
        let first = try #require(json.stdout.split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect((object["text"] as? String)?.contains("\u{1B}]0;owned\u{07}") == true)
    }

    @Test func bidirectionalTextStaysInLogicalOrder() throws {
        let directory = try TemporaryDirectory()
        try directory.write("ar.srt", "1\n00:00:01,000 --> 00:00:02,000\nقال المدير: الميزانية budget جاهزة\n")
        let result = try SeekProcess.run(["--color", "never", "الميزانية", "ar.srt"], in: directory.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("قال المدير: الميزانية budget جاهزة"))
    }
}

/// A small seeded generator for test data.
struct CLIRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
