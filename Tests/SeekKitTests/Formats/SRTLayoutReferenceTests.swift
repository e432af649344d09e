import Testing
@testable import SeekKit
import SeekBytes

/// `SRTLayout` lays out exactly what the layout before it did (`ReferenceSRTLayout`): the same
/// spans, marked cues and end, and `nil` on the same inputs, on SRT-like texts built from pieces
/// that stand on the edges of its shortcuts.
@Suite struct SRTLayoutReferenceTests {
    /// Text lines: plain ones, and traps that end the plain reading or make it mark a cue.
    static let plainWords = ["the", "budget", "a", "I", "it's", "42", "é", "预算", "👍", "мой", "x", "...", "-", "--", "="]
    static let trapLines = [
        "", "   ", "\t", " leading", "trailing ", "trailing\t", "a > b", "a->b", "-->", "x --> y", "<i>italic</i>",
        "{\\an8}top", "fish &amp; chips", "&", "<", ">", "{", "42", "7", "1234567890123456789",
        "00:00:09,000 --> 00:00:10,000", "5 --> 6", "1:2 --> 3", "00:01,000 --> 00:02,000", "x\ry", "end\r", "\r",
        "  -->  ", "0:00:01.000 --> 0:00:02.000 X1:10",
    ]

    /// A line of `words`, at times padded with letters to exactly a length the scans split at.
    static func textLine(_ random: inout SeededRandom) -> String {
        var line = (0..<Int.random(in: 1...6, using: &random)).map { _ in plainWords.randomElement(using: &random)! }
            .joined(separator: " ")
        if Int.random(in: 0..<3, using: &random) == 0 {
            let length = [7, 8, 9, 15, 16, 17, 30, 31, 32, 33, 61, 62, 63, 64, 65].randomElement(using: &random)!
            while line.utf8.count < length { line += "y" }
            while line.utf8.count > length, !line.isEmpty { line.removeLast() }
            if line.isEmpty || line.first == " " { line = "z" + line.dropFirst() }
        }
        return line
    }

