import SeekBytes

/// Makes text from a file safe to show on a terminal.
///
/// Control characters never reach the terminal raw: C0 controls and DEL are
/// shown in caret notation (`^[`, `^M`, `^?`), C1 controls and bidirectional
/// overrides/isolates as `<U+009B>`. A tab becomes spaces. Everything else
/// passes through unchanged.
public enum Sanitizer {
    /// The spaces a tab is shown as.
    public static let tab = "    "

    /// What to show instead of `scalar`, or `nil` when it is safe as it is.
    public static func replacement(for scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        switch value {
        case 0x09:
            return tab
        case 0x00...0x1F:
            return "^" + String(Unicode.Scalar(UInt8(value + 0x40)))
        case 0x7F:
            return "^?"
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
            return "<U+" + hex(value) + ">"
        default:
            return nil
        }
    }

    /// `text` with every unsafe scalar replaced by its visible form.
    public static func sanitize(_ text: some StringProtocol) -> String {
        let string = String(text)
        // Most text has no byte that may begin an unsafe scalar (a control byte, or the lead
        // byte 0xC2 or 0xE2: `ByteView.terminalSafeRunEnd`), and nothing to replace.
        if string.utf8.withByteView({ $0.terminalSafeRunEnd(from: 0, to: $0.count) == $0.count }) { return string }
        guard string.unicodeScalars.contains(where: { replacement(for: $0) != nil }) else { return string }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if let visible = replacement(for: scalar) {
                result += visible
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// UTF-8 `bytes` with every unsafe scalar replaced by its visible form, except that line
    /// feeds stay (an export's records and multi-line fields keep their lines on a terminal).
    ///
    /// - Complexity: O(n); bytes without anything to replace are returned as they are.
    public static func sanitizeKeepingLines(_ bytes: [UInt8]) -> [UInt8] {
        let needsWork = bytes.contains { ($0 < 0x20 && $0 != 0x0A) || $0 >= 0x7F }
        guard needsWork else { return bytes }
        let text = String(decoding: bytes, as: UTF8.self)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { result.append(0x0A) }
            result.append(contentsOf: sanitize(line).utf8)
        }
        return result
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
