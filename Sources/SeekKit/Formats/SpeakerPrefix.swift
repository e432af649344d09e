import SeekBytes

/// Recognises who speaks from a label at the start of a cue's text, and where the label ends.
///
/// Recognised, at the very start of the first line:
/// - `>> NAME:` (broadcast captions), and `>> NAME` up to the colon;
/// - `[SPEAKER_00]:` (diarization; any bracketed name followed by `:`);
/// - `(speaker 0)` (whisper.cpp's diarization), read as `Speaker 0`;
/// - `Name:`, `- Name:`, `**Name:**` and `**Name**:` where the name is one to four name-like
///   words (letters, digits, `.` `'` `-` `_` `&`), each starting with a capital letter (or,
///   after the first, a digit as in `Speaker 2` or a particle as in `Marcel van Lohuizen`),
///   at most 32 bytes in all, the colon is followed by a space or the end of the line (and
///   then not by a digit, so `Update: 10:30` is no speaker), and the name is not a common
///   label such as `Note`, `Warning`, `Subtitles` or `Time`.
///
/// So `Travis: When you…`, `CDR: Roger.` and `>> JOHN: Hi` give a speaker, and
/// `Note: the time is 10:30`, `http://…` and `at 10:30: go` don't. Parsers leave the label in
/// the cue's text; `SpeakerTurns` takes it off in transcript-like files, and the printer shows
/// a label left in the text once.
enum SpeakerPrefix {
    static let maximumNameBytes = 32
    static let maximumWords = 4

    private static let labels: Set<String> = [
        "note", "notes", "nb", "warning", "caution", "tip", "hint", "important", "info", "update",
        "subtitle", "subtitles", "subtitled", "caption", "captions", "captioned", "translation",
        "translated", "translator", "transcript", "transcribed", "transcription", "sync", "synced",
        "source", "credit", "credits", "edit", "edited", "music", "song", "lyrics", "chapter",
        "part", "episode", "season", "title", "example", "ps", "p.s", "re", "fw", "fwd", "time",
        "date", "location", "place", "kind", "language", "lang", "style", "region", "http", "https",
        "www", "email", "tel", "phone", "url", "step", "reason", "result", "answer", "question",
    ]

    /// The speaker named at the start of `line`, which may run on past a `\n` (the
    /// prefix must end before it).
    static func speaker(in line: ByteView) -> String? {
        label(in: line)?.name
    }

    /// The speaker labelled at the start of `line` and the length of the label with the
    /// spaces (and one line break) after it: what to drop from the text.
    static func label(in line: ByteView) -> (name: String, length: Int)? {
        guard let (name, end) = labelEnd(in: line) else { return nil }
        var after = end
        while after < line.count && (line[after] == 0x20 || line[after] == 0x09) { after += 1 }
        if after < line.count && line[after] == 0x0A { after += 1 }
        return (name, after)
    }

