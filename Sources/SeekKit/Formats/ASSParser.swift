import SeekBytes

/// Reads Advanced SubStation Alpha (`.ass`, v4+) and SubStation Alpha (`.ssa`, v4) subtitles.
///
/// Only the `[Events]` section matters. Its `Format:` line names the fields of each event
/// (`Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text` in v4+,
/// `Marked, …` in v4); `Text` is last and may hold commas. Each `Dialogue:` line is a cue:
/// - times `H:MM:SS.cc`;
/// - the `Name` (or `Actor`) field is the speaker, the `Style` field the cue's style;
/// - override blocks `{\b1}`, `{\pos(…)}` and comments `{…}` are removed, so a phrase reads
///   the same across them; `\N` and `\n` are line breaks, `\h` a no-break space;
/// - text drawn in drawing mode (after `{\p1}`, until `{\p0}`) is shape commands, not words:
///   it is dropped, and a line with nothing else is no cue.
///
/// A file that names no speaker in its `Name` fields (SRT converted to ASS, say) takes them
/// from labels in the text as SRT does (`SpeakerTurns`), so both give the same matches.
///
/// `Comment:` (and `Picture:`, `Sound:`, …) events are skipped, as are the other sections
/// (`[Fonts]` and `[Graphics]` hold encoded files). Cues come out in order of start time,
/// as a player shows them (events of equal start keep file order). Without a `Format:`
/// line the usual field order is assumed, with a warning (or, for a line that has not its
/// margins, `Layer, Start, End, Style, Name, Text`); a `Dialogue:` line that cannot be
/// read is skipped with a warning naming its line. A file with no `[Events]` section at all
/// (some tools write bare `Dialogue:` lines) has its `Dialogue:` lines read wherever they stand,
/// outside the styles, `[Fonts]` and `[Graphics]` sections, with a warning.
public enum ASSParser {
    /// Parses UTF-8 ASS or SSA text.
    ///
    /// - Complexity: O(n) in the size of `utf8` (plus O(m log m) for m cues out of order).
    public static func parse(_ utf8: [UInt8], fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withByteView { parse($0, fileName: fileName) }
    }

    /// `parse` of bytes as they lie (say, mapped).
    static func parse(_ bytes: ByteView, fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        var warnings = WarningLog(fileName: fileName)
        var ordered = true
        var namesSpeakers = false
        let transcript = CueCollector.collect(inputBytes: bytes.count) { cues in
            var parser = Parser(scanner: LineScanner(bytes), cues: cues, fileName: fileName)
            parser.run()
            if !parser.sawEvents {
                parser = Parser(scanner: LineScanner(bytes), cues: cues, fileName: fileName, withoutEvents: true)
                parser.run()
            }
            cues = parser.cues
            warnings = parser.warnings
            ordered = parser.ordered
            namesSpeakers = parser.namesSpeakers
        }
        let sorted = ordered ? transcript : transcript.sortedByStart()
        return (namesSpeakers ? sorted : SpeakerTurns.carried(sorted), warnings.all)
    }

    /// Whether `line` is one of the section lines only ASS and SSA files have.
    static func isSectionHeader(_ line: ByteView) -> Bool {
        line.startsCaseless(with: "[script info]") || line.startsCaseless(with: "[v4+ styles]")
            || line.startsCaseless(with: "[v4 styles]") || line.startsCaseless(with: "[events]")
    }

    /// Where the fields the parser needs sit in an event line.
    struct Fields: Equatable {
        var start = 1
        var end = 2
        var style = 3
        var name = 4
        /// The index of the last field, `Text`.
        var text = 9

        /// The order both v4 and v4+ use.
        static let usual = Fields()

        /// `Layer, Start, End, Style, Name, Text`: bare `Dialogue:` lines without margins or
        /// effect, as some tools write them with no `Format:` line.
        static let short = Fields(text: 5)

