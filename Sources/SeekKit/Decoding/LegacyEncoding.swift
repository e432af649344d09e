/// A pre-Unicode encoding that Seek decodes with its own tables (generated from Python's
/// codecs by `Scripts/generate-legacy-encoding-tables.py`).
///
/// The Windows code pages are the ones subtitle archives were written in; `shiftJIS`,
/// `eucKR` and `big5` are Microsoft's supersets (cp932, cp949, cp950) that editors on
/// Windows wrote under those names, and `gb18030` covers GB2312 and GBK.
public enum LegacyEncoding: String, CaseIterable, Hashable, Sendable {
    case windows1250 = "windows-1250"
    case windows1251 = "windows-1251"
    case windows1252 = "windows-1252"
    case windows1253 = "windows-1253"
    case windows1254 = "windows-1254"
    case windows1255 = "windows-1255"
    case windows1256 = "windows-1256"
    case windows1257 = "windows-1257"
    case windows1258 = "windows-1258"
    case windows874 = "windows-874"
    case iso8859_2 = "ISO-8859-2"
    case koi8R = "KOI8-R"
    case macCyrillic = "x-mac-cyrillic"
    case shiftJIS = "Shift_JIS"
    case eucKR = "EUC-KR"
    case big5 = "Big5"
    case gb18030 = "GB18030"

    /// The name Seek reports (`windows-1250`, `Shift_JIS`).
    public var name: String { rawValue }

    /// Whether characters take one or two (GB18030: up to four) bytes.
    var isMultiByte: Bool {
        switch self {
        case .shiftJIS, .eucKR, .big5, .gb18030: true
        default: false
        }
    }

    /// The encoding a name stands for, compared without case, `-` and `_` (`cp1250`,
    /// `latin2`, `sjis`, `cp949`, `gbk`).
    init?(compactName: String) {
        let aliases: [String: LegacyEncoding] = [
            "latin2": .iso8859_2, "l2": .iso8859_2, "iso88592": .iso8859_2,
            "koi8r": .koi8R, "koi8": .koi8R, "maccyrillic": .macCyrillic, "xmaccyrillic": .macCyrillic,
            "cp874": .windows874, "windows874": .windows874, "tis620": .windows874,
            "shiftjis": .shiftJIS, "sjis": .shiftJIS, "cp932": .shiftJIS, "windows31j": .shiftJIS, "mskanji": .shiftJIS,
            "euckr": .eucKR, "cp949": .eucKR, "uhc": .eucKR, "ksc56011987": .eucKR, "windows949": .eucKR,
            "big5": .big5, "cp950": .big5, "windows950": .big5,
            "gb18030": .gb18030, "gb2312": .gb18030, "gbk": .gb18030, "cp936": .gb18030, "euccn": .gb18030,
            "windows936": .gb18030,
        ]
        if let known = aliases[compactName] {
            self = known
            return
        }
        for prefix in ["windows", "cp", "win"] where compactName.hasPrefix(prefix) {
            let number = compactName.dropFirst(prefix.count)
            if let found = LegacyEncoding(rawValue: "windows-" + number), number.count == 4 {
                self = found
                return
            }
        }
        return nil
    }

    /// The decoding table, built on first use.
    var codePage: LegacyCodePage {
        switch self {
        case .windows1250: LegacyCodePage.windows1250
        case .windows1251: LegacyCodePage.windows1251
        case .windows1252: LegacyCodePage.windows1252
        case .windows1253: LegacyCodePage.windows1253
        case .windows1254: LegacyCodePage.windows1254
        case .windows1255: LegacyCodePage.windows1255
        case .windows1256: LegacyCodePage.windows1256
        case .windows1257: LegacyCodePage.windows1257
        case .windows1258: LegacyCodePage.windows1258
        case .windows874: LegacyCodePage.windows874
        case .iso8859_2: LegacyCodePage.iso8859_2
        case .koi8R: LegacyCodePage.koi8R
        case .macCyrillic: LegacyCodePage.macCyrillic
        case .shiftJIS: LegacyCodePage.shiftJIS
        case .eucKR: LegacyCodePage.eucKR
        case .big5: LegacyCodePage.big5
        case .gb18030: LegacyCodePage.gb18030
        }
    }
}
