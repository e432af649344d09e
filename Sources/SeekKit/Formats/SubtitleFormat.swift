import SeekBytes

/// The file formats Seek reads.
public enum SubtitleFormat: String, CaseIterable, Sendable {
    case srt
    case vtt
    /// Advanced SubStation Alpha and SubStation Alpha (`.ass`, `.ssa`), v4 and v4+.
    case ass
    /// Timed Text Markup Language, with its profiles DFXP and IMSC (`.ttml`, `.dfxp`, `.xml`).
    case ttml
    /// Microsoft SAMI (`.smi`, `.sami`).
    case sami
    /// YouTube's SBV and SubViewer 1 and 2 (`.sbv`, `.sub`).
    case sbv
    /// MicroDVD (`{start}{end}text`, in frames; `.sub`).
    case microdvd
    /// LRC lyrics (`[mm:ss.xx]text`).
    case lrc
    /// TMPlayer (`HH:MM:SS:text`, one cue a line; `.txt` or `.tmp`).
    case tmplayer
    /// MPL2 (`[start][end]text`, tenths of a second; `.txt`).
    case mpl2
    /// YouTube's timed-text XML: srv1 `<transcript><text start dur>`, srv2 and srv3 `<timedtext>`
    /// (`.ytt`, `.srv1`, `.srv2`, `.srv3`, an `.xml` by content).
    case youtube
    case text
    /// Whisper, WhisperX, whisper.cpp and podcast-namespace JSON (`JSONTranscriptParser`).
    case json
    /// Whisper's `start<tab>end<tab>text` transcripts (`WhisperTSVParser`).
    case tsv

    /// The names `--format` accepts besides the cases' own (`ssa` is `ass`, …).
    static let aliases: [(name: String, format: SubtitleFormat)] = [
        ("webvtt", .vtt), ("ssa", .ass), ("dfxp", .ttml), ("imsc", .ttml), ("smi", .sami),
        ("subviewer", .sbv), ("sub", .microdvd), ("tmp", .tmplayer), ("mpl", .mpl2), ("txt", .text),
        ("ytt", .youtube), ("timedtext", .youtube), ("srv1", .youtube), ("srv2", .youtube), ("srv3", .youtube),
    ]

    /// The format called `name` on the command line: a case's name or an alias, any case.
    public init?(name: String) {
        let lower = name.lowercased()
        if let format = SubtitleFormat(rawValue: lower) {
            self = format
        } else if let alias = Self.aliases.first(where: { $0.name == lower }) {
            self = alias.format
        } else {
            return nil
        }
    }

    /// What `--help` and error messages list, in order.
    public var displayName: String {
        switch self {
        case .srt: "SRT"
        case .vtt: "WebVTT"
        case .ass: "ASS/SSA"
        case .ttml: "TTML/DFXP/IMSC"
        case .sami: "SAMI"
        case .sbv: "SBV/SubViewer"
        case .microdvd: "MicroDVD"
        case .lrc: "LRC"
        case .tmplayer: "TMPlayer"
        case .mpl2: "MPL2"
        case .youtube: "YouTube timed text"
        case .text: "timestamped text"
        case .json: "Whisper/podcast JSON"
        case .tsv: "Whisper TSV"
        }
    }

    /// File name extensions (lower case, without the dot) and the format each suggests.
    static let extensions: [(String, SubtitleFormat?)] = [
        ("srt", .srt), ("vtt", .vtt), ("webvtt", .vtt), ("ass", .ass), ("ssa", .ass),
        ("ttml", .ttml), ("dfxp", .ttml), ("xml", nil), ("smi", .sami), ("sami", .sami),
        ("sbv", .sbv), ("sub", nil), ("lrc", .lrc), ("txt", .text), ("md", .text), ("log", .text),
        ("json", .json), ("tsv", .tsv),
        ("ytt", .youtube), ("srv1", .youtube), ("srv2", .youtube), ("srv3", .youtube),
    ]