        /// The fields of a `Format:` line's list (the part after the colon), or `nil` without `Start`, `End` or `Text`.
        init?(format bytes: ByteView) {
            var start: Int?, end: Int?, text: Int?
            var style = -1, name = -1
            var index = 0
            var field = 0
            while index <= bytes.count {
                var fieldEnd = index
                while fieldEnd < bytes.count, bytes[fieldEnd] != UInt8(ascii: ",") { fieldEnd += 1 }
                let item = bytes.extracting(bytes.trimmingBlanks(index..<fieldEnd))
                func named(_ expected: StaticString) -> Bool {
                    item.count == expected.utf8CodeUnitCount && item.startsCaseless(with: expected)
                }
                if named("start") { start = field }
                else if named("end") { end = field }
                else if named("style") { style = field }
                else if named("name") || named("actor") { name = field }
                else if named("text") { text = field }
                field += 1
                index = fieldEnd + 1
            }
            guard let start, let end, let text, text == field - 1 else { return nil }
            self.start = start
            self.end = end
            self.style = style
            self.name = name
            self.text = text
        }

        private init(text: Int = 9) { self.text = text }

        /// Whether the fields from `from` to `end` fit the usual order: nine commas, and
        /// `MarginL` a number (or empty).
        static func fitUsual(_ bytes: ByteView, _ from: Int, _ end: Int) -> Bool {
            var commas = 0
            var index = from
            var margin = from..<from
            while index < end && commas < 9 {
                if bytes[index] == UInt8(ascii: ",") {
                    commas += 1
                    if commas == 5 { margin = (index + 1)..<(index + 1) }
                    if commas == 6 { margin = margin.lowerBound..<index }
                }
                index += 1
            }
            guard commas == 9 else { return false }
            return bytes.extracting(bytes.trimmingBlanks(margin)).allSatisfy { $0 &- 0x30 < 10 || $0 == UInt8(ascii: "-") }
        }
    }

    private struct Parser {
        let scanner: LineScanner
        var cues: CueCollector
        var warnings: WarningLog
        var fields: Fields?
        var inEvents = false
        var sawEvents = false
        var warnedFormat = false
        var ordered = true
        /// Whether some `Dialogue:` line names its speaker in the `Name` field.
        var namesSpeakers = false
        var lastStart = Int.min
        var styles = NameInterner()
        var names = NameInterner()
        /// Whether this is the second reading of a file with no `[Events]` section, taking
        /// `Dialogue:` lines outside the sections that never hold events.
        let withoutEvents: Bool
        var firstDialogueLine: Int?
        /// Whether the fields are assumed, no `Format:` line given: each line is read in the
        /// usual order when it fits it, else in the short one (`Fields.short`).
        var formatAssumed = false

        init(scanner: LineScanner, cues: CueCollector, fileName: String, withoutEvents: Bool = false) {
            self.withoutEvents = withoutEvents
            inEvents = withoutEvents
            self.scanner = scanner
            self.cues = cues
            self.cues.reserve(forInputBytes: scanner.count)
            warnings = WarningLog(fileName: fileName)
        }

        var bytes: ByteView { scanner.view }

