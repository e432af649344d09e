extension MatchRecord {
    /// The export's schema: one case per column, in the order JSON Lines writes its keys, CSV its
    /// header and fields, and `--help` lists them.
    ///
    /// `value(in:)` defines what each column holds. `JSONLinesWriter` and `CSVWriter` take their
    /// keys, header and order from this table and write each value their own way for speed (no
    /// `Value` or `String` made per cell); tests compare their output with `value(in:)` column by
    /// column, and the compiler makes each writer handle every case.
    public enum Column: String, CaseIterable, Sendable {
        case file, track, language, position, total, cue
        case cueID = "cue_id"
        case startMilliseconds = "start_ms"
        case endMilliseconds = "end_ms"
        case start, end
        case matchStartMilliseconds = "match_start_ms"
        case matchEndMilliseconds = "match_end_ms"
        case speaker, style, keyword, match
        case characterStart = "char_start"
        case characterEnd = "char_end"
        case utf16Start = "utf16_start"
        case utf16End = "utf16_end"
        case byteStart = "byte_start"
        case byteEnd = "byte_end"
        case line, text

        /// The JSON key and CSV header cell.
        public var name: String { rawValue }

        /// What this column holds for `record`.
        public func value(in record: MatchRecord) -> Value {
            switch self {
            case .file: .text(record.file[...])
            case .language: record.language.map { .text($0[...]) } ?? .absent
            case .cueID: record.cueID.map { .text($0[...]) } ?? .absent
            case .start: record.start.map { .text(Timestamp.format($0)[...]) } ?? .absent
            case .end: record.end.map { .text(Timestamp.format($0)[...]) } ?? .absent
            case .speaker: record.speaker.map { .text($0[...]) } ?? .absent
            case .style: record.style.map { .text($0[...]) } ?? .absent
            case .keyword: .text(record.keyword[...])
            case .match: .text(record.match)
            case .text: .text(record.text)
            case .track, .position, .total, .cue, .startMilliseconds, .endMilliseconds,
                 .matchStartMilliseconds, .matchEndMilliseconds, .characterStart, .characterEnd,
                 .utf16Start, .utf16End, .byteStart, .byteEnd, .line:
                record.number(self).map(Value.number) ?? .absent
            }
        }
    }

    /// One cell of the export: absent (`null` in JSON, an empty CSV field), a number or text.
    public enum Value: Hashable, Sendable {
        case absent
        case number(Int)
        case text(Substring)
    }

    /// The number `column` holds, `nil` where it is absent (no track, no time) or `column` holds text.
    ///
    /// The one place that says which field each number column reads: `value(in:)` and both
    /// writers go through it.
    @inline(__always)
    public func number(_ column: Column) -> Int? {
        switch column {
        case .track: track
        case .position: position
        case .total: total
        case .cue: cue
        case .startMilliseconds: start
        case .endMilliseconds: end
        case .matchStartMilliseconds: matchStart
        case .matchEndMilliseconds: matchEnd
        case .characterStart: characters.lowerBound
        case .characterEnd: characters.upperBound
        case .utf16Start: utf16.lowerBound
        case .utf16End: utf16.upperBound
        case .byteStart: bytes.lowerBound
        case .byteEnd: bytes.upperBound
        case .line: line
        case .file, .language, .cueID, .start, .end, .speaker, .style, .keyword, .match, .text: nil
        }
    }

    /// The export's column names, in order (JSON keys, the CSV header and `--help`'s list).
    public static let columns = Column.allCases.map(\.name)
}
