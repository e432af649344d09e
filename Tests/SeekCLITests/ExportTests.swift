import Foundation
import Testing

/// `--json`, `--csv` and `--cues`: keys, values, offsets, and a CSV round trip.
@Suite struct ExportTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("talk.srt", Fixtures.srt)
        try directory.write("panel.vtt", Fixtures.vtt)
        try directory.write("chinese.srt", Fixtures.chinese)
    }

    func seek(_ arguments: [String]) throws -> SeekProcess.Result {
        try SeekProcess.run(arguments, in: directory.url)
    }

    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    static let keys = ["file", "track", "language", "position", "total", "cue", "cue_id", "start_ms", "end_ms", "start", "end",
                       "match_start_ms", "match_end_ms", "speaker", "style", "keyword", "match", "char_start", "char_end",
                       "utf16_start", "utf16_end", "byte_start", "byte_end", "line", "text"]

    @Test func jsonKeysInOrder() throws {
        let result = try seek(["--json", "budget", "panel.vtt"])
        #expect(result.status == 0)
        for line in result.stdout.split(separator: "\n") {
            var cursor = line.startIndex
            for key in Self.keys {
                let range = try #require(line.range(of: "\"\(key)\":", range: cursor..<line.endIndex), "\(key)")
                cursor = range.upperBound
            }
        }
        let objects = try Self.objects(result.stdout)
        #expect(objects.count == 3)
        #expect(objects.allSatisfy { Set($0.keys) == Set(Self.keys) })
    }

    @Test func jsonValues() throws {
        let objects = try Self.objects(try seek(["--json", "budget", "panel.vtt"]).stdout)
        let first = try #require(objects.first)
        #expect(first["file"] as? String == "panel.vtt")
        #expect(first["position"] as? Int == 1)
        #expect(first["total"] as? Int == 3)
        #expect(first["cue"] as? Int == 1)
        #expect(first["cue_id"] as? String == "intro")
        #expect(first["start_ms"] as? Int == 1000)
        #expect(first["end_ms"] as? Int == 2000)
        #expect(first["start"] as? String == "00:00:01.000")
        #expect(first["end"] as? String == "00:00:02.000")
        #expect(first["speaker"] as? String == "Ana")
        #expect(first["keyword"] as? String == "budget")
        #expect(first["match"] as? String == "budget")
        #expect(first["text"] as? String == "The budget is ready.")
        #expect(first["line"] as? Int == 5)
        #expect(objects[1]["cue_id"] is NSNull)
        #expect(objects.map { $0["position"] as? Int } == [1, 2, 3])
    }

    /// The same match in three units, and the source line, on non-ASCII text.
    @Test func offsetsOnNonASCIIText() throws {
        let objects = try Self.objects(try seek(["--json", "budget", "talk.srt"]).stdout)
        #expect(objects.count == 4)
        // "Le café 😀 budget, BUDGET": é is 2 bytes, 😀 is 4 bytes and 2 UTF-16 units.
        let third = objects[2]
        #expect(third["cue"] as? Int == 5)
        #expect(third["match"] as? String == "budget")
        #expect(third["char_start"] as? Int == 10)
        #expect(third["char_end"] as? Int == 16)
        #expect(third["utf16_start"] as? Int == 11)
        #expect(third["utf16_end"] as? Int == 17)
        #expect(third["byte_start"] as? Int == 14)
        #expect(third["byte_end"] as? Int == 20)
        #expect(objects[3]["match"] as? String == "BUDGET")
        #expect(objects[3]["char_start"] as? Int == 18)
        #expect(objects[3]["utf16_start"] as? Int == 19)
        #expect(objects[3]["byte_start"] as? Int == 22)
        // Cue 2's text starts on source line 7; its match is on the second text line.
        #expect(objects[1]["line"] as? Int == 8)
        #expect(objects[0]["line"] as? Int == 3)

        let chinese = try Self.objects(try seek(["--json", "家乡", "chinese.srt"]).stdout)
        // "你好，你的家乡在哪里？" and "我的家乡在北方。": each character is 3 bytes and 1 UTF-16 unit.
        #expect(chinese.map { $0["char_start"] as? Int } == [5, 2])
        #expect(chinese.map { $0["utf16_start"] as? Int } == [5, 2])
        #expect(chinese.map { $0["byte_start"] as? Int } == [15, 6])
        #expect(chinese.map { $0["byte_end"] as? Int } == [21, 12])
    }

    @Test func csvRoundTripsThroughAReader() throws {
        let json = try Self.objects(try seek(["--json", "-e", "budget", "-e", "ready", "talk.srt", "panel.vtt"]).stdout)
        let csv = try seek(["--csv", "-e", "budget", "-e", "ready", "talk.srt", "panel.vtt"])
        #expect(csv.status == 0)
        #expect(!csv.stdoutBytes.starts(with: [0xEF, 0xBB, 0xBF]))
        let rows = try CSVReader.parse(csv.stdout)
        #expect(rows.first == Self.keys)
        #expect(rows.count == json.count + 1)
        for (row, object) in zip(rows.dropFirst(), json) {
            #expect(row.count == Self.keys.count)
            for (key, field) in zip(Self.keys, row) {
                switch object[key] {
                case let value as String: #expect(field == value, "\(key)")
                case let value as Int: #expect(field == String(value), "\(key)")
                case is NSNull: #expect(field.isEmpty, "\(key)")
                default: Issue.record("unexpected value for \(key)")
                }
            }
        }
        #expect(rows.dropFirst().contains { $0.last == "Noise levels fell\nafter the budget vote." })
    }

    @Test func csvWithNoMatchesIsJustTheHeader() throws {
        let result = try seek(["--csv", "nowhere", "talk.srt"])
        #expect(result.status == 1)
        #expect(result.stdout == Self.keys.joined(separator: ",") + "\r\n")
    }

    @Test func cuesListing() throws {
        let result = try seek(["--cues", "panel.vtt"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            1 [00:00:01.000 → 00:00:02.000] #intro Ana: The budget is ready.
            2 [00:00:02.000 → 00:00:04.000] Ben: What budget?
            3 [00:00:04.000 → 00:00:06.000] Ana: This budget.

            """)
    }

    @Test func cuesAsJSON() throws {
        let result = try seek(["--cues", "--json", "panel.vtt", "talk.srt"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"file":"panel.vtt","cue":1,"id":"intro","start_ms":1000,"end_ms":2000,"#
            + #""speaker":"Ana","style":null,"line":5,"text":"The budget is ready."}"#)
        let objects = try Self.objects(result.stdout)
        #expect(objects.count == 8)
        #expect(objects[1]["id"] is NSNull)
        #expect(objects[3]["file"] as? String == "talk.srt")
        #expect(objects[3]["speaker"] is NSNull)
        #expect(objects[3]["style"] is NSNull)
        #expect(objects[4]["text"] as? String == "Noise levels fell\nafter the budget vote.")
    }
}

/// A small RFC 4180 reader: quoted fields, doubled quotes, CRLF or LF row ends.
enum CSVReader {
    struct Malformed: Error {}

    static func parse(_ text: String) throws -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var scalars = Array(text.unicodeScalars)[...]
        var atFieldStart = true
        while let scalar = scalars.popFirst() {
            if atFieldStart && scalar == "\"" {
                while true {
                    guard let next = scalars.popFirst() else { throw Malformed() }
                    if next == "\"" {
                        if scalars.first == "\"" {
                            scalars.removeFirst()
                            field.unicodeScalars.append("\"")
                        } else {
                            break
                        }
                    } else {
                        field.unicodeScalars.append(next)
                    }
                }
                atFieldStart = false
                guard let after = scalars.first, after == "," || after == "\r" || after == "\n" else {
                    if scalars.isEmpty { continue }
                    throw Malformed()
                }
                continue
            }
            switch scalar {
            case ",":
                row.append(field)
                field = ""
                atFieldStart = true
            case "\r" where scalars.first == "\n":
                continue
            case "\n":
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                atFieldStart = true
            case "\"":
                throw Malformed()
            default:
                field.unicodeScalars.append(scalar)
                atFieldStart = false
            }
        }
        if !atFieldStart || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}

/// Listing without a keyword: a scope and a lone FILE list what is in scope; `--cues` honours scopes.
@Suite struct ScopedListingTests {
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples")

    @Test func aSpeakerAndAWindowListWhatTheySaid() throws {
        let result = try SeekProcess.run(["--speaker", "maya", "--from", "0:05", "episode.json"], in: Self.samples)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").map { $0.prefix(2) } == ["1 ", "3 "])
        #expect(result.stdout.contains("Today we talk about bread"))
    }

    @Test func cuesHonourScopes() throws {
        let all = try SeekProcess.run(["--cues", "--json", "interview.json"], in: Self.samples)
        let scoped = try SeekProcess.run(["--cues", "--json", "--speaker", "speaker_01", "--to", "0:17",
                                          "interview.json"], in: Self.samples)
        #expect(all.stdout.split(separator: "\n").count == 7)
        #expect(scoped.stdout.split(separator: "\n").count == 3)
        let nobody = try SeekProcess.run(["--cues", "--speaker", "nobody", "interview.json"], in: Self.samples)
        #expect(nobody.status == 1 && nobody.stdout.isEmpty)
    }

    @Test func speakersAreListedWithTheirCounts() throws {
        let result = try SeekProcess.run(["--speakers", "episode.json"], in: Self.samples)
        #expect(result.status == 0)
        #expect(result.stdout == "Maya Chen: 2 cues, 21 words\nDaniel Okafor: 2 cues, 12 words\n")
        let none = try SeekProcess.run(["--speakers", "talk.srt"], in: Self.samples)
        #expect(none.status == 1 && none.stdout.isEmpty)
    }
}

extension ExportTests {
    /// `--style` and `--exclude-style` on an ASS file with two styles (`Default` and `Signs`):
    /// "city" is in one Signs cue and three Default ones.
    @Test func styleScopeAndColumn() throws {
        let talk = SeekProcess.samples.appendingPathComponent("talk.ass").path
        let all = try Self.objects(try seek(["--json", "city", talk]).stdout)
        #expect(all.map { $0["style"] as? String } == ["Signs", "Default", "Default", "Default"])
        let signs = try Self.objects(try seek(["--json", "--style", "signs", "city", talk]).stdout)
        #expect(signs.map { $0["style"] as? String } == ["Signs"])
        #expect(signs.first?["match"] as? String == "CITY")
        let rest = try Self.objects(try seek(["--json", "--exclude-style", "SIGNS", "city", talk]).stdout)
        #expect(rest.map { $0["style"] as? String } == ["Default", "Default", "Default"])
        #expect(try seek(["-c", "--style", "Signs", "--style", "Default", "city", talk]).stdout == "4\n")
        #expect(try seek(["-c", "--style", "Sign", "city", talk]).status == 1)
        let cues = try Self.objects(try seek(["--cues", "--json", "--style", "Signs", talk]).stdout)
        #expect(!cues.isEmpty && cues.allSatisfy { $0["style"] as? String == "Signs" })
        let csv = try seek(["--csv", "--style", "Signs", "city", talk]).stdout
        #expect(csv.contains(",Signs,city,CITY,"))
        // A format without styles: the column is null, and a style scope keeps nothing.
        let srt = try Self.objects(try seek(["--json", "budget", "talk.srt"]).stdout)
        #expect(!srt.isEmpty && srt.allSatisfy { $0["style"] is NSNull })
        #expect(try seek(["-c", "--style", "Default", "budget", "talk.srt"]).status == 1)
        #expect(try seek(["-c", "--exclude-style", "Default", "budget", "talk.srt"]).stdout
            == (try seek(["-c", "budget", "talk.srt"]).stdout))
    }
}
