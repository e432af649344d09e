import CoreFoundation
import Foundation

/// A character encoding Seek can read, named the way users write it (`--encoding NAME`).
///
/// UTF-8, UTF-16, UTF-32, ISO-8859-1 and the `LegacyEncoding`s (Windows-1250 to 1258,
/// ISO-8859-2, KOI8-R, Shift_JIS, EUC-KR, Big5, GB18030, …) are decoded by Seek itself;
/// any other name Foundation's CoreFoundation converters know (ISO-8859-5, …) goes
/// through them.
public enum TextEncoding: Hashable, Sendable {
    case utf8
    case utf16LittleEndian
    case utf16BigEndian
    case utf32LittleEndian
    case utf32BigEndian
    /// ISO-8859-1: every byte is the code point of the same value.
    case latin1
    /// A legacy code page decoded with Seek's own tables.
    case legacy(LegacyEncoding)
    /// An encoding Foundation converts, with the name Seek reports for it.
    case foundation(name: String, rawValue: UInt)

    /// Windows-1252, the usual "ANSI" encoding of Western subtitles; bytes it leaves
    /// undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) are not valid in it.
    public static var windows1252: TextEncoding { .legacy(.windows1252) }

    /// GB18030, a superset of GB2312 and GBK.
    public static var gb18030: TextEncoding { .legacy(.gb18030) }

    /// The encoding a user-written name stands for, or `nil` when nobody knows it.
    ///
    /// Case, `_` versus `-` and a missing `-` (`utf8`, `cp1252`) don't matter.
    /// `gb2312` and `gbk` read as GB18030, their superset.
    public init?(name: String) {
        let key = name.lowercased().replacingOccurrences(of: "_", with: "-")
        let compact = key.replacingOccurrences(of: "-", with: "")
        switch compact {
        case "utf8": self = .utf8
        case "utf16le", "utf16": self = .utf16LittleEndian
        case "utf16be": self = .utf16BigEndian
        case "utf32le", "utf32": self = .utf32LittleEndian
        case "utf32be": self = .utf32BigEndian
        case "ansi": self = .windows1252
        case "latin1", "iso88591", "l1": self = .latin1
        default:
            if let legacy = LegacyEncoding(compactName: compact) {
                self = .legacy(legacy)
                return
            }
            var iana = key
            for (prefix, spelled) in [("iso8859", "iso-8859-"), ("windows", "windows-"), ("cp", "windows-")]
            where compact.hasPrefix(prefix) && compact.dropFirst(prefix.count).allSatisfy(\.isNumber)
                && compact.count > prefix.count {
                iana = spelled + compact.dropFirst(prefix.count)
            }
            guard let cfName = CFStringCreateWithCString(nil, iana, CFStringBuiltInEncodings.UTF8.rawValue)
            else { return nil }
            let cfEncoding = CFStringConvertIANACharSetNameToEncoding(cfName)
            guard cfEncoding != kCFStringEncodingInvalidId else { return nil }
            let rawValue = UInt(CFStringConvertEncodingToNSStringEncoding(cfEncoding))
            guard String(bytes: [0x41], encoding: String.Encoding(rawValue: rawValue)) == "A" else { return nil }
            self = .foundation(name: Self.displayName(iana: iana), rawValue: rawValue)
        }
    }

    /// The name Seek reports, e.g. `UTF-8`, `UTF-16LE`, `windows-1252`, `GB18030`.
    public var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16LittleEndian: "UTF-16LE"
        case .utf16BigEndian: "UTF-16BE"
        case .utf32LittleEndian: "UTF-32LE"
        case .utf32BigEndian: "UTF-32BE"
        case .latin1: "ISO-8859-1"
        case .legacy(let encoding): encoding.name
        case .foundation(let name, _): name
        }
    }

    /// How Seek prints an IANA name: `windows-1250`, `Shift_JIS`, `Big5`, else upper case (`ISO-8859-2`, `KOI8-R`).
    private static func displayName(iana: String) -> String {
        let lower = iana.lowercased()
        if lower.hasPrefix("windows-") { return lower }
        if lower == "shift_jis" { return "Shift_JIS" }
        if lower == "big5" { return "Big5" }
        return iana.uppercased()
    }
}