    /// Whether `line` could start with a label at all: a cheap test before `label(in:)`. Every
    /// label starts with `(`, `>`, `[`, `-`, `*` or a name's capital letter (A–Z, or a lead byte
    /// of a longer letter), and all but `(speaker 0)` hold a colon near the start.
    @inline(__always)
    static func mayStartLabel(_ line: ByteView) -> Bool {
        guard let first = line.first else { return false }
        if first == UInt8(ascii: "(") { return true }
        switch first {
        case 0x41...0x5A, 0xC0...0xFF, UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "-"), UInt8(ascii: "*"):
            return line.firstIndex(of: UInt8(ascii: ":"), in: 0..<min(line.count, maximumNameBytes + 9)) != nil
        default:
            return false
        }
    }

    private static func labelEnd(in line: ByteView) -> (String, Int)? {
        var index = 0
        let count = line.count
        if count >= 10 && line[0] == UInt8(ascii: "("), let (name, end) = parenthesizedSpeaker(line) {
            return (name, end)
        }
        let searched = min(count, maximumNameBytes + 9)
        guard let firstColon = line.firstIndex(of: UInt8(ascii: ":"), in: 0..<searched),
              line.firstIndex(of: 0x0A, in: 0..<firstColon) == nil else { return nil }
        if count >= 2 && line[0] == UInt8(ascii: ">") && line[1] == UInt8(ascii: ">") {
            index = 2
            while index < count && line[index] == 0x20 { index += 1 }
            guard let colon = colonAfterName(line, from: index, requireCapital: false),
                  let name = trimmedName(line, index, colon) else { return nil }
            return (name, colon + 1)
        }
        if count >= 1 && line[0] == UInt8(ascii: "[") {
            var close = 1
            while close < count && close <= maximumNameBytes && line[close] != UInt8(ascii: "]")
                    && line[close] != 0x0A { close += 1 }
            guard close < count, close > 1, line[close] == UInt8(ascii: "]"),
                  close + 1 < count, line[close + 1] == UInt8(ascii: ":"),
                  let name = trimmedName(line, 1, close) else { return nil }
            return (name, close + 2)
        }
        if count >= 2 && line[0] == UInt8(ascii: "-") && line[1] == 0x20 {
            index = 2
        }
        var bold = false
        if count >= index + 2 && line[index] == UInt8(ascii: "*") && line[index + 1] == UInt8(ascii: "*") {
            bold = true
            index += 2
        }
        var nameEnd: Int
        var after: Int
        if bold, let close = boldCloseBeforeColon(line, from: index) {
            nameEnd = close
            after = close + 3
        } else {
            guard let colon = colonAfterName(line, from: index, requireCapital: true) else { return nil }
            nameEnd = colon
            after = colon + 1
            if bold {
                guard after + 2 <= count, line[after] == UInt8(ascii: "*"), line[after + 1] == UInt8(ascii: "*")
                else { return nil }
                after += 2
            }
        }
        if after < count {
            let next = line[after]
            guard next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D else { return nil }
            var first = after
            while first < count && (line[first] == 0x20 || line[first] == 0x09) { first += 1 }
            if first < count && line[first] >= 0x30 && line[first] <= 0x39 && !bold { return nil }
        }
        guard let name = trimmedName(line, index, nameEnd), !labels.contains(name.lowercased()) else { return nil }
        return (name, after)
    }

    /// `**Name**:`: the position of the closing `**` when a colon follows it and a name precedes it.
    private static func boldCloseBeforeColon(_ line: ByteView, from start: Int) -> Int? {
        guard start < line.count, startsWithCapital(line, at: start) else { return nil }
        var index = start
        var words = 1
        while index + 2 < line.count && index - start <= maximumNameBytes {
            switch line[index] {
            case UInt8(ascii: "*"):
                guard index > start, line[index + 1] == UInt8(ascii: "*"), line[index + 2] == UInt8(ascii: ":"),
                      line[index - 1] != 0x20 else { return nil }
                return index
            case 0x20:
                words += 1
                if words > maximumWords { return nil }
            case UInt8(ascii: "."), UInt8(ascii: "'"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "&"),
                 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x80...0xFF:
                break
            default:
                return nil
            }
            index += 1
        }
        return nil
    }

    /// `(speaker 0)` (any case), followed by a space, a colon or the end: `Speaker 0`.
    private static func parenthesizedSpeaker(_ line: ByteView) -> (String, Int)? {
        let word = Array("speaker ".utf8)
        guard line.count > word.count + 2 else { return nil }
        for (i, byte) in word.enumerated() where line[1 + i] | (byte == 0x20 ? 0 : 0x20) != byte { return nil }
        var close = 1 + word.count
        let idStart = close
        while close < line.count && close - idStart < 12 && line[close] != UInt8(ascii: ")")
                && line[close] != 0x0A && line[close] != 0x20 { close += 1 }
        guard close < line.count, close > idStart, line[close] == UInt8(ascii: ")") else { return nil }
        var end = close + 1
        if end < line.count && line[end] == UInt8(ascii: ":") { end += 1 }
        guard end == line.count || line[end] == 0x20 || line[end] == 0x0A || line[end] == 0x09 else { return nil }
        let id = line.string(in: idStart..<close)
        return ("Speaker " + id, end)
    }

    /// The position of the `:` ending a name-like run of one to four words starting at `start`.
    private static func colonAfterName(_ line: ByteView, from start: Int,
                                       requireCapital: Bool) -> Int? {
        guard start < line.count else { return nil }
        if requireCapital && !startsWithCapital(line, at: start) { return nil }
        var words = 1
        var index = start
        var previousWasSpace = false
        while index < line.count && index - start <= maximumNameBytes {
            let byte = line[index]
            switch byte {
            case UInt8(ascii: ":"):
                return index > start && !previousWasSpace ? index : nil
            case 0x20:
                if previousWasSpace || index == start { return nil }
                words += 1
                if words > maximumWords { return nil }
                if requireCapital {
                    guard index + 1 < line.count, startsWithCapital(line, at: index + 1)
                        || (line[index + 1] >= 0x30 && line[index + 1] <= 0x39)
                        || isParticle(line, at: index + 1) else { return nil }
                }
                previousWasSpace = true
            case UInt8(ascii: "."), UInt8(ascii: "'"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "&"),
                 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x80...0xFF:
                previousWasSpace = false
            default:
                return nil
            }
            index += 1
        }
        return nil
    }

    /// Lower-case words that appear inside names: `van`, `de`, `von`, `da`, `del`, `di`, `du`, `la`, `le`, `bin`, `al`.
    private static func isParticle(_ line: ByteView, at index: Int) -> Bool {
        var end = index
        var word: UInt32 = 0
        while end < line.count && line[end] >= 0x61 && line[end] <= 0x7A && end - index < 4 {
            word = word << 8 | UInt32(line[end])
            end += 1
        }
        guard end < line.count, line[end] == 0x20 else { return false }
        return particles.contains(word)
    }

    /// `van`, `de`, `von`, … packed into integers, one byte per letter.
    private static let particles: Set<UInt32> = Set(
        ["van", "de", "von", "da", "del", "der", "di", "du", "la", "le", "bin", "al", "ten", "ter"].map { name in
            name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        })

    private static func startsWithCapital(_ line: ByteView, at index: Int) -> Bool {
        let byte = line[index]
        if byte >= 0x41 && byte <= 0x5A { return true }
        guard byte >= 0xC0 else { return false }
        var end = index + 1
        while end < line.count && line[end] & 0xC0 == 0x80 { end += 1 }
        let text = line.string(in: index..<end)
        return text.unicodeScalars.first?.properties.isUppercase ?? false
    }

    private static func trimmedName(_ line: ByteView, _ start: Int, _ end: Int) -> String? {
        var low = start
        var high = end
        while low < high && line[low] == 0x20 { low += 1 }
        while high > low && line[high - 1] == 0x20 { high -= 1 }
        guard low < high else { return nil }
        return line.string(in: low..<high)
    }
}
