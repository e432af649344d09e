import Foundation
import SeekKit
import Testing

/// The navigator in a real terminal (tmux) shows every script's text whole, at any width.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: skipping the terminal tests"))
struct InteractiveScriptsTests {
    /// Every cue of `path` as the list shows it (speaker label, then text), as `--cues --json` gives it.
    static func cueTexts(_ path: String) throws -> [String] {
        let result = try SeekProcess.run(["--cues", "--json", path])
        return result.stdout.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let text = object["text"] as? String else { return nil }
            var shown = text
            if let speaker = object["speaker"] as? String, !(text.hasPrefix(speaker + ":")) {
                shown = speaker + ":" + text
            }
            return shown.split(separator: "\n", omittingEmptySubsequences: false)
                .map { Sanitizer.sanitize(String($0)) }.joined()
        }
    }

    /// The list rows of `screen` without their time column, all whitespace removed.
    static func listText(_ screen: String, listRows: Int) -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(listRows)
        return rows.map { row -> String in
            var row = Substring(row)
            if let match = row.prefixMatch(of: #/\d{2,}:\d\d:\d\d(?: |$)/#) { row = row[match.range.upperBound...] }
            return String(row.filter { !$0.isWhitespace })
        }.joined()
    }

    @Test func theScreenShowsTheSameTextAsCuesAtThreeWidths() throws {
        guard let corpus = CorpusFiles.directory else {
            print("../shared/corpus is absent: skipping the on-screen text comparison")
            return
        }
        let rows = 16
        var compared = 0
        for path in try CorpusFiles.languageFiles(in: corpus) {
            let cues = try Self.cueTexts(path)
            guard !cues.isEmpty else { continue }
            let expected = cues.joined().filter { !$0.isWhitespace }
            let session = try TmuxSession([path], columns: 80, rows: rows)
            for columns in [80, 41, 39] {
                if columns != 80 {
                    try session.tmux(["resize-window", "-t", "t", "-x", String(columns), "-y", String(rows)])
                }
                var shown = ""
                let matches = session.wait(seconds: 5) { screen in
                    shown = Self.listText(screen, listRows: rows - 2)
                    return shown.count >= min(expected.count, 40) && expected.hasPrefix(shown)
                        && screen.split(separator: "\n").allSatisfy { $0.count <= columns }
                }
                #expect(matches, "\(path) at \(columns) columns shows\n\(session.screen())\nnot the start of\n\(expected.prefix(400))")
                compared += 1
            }
            try session.press("C-c")
            _ = session.exitStatus()
        }
        #expect(compared >= 60)
    }

    @Test(arguments: ["ทำ", "👋🏽家", "कि हैं"])
    func typingAnyScriptNeverScrollsTheScreen(_ query: String) throws {
        let session = try TmuxSession(["talk.srt"], columns: 80, rows: 24)
        #expect(session.wait { $0.contains(" 0/0") })
        let firstRow = session.screen().split(separator: "\n").first.map(String.init)
        try session.type(query)
        #expect(session.wait { $0.contains("no matches") }, "\(session.screen())")
        for _ in 0..<3 { try session.press("BSpace"); try session.type(String(query.last!)) }
        #expect(session.wait { $0.contains("no matches") })
        let screen = session.screen()
        #expect(screen.split(separator: "\n").first.map(String.init) == firstRow, "the screen scrolled:\n\(screen)")
        #expect(screen.components(separatedBy: "talk.srt").count == 2, "more than one status line:\n\(screen)")
        try session.press("C-c")
        _ = session.exitStatus()
    }

    @Test(arguments: [(["NO_COLOR=1"], [String]()), ([], ["--color", "never"])])
    func withoutColoursTheNavigatorSendsNone(_ environment: [String], _ options: [String]) throws {
        let session = try TmuxSession(options + ["city", "talk.srt"], columns: 80, rows: 12, environment: environment)
        #expect(session.wait { $0.contains(" 1/") }, "\(session.screen())")
        let styled = try session.tmux(["capture-pane", "-p", "-e", "-t", "t"])
        let codes = styled.matches(of: #/\x1B\[([0-9;]*)m/#).flatMap { $0.output.1.split(separator: ";") }
        #expect(!codes.isEmpty, "no attributes at all: \(styled)")
        // 39 and 49 (default colours) are how tmux writes "no colour".
        let colours = codes.compactMap { Int($0) }.filter { (30...48).contains($0) && $0 != 39 || (90...107).contains($0) }
        #expect(colours.isEmpty, "colour codes \(colours) in \(styled)")
        #expect(codes.contains("7"), "matches are not shown in inverse video")
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }

    @Test func coloursAreSentByDefault() throws {
        let session = try TmuxSession(["city", "talk.srt"], columns: 80, rows: 12, environment: ["NO_COLOR="])
        #expect(session.wait { $0.contains(" 1/") }, "\(session.screen())")
        let styled = try session.tmux(["capture-pane", "-p", "-e", "-t", "t"])
        #expect(styled.contains("\u{1B}[") && styled.contains("43"), "\(styled)")
        try session.press("q")
        #expect(session.exitStatus() == 0)
    }

    @Test func theEncodingWarningIsShownInTheNavigatorAndClearedByAKey() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("latin.srt")
        try Data([UInt8]("1\n00:00:01,000 --> 00:00:02,000\nCaf".utf8) + [0xE9] + Array(" city\n".utf8)).write(to: file)
        let session = try TmuxSession([file.path], columns: 100, rows: 10)
        #expect(session.wait { $0.contains("decoded as windows-1252") && $0.contains("Café city") }, "\(session.screen())")
        try session.type("ci")
        #expect(session.wait { !$0.contains("windows-1252") && $0.contains(" 1/1 ") }, "\(session.screen())")
        try session.press("C-c")
        #expect(session.exitStatus() == 130)
        #expect(!session.screen().contains("windows-1252"), "the warning came again after quitting")
    }
}
