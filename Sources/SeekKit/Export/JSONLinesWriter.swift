/// Writes matches and cues as JSON Lines: one object per line, keys in a fixed order.
///
/// Everything is appended to a byte buffer; strings are escaped byte by byte
/// (quotes, backslashes and every control character), so the output is valid
/// JSON whatever the text contains.
public enum JSONLinesWriter {
    /// Appends `record` as one line (with its `\n`).
    ///
    /// - Complexity: O(length of the cue text).
    public static func append(_ record: MatchRecord, to out: inout [UInt8]) {
        ByteWriting.append("{\"file\":", to: &out)
        appendString(record.file, to: &out)
        ByteWriting.append(",\"position\":", to: &out)
        ByteWriting.append(record.position, to: &out)
        ByteWriting.append(",\"total\":", to: &out)
        ByteWriting.append(record.total, to: &out)
        ByteWriting.append(",\"cue\":", to: &out)
        ByteWriting.append(record.cue, to: &out)
        ByteWriting.append(",\"cue_id\":", to: &out)
        appendString(record.cueID, to: &out)
        ByteWriting.append(",\"start_ms\":", to: &out)
        appendInt(record.start, to: &out)
        ByteWriting.append(",\"end_ms\":", to: &out)
        appendInt(record.end, to: &out)
        ByteWriting.append(",\"start\":", to: &out)
        appendTime(record.start, to: &out)
        ByteWriting.append(",\"end\":", to: &out)
        appendTime(record.end, to: &out)
        ByteWriting.append(",\"match_start_ms\":", to: &out)
        appendInt(record.matchStart, to: &out)
        ByteWriting.append(",\"match_end_ms\":", to: &out)
        appendInt(record.matchEnd, to: &out)
        ByteWriting.append(",\"speaker\":", to: &out)
        appendString(record.speaker, to: &out)
        ByteWriting.append(",\"keyword\":", to: &out)
        appendString(record.keyword, to: &out)
        ByteWriting.withBytes(of: record.text) { text in
            let lower = min(record.bytes.lowerBound, text.count)
            let upper = min(max(record.bytes.upperBound, lower), text.count)
            ByteWriting.append(",\"match\":", to: &out)
            appendEscaped(UnsafeBufferPointer(rebasing: text[lower..<upper]), to: &out)
            ByteWriting.append(",\"char_start\":", to: &out)
            ByteWriting.append(record.characters.lowerBound, to: &out)
            ByteWriting.append(",\"char_end\":", to: &out)
            ByteWriting.append(record.characters.upperBound, to: &out)
            ByteWriting.append(",\"utf16_start\":", to: &out)
            ByteWriting.append(record.utf16.lowerBound, to: &out)
            ByteWriting.append(",\"utf16_end\":", to: &out)
            ByteWriting.append(record.utf16.upperBound, to: &out)
            ByteWriting.append(",\"byte_start\":", to: &out)
            ByteWriting.append(record.bytes.lowerBound, to: &out)
            ByteWriting.append(",\"byte_end\":", to: &out)
            ByteWriting.append(record.bytes.upperBound, to: &out)
            ByteWriting.append(",\"line\":", to: &out)
            ByteWriting.append(record.line, to: &out)
            ByteWriting.append(",\"text\":", to: &out)
            appendEscaped(text, to: &out)
        }
        ByteWriting.append("}\n", to: &out)
    }

    /// Appends cue `index` of `transcript` as one line with the keys
    /// `file`, `cue`, `id`, `start_ms`, `end_ms`, `speaker`, `line`, `text`.
    public static func appendCue(_ index: Int, of transcript: Transcript, file: String, to out: inout [UInt8]) {
        ByteWriting.append("{\"file\":", to: &out)
        appendString(file, to: &out)
        ByteWriting.append(",\"cue\":", to: &out)
        ByteWriting.append(index + 1, to: &out)
        ByteWriting.append(",\"id\":", to: &out)
        appendString(transcript.id(at: index), to: &out)
        ByteWriting.append(",\"start_ms\":", to: &out)
        appendInt(transcript.start(at: index), to: &out)
        ByteWriting.append(",\"end_ms\":", to: &out)
        appendInt(transcript.end(at: index), to: &out)
        ByteWriting.append(",\"speaker\":", to: &out)
        appendString(transcript.speaker(at: index), to: &out)
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

    private static func appendInt(_ value: Int?, to out: inout [UInt8]) {
        if let value { ByteWriting.append(value, to: &out) } else { ByteWriting.append("null", to: &out) }
    }

    private static func appendTime(_ value: Int?, to out: inout [UInt8]) {
        guard let value else {
            ByteWriting.append("null", to: &out)
            return
        }
        out.append(UInt8(ascii: "\""))
        ByteWriting.appendTime(value, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    /// Appends valid UTF-8 `bytes` as a quoted JSON string; clean runs are copied in one go.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                i += 1
                continue
            }
            if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
            out.append(UInt8(ascii: "\\"))
            switch byte {
            case 0x22: out.append(UInt8(ascii: "\""))
            case 0x5C: out.append(UInt8(ascii: "\\"))
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            case 0x08: out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "f"))
            default:
                ByteWriting.append("u00", to: &out)
                out.append(hexDigits.utf8Start[Int(byte >> 4)])
                out.append(hexDigits.utf8Start[Int(byte & 0x0F)])
            }
            i += 1
            runStart = i
        }
        if runStart < count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        out.append(UInt8(ascii: "\""))
    }
}
