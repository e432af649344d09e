import SeekBytes

/// Writes cues as an SRT or WebVTT file (the supercut's subtitles, `--srt` and `--vtt`).
///
/// Cues are numbered from 1 in the order given. A cue's speaker is written as the
/// list shows it (`Name: ` first, unless the text already starts with it; WebVTT uses
/// `<v Name>`). So that the file reads back as the same cues, empty lines inside a
/// text are dropped, `-->` is written `->`, control characters other than line breaks
/// and tabs are left out, and WebVTT escapes `&` and `<`. A cue without a time is skipped.
public enum SubtitleWriter {
    public enum Format: Sendable { case srt, webVTT }

    public static func append(_ cues: [Cue], as format: Format, to out: inout [UInt8]) {
        var text = format == .webVTT ? "WEBVTT\n\n" : ""
        var number = 0
        for cue in cues {
            guard let start = cue.start else { continue }
            let end = max(start, cue.end ?? start)
            number += 1
            let lines = cleanLines(cue.text)
            switch format {
            case .srt:
                text += String(number) + "\n" + time(start, comma: true) + " --> " + time(end, comma: true) + "\n"
                text += (speakerLabel(cue).map { $0 + ": " } ?? "") + (lines.isEmpty ? [""] : lines).joined(separator: "\n")
            case .webVTT:
                text += time(start, comma: false) + " --> " + time(end, comma: false) + "\n"
                let body = lines.map(escapeVTT).joined(separator: "\n")
                text += (speakerLabel(cue).map { "<v " + escapeVTT($0) + ">" } ?? "") + body
            }
            text += "\n\n"
        }
        out.append(contentsOf: text.utf8)
    }

    /// The speaker to write before the text, unless the text already names them.
    static func speakerLabel(_ cue: Cue) -> String? {
        guard let speaker = cue.speaker, !speaker.isEmpty, !cue.text.hasPrefix(speaker) else { return nil }
        return String(cleanLines(speaker).joined(separator: " "))
    }

    static func cleanLines(_ text: String) -> [String] {
        let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            scalar == "\n" || scalar == "\t" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
        }))
        return kept.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { !$0.allSatisfy(\.isWhitespace) }
            .map { String($0.replacing("-->", with: "->")) }
    }

    private static func escapeVTT(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
    }

    private static func time(_ milliseconds: Int, comma: Bool) -> String {
        var out: [UInt8] = []
        ByteWriting.appendTime(milliseconds, to: &out)
        if comma, let dot = out.lastIndex(of: UInt8(ascii: ".")) { out[dot] = UInt8(ascii: ",") }
        return String(decoding: out, as: UTF8.self)
    }
}
