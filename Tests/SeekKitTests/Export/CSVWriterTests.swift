import Testing
@testable import SeekKit

@Suite struct CSVWriterTests {
    @Test func quotesOnlyWhenNeeded() {
        let cases: [(String, String)] = [
            ("plain", "plain"),
            ("", ""),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
            ("cr\rhere", "\"cr\rhere\""),
            ("=SUM(A1)", "=SUM(A1)"),
            ("你好, 世界", "\"你好, 世界\""),
            (" spaced ", " spaced "),
        ]
        for (field, written) in cases {
            var out: [UInt8] = []
            CSVWriter.appendField(field, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == written, "\(field)")
        }
    }

    @Test func guardedFormulasGetAQuoteFirst() {
        let cases: [(String, String)] = [
            ("=SUM(A1)", "'=SUM(A1)"),
            ("+1 555", "'+1 555"),
            ("-x", "'-x"),
            ("@cmd", "'@cmd"),
            ("\tlead", "'\tlead"),
            ("=A1,B1", "\"'=A1,B1\""),
            ("a=b", "a=b"),
            ("", ""),
            ("plain", "plain"),
        ]
        for (field, written) in cases {
            var out: [UInt8] = []
            CSVWriter.appendField(field, to: &out, guarded: true)
            #expect(String(decoding: out, as: UTF8.self) == written, "\(field)")
        }
    }

    @Test func headerHasTheExportColumns() {
        var out: [UInt8] = []
        CSVWriter.appendHeader(to: &out)
        #expect(String(decoding: out, as: UTF8.self) == MatchRecord.columns.joined(separator: ",") + "\r\n")
        #expect(MatchRecord.columns.first == "file" && MatchRecord.columns.last == "text")
        #expect(MatchRecord.columns.count == 25)
    }

    @Test func rowHasEmptyFieldsForAbsentValues() {
        let transcript = Transcript([
            Cue(ordinal: 1, start: 1_500, end: 2_000, speaker: "Mei", text: "the \"CSV\", quoted", line: 7),
            Cue(ordinal: 2, text: "untimed csv", line: 9),
        ])
        let index = MatchIndex(transcript: transcript, query: Query("csv"))
        var out: [UInt8] = []
        for record in MatchRecords(file: "notes.txt", transcript: transcript, index: index) {
            CSVWriter.append(record, to: &out)
        }
        let rows = String(decoding: out, as: UTF8.self).components(separatedBy: "\r\n")
        #expect(rows == [
            "notes.txt,,,1,2,1,,1500,2000,00:00:01.500,00:00:02.000,1500,2000,Mei,,csv,CSV,5,8,5,8,5,8,7,"
                + "\"the \"\"CSV\"\", quoted\"",
            "notes.txt,,,2,2,2,,,,,,,,,,csv,csv,8,11,8,11,8,11,9,untimed csv",
            "",
        ])
    }
}
