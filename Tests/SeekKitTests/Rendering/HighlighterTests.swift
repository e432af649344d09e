import Testing
@testable import SeekKit

@Suite struct HighlighterTests {
    @Test func splitsLinesAndStylesMatches() {
        let mark = Palette.match(token: 0)
        let lines = Highlighter.lines(of: "where is your\nhome town", highlights: [Highlight(range: 9..<18, style: mark)])
        #expect(lines.count == 2)
        #expect(lines[0].map(\.text) == ["where is ", "your"])
        #expect(lines[0].map(\.style) == [.plain, mark])
        #expect(lines[1].map(\.text) == ["home", " town"])
        #expect(lines[1].map(\.source) == [14..<18, 18..<23])
    }

    @Test func aMatchWrappedOverTwoLinesIsHighlightedOnBoth() {
        let mark = Palette.match(token: 0, current: true)
        let lines = Highlighter.lines(of: "is your\nhome town", highlights: [Highlight(range: 3..<12, style: mark)])
        #expect(lines == [
            [Segment(text: "is ", style: .plain, source: 0..<3), Segment(text: "your", style: mark, source: 3..<7)],
            [Segment(text: "home", style: mark, source: 8..<12), Segment(text: " town", style: .plain, source: 12..<17)],
        ])
    }

    @Test func controlCharactersAreSegmentsOfTheirOwnInsideAMatch() {
        let mark = Palette.match(token: 0)
        let lines = Highlighter.lines(of: "a\u{1B}b", highlights: [Highlight(range: 0..<3, style: mark)])
        #expect(lines[0].map(\.text) == ["a", "^[", "b"])
        #expect(lines[0].map(\.source) == [0..<1, 1..<2, 2..<3])
        #expect(lines[0][0].style == mark && lines[0][2].style == mark && lines[0][1].style != mark)
    }

    @Test func keepsByteOffsetsForNonASCII() {
        let mark = Palette.match(token: 1, current: true)
        // "你的家乡" : each ideograph is 3 bytes.
        let lines = Highlighter.lines(of: "你的家乡", highlights: [Highlight(range: 6..<12, style: mark)])
        #expect(lines == [[Segment(text: "你的", style: .plain, source: 0..<6),
                           Segment(text: "家乡", style: mark, source: 6..<12)]])
    }

    @Test func neverEmitsControlCharacters() {
        let cases: [(String, String)] = [
            ("a\u{1B}]0;pwned\u{7}b", "a^[]0;pwned^Gb"),
            ("x\ry", "x^My"),
            ("del\u{7F}", "del^?"),
            ("csi\u{9B}31m", "csi<U+009B>31m"),
            ("rlo\u{202E}txt", "rlo<U+202E>txt"),
            ("tab\there", "tab    here"),
            ("مرحبا بالعالم", "مرحبا بالعالم"),
        ]
        for (input, shown) in cases {
            let text = Highlighter.lines(of: Substring(input), highlights: []).flatMap { $0 }.map(\.text).joined()
            #expect(text == shown, "\(input)")
            #expect(Sanitizer.sanitize(input) == shown, "\(input)")
            let rendered = Highlighter.ansi(Highlighter.lines(of: Substring(input), highlights: [])[0], color: true)
            let raw = rendered.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            // Only the SGR sequences the highlighter itself writes may contain ESC.
            #expect(raw.allSatisfy { $0 == "\u{1B}" }, "\(input)")
            #expect(rendered.replacing(/\x1B\[[0-9;]*m/, with: "") == shown, "\(input)")
        }
    }

    @Test func ansiColorsOnlyWhenAsked() {
        let mark = Palette.match(token: 0)
        let line = Highlighter.lines(of: "budget", highlights: [Highlight(range: 0..<6, style: mark)])[0]
        #expect(Highlighter.ansi(line, color: false) == "budget")
        #expect(Highlighter.ansi(line, color: true) == mark.sgr + "budget" + Style.reset)
    }
}
