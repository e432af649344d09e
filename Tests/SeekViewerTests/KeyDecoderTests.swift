import Testing
@testable import SeekKit
@testable import SeekViewer

@Suite struct KeyDecoderTests {
    static let esc = "\u{1B}"

    /// Each complete input and the keys it decodes to (looped over in one test, so the log has
    /// one line for the table rather than one per row).
    static let completeInputs: [(String, [Key])] = [
        ("a", [Key.character("a")]),
        ("Ab", [.character("A"), .character("b")]),
        ("你好", [.character("你"), .character("好")]),
        ("é", [.character("é")]),
        ("😀", [.character("😀")]),
        ("\r", [.enter]),
        ("\n", [.enter]),
        ("\t", [.tab]),
        ("\u{7F}", [.backspace]),
        ("\u{08}", [.backspace]),
        ("\u{03}", [.control("c")]),
        ("\u{15}", [.control("u")]),
        ("\u{17}", [.control("w")]),
        ("\u{14}", [.control("t")]),
        ("\u{0E}\u{10}", [.control("n"), .control("p")]),
        ("\u{1A}", [.control("z")]),
        (esc + "[A", [.up]),
        (esc + "[B", [.down]),
        (esc + "[C", [.right]),
        (esc + "[D", [.left]),
        (esc + "OA", [.up]),
        (esc + "OD", [.left]),
        (esc + "[1;5C", [.right]),
        (esc + "[H", [.home]),
        (esc + "[F", [.end]),
        (esc + "[1~", [.home]),
        (esc + "[4~", [.end]),
        (esc + "[3~", [.delete]),
        (esc + "[5~", [.pageUp]),
        (esc + "[6~", [.pageDown]),
        (esc + "[Z", [.backTab]),
        (esc + "x", [.alt("x")]),
        (esc + "é", [.alt("é")]),
        (esc + esc + "[A", [.escape, .up]),
        (esc + "[<0;5;3M", [.mouse(MouseEvent(kind: .press(button: 0), row: 2, column: 4))]),
        (esc + "[<0;5;3m", [.mouse(MouseEvent(kind: .release(button: 0), row: 2, column: 4))]),
        (esc + "[<64;10;20M", [.mouse(MouseEvent(kind: .wheelUp, row: 19, column: 9))]),
        (esc + "[<65;1;1M", [.mouse(MouseEvent(kind: .wheelDown, row: 0, column: 0))]),
        (esc + "[<32;2;2M", [.mouse(MouseEvent(kind: .drag(button: 0), row: 1, column: 1))]),
        (esc + "[200~hello 世界" + esc + "[201~", [.paste("hello 世界")]),
        (esc + "[200~a\nb" + esc + "[201~x", [.paste("a\nb"), .character("x")]),
        ("a" + esc + "[Bb", [.character("a"), .down, .character("b")]),
    ]

    @Test func decodesCompleteInput() {
        for (input, expected) in Self.completeInputs {
            var decoder = KeyDecoder()
            #expect(decoder.decode(Array(input.utf8)) == expected, "\(input.debugDescription)")
            #expect(decoder.pending.isEmpty, "\(input.debugDescription)")
        }
    }

    @Test(arguments: [
        // Cut inside an escape sequence, a UTF-8 character, a mouse report, a paste.
        (esc + "[", "A", [Key.up]),
        (esc + "[1;5", "D", [.left]),
        (esc + "O", "B", [.down]),
        ("\u{E4}\u{BD}", "\u{A0}", [.character("你")]),
        ("\u{F0}\u{9F}", "\u{98}\u{80}", [.character("😀")]),
        (esc + "[<0;1", "2;7M", [.mouse(MouseEvent(kind: .press(button: 0), row: 6, column: 11))]),
        (esc + "[200~half", " done" + esc + "[201~", [.paste("half done")]),
        (esc + "[200~x" + esc + "[20", "1~", [.paste("x")]),
        (esc, "[C", [.right]),
    ] as [(String, String, [Key])])
    func keepsIncompleteSequencesForTheNextRead(_ first: String, _ second: String, _ expected: [Key]) {
        var decoder = KeyDecoder()
        let firstBytes = Array(first.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        let secondBytes = Array(second.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        #expect(decoder.decode(firstBytes) == [])
        #expect(decoder.pending == firstBytes)
        #expect(decoder.decode(secondBytes) == expected)
        #expect(decoder.pending.isEmpty)
    }

    @Test func completesATwoByteCharacterSplitInHalf() {
        var decoder = KeyDecoder()
        let bytes = Array("aé".utf8)
        #expect(decoder.decode(bytes.prefix(2)) == [.character("a")])
        #expect(decoder.decode(bytes.suffix(1)) == [.character("é")])
    }

    @Test func aLoneEscapeWaitsThenFlushesAsEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.pending.isEmpty)
        #expect(decoder.flush() == [])
    }

    @Test func flushingAStaleSequenceKeepsTheRest() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.flush() == [.escape, .character("[")])
    }

    @Test(arguments: [
        ([0xFF], [Key.unknown([0xFF])]),
        ([0xC3, 0x41], [.unknown([0xC3]), .character("A")]),
        ([0x1B, 0x5B, 0x39, 0x39, 0x7E], [.unknown([0x1B, 0x5B, 0x39, 0x39, 0x7E])]),
        // A surrogate's encoding is three bytes no scalar starts with: each is its own maximal subpart.
        ([0xED, 0xA0, 0x80], [.unknown([0xED]), .unknown([0xA0]), .unknown([0x80])]),
        ([0xE2, 0x82, 0x41], [.unknown([0xE2, 0x82]), .character("A")]),
        ([0xF0, 0x9F, 0x98, 0x80, 0x41], [.character("😀"), .character("A")]),
    ] as [([UInt8], [Key])])
    func reportsInvalidBytesWithoutStopping(_ bytes: [UInt8], _ expected: [Key]) {
        var decoder = KeyDecoder()
        #expect(decoder.decode(bytes) == expected)
    }

    @Test(arguments: [[0xE2], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0x1B, 0xE2, 0x82]] as [[UInt8]])
    func aCharacterCutByTheReadWaitsForItsLastBytes(_ head: [UInt8]) {
        var decoder = KeyDecoder()
        #expect(decoder.decode(head) == [])
        #expect(decoder.pending == head)
    }

    @Test func aCharacterCutByTheReadIsCompletedByTheNext() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xE2, 0x82]) == [])
        #expect(decoder.decode([0xAC, 0x41]) == [.character("€"), .character("A")])
        #expect(decoder.decode([0x1B, 0xC3]) == [])
        #expect(decoder.decode([0xA9]) == [.alt("é")])
    }

    @Test(arguments: [[0xC0], [0xF5], [0x80]] as [[UInt8]])
    func aByteNoCharacterStartsWithIsReportedAtOnce(_ bytes: [UInt8]) {
        var decoder = KeyDecoder()
        #expect(decoder.decode(bytes) == [.unknown(bytes)])
    }

    @Test func anEndlessSequenceDoesNotGrowForever() {
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array("\u{1B}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 100))
        #expect(keys.count == 1)
        #expect(decoder.pending.isEmpty)
    }
}
