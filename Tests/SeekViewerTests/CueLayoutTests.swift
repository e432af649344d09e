import Testing
@testable import SeekKit
@testable import SeekViewer

@Suite struct CueLayoutTests {
    private func texts(_ text: String, width: Int) -> [String] {
        CueLayout.rows(of: Substring(text), width: width).map { $0.map(\.text).joined() }
    }

    @Test(arguments: [
        ("short", 10, ["short"]),
        ("one two three four", 9, ["one two ", "three ", "four"]),
        ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
        ("line one\nline two", 20, ["line one", "line two"]),
        ("a\n\nb", 5, ["a", "", "b"]),
        ("", 5, [""]),
        ("你好世界你好", 5, ["你好", "世界", "你好"]),
        ("ab你好", 3, ["ab", "你", "好"]),
        ("😀😀😀", 4, ["😀😀", "😀"]),
        ("e\u{301}e\u{301}e\u{301}", 2, ["e\u{301}e\u{301}", "e\u{301}"]),
        ("你", 1, ["你"]),                             // wider than the row: a row of its own, never cut
        ("x\u{1B}]0;t\u{07}", 4, ["x^[]", "0;t^", "G"]), // control stand-ins wrap as one unit
    ] as [(String, Int, [String])])
    func wrapsToTheWidth(_ text: String, _ width: Int, _ expected: [String]) {
        let rows = texts(text, width: width)
        #expect(rows == expected)
        #expect(CueLayout.rowCount(of: Substring(text), width: width) == expected.count)
    }

    @Test func everyRowFitsAndTheTextIsKept() {
        let text = "Ce n'est pas 你好, c'est 😀👍🏽 une phrase très longue qui continue encore et encore."
        for width in 1...30 {
            let rows = CueLayout.rows(of: Substring(text + " ทำ कि 👩‍👩‍👧"), width: width)
            #expect(rows.map { $0.map(\.text).joined() }.joined() == text + " ทำ कि 👩‍👩‍👧")
            for row in rows where row.count > 0 {
                let shown = row.map(\.text).joined()
                #expect(DisplayWidth.widest(shown) <= width || shown.count == 1, "\(shown) at \(width)")
            }
        }
    }

    @Test func rowsKeepTheSourceRangesOfHighlights() {
        let mark = Palette.match(token: 0)
        let lines = Highlighter.lines(of: "the city listens", highlights: [Highlight(range: 4..<8, style: mark)])
        let rows = CueLayout.rows(of: lines, width: 9)
        #expect(rows.map { $0.map(\.text) } == [["the ", "city", " "], ["listens"]])
        #expect(rows[0].map(\.style) == [.plain, mark, .plain])
        #expect(rows[0].map(\.source) == [0..<4, 4..<8, 8..<9])
        #expect(rows[1].map(\.source) == [9..<16])
    }

    @Test(arguments: [
        ("hello world", 0, 0, 0),
        ("hello world", 0, 4, 4),
        ("hello world", 1, 0, 6),     // "world" wraps to the second row
        ("你好世界", 0, 2, 3),        // second ideograph starts at byte 3
        ("你好世界", 0, 3, 3),        // right half of a wide character
        ("a\u{1B}b", 0, 2, 1),        // the ^[ stand-in maps back to the ESC byte
        ("a\u{1B}b", 0, 3, 2),
        ("one two three", 1, 1, 9),   // second row: "three"
    ] as [(String, Int, Int, Int)])
    func mapsAColumnBackToTheText(_ text: String, _ row: Int, _ column: Int, _ offset: Int) {
        let rows = CueLayout.rows(of: Substring(text), width: 8)
        #expect(CueLayout.sourceOffset(inRow: rows[row], column: column) == offset)
    }

    @Test func aColumnPastTheEndMapsToNothing() {
        let rows = CueLayout.rows(of: "abc", width: 8)
        #expect(CueLayout.sourceOffset(inRow: rows[0], column: 5) == nil)
    }
}
