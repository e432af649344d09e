import SeekBytes

/// Writes matches and cues as JSON Lines: one object per line, keys in a fixed order.
///
/// Everything is appended to a byte buffer; strings are escaped byte by byte
/// (quotes, backslashes and every control character), so the output is valid
/// JSON whatever the text contains.
public enum JSONLinesWriter {
    /// Appends `record` as one line (with its `\n`): the columns of `MatchRecord.Column`, in its
    /// order, each under its name.
    ///
    /// - Complexity: O(length of the cue text).
    public static func append(_ record: MatchRecord, to out: inout [UInt8]) {
        ByteWriting.withBytes(of: record.text) { append(record, text: $0, to: &out) }
    }

    /// `append(_:to:)` with the cue's text given as its UTF-8 bytes, `record.text` not read: for a
    /// writer that has the text's bytes where they lie and no `String` of them.
    static func append(_ record: MatchRecord, text: ByteView, to out: inout [UInt8]) {
        let keys = Self.keys
        // Each string may grow six times escaped (a control byte as `\u001f`); numbers take at most 20 bytes.
        let strings = record.file.utf8.count + (record.language?.utf8.count ?? 0) + (record.cueID?.utf8.count ?? 0)
            + (record.speaker?.utf8.count ?? 0) + (record.style?.utf8.count ?? 0) + record.keyword.utf8.count
            + 2 * text.count
        let room = keys.bytes.count + 6 * strings + 32 * keys.columns.count + 2
        keys.bytes.withByteView { keyBytes in
            out.appendWriting(atMost: room) { out in
                for (index, column) in keys.columns.enumerated() {
                    out.append(keyBytes.extracting(keys.ends[index]..<keys.ends[index + 1]))
                    switch column {
                    case .file: appendString(record.file, to: &out)
                    case .language: appendString(record.language, to: &out)
                    case .cueID: appendString(record.cueID, to: &out)
                    case .start: appendTime(record.start, to: &out)
                    case .end: appendTime(record.end, to: &out)
                    case .speaker: appendString(record.speaker, to: &out)
                    case .style: appendString(record.style, to: &out)
                    case .keyword: appendString(record.keyword, to: &out)
                    case .match: appendEscaped(record.matchBytes(in: text), to: &out)
                    case .text: appendEscaped(text, to: &out)
                    case .track, .position, .total, .cue, .startMilliseconds, .endMilliseconds,
                         .matchStartMilliseconds, .matchEndMilliseconds, .characterStart, .characterEnd,
                         .utf16Start, .utf16End, .byteStart, .byteEnd, .line:
                        appendInt(record.number(column), to: &out)
                    }
                }
                out.append("}\n")
            }
        }
    }

    /// What precedes each column's value (`{"file":`, `,"track":`, and so on), one after another
    /// in `bytes`, column `i`'s at `ends[i]..<ends[i + 1]`: one buffer, read once a record.
    private struct Keys {
        let columns = MatchRecord.Column.allCases
        let bytes: [UInt8]
        let ends: [Int]

        init() {
            var bytes: [UInt8] = []
            var ends = [0]
            for (index, column) in columns.enumerated() {
                bytes += Array((index == 0 ? "{" : ",").utf8) + Array(quoted(column.name).utf8) + [UInt8(ascii: ":")]
                ends.append(bytes.count)
            }
            self.bytes = bytes
            self.ends = ends
        }
    }

    private static let keys = Keys()