    /// The format a file name suggests, or `nil` when the extension says nothing
    /// (or, for `.xml` and `.sub`, nothing certain: the content decides).
    public init?(fileName: String) {
        guard let ext = Self.fileExtension(fileName),
              let format = Self.extensions.first(where: { $0.0 == ext })?.1 else { return nil }
        self = format
    }

    /// Whether a directory walk reads a file of this name: a known extension.
    public static func isWalked(fileName: String) -> Bool {
        guard let ext = fileExtension(fileName) else { return false }
        return extensions.contains { $0.0 == ext }
    }

    /// The lower-case extension of `fileName`, without the dot, or `nil`.
    static func fileExtension(_ fileName: String) -> String? {
        // Most names: the last bytes read from where they lie, an ASCII extension lower-cased
        // byte by byte (what `lowercased()` does to ASCII).
        if let ascii = fileName.utf8.withContiguousStorageIfAvailable({ asciiExtension(Array($0.suffix(9))) }),
           let found = ascii {
            return found
        }
        let utf8 = fileName.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")),
              !utf8[utf8.index(after: dot)...].contains(UInt8(ascii: "/")) else { return nil }
        let ext = fileName[fileName.index(after: dot)...]
        guard !ext.isEmpty, ext.utf8.count <= 8 else { return nil }
        return ext.lowercased()
    }

    /// `fileExtension` of a name whose last dot is followed by up to eight ASCII bytes, from its
    /// last nine bytes (`name`): `.some(nil)` when it has none (no dot there, nothing after the dot,
    /// or a `/` after it), `nil` when a byte that is not ASCII comes first (the caller then reads
    /// the name as a string).
    private static func asciiExtension(_ name: [UInt8]) -> String?? {
        var dot = name.count
        while true {
            guard dot > 0, name.count - dot <= 8 else { return .some(nil) }
            let byte = name[dot - 1]
            if byte == UInt8(ascii: ".") { break }
            if byte == UInt8(ascii: "/") { return .some(nil) }
            if byte >= 0x80 { return nil }
            dot -= 1
        }
        guard dot < name.count else { return .some(nil) }
        return .some(String(unsafeUninitializedCapacity: name.count - dot) { lower in
            for (i, byte) in name[dot...].enumerated() {
                lower[i] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            }
            return name.count - dot
        })
    }

    /// Whether the name's extension is one only subtitle files use (not `.txt`, `.md`, `.log`).
    static func hasSubtitleExtension(_ fileName: String) -> Bool {
        guard let ext = fileExtension(fileName) else { return false }
        return extensions.contains { $0.0 == ext && $0.1 != .text }
    }

    /// Whether a file read as plain lines was meant to be subtitles: its name has a subtitle
    /// extension, or its first 4 KiB show a subtitle's structure that detection could not use
    /// (a timing line `… --> …` after other text, `Dialogue:` events, `[Events]`, `<SYNC`,
    /// MicroDVD's `{100}{150}` or SBV's `0:00:01.000,0:00:03.000`).
    ///
    /// - Complexity: O(1): it looks at the first 4 KiB at most.
    static func promisesSubtitles(fileName: String, content utf8: ByteView) -> Bool {
        hasSubtitleExtension(fileName)
            || showsSubtitleStructure(utf8.extracting(first: detectionLength))
    }

    /// Whether a line of `bytes` looks like part of a subtitle file (see `promisesSubtitles`).
    static func showsSubtitleStructure(_ bytes: ByteView) -> Bool {
        let scanner = LineScanner(bytes)
        var position = 0
        while position < scanner.count {
            let (end, next) = scanner.line(from: position)
            defer { position = next }
            let start = bytes.skippingBlanks(from: position, to: end)
            guard start < end else { continue }
            let line = bytes.extracting(start..<end)
            if isTimingLike(line) || MicroDVDParser.isCueLine(line) || SBVParser.isTimingLine(line)
                || ASSParser.isSectionHeader(line) || line.startsCaseless(with: "dialogue:") || line.startsCaseless(with: "<sync") {
                return true
            }
        }
        return false
    }