    /// An index line: none, or one to eighteen digits (nineteen, or something after them, as a trap).
    static func indexLine(_ number: Int, _ random: inout SeededRandom, trap: Bool) -> String? {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return nil
        case 1: return String(repeating: "9", count: trap ? 19 : Int.random(in: 1...18, using: &random))
        case 2: return String(repeating: "0", count: Int.random(in: 1...8, using: &random)) + "\(number)"
        default: return trap ? ["\(number) ", " \(number)", "\(number)x", "", "\(number)\r"].randomElement(using: &random)! : "\(number)"
        }
    }

    /// A timing line, hours of one to six digits in each time (mostly alike); as a trap, seven
    /// digits or a line not in the usual form.
    static func timingLine(_ random: inout SeededRandom, usualHours: Int, trap: Bool) -> String {
        func hours() -> String {
            let width = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 1...(trap ? 7 : 6), using: &random) : usualHours
            return String((0..<width).map { _ in "0123456789".randomElement(using: &random)! })
        }
        let separator = Bool.random(using: &random) ? "," : "."
        let line = "\(hours()):0\(Int.random(in: 0...9, using: &random)):59\(separator)123 --> \(hours()):10:00\(separator)999"
        guard trap else { return line }
        return [line + " X1:10", line + " ", line + "0", line.replacing("-->", with: "->"), line.replacing(" --> ", with: "-->"),
                line.replacing(separator + "123", with: ";123"), "00:01,000 --> 00:02,000", line + "\r"].randomElement(using: &random)!
    }

    /// An SRT-like text of `cues` blocks, a few of whose pieces (about `trapRate` in 100) are traps.
    static func text(seed: UInt64, cues: Int, trapRate: Int) -> String {
        var random = SeededRandom(seed: seed &* 0x9E37_79B9 &+ 17)
        func trap() -> Bool { Int.random(in: 0..<100, using: &random) < trapRate }
        let usualHours = [1, 2, 2, 2, 3, 4, 5, 6].randomElement(using: &random)!
        var text = Int.random(in: 0..<8, using: &random) == 0 ? "\n" : ""
        for number in 1...cues {
            if let index = indexLine(number, &random, trap: trap()) { text += index + "\n" }
            text += timingLine(&random, usualHours: usualHours, trap: trap()) + "\n"
            for _ in 0..<[0, 1, 1, 1, 2, 2, 3, 5].randomElement(using: &random)! {
                text += (trap() ? trapLines.randomElement(using: &random)! : textLine(&random)) + "\n"
            }
            text += trap() ? ["", " \n", "\t\n", "\n\n", "\r\n", "\n\n\n"].randomElement(using: &random)! : "\n"
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: text.removeLast()
        case 1: text.removeLast(2)
        default: break
        }
        return text
    }

    /// The two layouts of `bytes` (with `cueLimit`) agree; returns whether they laid it out.
    @discardableResult
    static func expectSameLayout(_ bytes: [UInt8], cueLimit: Int = .max, _ comment: @autoclosure () -> String) -> Bool {
        bytes.withByteView { view in
            let new = SRTLayout(view, cueLimit: cueLimit)
            let old = ReferenceSRTLayout(view, cueLimit: cueLimit)
            #expect((new == nil) == (old == nil), "\(comment()): laid out \(new != nil), before \(old != nil)")
            guard let new, let old else { return false }
            #expect(new.spans == old.spans, "\(comment()): spans")
            #expect(new.marked == old.marked, "\(comment()): marked")
            #expect(new.end == old.end, "\(comment()): end")
            return true
        }
    }

    @Test func plainTextsAreLaidOutAsBefore() {
        var laidOut = 0
        for seed: UInt64 in 0..<150 {
            let bytes = Array(Self.text(seed: seed, cues: 30, trapRate: 0).utf8)
            if Self.expectSameLayout(bytes, "seed \(seed)") { laidOut += 1 }
        }
        #expect(laidOut > 100)
    }

    /// With traps, the layouts agree on the whole text, on its first cues, and from every place a
    /// piece may start or the text be cut.
    @Test(arguments: [1, 3, 8, 20])
    func textsWithTrapsAreLaidOutAsBefore(trapRate: Int) {
        var laidOut = 0
        for seed: UInt64 in 0..<60 {
            let bytes = Array(Self.text(seed: seed &+ UInt64(trapRate) &* 1000, cues: 12, trapRate: trapRate).utf8)
            if Self.expectSameLayout(bytes, "rate \(trapRate) seed \(seed)") { laidOut += 1 }
            for limit in [1, 2, 5] {
                if Self.expectSameLayout(bytes, cueLimit: limit, "rate \(trapRate) seed \(seed), \(limit) cues") { laidOut += 1 }
            }
            for cut in stride(from: 0, to: bytes.count, by: 7) {
                if Self.expectSameLayout(Array(bytes[cut...]), "rate \(trapRate) seed \(seed) from \(cut)") { laidOut += 1 }
                if Self.expectSameLayout(Array(bytes[..<cut]), "rate \(trapRate) seed \(seed) to \(cut)") { laidOut += 1 }
            }
        }
        #expect(laidOut > 500)
    }

    /// Each trap line in every place of a block's text: first, between plain lines of every
    /// length the scans split at, last, and last with no line feed after it.
    @Test func everyTrapLineIsLaidOutAsBefore() {
        let head = "1\n00:00:01,000 --> 00:00:02,000\n"
        for trap in Self.trapLines {
            for length in 0...66 {
                let before = length == 0 ? "" : String(repeating: "b", count: length) + "\n"
                for text in [before + trap + "\nafter\n\n", before + trap + "\n\n", before + trap, trap + "\n" + before + "\n"] {
                    let block = head + text + "2\n00:00:03,000 --> 00:00:04,000\nnext\n\n" + String(repeating: "3\n00:00:05,000 --> 00:00:06,000\nfill\n\n", count: 3)
                    Self.expectSameLayout(Array(block.utf8), "\(block.debugDescription)")
                    Self.expectSameLayout(Array((head + text).utf8), "\((head + text).debugDescription)")
                }
            }
        }
    }
}