    /// Appends cue `index` of `transcript` as one line with the keys
    /// `file`, `cue`, `id`, `start_ms`, `end_ms`, `speaker`, `style`, `line`, `text`.
    public static func appendCue(_ index: Int, of transcript: Transcript, file: String, to out: inout [UInt8]) {
        ByteWriting.append("{\"file\":", to: &out)
        appendString(file, to: &out)
        ByteWriting.append(",\"cue\":", to: &out)
        ByteWriting.append(transcript.ordinal(at: index), to: &out)
        ByteWriting.append(",\"id\":", to: &out)
        appendString(transcript.id(at: index), to: &out)
        ByteWriting.append(",\"start_ms\":", to: &out)
        appendInt(transcript.start(at: index), to: &out)
        ByteWriting.append(",\"end_ms\":", to: &out)
        appendInt(transcript.end(at: index), to: &out)
        ByteWriting.append(",\"speaker\":", to: &out)
        appendString(transcript.speaker(at: index), to: &out)
        ByteWriting.append(",\"style\":", to: &out)
        appendString(transcript.style(at: index), to: &out)
        ByteWriting.append(",\"line\":", to: &out)
        ByteWriting.append(transcript.line(at: index), to: &out)
        ByteWriting.append(",\"text\":", to: &out)
        appendString(transcript.text(at: index), to: &out)
        ByteWriting.append("}\n", to: &out)
    }

    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: some StringProtocol) -> String {
        var out: [UInt8] = []
        appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendString(_ text: (some StringProtocol)?, to out: inout [UInt8]) {
        guard let text else {
            ByteWriting.append("null", to: &out)
            return
        }
        ByteWriting.withBytes(of: text) { appendEscaped($0, to: &out) }
    }

    private static func appendString(_ text: (some StringProtocol)?, to out: inout OutputCursor) {
        guard let text else {
            out.append("null")
            return
        }
        ByteWriting.withBytes(of: text) { appendEscaped($0, to: &out) }
    }

    private static func appendInt(_ value: Int?, to out: inout [UInt8]) {
        if let value { ByteWriting.append(value, to: &out) } else { ByteWriting.append("null", to: &out) }
    }

    private static func appendInt(_ value: Int?, to out: inout OutputCursor) {
        if let value { out.appendDecimal(value) } else { out.append("null") }
    }

    private static func appendTime(_ value: Int?, to out: inout OutputCursor) {
        guard let value else {
            out.append("null")
            return
        }
        out.append(UInt8(ascii: "\""))
        out.appendTime(value)
        out.append(UInt8(ascii: "\""))
    }

    /// Appends valid UTF-8 `bytes` as a quoted JSON string; clean runs are copied in one go.
    ///
    /// Besides what JSON requires (quote, backslash, U+0000–U+001F), DEL, the C1 controls
    /// U+0080–U+009F, the line and paragraph separators and the bidirectional overrides and
    /// isolates are written as `\u` escapes, so the output is safe to show on a terminal and
    /// still parses to the exact text.
    static func appendEscaped(_ bytes: ByteView, to out: inout [UInt8]) {
        out.appendWriting(atMost: 6 * bytes.count + 2) { appendEscaped(bytes, to: &$0) }
    }

    /// `appendEscaped` into room made for at most six bytes a byte, and the quotes.
    static func appendEscaped(_ bytes: ByteView, to out: inout OutputCursor) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        let count = bytes.count
        while true {
            i = bytes.terminalSafeRunEnd(from: i, to: count, orAt: 0x22, 0x5C)
            guard i < count else { break }
            let byte = bytes[i]
            if byte >= 0x80 {
                let escaped = escapedScalar(in: bytes, at: i)
                guard escaped.length > 0 else {
                    i += 1
                    continue
                }
                if runStart < i { out.append(bytes.extracting(runStart..<i)) }
                appendUnicodeEscape(escaped.value, to: &out)
                i += escaped.length
                runStart = i
                continue
            }
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F {
                i += 1
                continue
            }
            if runStart < i { out.append(bytes.extracting(runStart..<i)) }
            switch byte {
            case 0x22: out.append("\\\"")
            case 0x5C: out.append("\\\\")
            case 0x0A: out.append("\\n")
            case 0x0D: out.append("\\r")
            case 0x09: out.append("\\t")
            case 0x08: out.append("\\b")
            case 0x0C: out.append("\\f")
            default: appendUnicodeEscape(UInt16(byte), to: &out)
            }
            i += 1
            runStart = i
        }
        if runStart < count { out.append(bytes.extracting(runStart..<count)) }
        out.append(UInt8(ascii: "\""))
    }

    /// The scalar starting at `i` when it is one that is escaped although JSON allows it raw
    /// (a C1 control, U+2028/U+2029, a bidirectional override or isolate), and its length in bytes;
    /// a length of 0 otherwise.
    private static func escapedScalar(in bytes: ByteView, at i: Int) -> (value: UInt16, length: Int) {
        let byte = bytes[i]
        if byte == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) {
            return (UInt16(bytes[i + 1]), 2)
        }
        guard byte == 0xE2, i + 2 < bytes.count else { return (0, 0) }
        let second = bytes[i + 1]
        let third = bytes[i + 2]
        if second == 0x80, (0xA8...0xAE).contains(third) { return (0x2000 | UInt16(third & 0x3F), 3) }
        if second == 0x81, (0xA6...0xA9).contains(third) { return (0x2040 | UInt16(third & 0x3F), 3) }
        return (0, 0)
    }

    /// Appends `\uXXXX`.
    private static func appendUnicodeEscape(_ value: UInt16, to out: inout OutputCursor) {
        out.append("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8((value >> UInt16(shift)) & 0x0F)
            out.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") - 10 + digit)
        }
    }
}
