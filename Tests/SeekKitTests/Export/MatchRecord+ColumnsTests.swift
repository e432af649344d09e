import Testing
@testable import SeekKit

/// The export's schema, `MatchRecord.Column`, is the one definition of the columns: the JSON Lines
/// and CSV writers (a case each, for speed) must write exactly what the table says.
@Suite struct MatchRecordColumnsTests {
    /// A JSON Lines line written the slow way, from the table.
    static func jsonLine(_ record: MatchRecord) -> String {
        let pairs = MatchRecord.Column.allCases.map { column in
            let value = switch column.value(in: record) {
            case .absent: "null"
            case .number(let number): String(number)
            case .text(let text): JSONLinesWriter.quoted(text)
            }
            return JSONLinesWriter.quoted(column.name) + ":" + value
        }
        return "{" + pairs.joined(separator: ",") + "}\n"
    }

    /// A CSV row written the slow way, from the table.
    static func csvRow(_ record: MatchRecord) -> String {
        let fields = MatchRecord.Column.allCases.map { column in
            switch column.value(in: record) {
            case .absent: return ""
            case .number(let number): return String(number)
            case .text(let text):
                var out: [UInt8] = []
                CSVWriter.appendField(text, to: &out)
                return String(decoding: out, as: UTF8.self)
            }
        }
        return fields.joined(separator: ",") + "\r\n"
    }

    /// Records with every optional column present and absent, and text that needs escaping or quoting.
    static let records: [MatchRecord] = {
        let transcript = Transcript([
            Cue(ordinal: 1, id: "intro", start: 1_500, end: 4_000, speaker: "Mei", style: "Default",
                text: "the \"budget\", she said,\nand the budget again", line: 7),
            Cue(ordinal: 2, text: "untimed 家乡 budget é\u{1B}[2J", line: 12),
            Cue(ordinal: 3, start: 3_600_000, end: 3_601_000, text: "📈 budget", line: 15),
        ])
        let index = MatchIndex(transcript: transcript, query: Query(keywords: ["budget", "家乡"]))
        var records = Array(MatchRecords(file: "a,b \"c\".srt", transcript: transcript, index: index))
        records += MatchRecords(file: "movie.mkv", transcript: transcript, index: index, track: 2, language: "spa")
        records[0].matchStart = 2_000
        records[0].matchEnd = 2_600
        return records
    }()

    @Test func everyRecordHasEveryKindOfValue() {
        let values = Self.records.flatMap { record in MatchRecord.Column.allCases.map { $0.value(in: record) } }
        #expect(values.contains(.absent))
        #expect(values.contains { if case .number = $0 { true } else { false } })
        #expect(values.contains { if case .text = $0 { true } else { false } })
    }

    @Test func theJSONLinesWriterWritesTheTable() {
        for number: Int in Self.records.indices {
            let record = Self.records[number]
            var out: [UInt8] = []
            JSONLinesWriter.append(record, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == Self.jsonLine(record), "\(number)")
        }
    }

    @Test func theCSVWriterWritesTheTable() {
        for number: Int in Self.records.indices {
            let record = Self.records[number]
            var out: [UInt8] = []
            CSVWriter.append(record, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == Self.csvRow(record), "\(number)")
        }
    }

    @Test func theCSVHeaderIsTheTablesNames() {
        var out: [UInt8] = []
        CSVWriter.appendHeader(to: &out)
        #expect(String(decoding: out, as: UTF8.self)
            == MatchRecord.Column.allCases.map(\.name).joined(separator: ",") + "\r\n")
    }

    @Test func namesAreUniqueSnakeCaseWords() {
        let names = MatchRecord.columns
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }, "\(name)")
        }
    }

    @Test func theMatchColumnIsTheMatchedText() {
        for record in Self.records {
            guard case .text(let match) = MatchRecord.Column.match.value(in: record) else {
                Issue.record("no match text")
                continue
            }
            #expect(match.lowercased() == record.keyword.lowercased())
        }
    }
}
