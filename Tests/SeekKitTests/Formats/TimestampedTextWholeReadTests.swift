import Testing
@testable import SeekKit
import SeekBytes

/// `TimestampedTextParser.needsWholeRead` reads a text's first lines from a prefix of it, which
/// grows until it holds them: the answer, and how far it says it looked, are those of reading
/// them from the whole text (the reference below), wherever the prefix would cut a line, a
/// CR LF or a run of blank lines, and whatever breaks lines after it.
@Suite struct TimestampedTextWholeReadTests {
    /// The lines read from the whole text, as `needsWholeRead` read them before it read a prefix.
    private static func reference(_ buffer: ByteView, read: inout Int) -> Bool {
        read = Swift.min(buffer.count, MarkdownTranscriptParser.detectionLength)
        if MarkdownTranscriptParser.recognises(buffer) { return true }
        let scanner = LineScanner(buffer)
        var labels: [String?] = []
        var position = 0
        while position < scanner.count && labels.count < SpeakerTurns.sampledCues {
            let (end, next) = scanner.line(from: position)
            defer { position = next }
            guard !scanner.isBlank(position, end) else { continue }
            let line = buffer.extracting(position..<end)
            labels.append(SpeakerPrefix.mayStartLabel(line) ? SpeakerPrefix.speaker(in: line) : nil)
        }
        read = Swift.max(read, position < scanner.count ? position : buffer.count)
        return SpeakerTurns.isTranscriptLike(labels: labels)
    }

    @Test func readsAsTheWholeTextReads() {
        var random = SeededRandom(seed: 19)
        let lines = ["ANNA: we need a budget", "BOB: not now", "a line with no label", "", "  \t", "预算 ANNA: late",
                     "CAROL: yes", "DAVE: maybe so"]
        let breaks = ["\n", "\r\n", "\r"]
        var answers: Set<Bool> = []
        for round in 0..<160 {
            var text: [UInt8] = []
            // Blank or long lines before the first labels in some rounds, so that the lines sampled
            // run past the first prefix, and a line break placed across its end.
            switch round % 4 {
            case 1: text += [UInt8](repeating: UInt8(ascii: "x"), count: 65_534 + round % 3)
            case 2: text += [UInt8](repeating: 0x0A, count: 65_535 + round % 3)
            case 3: text += [UInt8](repeating: 0x20, count: 200_000 + round % 5)
            default: break
            }
            let lineCount = Int.random(in: 0..<400, using: &random)
            let labelled = Bool.random(using: &random)
            for _ in 0..<lineCount {
                let line = labelled ? lines[Int.random(in: 0..<lines.count, using: &random)]
                    : lines[Int.random(in: 2..<6, using: &random)]
                text += Array(line.utf8)
                text += Array(breaks[Int.random(in: 0..<(round % 5 == 0 ? 3 : 1), using: &random)].utf8)
            }
            if round % 3 == 0 { text += [UInt8](repeating: UInt8(ascii: "z"), count: 70_000) + [0x0D, 0x0A] }
            text.withByteView { view in
                var read = -1
                var expectedRead = -2
                let answer = TimestampedTextParser.needsWholeRead(view, read: &read)
                let expected = Self.reference(view, read: &expectedRead)
                #expect(answer == expected && read == expectedRead,
                        "round \(round): \(answer) read \(read), whole: \(expected) read \(expectedRead) of \(view.count)")
                answers.insert(expected)
            }
        }
        #expect(answers == [true, false], "both answers drawn")
    }
}
