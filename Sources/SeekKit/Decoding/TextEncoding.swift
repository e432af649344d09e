import CoreFoundation
import Foundation

/// A character encoding Seek can read, named the way users write it (`--encoding NAME`).
///
/// UTF-8, UTF-16, UTF-32, Windows-1252 and ISO-8859-1 are decoded by Seek itself;
/// everything else (ISO-8859-2, Windows-1250, GB18030, Shift_JIS, KOI8-R, …) goes
/// through Foundation's CoreFoundation converters, which on Linux know the IANA names.
public enum TextEncoding: Hashable, Sendable {
    case utf8
    case utf16LittleEndian
    case utf16BigEndian
    case utf32LittleEndian
    case utf32BigEndian
    /// Windows-1252, the usual "ANSI" encoding of Western subtitles; bytes it leaves
    /// undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) become the C1 control of the same value.
    case windows1252
    /// ISO-8859-1: every byte is the code point of the same value.
    case latin1
    /// An encoding Foundation converts, with the name Seek reports for it.
    case foundation(name: String, rawValue: UInt)

    /// GB18030, a superset of GB2312 and GBK.
    public static var gb18030: TextEncoding {
        .foundation(
            name: "GB18030",
            rawValue: UInt(CFStringConvertEncodingToNSStringEncoding(
                CFStringEncoding(CFStringEncodings.GB_18030_2000.rawValue))))
    }

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
        case "windows1252", "cp1252", "win1252", "ansi": self = .windows1252
        case "latin1", "iso88591", "l1": self = .latin1
        case "gb18030", "gb2312", "gbk", "cp936", "euccn": self = .gb18030
        default:
            let aliases = ["latin2": "iso-8859-2", "cp1250": "windows-1250", "cp1251": "windows-1251",
                           "sjis": "shift_jis", "shiftjis": "shift_jis", "big5": "big5"]
            var iana = aliases[compact] ?? key
            for (prefix, spelled) in [("iso8859", "iso-8859-"), ("windows", "windows-"), ("cp", "windows-")]
            where compact.hasPrefix(prefix) && compact.dropFirst(prefix.count).allSatisfy(\.isNumber)
                && compact.count > prefix.count && aliases[compact] == nil {
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
        case .windows1252: "windows-1252"
        case .latin1: "ISO-8859-1"
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
