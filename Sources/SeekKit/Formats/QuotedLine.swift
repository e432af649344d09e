import SeekBytes

/// A piece of a file's text as a warning quotes it: its first characters, with control
/// characters shown as `?`, so no raw control code from a file reaches the terminal.
///
///     QuotedLine.text(of: line) // "dix"
enum QuotedLine {
    /// At most this many characters are quoted; a longer text ends in `…`.
    static let limit = 24

    /// `bytes` trimmed of spaces and tabs, decoded (invalid UTF-8 as U+FFFD), controls as `?`.
    static func text(of bytes: ByteView) -> String {
        let trimmed = bytes.extracting(bytes.trimmingBlanks(0..<bytes.count))
        var quoted = String.UnicodeScalarView()
        var count = 0
        for scalar in String(decoding: trimmed, as: UTF8.self).unicodeScalars {
            guard count < limit else {
                quoted.append("…")
                break
            }
            let isControl = scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
                || scalar.properties.generalCategory == .format
            quoted.append(isControl ? "?" : scalar)
            count += 1
        }
        return String(quoted)
    }

    /// The warning for a line where an SRT cue number stands but is not one (`dix`), before
    /// a timing line: the cue after it is still read.
    static func notACueNumber(_ line: ByteView) -> String {
        "'\(text(of: line))' is not a cue number (expected digits before the timing line); the cue is read"
    }
}
