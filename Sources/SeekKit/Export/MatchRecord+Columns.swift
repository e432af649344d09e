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
            case .track: record.track.map(Value.number) ?? .absent
            case .language: record.language.map { .text($0[...]) } ?? .absent
            case .position: .number(record.position)
            case .total: .number(record.total)
            case .cue: .number(record.cue)
            case .cueID: record.cueID.map { .text($0[...]) } ?? .absent
            case .startMilliseconds: record.start.map(Value.number) ?? .absent
            case .endMilliseconds: record.end.map(Value.number) ?? .absent
            case .start: record.start.map { .text(Timestamp.format($0)[...]) } ?? .absent
            case .end: record.end.map { .text(Timestamp.format($0)[...]) } ?? .absent
            case .matchStartMilliseconds: record.matchStart.map(Value.number) ?? .absent
            case .matchEndMilliseconds: record.matchEnd.map(Value.number) ?? .absent
            case .speaker: record.speaker.map { .text($0[...]) } ?? .absent
            case .style: record.style.map { .text($0[...]) } ?? .absent
            case .keyword: .text(record.keyword[...])
            case .match: .text(record.match)
            case .characterStart: .number(record.characters.lowerBound)
            case .characterEnd: .number(record.characters.upperBound)
            case .utf16Start: .number(record.utf16.lowerBound)
            case .utf16End: .number(record.utf16.upperBound)
            case .byteStart: .number(record.bytes.lowerBound)
            case .byteEnd: .number(record.bytes.upperBound)
            case .line: .number(record.line)
            case .text: .text(record.text)
            }
        }
    }

    /// One cell of the export: absent (`null` in JSON, an empty CSV field), a number or text.
    public enum Value: Hashable, Sendable {
        case absent
        case number(Int)
        case text(Substring)
    }

    /// The export's column names, in order (JSON keys, the CSV header and `--help`'s list).
    public static let columns = Column.allCases.map(\.name)
}