    /// Whether `line` has `-->` with a clock time (a digit and a colon) before it.
    private static func isTimingLike(_ line: ByteView) -> Bool {
        guard LineScanner.containsArrow(line, 0, line.count) else { return false }
        var sawDigit = false
        for byte in line {
            if byte == UInt8(ascii: "-") { return false }
            if byte &- 0x30 < 10 { sawDigit = true } else if byte == UInt8(ascii: ":"), sawDigit { return true }
        }
        return false
    }

    /// How many bytes from the start of a text `init(content:)` looks at.
    static let detectionLength = 4096

    /// The format the text itself clearly shows, or `nil`.
    ///
    /// - `WEBVTT` on the first line: WebVTT.
    /// - `{"` or `[{` first: JSON. A first line `start<tab>end<tab>text`: Whisper TSV.
    /// - `[Script Info]`, `[V4+ Styles]`, `[V4 Styles]` or `[Events]` as a section line, or a first
    ///   line that is a `Dialogue:` event with its times or an events' `Format:` line (files of bare
    ///   events): ASS/SSA.
    /// - A `<tt` element (any namespace prefix): TTML. A `<SAMI>` element: SAMI. A `<timedtext>`
    ///   element, or a `<transcript>` one with a `<text` element in the first 4 KiB: YouTube timed text.
    /// - A first line `{1}{25}…`: MicroDVD. A first timing line `0:00:01.000,0:00:03.000`
    ///   or a `[INFORMATION]` header: SBV/SubViewer.
    /// - Three in four lines `00:00:50:text` (or `=text`), the first 4 KiB's: TMPlayer; `[120][150]text`: MPL2,
    ///   also after a header (`Content-Type: text/plain` and a blank line) that a downloader saved.
    /// - LRC metadata (`[ar:…]`, `[ti:…]`, `[offset:…]`, …) or a line with several `[mm:ss.xx]`
    ///   stamps: LRC. (A single stamp per line is left to timestamped text, which reads it alike.)
    /// - A first non-blank line that is an SRT-style timing line (`00:00:01,000 --> 00:00:02,000`,
    ///   also with `.`), or an index line followed by one: SRT. (A document that merely quotes
    ///   SRT further down stays what its extension says.)
    ///
    /// - Complexity: O(1): it looks at the first 4 KiB at most.
    public init?(content utf8: [UInt8]) {
        if WebVTTParser.hasSignature(utf8) {
            self = .vtt
            return
        }
        if JSONTranscriptParser.looksLikeJSON(utf8.prefix(64)) {
            self = .json
            return
        }
        if WhisperTSVParser.hasHeader(utf8) {
            self = .tsv
            return
        }
        let found: SubtitleFormat? = utf8.withByteView { buffer in
            Self.sniff(buffer.extracting(first: Self.detectionLength))
        }
        guard let found else { return nil }
        self = found
    }