        mutating func run() {
            var position = 0
            var lineNumber = 0
            while position < scanner.count {
                let (lineEnd, next) = scanner.line(from: position)
                lineNumber += 1
                defer { position = next }
                let start = bytes.skippingBlanks(from: position, to: lineEnd)
                guard start < lineEnd else { continue }
                let first = bytes[start] | 0x20
                if bytes[start] == UInt8(ascii: "[") {
                    if let close = ASSParser.sectionEnd(bytes, start, lineEnd) {
                        inEvents = close - start == 7 && bytes.startsCaseless(with: "events", at: start + 1)
                        sawEvents = sawEvents || inEvents
                        if withoutEvents { inEvents = !ASSParser.neverHoldsEvents(bytes.extracting((start + 1)..<close)) }
                        continue
                    }
                }
                guard inEvents else { continue }
                if first == UInt8(ascii: "d"), let colon = ASSParser.keyEnd(bytes, start, lineEnd, "dialogue") {
                    if withoutEvents && firstDialogueLine == nil {
                        firstDialogueLine = lineNumber
                        warnings.add(line: lineNumber, "Dialogue: lines with no [Events] section; read as events"
                                     + (fields == nil ? " with the usual fields" : ""))
                        warnedFormat = true
                    }
                    dialogue(colon + 1, lineEnd, lineNumber)
                } else if first == UInt8(ascii: "f"), let colon = ASSParser.keyEnd(bytes, start, lineEnd, "format") {
                    fields = Fields(format: bytes.extracting((colon + 1)..<lineEnd))
                    if fields == nil {
                        warnings.add(line: lineNumber, "a Format: line needs Start, End and, last, Text; the usual order is assumed")
                        fields = .usual
                    }
                }
            }
            if withoutEvents && firstDialogueLine == nil {
                warnings.add(line: nil, "no [Events] section: nothing to read in this ASS/SSA file")
            }
        }

        private mutating func dialogue(_ from: Int, _ lineEnd: Int, _ lineNumber: Int) {
            if fields == nil {
                if !warnedFormat {
                    warnings.add(line: lineNumber, "no Format: line before the first Dialogue:; the usual field order is assumed")
                    warnedFormat = true
                }
                fields = .usual
                formatAssumed = true
            }
            var fields = self.fields ?? .usual
            if formatAssumed && !Fields.fitUsual(bytes, from, lineEnd) { fields = .short }
            var index = from
            var field = 0
            var starts = (start: 0, end: 0, style: 0, name: 0)
            var ends = (start: 0, end: 0, style: 0, name: 0)
            while field < fields.text {
                let fieldStart = index
                while index < lineEnd, bytes[index] != UInt8(ascii: ",") { index += 1 }
                guard index < lineEnd else {
                    warnings.add(line: lineNumber, "a Dialogue: line with \(field + 1) fields, where Format: names \(fields.text + 1); line skipped")
                    return
                }
                if field == fields.start { (starts.start, ends.start) = (fieldStart, index) }
                else if field == fields.end { (starts.end, ends.end) = (fieldStart, index) }
                else if field == fields.style { (starts.style, ends.style) = (fieldStart, index) }
                else if field == fields.name { (starts.name, ends.name) = (fieldStart, index) }
                index += 1
                field += 1
            }
            guard let start = Self.time(bytes, starts.start, ends.start), let end = Self.time(bytes, starts.end, ends.end) else {
                warnings.add(line: lineNumber, "unreadable time in a Dialogue: line (expected H:MM:SS.cc); line skipped")
                return
            }
            if end < start {
                warnings.add(line: lineNumber, "a Dialogue: line ends before it starts")
            }
            var style: String?
            if fields.style >= 0 {
                let range = bytes.trimmingBlanks(starts.style..<ends.style)
                // SSA marks some style names `*Default`; the name is what follows.
                let name = range.first.map { bytes[$0] } == UInt8(ascii: "*") ? range.dropFirst() : range
                if !name.isEmpty { style = styles.name(bytes.extracting(name)) }
            }
            var speaker: String?
            if fields.name >= 0 {
                let range = bytes.trimmingBlanks(starts.name..<ends.name)
                if !range.isEmpty {
                    speaker = names.name(bytes.extracting(range))
                    namesSpeakers = true
                }
            }
            let text = bytes.extracting(index..<lineEnd)
            if ASSParser.isPlain(text) {
                let range = text.trimmingBlanks(0..<text.count)
                guard !range.isEmpty else { return }
                cues.append(text: text.extracting(range), id: nil, start: start, end: end,
                            speaker: speaker, style: style, line: lineNumber)
            } else {
                ASSParser.placeCleaned(text, into: &cues)
                guard cues.placedCount > 0 else { return }
                cues.appendPlaced(id: nil, start: start, end: end, speaker: speaker, style: style, line: lineNumber)
            }
            if start < lastStart { ordered = false }
            lastStart = start
        }

