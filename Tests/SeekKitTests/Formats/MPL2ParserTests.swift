import Testing
@testable import SeekKit

@Suite struct MPL2ParserTests {
    static func parse(_ input: String) -> (cues: [Cue], warnings: [String]) {
        let result = MPL2Parser.parse(Array(input.utf8), fileName: "film.txt")
        return (Array(result.transcript), result.warnings.map(\.description))
    }

    @Test func eachLineIsACueInTenthsOfASecond() {
        let (cues, warnings) = Self.parse("[124][149] I've spent|/nearly two decades\n[149][]open end\n\ngarbage\n[300][290]x\n")
        #expect(cues.map(\.text) == ["I've spent\nnearly two decades", "open end", "x"])
        #expect(cues.map(\.start) == [12400, 14900, 30000])
        #expect(cues.map(\.end) == [14900, nil, 29000])
        #expect(cues.map(\.line) == [1, 2, 5])
        #expect(warnings == ["film.txt:4: expected an MPL2 line like [120][150]text; line skipped",
                             "film.txt:5: a cue ends before it starts"])
    }

    @Test func downloadersCodesAndTagsAreRemoved() {
        let line = "[6][21]{c:$0000ff}{s:22}Subtitles by X:|{y:u}x.org||Cersei:|<i>The Tyrells are a problem.</i>\n"
        #expect(Self.parse(line).cues.map(\.text) == ["Subtitles by X:\nx.org\n\nCersei:\nThe Tyrells are a problem."])
    }

    @Test func blanksAroundLineBreaksAreLeftOut() {
        #expect(Self.parse("[1][2]making | our final approach \n").cues.map(\.text) == ["making\nour final approach"])
    }

    @Test func recognisedByContent() {
        let cases: [(String, SubtitleFormat)] = [
            ("[124][149] I've spent\n[149][185] observing\n[185][221] and trying\n", .mpl2),
            ("[124][149]only line\n", .mpl2),
            ("[00:01.00]lyrics\n[00:02.00]more\n", .text),
            ("[124][149] a\nprose\nmore prose\n", .text),
        ]
        for (content, format) in cases {
            #expect(SubtitleFormat.detect(fileName: "film.txt", content: Array(content.utf8)) == format, "\(content)")
        }
        #expect(SubtitleFormat(name: "mpl2") == .mpl2)
    }

    /// A subtitle downloader saved the HTTP response's header before the file (SubtitlesParser's
    /// `…074450_invalidSub`): still MPL2, the header skipped with a warning.
    @Test func aDownloadersHeaderBeforeTheCues() throws {
        let file = "Content-Type: text/plain\n\n[0][100]{y:u}Subtitles downloaded by X\n[230][244]Positions.\n[423][440]'Night, boys.\n"
        let loaded = try TranscriptLoader.load(Array(file.utf8), fileName: "invalidSub")
        #expect(loaded.format == .mpl2)
        #expect(Array(loaded.transcript).map(\.text) == ["Subtitles downloaded by X", "Positions.", "'Night, boys."])
        #expect(Array(loaded.transcript).map(\.start) == [0, 23000, 42300])
        #expect(loaded.warnings.map(\.description) == ["invalidSub:1: a header line before the first cue (saved with the download?); skipped"])
        for prose in ["Note: this\n\nis prose\n[1][2]x\n", "Content-Type: text/plain\n[0][100]x\n[230][244]y\n[423][440]z\n"] {
            #expect(SubtitleFormat.detect(fileName: "a.txt", content: Array(prose.utf8)) == .text, "\(prose)")
        }
    }
}
