import SeekBytes

/// Writes matches as CSV (RFC 4180): a header row, then the same columns as the JSON Lines export.
///
/// Rows end in CRLF. A field is quoted when it contains a comma, a quote, CR or
/// LF (quotes inside are doubled); absent values (`cue_id`, times, `speaker`, `style`)
/// are empty fields. No byte-order mark is written and, by default, no field is
/// altered: the data stays exactly as in the transcript, so a cell that starts with
/// `=`, `+`, `-` or `@` may be read as a formula by a spreadsheet. With
/// `guardingFormulas` (`--safe-csv`), such a text cell (and one starting with a tab or
/// CR) gets a leading `'`, which spreadsheets show as text; numbers are never changed.
public enum CSVWriter {
    /// Appends the header row.
    public static func appendHeader(to out: inout [UInt8]) {
        out.append(contentsOf: MatchRecord.columns.joined(separator: ",").utf8)
        ByteWriting.append("\r\n", to: &out)
    }

    /// Appends `record` as one row: the columns of `MatchRecord.Column`, in its order.
    ///
    /// - Complexity: O(length of the cue text).
    public static func append(_ record: MatchRecord, to out: inout [UInt8], guardingFormulas guarded: Bool = false) {
        ByteWriting.withBytes(of: record.text) { append(record, text: $0, to: &out, guardingFormulas: guarded) }
    }

    /// `append(_:to:guardingFormulas:)` with the cue's text given as its UTF-8 bytes, `record.text`
    /// not read: for a writer that has the text's bytes where they lie and no `String` of them.
    static func append(_ record: MatchRecord, text: ByteView, to out: inout [UInt8], guardingFormulas guarded: Bool) {
        let columns = Self.columns
        // A field may double (its quotes) and gain three bytes (two quotes and a `'`); a number
        // or a time takes at most 32.
        let strings = record.file.utf8.count + (record.language?.utf8.count ?? 0) + (record.cueID?.utf8.count ?? 0)
            + (record.speaker?.utf8.count ?? 0) + (record.style?.utf8.count ?? 0) + record.keyword.utf8.count
            + 2 * text.count
        let room = 2 * strings + 32 * columns.count + 2
        out.appendWriting(atMost: room) { out in
            for column in columns {
                if column != .file { out.append(UInt8(ascii: ",")) }
                switch column {
                case .file: appendField(record.file, to: &out, guarded: guarded)
                case .language: if let language = record.language { appendField(language, to: &out) }
                case .cueID: if let id = record.cueID { appendField(id, to: &out, guarded: guarded) }
                case .start: if let start = record.start { out.appendTime(start) }
                case .end: if let end = record.end { out.appendTime(end) }
                case .speaker: if let speaker = record.speaker { appendField(speaker, to: &out, guarded: guarded) }
                case .style: if let style = record.style { appendField(style, to: &out, guarded: guarded) }
                case .keyword: appendField(record.keyword, to: &out, guarded: guarded)
                case .match: appendField(record.matchBytes(in: text), to: &out, guarded: guarded)
                case .text: appendField(text, to: &out, guarded: guarded)
                case .track, .position, .total, .cue, .startMilliseconds, .endMilliseconds,
                     .matchStartMilliseconds, .matchEndMilliseconds, .characterStart, .characterEnd,
                     .utf16Start, .utf16End, .byteStart, .byteEnd, .line:
                    if let number = record.number(column) { out.appendDecimal(number) }
                }
            }
            out.append("\r\n")
        }
    }

    /// The columns in their order, made once (`allCases` makes a new array at each call).
    private static let columns = MatchRecord.Column.allCases

    static func appendField(_ text: some StringProtocol, to out: inout [UInt8], guarded: Bool = false) {
        ByteWriting.withBytes(of: text) { appendField($0, to: &out, guarded: guarded) }
    }

    private static func appendField(_ text: some StringProtocol, to out: inout OutputCursor, guarded: Bool = false) {
        ByteWriting.withBytes(of: text) { appendField($0, to: &out, guarded: guarded) }
    }

    /// The first bytes that make a spreadsheet read a cell as a formula: `=` `+` `-` `@`, tab, CR.
    static func startsFormula(_ bytes: ByteView) -> Bool {
        guard let first = bytes.first else { return false }
        return first == 0x3D || first == 0x2B || first == 0x2D || first == 0x40 || first == 0x09 || first == 0x0D
    }

    /// Appends one field, quoted only when it must be; with `guarded`, a formula start gets a `'` first.
    static func appendField(_ bytes: ByteView, to out: inout [UInt8], guarded: Bool = false) {
        out.appendWriting(atMost: 2 * bytes.count + 3) { appendField(bytes, to: &$0, guarded: guarded) }
    }

    /// `appendField` into room made for twice its bytes and three more.
    static func appendField(_ bytes: ByteView, to out: inout OutputCursor, guarded: Bool = false) {
        let prefix = guarded && startsFormula(bytes)
        let needsQuotes = bytes.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            if prefix { out.append(UInt8(ascii: "'")) }
            out.append(bytes)
            return
        }
        out.append(UInt8(ascii: "\""))
        if prefix { out.append(UInt8(ascii: "'")) }
        var runStart = 0
        for i in 0..<bytes.count where bytes[i] == 0x22 {
            out.append(bytes.extracting(runStart...i))
            out.append(UInt8(ascii: "\""))
            runStart = i + 1
        }
        if runStart < bytes.count { out.append(bytes.extracting(runStart...)) }
        out.append(UInt8(ascii: "\""))
    }
}