        /// Reads `H:MM:SS.cc`, also written `H:MM:SS:cc` by some tools. (A static function: a method
        /// of the parser would copy it at every call.)
        static func time(_ bytes: ByteView, _ from: Int, _ to: Int) -> Int? {
            let range = bytes.trimmingBlanks(from..<to)
            var index = range.lowerBound
            guard var value = ClockTime.read(bytes, &index, range.upperBound) else { return nil }
            if index + 1 < range.upperBound, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] &- 0x30 < 10,
               value % 1000 == 0 {
                var fraction = 0
                var digits = 0
                index += 1
                while index < range.upperBound, bytes[index] &- 0x30 < 10, digits < 3 {
                    fraction = fraction * 10 + Int(bytes[index] &- 0x30)
                    digits += 1
                    index += 1
                }
                value += digits == 1 ? fraction * 100 : digits == 2 ? fraction * 10 : fraction
            }
            return index == range.upperBound ? value : nil
        }
    }

    /// The index of the `]` closing a section line `[Name]` that starts at `start`, or `nil`.
    static func sectionEnd(_ bytes: ByteView, _ start: Int, _ end: Int) -> Int? {
        var close = end
        while close > start + 1, bytes[close - 1] == 0x20 || bytes[close - 1] == 0x09 { close -= 1 }
        guard close - start >= 3, close - start <= 40, bytes[close - 1] == UInt8(ascii: "]") else { return nil }
        for index in (start + 1)..<(close - 1) {
            let byte = bytes[index]
            let isWordByte = SubtitleFormat.isNameByte(byte) || byte == 0x20 || byte == UInt8(ascii: "+")
            if !isWordByte { return nil }
        }
        return close - 1
    }

    /// Whether `line` is a `Dialogue:` event with a start and an end time after its first field
    /// (`Dialogue: 0,0:00:01.00,0:00:03.00,…`, `Dialogue: Marked=0,…` in SSA), or an events'
    /// `Format:` line (`Start`, `End` and, last, `Text`), as tools that write bare events, with no
    /// section before them, begin their files.
    static func isBareDialogue(_ line: ByteView) -> Bool {
        if let colon = keyEnd(line, 0, line.count, "format") {
            return Fields(format: line.extracting((colon + 1)..<line.count)) != nil
        }
        guard let colon = keyEnd(line, 0, line.count, "dialogue"),
              let first = line.firstIndex(of: UInt8(ascii: ","), in: (colon + 1)..<line.count),
              let second = line.firstIndex(of: UInt8(ascii: ","), in: (first + 1)..<line.count),
              let third = line.firstIndex(of: UInt8(ascii: ","), in: (second + 1)..<line.count) else { return false }
        return Parser.time(line, first + 1, second) != nil && Parser.time(line, second + 1, third) != nil
    }

    /// Whether a section named `name` (between its brackets) holds no events: the styles,
    /// `[Fonts]` and `[Graphics]` (encoded files).
    static func neverHoldsEvents(_ name: ByteView) -> Bool {
        func named(_ expected: StaticString) -> Bool {
            name.count == expected.utf8CodeUnitCount && name.startsCaseless(with: expected)
        }
        return named("v4+ styles") || named("v4 styles") || named("fonts") || named("graphics")
    }

    /// The index of the `:` after the key `name` (given in lower case) at `start`, any case, or `nil`.
    static func keyEnd(_ bytes: ByteView, _ start: Int, _ end: Int, _ name: StaticString) -> Int? {
        let length = name.utf8CodeUnitCount
        guard end - start > length, bytes.startsCaseless(with: name, at: start) else { return nil }
        let index = bytes.skippingBlanks(from: start + length, to: end)
        return index < end && bytes[index] == UInt8(ascii: ":") ? index : nil
    }

    /// Whether `text` has no override block or escape to remove (`{` or `\`).
    @inline(__always)
    static func isPlain(_ text: ByteView) -> Bool {
        text.firstIndex(ofAny: UInt8(ascii: "{"), UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "\\"),
                        in: 0..<text.count) == text.count
    }

    /// Writes the words of an event's `Text` field as the next cue's text (`CueCollector.place`):
    /// override blocks removed, `\N` and `\n` as line breaks, `\h` as U+00A0, drawing-mode text
    /// dropped, no spaces or line breaks at either end and no blanks around a line break
    /// (`LineBreakBlanks`). Runs of plain text are copied whole.
    static func placeCleaned(_ text: ByteView, into cues: inout CueCollector) {
        let end = text.count
        var index = 0
        var drawing = false
        // Blanks are left out at the start and after a line break.
        var afterBreak = true
        func placeRun(_ run: Range<Int>) {
            var from = run.lowerBound
            if afterBreak {
                while from < run.upperBound && LineBreakBlanks.isBlank(text[from]) { from += 1 }
                guard from < run.upperBound else { return }
                afterBreak = false
            }
            cues.place(text.extracting(from..<run.upperBound))
        }
        while index < end {
            if drawing {
                // Only an override block can end drawing mode; the rest is not shown.
                guard let open = text.firstIndex(of: UInt8(ascii: "{"), in: index..<end),
                      let close = text.firstIndex(of: UInt8(ascii: "}"), in: (open + 1)..<end) else { break }
                if let mode = drawingMode(text, open + 1, close) { drawing = mode }
                index = close + 1
                continue
            }
            let stop = text.firstIndex(ofAny: UInt8(ascii: "{"), UInt8(ascii: "\\"), UInt8(ascii: "{"),
                                       UInt8(ascii: "\\"), in: index..<end)
            if stop > index { placeRun(index..<stop) }
            index = stop
            guard index < end else { break }
            if text[index] == UInt8(ascii: "{") {
                if let close = text.firstIndex(of: UInt8(ascii: "}"), in: (index + 1)..<end) {
                    if let mode = drawingMode(text, index + 1, close) { drawing = mode }
                    index = close + 1
                } else {
                    placeRun(index..<(index + 1))
                    index += 1
                }
                continue
            }
            let next = index + 1 < end ? text[index + 1] : 0
            if next == UInt8(ascii: "N") || next == UInt8(ascii: "n") {
                if cues.placedCount > 0 {
                    while let last = cues.lastPlaced, LineBreakBlanks.isBlank(last) { cues.removeLastPlaced() }
                    cues.place(0x0A)
                }
                afterBreak = true
                index += 2
            } else if next == UInt8(ascii: "h") {
                cues.place(0xC2)
                cues.place(0xA0)
                afterBreak = false
                index += 2
            } else {
                placeRun(index..<(index + 1))
                index += 1
            }
        }
        while let last = cues.lastPlaced, last == 0x20 || last == 0x0A || last == 0x09 { cues.removeLastPlaced() }
    }

    /// The drawing mode an override block `from..<to` sets with `\p<n>` (the last one
    /// wins): `true` for n > 0, `false` for `\p0`, `nil` when it sets none.
    private static func drawingMode(_ text: ByteView, _ from: Int, _ to: Int) -> Bool? {
        var mode: Bool?
        var index = from
        while index < to {
            if text[index] == UInt8(ascii: "\\"), text[index + 1] == UInt8(ascii: "p"), index + 2 < to,
               text[index + 2] &- 0x30 < 10 {
                var value = 0
                var digit = index + 2
                while digit < to, text[digit] &- 0x30 < 10 {
                    value = min(value * 10 + Int(text[digit] &- 0x30), 1000)
                    digit += 1
                }
                mode = value > 0
                index = digit
                continue
            }
            index += 1
        }
        return mode
    }
}
