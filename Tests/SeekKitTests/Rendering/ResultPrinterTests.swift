import Testing
@testable import SeekKit

@Suite struct ResultPrinterTests {
    @Test func groupsJoinWindowsThatTouch() {
        let cases: [([Int], Int, Int, [Range<Int>])] = [
            ([5], 0, 10, [5..<6]),
            ([5], 1, 10, [4..<7]),
            ([0, 9], 2, 10, [0..<3, 7..<10]),
            ([3, 5], 1, 10, [2..<7]),
            ([3, 6], 1, 10, [2..<8]),
            ([3, 7], 1, 10, [2..<5, 6..<9]),
            ([2], Int.max, 4, [0..<4]),
            ([], 3, 4, []),
        ]
        for (cues, context, count, expected) in cases {
            #expect(ResultPrinter.groups(matchingCues: cues, context: context, cueCount: count) == expected, "\(cues)")
        }
    }

    @Test func groupsWithBeforeAndAfterContext() {
        let cases: [([Int], Int, Int, Int, [Range<Int>])] = [
            ([5], 0, 2, 10, [5..<8]),
            ([5], 2, 0, 10, [3..<6]),
            ([3, 6], 0, 2, 10, [3..<9]),
            ([3, 7], 1, 1, 10, [2..<5, 6..<9]),
            ([9], 0, Int.max, 10, [9..<10]),
        ]
        for (cues, before, after, count, expected) in cases {
            #expect(ResultPrinter.groups(matchingCues: cues, before: before, after: after, cueCount: count) == expected, "\(cues)")
        }
    }

    static let transcript = Transcript([
        Cue(ordinal: 1, start: 62_500, end: 64_000, speaker: "Ana", text: "where is your\nhome town", line: 3),
        Cue(ordinal: 2, start: 64_000, end: 65_000, text: "in the north", line: 7),
        Cue(ordinal: 3, text: "esc \u{1B}[31m town", line: 9),
    ])

    @Test func blockIndentsContinuationLines() {
        let index = MatchIndex(transcript: Self.transcript, query: Query("town"))
        let printer = ResultPrinter(color: false, fileName: "talk.srt")
        #expect(printer.block(cue: 0, of: Self.transcript, index: index)
            == "talk.srt:1 00:01:02.500: Ana: where is your\n"
            + "                              home town\n")
        #expect(printer.block(cue: 1, of: Self.transcript, index: index, isContext: true)
            == "talk.srt-2 00:01:04.000- in the north\n")
    }

    @Test func blockShowsControlCharactersVisibly() {
        let index = MatchIndex(transcript: Self.transcript, query: Query("town"))
        let text = ResultPrinter(color: true).block(cue: 2, of: Self.transcript, index: index)
        let visible = text.replacing(/\x1B\[[0-9;]*m/, with: "")
        #expect(visible == "3: esc ^[[31m town\n")
        #expect(text.contains(Palette.match(token: 0).sgr + "town" + Style.reset))
        #expect(!visible.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func colourOnlyWhenAsked() {
        let index = MatchIndex(transcript: Self.transcript, query: Query(keywords: ["where", "home"]))
        let plain = ResultPrinter(color: false).block(cue: 0, of: Self.transcript, index: index)
        #expect(!plain.contains("\u{1B}"))
        let coloured = ResultPrinter(color: true).block(cue: 0, of: Self.transcript, index: index)
        #expect(coloured.contains(Palette.match(token: 0).sgr + "where"))
        #expect(coloured.contains(Palette.match(token: 1).sgr + "home"))
    }

    @Test func cueListing() {
        let printer = ResultPrinter(color: false)
        #expect(printer.cueListing(cue: 0, of: Self.transcript)
            == "1 [00:01:02.500 → 00:01:04.000] Ana: where is your\n"
            + "                                     home town\n")
        #expect(printer.cueListing(cue: 2, of: Self.transcript) == "3 esc ^[[31m town\n")
    }

    @Test func speakerIsShownOnce() {
        let cases: [(String, String, String)] = [
            ("Priya", "Priya: Morning all.", "1: Priya: Morning all.\n"),
            ("Priya", "Morning all.", "1: Priya: Morning all.\n"),
            ("Tom", "Tomorrow: the release.", "1: Tom: Tomorrow: the release.\n"),
        ]
        for (speaker, text, shown) in cases {
            let transcript = Transcript([Cue(ordinal: 1, speaker: speaker, text: text, line: 1)])
            let index = MatchIndex(transcript: transcript, query: Query("all"))
            #expect(ResultPrinter(color: false).block(cue: 0, of: transcript, index: index) == shown, "\(speaker)")
        }
    }
}