    private static func sniff(_ bytes: ByteView) -> SubtitleFormat? {
        let scanner = LineScanner(bytes)
        var position = 0
        var sawIndex = false
        var firstLine = true
        var markupSeen = false
        while position < scanner.count {
            let (end, next) = scanner.line(from: position)
            defer { position = next }
            var start = position
            if firstLine, end - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF {
                start += 3
            }
            start = bytes.skippingBlanks(from: start, to: end)
            if start == end { continue }
            let wasFirst = firstLine
            firstLine = false
            let line = bytes.extracting(start..<end)
            if line[0] == UInt8(ascii: "<") || markupSeen {
                markupSeen = true
                if let format = markupFormat(line, in: bytes) { return format == .text ? nil : format }
                continue
            }
            if wasFirst && ASSParser.isBareDialogue(line) { return .ass }
            if line[0] == UInt8(ascii: "[") {
                if ASSParser.isSectionHeader(line) { return .ass }
                if line.startsCaseless(with: "[information]") { return .sbv }
                if LRCParser.isMetadataTag(line) || LRCParser.stampCount(line) >= 2 { return .lrc }
                if wasFirst && MPL2Parser.recognises(bytes.extracting(start...)) { return .mpl2 }
            }
            // An SRT file opens with its first cue's index: no look over 4 KiB of lines for it.
            if wasFirst && !SRTParser.isIndex(bytes, start, end) && TMPlayerParser.recognises(bytes.extracting(start...)) {
                return .tmplayer
            }
            if wasFirst || !sawIndex {
                if MicroDVDParser.isCueLine(line) { return wasFirst ? .microdvd : nil }
                if SBVParser.isTimingLine(line) { return .sbv }
            }
            if case .valid = SRTParser.timing(bytes, start, end) { return .srt }
            if wasFirst && MPL2Parser.isHeaderField(line) && MPL2Parser.recognisesAfterHeader(bytes.extracting(start...)) {
                return .mpl2
            }
            if sawIndex { return nil }
            guard SRTParser.isIndex(bytes, start, end) else {
                // Comment lines (`;`, `!:`) may open an SSA file before its first section.
                if line[0] == UInt8(ascii: ";") || line[0] == UInt8(ascii: "!") { continue }
                return nil
            }
            sawIndex = true
        }
        return nil
    }

    /// The markup format whose root element starts in `line`, if any: `<tt …>`/`<tt:tt …>`, `<SAMI>`,
    /// `<timedtext>`, or `<transcript>` when `head` (the first 4 KiB) holds a `<text` element.
    private static func markupFormat(_ line: ByteView, in head: ByteView) -> SubtitleFormat? {
        var index = 0
        while index + 1 < line.count {
            if line[index] == UInt8(ascii: "<") {
                var name = index + 1
                if line[name] != UInt8(ascii: "?") && line[name] != UInt8(ascii: "!") && line[name] != UInt8(ascii: "/") {
                    // Skip a namespace prefix (`tt:`), then look at the local name.
                    var scan = name
                    while scan < line.count, isNameByte(line[scan]) { scan += 1 }
                    if scan < line.count, line[scan] == UInt8(ascii: ":") { name = scan + 1 }
                    // An HTML page (an error page saved under a subtitle's name) is neither.
                    if line.extracting(name...).startsCaseless(with: "html") { return .text }
                    if name + 2 <= line.count, line[name] == UInt8(ascii: "t"), line[name + 1] == UInt8(ascii: "t"),
                       name + 2 == line.count || !isNameByte(line[name + 2]) {
                        return .ttml
                    }
                    if line.extracting(name...).startsCaseless(with: "sami"),
                       name + 4 == line.count || !isNameByte(line[name + 4]) {
                        return .sami
                    }
                    if isElement(line, name, "timedtext")
                        || isElement(line, name, "transcript") && YouTubeTimedTextParser.hasTextElement(head) {
                        return .youtube
                    }
                }
            }
            index += 1
        }
        return nil
    }

    /// Whether the element name starting at `name` in `line` is `element` (lower case), any case.
    private static func isElement(_ line: ByteView, _ name: Int, _ element: StaticString) -> Bool {
        let end = name + element.utf8CodeUnitCount
        return line.extracting(name...).startsCaseless(with: element) && (end == line.count || !isNameByte(line[end]))
    }

    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte >= 0x80
    }

    /// The format to read a file with: the content's when it clearly says so,
    /// else the extension's, else timestamped text.
    ///
    /// A `.txt`, `.md` or unknown file with SRT timing lines is SRT; a `.srt` with a
    /// `WEBVTT` header is WebVTT; a `.vtt` without the header but with timing lines is SRT
    /// (whose reader takes WebVTT-style timings too); an `.xml` that is TTML is TTML and a
    /// `.sub` is MicroDVD or SubViewer as its lines show.
    public static func detect(fileName: String, content utf8: [UInt8]) -> SubtitleFormat {
        let byName = SubtitleFormat(fileName: fileName)
        guard let byContent = SubtitleFormat(content: utf8) else { return byName ?? .text }
        return byContent
    }
}
