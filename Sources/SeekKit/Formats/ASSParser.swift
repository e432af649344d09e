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
        /// Where the next line starts, and the lines read before it.
        var position = 0
        var lineNumber = 0
        /// Whether the parser lays out events (`ASSParser.layOut`) instead of collecting cues:
        /// each cue's event goes to `events`, and its text either stays where it lies in the file
        /// (`lying`) or is written cleaned to `cues` (kept there, not recorded; `spans`, `written`).
        let layingOut: Bool
        var events: [Event] = []
        /// Laying out: the fields each event of `events` was read with, from the cue where they took over.
        var formats: [(cue: Int, fields: Fields)] = []
        /// Laying out: whether the last of `formats` is the usual order.
        var formatsEndUsual = false
        var spans: [Range<Int>] = []
        /// Laying out: the cues of `spans`, by their place in `events`.
        var written: [Int] = []
        /// Laying out: the texts of the other cues, each its `Text` field as it lies, trimmed, where
        /// it lies in the file (from `lyingBase`).
        var lying: [Range<Int>] = []
        var lyingBase = 0
        /// Laying out: the fields between the times and the `Text` field of the last event line read
        /// at once (`layOutUsualLine`), where they lie, their length (0 for none) and whether they name a
        /// speaker: the next line with the same bytes there has the same fields.
        var lastMiddle = (from: 0, length: 0, named: false)
        /// Laying out: the speakers the first cues' labels name (`SpeakerTurns`' rule).
        var labels = LabelTally<String>()
        var laidOutCues = 0
        /// Laying out: whether a cue's text did not fit the room left for it.
        var overflowed = false
        /// Laying out: whether the text of a cue whose only markup is escapes (`\N`, `\h`, ...) is
        /// left where it lies (trimmed), its cleaning left to the search (`LaidOutEvents.deferred`).
        var defersEscapes = false
        /// Laying out, with `defersEscapes`: the bytes (either case) of the keyword searched for, so that
        /// a field with override blocks is left where it lies too when no match can run across one
        /// (`ASSParser.defersBlocks`).
        var keywordBytes = ASCIISet()
        /// Laying out: the places in `lying` of those cues.
        var deferred: [Int] = []

        init(scanner: LineScanner, cues: CueCollector, fileName: String, withoutEvents: Bool = false,
             layingOut: Bool = false) {
            self.withoutEvents = withoutEvents
            self.layingOut = layingOut
            inEvents = withoutEvents
            self.scanner = scanner
            self.cues = cues
            self.cues.reserve(forInputBytes: scanner.count)
            warnings = WarningLog(fileName: fileName)
        }

        var bytes: ByteView { scanner.view }

        mutating func run() {
            while position < scanner.count { readLine() }
            if withoutEvents && firstDialogueLine == nil {
                warnings.add(line: nil, "no [Events] section: nothing to read in this ASS/SSA file")
            }
        }

        /// Laying out (`layingOut`): reads lines until the cue texts written hold `size` bytes, the
        /// cues number `maxCues` or the layout fails (`failed`); false once the text is read to its end.
        mutating func readLines(holding size: Int, maxCues: Int) -> Bool {
            while position < scanner.count {
                if cues.used >= size || events.count >= maxCues || failed { return true }
                if inEvents && !formatAssumed && fields == .usual {
                    while layOutUsualLine() {
                        if position >= scanner.count { return false }
                        if cues.used >= size || events.count >= maxCues || failed { return true }
                    }
                }
                readLine()
            }
            return false
        }

        /// Whether what was laid out so far is not what `parse` gives: a warning, cues out of
        /// order, or a cue's text that would not fit the room for it.
        var failed: Bool { !warnings.diagnostics.isEmpty || !ordered || overflowed }

        /// Reads the line at `position` and moves past it.
        mutating func readLine() {
            let (lineEnd, next) = scanner.line(from: position)
            lineNumber += 1
            defer { position = next }
            let start = bytes.skippingBlanks(from: position, to: lineEnd)
            guard start < lineEnd else { return }
            let first = bytes[start] | 0x20
            if bytes[start] == UInt8(ascii: "[") {
                if let close = ASSParser.sectionEnd(bytes, start, lineEnd) {
                    inEvents = close - start == 7 && bytes.startsCaseless(with: "events", at: start + 1)
                    sawEvents = sawEvents || inEvents
                    if withoutEvents { inEvents = !ASSParser.neverHoldsEvents(bytes.extracting((start + 1)..<close)) }
                    return
                }
            }
            guard inEvents else { return }
            if first == UInt8(ascii: "d"), let colon = ASSParser.dialogueKeyEnd(bytes, start, lineEnd) {
                if withoutEvents && firstDialogueLine == nil {
                    firstDialogueLine = lineNumber
                    warnings.add(line: lineNumber, "Dialogue: lines with no [Events] section; read as events"
                                 + (fields == nil ? " with the usual fields" : ""))
                    warnedFormat = true
                }
                if !layingOut || !layOutUsualEvent(colon + 1, lineEnd) { dialogue(colon + 1, lineEnd, lineNumber) }
            } else if first == UInt8(ascii: "f"), let colon = ASSParser.keyEnd(bytes, start, lineEnd, "format") {
                fields = Fields(format: bytes.extracting((colon + 1)..<lineEnd))
                if fields == nil {
                    warnings.add(line: lineNumber, "a Format: line needs Start, End and, last, Text; the usual order is assumed")
                    fields = .usual
                }
            }
        }

        mutating func dialogue(_ from: Int, _ lineEnd: Int, _ lineNumber: Int) {
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
                index = ASSParser.comma(bytes, from: index, to: lineEnd)
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
                if !name.isEmpty && !layingOut { style = styles.name(bytes.extracting(name)) }
            }
            var speaker: String?
            if fields.name >= 0 {
                let range = bytes.trimmingBlanks(starts.name..<ends.name)
                if !range.isEmpty {
                    if !layingOut { speaker = names.name(bytes.extracting(range)) }
                    namesSpeakers = true
                }
            }
            let text = bytes.extracting(index..<lineEnd)
            if layingOut {
                guard layOut(text, at: index, event: Event(from: from, line: lineNumber), fields: fields,
                             named: fields.name >= 0 && !bytes.trimmingBlanks(starts.name..<ends.name).isEmpty)
                else { return }
            } else if ASSParser.isPlain(text) {
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

        /// Laying out: reads the line at `position` as `readLine` does, at once, when it is an event
        /// line as nearly every file writes it under the usual `Format:` line: the key `Dialogue:` at
        /// the line's start, the fields `usualFields` reads, and the line's end looked for in the same
        /// scan as the `Text` field's markup; false, having changed nothing, for any other line.
        @inline(__always)
        private mutating func layOutUsualLine() -> Bool {
            let count = scanner.count
            let lineStart = position
            guard count &- lineStart >= 64,
                  UInt64(littleEndian: bytes.loadWord(at: lineStart)) | 0x2020_2020_2020_2020 == ASSParser.dialogueWord,
                  bytes[lineStart &+ 8] == UInt8(ascii: ":"),
                  let (start, afterEnd) = ASSParser.usualTimes(bytes, lineStart &+ 9) else { return false }
            let named: Bool, textStart: Int
            if lastMiddle.length > 0 && ASSParser.bytesEqual(bytes, afterEnd, lastMiddle.from, lastMiddle.length) {
                (named, textStart) = (lastMiddle.named, afterEnd &+ lastMiddle.length)
            } else {
                guard let middle = ASSParser.usualMiddle(bytes, afterEnd, count) else { return false }
                (named, textStart) = middle
                lastMiddle = textStart &- afterEnd <= 16 ? (afterEnd, textStart &- afterEnd, named) : (0, 0, false)
            }
            // From the `Text` field on: its first `{` or `\`, its first `{`, and the line's end.
            var special = -1, brace = -1
            var lineEnd = count, next = count
            var index = textStart
            scan: while index < count {
                var (low, high): (UInt64, UInt64) = (0, 0)
                if index &+ 16 <= count {
                    (low, high) = ASSParser.textStops(bytes, at: index)
                } else {
                    for lane in 0..<(count &- index) where ASSParser.isTextStop(bytes[index &+ lane]) {
                        if lane < 8 { low |= 0x80 << UInt64(lane &* 8) } else { high |= 0x80 << UInt64((lane &- 8) &* 8) }
                    }
                }
                var base = index
                for half in 0..<2 {
                    var marks = half == 0 ? low : high
                    while marks != 0 {
                        let at = base &+ marks.trailingZeroBitCount >> 3
                        let byte = bytes[at]
                        if byte == UInt8(ascii: "{") {
                            if special < 0 { special = at }
                            if brace < 0 { brace = at }
                        } else if byte == UInt8(ascii: "\\") {
                            if special < 0 { special = at }
                        } else if byte == 0x0A {
                            (lineEnd, next) = (at, at &+ 1)
                            break scan
                        } else {
                            (lineEnd, next) = (at, at &+ 1 < count && bytes[at &+ 1] == 0x0A ? at &+ 2 : at &+ 1)
                            break scan
                        }
                        marks &= marks &- 1
                    }
                    base &+= 8
                }
                index &+= 16
            }
            lineNumber &+= 1
            position = next
            if named { namesSpeakers = true }
            if laidOutCues >= SpeakerTurns.sampledCues && (special < 0 || defersEscapes && brace < 0) {
                // `layOut`'s first two cases, labels no longer looked at: plain text, or text whose only
                // markup is escapes and does not start with one, kept where it lies.
                let range = bytes.trimmingBlanks(textStart..<lineEnd)
                guard !range.isEmpty else { return true }
                if special >= 0 {
                    guard bytes[range.lowerBound] != UInt8(ascii: "\\") else {
                        return layOutText(textStart, lineEnd, special: special, brace: brace, lineStart: lineStart,
                                          start: start, named: named)
                    }
                    deferred.append(lying.count)
                }
                if lying.isEmpty { lyingBase = range.lowerBound }
                lying.append((range.lowerBound &- lyingBase)..<(range.upperBound &- lyingBase))
                laidOutCues &+= 1
                if !formatsEndUsual {
                    formats.append((events.count, .usual))
                    formatsEndUsual = true
                }
                events.append(Event(from: lineStart &+ 9, line: lineNumber))
                if start < lastStart { ordered = false }
                lastStart = start
                return true
            }
            return layOutText(textStart, lineEnd, special: special, brace: brace, lineStart: lineStart, start: start, named: named)
        }

        /// `layOutUsualLine`'s other cases, through `layOut`.
        private mutating func layOutText(
            _ textStart: Int, _ lineEnd: Int, special: Int, brace: Int, lineStart: Int, start: Int, named: Bool
        ) -> Bool {
            let textLength = lineEnd &- textStart
            if layOut(bytes.extracting(textStart..<lineEnd), at: textStart,
                      special: special < 0 ? textLength : special &- textStart,
                      brace: brace < 0 ? textLength : brace &- textStart,
                      event: Event(from: lineStart &+ 9, line: lineNumber), fields: .usual, named: named) {
                if start < lastStart { ordered = false }
                lastStart = start
            }
            return true
        }

        /// Laying out: reads the fields of an event line as `dialogue` does, at once, when they are
        /// as nearly every file writes them (times `H:MM:SS.cc` with no blanks around them, starting
        /// before they end, under a `Format:` line given, the `Text` field's comma eight bytes or
        /// more before the line ends); false, having changed nothing, for any other line.
        private mutating func layOutUsualEvent(_ from: Int, _ lineEnd: Int) -> Bool {
            guard let fields, !formatAssumed, fields.text < 16, fields.start > 0, fields.end > 0 else { return false }
            if fields == .usual, let usual = ASSParser.usualFields(bytes, from, lineEnd) {
                if usual.named { namesSpeakers = true }
                if layOut(bytes.extracting(usual.text..<lineEnd), at: usual.text,
                          event: Event(from: from, line: lineNumber), fields: fields, named: usual.named) {
                    if usual.start < lastStart { ordered = false }
                    lastStart = usual.start
                }
                return true
            }
            // The fields wanted, each from after the comma before it to its own comma, as the commas are found.
            var startField = (0, 0), endField = (0, 0), nameField = (0, 0)
            var textStart = -1
            var field = 0
            var previous = from &- 1
            var index = from
            words: while index &+ 8 <= lineEnd {
                var commas = ASSParser.commaBytes(UInt64(littleEndian: bytes.loadWord(at: index)))
                while commas != 0 {
                    let comma = index &+ commas.trailingZeroBitCount >> 3
                    if field == fields.start {
                        startField = (previous &+ 1, comma)
                    } else if field == fields.end {
                        endField = (previous &+ 1, comma)
                    } else if field == fields.name {
                        nameField = (previous &+ 1, comma)
                    }
                    field &+= 1
                    previous = comma
                    if field == fields.text {
                        textStart = comma &+ 1
                        break words
                    }
                    commas &= commas &- 1
                }
                index &+= 8
            }
            guard textStart >= 0 else { return false }
            guard let start = ASSParser.shortTime(bytes, startField.0, startField.1),
                  let end = ASSParser.shortTime(bytes, endField.0, endField.1), end >= start else { return false }
            var named = false
            if fields.name >= 0 {
                named = !bytes.trimmingBlanks(nameField.0..<nameField.1).isEmpty
            }
            if named { namesSpeakers = true }
            if layOut(bytes.extracting(textStart..<lineEnd), at: textStart,
                      event: Event(from: from, line: lineNumber), fields: fields, named: named) {
                if start < lastStart { ordered = false }
                lastStart = start
            }
            return true
        }

        /// Laying out: keeps the cue text of an event's `Text` field as the parser gives it, and the
        /// event; false when it is no cue. A field with no markup is left where it lies (`lying`),
        /// as is one whose only markup is escapes when `defersEscapes` allows; any other is written
        /// cleaned to `cues` (its span in `spans`).
        private mutating func layOut(_ text: ByteView, at textStart: Int, event: Event, fields: Fields, named: Bool) -> Bool {
            let special = text.firstIndex(ofAny: UInt8(ascii: "{"), UInt8(ascii: "\\"), UInt8(ascii: "{"),
                                          UInt8(ascii: "\\"), in: 0..<text.count)
            let brace = special == text.count ? special : text.firstIndex(of: UInt8(ascii: "{"), in: special..<text.count) ?? text.count
            return layOut(text, at: textStart, special: special, brace: brace, event: event, fields: fields, named: named)
        }

        /// `layOut(_:at:event:fields:named:)` of a field whose first `{` or `\` (`special`) and first
        /// `{` (`brace`) are known (`text.count` for none).
        @inline(__always)
        private mutating func layOut(
            _ text: ByteView, at textStart: Int, special: Int, brace: Int, event: Event, fields: Fields, named: Bool
        ) -> Bool {
            let cue = events.count
            if special == text.count {
                let range = text.trimmingBlanks(0..<text.count)
                guard !range.isEmpty else { return false }
                if laidOutCues < SpeakerTurns.sampledCues && !named, let speaker = SpeakerPrefix.speaker(in: text.extracting(range)) {
                    labels.add(speaker)
                }
                keepLying(range, at: textStart)
            } else if defersEscapes && laidOutCues >= SpeakerTurns.sampledCues,
                      case let range = text.trimmingBlanks(0..<text.count),
                      brace == text.count
                        // Its first byte then stays in the cleaned text, which is no empty cue.
                        ? text[range.lowerBound] != UInt8(ascii: "\\")
                        : ASSParser.defersBlocks(text, keywordBytes) {
                deferred.append(lying.count)
                keepLying(range, at: textStart)
            } else {
                guard text.count + 2 <= cues.room else {
                    overflowed = true
                    return false
                }
                ASSParser.placeCleaned(text, into: &cues)
                guard cues.placedCount > 0 else { return false }
                if laidOutCues < SpeakerTurns.sampledCues && !named, let speaker = SpeakerPrefix.speaker(in: cues.placed) {
                    labels.add(speaker)
                }
                spans.append(cues.keepPlaced())
                written.append(cue)
            }
            laidOutCues += 1
            if formats.last?.fields != fields {
                formats.append((cue, fields))
                formatsEndUsual = fields == .usual
            }
            events.append(event)
            return true
        }

        /// Laying out: keeps `range` of the `Text` field at `textStart` as the next cue's text, where it lies.
        @inline(__always)
        private mutating func keepLying(_ range: Range<Int>, at textStart: Int) {
            if lying.isEmpty { lyingBase = textStart + range.lowerBound }
            let base = textStart - lyingBase
            lying.append((base + range.lowerBound)..<(base + range.upperBound))
        }

        /// Reads `H:MM:SS.cc`, also written `H:MM:SS:cc` by some tools. (A static function: a method
        /// of the parser would copy it at every call.)
        static func time(_ bytes: ByteView, _ from: Int, _ to: Int) -> Int? {
            if let time = ASSParser.shortTime(bytes, from, to) { return time }
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

    /// The index of the first comma in `from..<end` of `bytes`, or `end`: eight bytes at a time.
    @inline(__always)
    static func comma(_ bytes: ByteView, from: Int, to end: Int) -> Int {
        var index = from
        while index + 8 <= end {
            // A byte of zeros where the word has a comma: the lowest byte flagged is the first zero.
            let word = UInt64(littleEndian: bytes.loadWord(at: index)) ^ 0x2C2C_2C2C_2C2C_2C2C
            let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < end, bytes[index] != UInt8(ascii: ",") { index += 1 }
        return index
    }

    /// The high bit of each byte of `word` that is a comma, and no other bit.
    @inline(__always)
    static func commaBytes(_ word: UInt64) -> UInt64 {
        let zeros = word ^ 0x2C2C_2C2C_2C2C_2C2C
        // A byte's high bit is set when its low seven bits or its high bit are not zero.
        let nonzero = ((zeros & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | zeros
        return ~nonzero & 0x8080_8080_8080_8080
    }

    /// `keyEnd` of the key `dialogue`, its eight bytes read as one word: ORed with 0x20, they
    /// are its letters in lower case only when they are those letters in either case.
    static func dialogueKeyEnd(_ bytes: ByteView, _ start: Int, _ end: Int) -> Int? {
        guard end - start > 8,
              UInt64(littleEndian: bytes.loadWord(at: start)) | 0x2020_2020_2020_2020 == dialogueWord else { return nil }
        let index = bytes.skippingBlanks(from: start + 8, to: end)
        return index < end && bytes[index] == UInt8(ascii: ":") ? index : nil
    }

    /// The bytes of `dialogue`, in order, as a little-endian word.
    static let dialogueWord: UInt64 = 0x6575_676F_6C61_6964

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

    /// Whether the search may leave cleaning the `Text` field `text` (with override blocks) to the cues whose text as it lies holds a match of a keyword made of `keywordBytes`
    /// (printable ASCII, no space; `LaidOutEvents.deferred`): when its cleaned text (`placeCleaned`)
    /// is sure to be a cue, and no match can lie in it but not in `text` as it lies.
    ///
    /// A byte outside the blocks that is no blank, no `{` and no `\`, nor the letter of an escape,
    /// stays in the cleaned text. The blocks are removed, escapes become line breaks and no-break
    /// spaces (which the keyword has not), and blanks go only next to those or at the ends: each
    /// match in the cleaned text lies in a run of bytes that `text` holds too, unless it runs across
    /// a run of blocks with the keyword's bytes on both sides, or a block sets drawing mode (`\p`),
    /// whose dropped text joins what stands around it. Neither may be.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func defersBlocks(_ text: ByteView, _ keywordBytes: ASCIISet) -> Bool {
        let end = text.count
        var kept = false
        var index = 0
        while index < end {
            let open = text.firstIndex(of: UInt8(ascii: "{"), in: index..<end) ?? end
            if !kept { kept = keepsAByte(text, index, open) }
            guard open < end else { break }
            // A run of blocks in a row, removed together; an unclosed `{` is kept, as are all after it.
            var close = open
            while close < end && text[close] == UInt8(ascii: "{") {
                guard let inner = text.firstIndex(of: UInt8(ascii: "}"), in: (close + 1)..<end) else { break }
                var backslash = close + 1
                while backslash + 1 < inner {
                    if text[backslash] == UInt8(ascii: "\\") && text[backslash + 1] == UInt8(ascii: "p") { return false }
                    backslash += 1
                }
                close = inner + 1
            }
            if close == open { return true }
            if open > 0 && close < end && keywordBytes.contains(text[open - 1]) && keywordBytes.contains(text[close]) {
                return false
            }
            index = close
        }
        return kept
    }

    /// Whether `from..<to` of `text`, outside override blocks, holds a byte that the cleaned text
    /// keeps: one that is no blank and no `\`, nor the letter of an escape.
    @inline(__always)
    private static func keepsAByte(_ text: ByteView, _ from: Int, _ to: Int) -> Bool {
        var index = from
        while index < to {
            let byte = text[index]
            if byte == UInt8(ascii: "\\") {
                let next = index + 1 < text.count ? text[index + 1] : 0
                index += next == UInt8(ascii: "N") || next == UInt8(ascii: "n") || next == UInt8(ascii: "h") ? 2 : 1
            } else if LineBreakBlanks.isBlank(byte) {
                index += 1
            } else {
                return true
            }
        }
        return false
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

    /// The fields of an event line in the usual order (`Fields.usual`) as nearly every file writes
    /// them, `Dialogue: 0,0:00:01.00,0:00:03.00,Style,Name,0,0,0,,Text` (a layer of one digit, times
    /// `H:MM:SS.cc` with no blanks, the start no later than the end, the six commas after the times
    /// eight bytes or more before the line ends), read at once from `from` (after the key's colon):
    /// what the parser reads of them; `nil` for any other line.
    @inline(__always)
    static func usualFields(_ bytes: ByteView, _ from: Int, _ lineEnd: Int) -> (start: Int, end: Int, named: Bool, text: Int)? {
        var at = from
        if at < lineEnd && bytes[at] == 0x20 { at &+= 1 }
        guard at &+ 2 <= lineEnd, bytes[at] &- 0x30 < 10, bytes[at &+ 1] == UInt8(ascii: ","),
              let (start, afterStart) = usualClock(bytes, at &+ 2, lineEnd),
              let (end, afterEnd) = usualClock(bytes, afterStart, lineEnd), end >= start
        else { return nil }
        // The six commas after the times: the second and third bound the name.
        var commas = 0
        var styleEnd = 0, nameEnd = 0
        var index = afterEnd
        while index &+ 8 <= lineEnd {
            var found = commaBytes(UInt64(littleEndian: bytes.loadWord(at: index)))
            while found != 0 {
                let comma = index &+ found.trailingZeroBitCount >> 3
                commas &+= 1
                if commas == 1 {
                    styleEnd = comma
                } else if commas == 2 {
                    nameEnd = comma
                } else if commas == 6 {
                    let named = nameEnd > styleEnd &+ 1 && !bytes.trimmingBlanks((styleEnd &+ 1)..<nameEnd).isEmpty
                    return (start, end, named, comma &+ 1)
                }
                found &= found &- 1
            }
            index &+= 8
        }
        return nil
    }

    /// The times of an event line in the usual order as `usualFields` reads them, from `from` (after
    /// the key's colon) with at least 40 bytes of `bytes` from there: the start, and where the field
    /// after the end time starts; `nil` for any other line, or an end before the start.
    @inline(__always)
    static func usualTimes(_ bytes: ByteView, _ from: Int) -> (start: Int, afterEnd: Int)? {
        var at = from
        if bytes[at] == 0x20 { at &+= 1 }
        guard bytes[at] &- 0x30 < 10, bytes[at &+ 1] == UInt8(ascii: ",") else { return nil }
        let startAt = at &+ 2
        let startDigits = clockDigits(bytes, startAt)
        guard startDigits > 0 else { return nil }
        let endAt = startAt &+ startDigits &+ 10
        let endDigits = clockDigits(bytes, endAt)
        guard endDigits > 0 else { return nil }
        let start = clockValue(bytes, startAt, startDigits)
        if endDigits == startDigits {
            // Two times of the same length: their bytes in order are their values' order.
            let length = startDigits &+ 9
            let first = (bytes.loadWord(at: startAt).byteSwapped, bytes.loadWord(at: endAt).byteSwapped)
            if first.0 != first.1 { return first.1 > first.0 ? (start, endAt &+ length &+ 1) : nil }
            let shift = UInt64((16 &- length) &* 8)
            let rest = (bytes.loadWord(at: startAt &+ 8).byteSwapped >> shift, bytes.loadWord(at: endAt &+ 8).byteSwapped >> shift)
            return rest.1 >= rest.0 ? (start, endAt &+ length &+ 1) : nil
        }
        guard clockValue(bytes, endAt, endDigits) >= start else { return nil }
        return (start, endAt &+ endDigits &+ 10)
    }

    /// How many digits of hours the time `H:MM:SS.cc,` at `at` has (one to six), with sixteen bytes
    /// from `at` in `bytes`; 0 for any other bytes.
    @inline(__always)
    private static func clockDigits(_ bytes: ByteView, _ at: Int) -> Int {
        let digits = WordBytes.leadingDigits(UInt64(littleEndian: bytes.loadWord(at: at)))
        guard digits >= 1 && digits <= 6 else { return 0 }
        let colon = at &+ digits
        // Past the pattern `:00:00.0`, digits leave values below ten and the separators zeros.
        let word = UInt64(littleEndian: bytes.loadWord(at: colon)) ^ 0x302E_3030_3A30_303A
        guard (word | (word &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 == 0,
              word & 0x00FF_0000_FF00_00FF == 0, bytes[colon &+ 8] &- 0x30 < 10,
              bytes[colon &+ 9] == UInt8(ascii: ",") else { return 0 }
        return digits
    }

    /// The milliseconds of the time at `at` whose hours have `digits` digits (`clockDigits`), as `shortTime` reads them.
    @inline(__always)
    private static func clockValue(_ bytes: ByteView, _ at: Int, _ digits: Int) -> Int {
        let hours = Int(truncatingIfNeeded: WordBytes.value(UInt64(littleEndian: bytes.loadWord(at: at)), digits: digits))
        let colon = at &+ digits
        let word = UInt64(littleEndian: bytes.loadWord(at: colon)) ^ 0x302E_3030_3A30_303A
        @inline(__always) func digit(_ lane: UInt64) -> Int { Int(truncatingIfNeeded: (word >> (lane &* 8)) & 0xFF) }
        let minutes = hours &* 60 &+ digit(1) &* 10 &+ digit(2)
        return (minutes &* 60 &+ digit(4) &* 10 &+ digit(5)) &* 1000 &+ digit(7) &* 100 &+ Int(bytes[colon &+ 8] &- 0x30) &* 10
    }

    /// The six fields after the times of an event line in the usual order (`Style` to `Effect`), from
    /// `from`, as `usualFields` reads them but with the line's end not yet known: the six commas must
    /// come before any byte below 0x0E (a line break, a tab, ...). Whether the `Name` field names a
    /// speaker, and where the `Text` field starts; `nil` for any other bytes.
    @inline(__always)
    static func usualMiddle(_ bytes: ByteView, _ from: Int, _ count: Int) -> (named: Bool, text: Int)? {
        var commas = 0
        var styleEnd = 0, nameEnd = 0
        var index = from
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: bytes.loadWord(at: index))
            var found = commaBytes(word)
            let stops = WordBytes.below(word, 0x0E)
            // Only the commas before the first stop count, and the line is not read at once if it comes first.
            if stops != 0 { found &= (stops & (0 &- stops)) &- 1 }
            while found != 0 {
                let comma = index &+ found.trailingZeroBitCount >> 3
                commas &+= 1
                if commas == 1 {
                    styleEnd = comma
                } else if commas == 2 {
                    nameEnd = comma
                } else if commas == 6 {
                    let named = nameEnd > styleEnd &+ 1 && !bytes.trimmingBlanks((styleEnd &+ 1)..<nameEnd).isEmpty
                    return (named, comma &+ 1)
                }
                found &= found &- 1
            }
            if stops != 0 { return nil }
            index &+= 8
        }
        return nil
    }

    /// Whether the `length` bytes (1 to 16) at `a` and at `b` are the same, with sixteen bytes from
    /// each in `bytes`.
    @inline(__always)
    static func bytesEqual(_ bytes: ByteView, _ a: Int, _ b: Int, _ length: Int) -> Bool {
        let low = bytes.loadWord(at: a) ^ bytes.loadWord(at: b)
        let high = bytes.loadWord(at: a &+ 8) ^ bytes.loadWord(at: b &+ 8)
        let lowMask: UInt64 = length >= 8 ? ~0 : (1 << UInt64(length &* 8)) &- 1
        let highMask: UInt64 = length >= 16 ? ~0 : length <= 8 ? 0 : (1 << UInt64((length &- 8) &* 8)) &- 1
        return low & lowMask | high & highMask == 0
    }

    /// The `{`, `\`, line feeds and carriage returns among the sixteen bytes at `index`, as two
    /// words: the high bit of each such byte of the first and the second eight.
    @inline(__always)
    static func textStops(_ bytes: ByteView, at index: Int) -> (UInt64, UInt64) {
        let chunk = bytes.load(at: index, as: SIMD16<UInt8>.self)
        // Each comparison as words, then joined (lane-wise steps on masks compile byte by byte).
        let marks = SIMD2<UInt64>(lanes: chunk .== SIMD16(repeating: UInt8(ascii: "{")))
            | SIMD2<UInt64>(lanes: chunk .== SIMD16(repeating: UInt8(ascii: "\\")))
            | SIMD2<UInt64>(lanes: chunk .== SIMD16(repeating: 0x0A)) | SIMD2<UInt64>(lanes: chunk .== SIMD16(repeating: 0x0D))
        return (marks[0] & 0x8080_8080_8080_8080, marks[1] & 0x8080_8080_8080_8080)
    }

    /// Whether `byte` is one the scan of an event line's `Text` field stops at: `{`, `\`, a line
    /// feed or a carriage return.
    @inline(__always)
    static func isTextStop(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\\") || byte == 0x0A || byte == 0x0D
    }

    /// `H:MM:SS.cc,` at `at` (hours of one to six digits), all but the hours and the last digit
    /// checked as one word: the milliseconds `shortTime` reads of the field before the comma, and
    /// where the next field starts; `nil` for any other bytes, or bytes past `end`.
    @inline(__always)
    private static func usualClock(_ bytes: ByteView, _ at: Int, _ end: Int) -> (Int, Int)? {
        var colon = at
        var hours = 0
        while colon < end && colon &- at < 7, case let digit = bytes[colon] &- 0x30, digit < 10 {
            hours = hours &* 10 &+ Int(digit)
            colon &+= 1
        }
        guard colon > at, colon &- at <= 6, colon &+ 10 <= end else { return nil }
        // Past the pattern `:00:00.0`, digits leave values below ten and the separators zeros.
        let word = UInt64(littleEndian: bytes.loadWord(at: colon)) ^ 0x302E_3030_3A30_303A
        let c1 = bytes[colon &+ 8] &- 0x30
        guard (word | (word &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 == 0,
              word & 0x00FF_0000_FF00_00FF == 0, c1 < 10, bytes[colon &+ 9] == UInt8(ascii: ",") else { return nil }
        @inline(__always) func digit(_ lane: UInt64) -> Int { Int(truncatingIfNeeded: (word >> (lane &* 8)) & 0xFF) }
        let minutes = hours &* 60 &+ digit(1) &* 10 &+ digit(2)
        let time = (minutes &* 60 &+ digit(4) &* 10 &+ digit(5)) &* 1000 &+ digit(7) &* 100 &+ Int(c1) &* 10
        return (time, colon &+ 10)
    }

    /// `H:MM:SS.cc` (hours of one to six digits) at `from..<to`, the form nearly every file writes,
    /// read at once: what `ClockTime.read` reads of those bytes, or `nil` for any other form.
    @inline(__always)
    static func shortTime(_ bytes: ByteView, _ from: Int, _ to: Int) -> Int? {
        let at = to - 9
        guard at > from, at - from <= 6 else { return nil }
        var hours = 0
        for index in from..<at {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            hours = hours &* 10 &+ Int(digit)
        }
        let m0 = bytes[at + 1] &- 0x30, m1 = bytes[at + 2] &- 0x30, s0 = bytes[at + 4] &- 0x30
        let s1 = bytes[at + 5] &- 0x30, c0 = bytes[at + 7] &- 0x30, c1 = bytes[at + 8] &- 0x30
        guard m0 < 10, m1 < 10, s0 < 10, s1 < 10, c0 < 10, c1 < 10, bytes[at] == UInt8(ascii: ":"),
              bytes[at + 3] == UInt8(ascii: ":"), bytes[at + 6] == UInt8(ascii: ".") else { return nil }
        let minutes = hours &* 60 &+ Int(m0 &* 10 &+ m1)
        return (minutes &* 60 &+ Int(s0 &* 10 &+ s1)) &* 1000 &+ Int(c0) &* 100 &+ Int(c1) &* 10
    }
}

// MARK: - Search first, parse later

extension ASSParser {
    /// Where an event line lies, for `EventReader` to read it as `parse` does (with the fields its
    /// `Format:` line names, `LaidOutEvents.fields(of:)`).
    struct Event {
        /// Just after the `Dialogue:` key's colon; the fields run from there to the line's end.
        var from: Int
        var line: Int
    }

    /// The cues of a run of event lines, their texts as `parse` gives them, so that a search looks
    /// at them before any is parsed (`layOut`): those of a `Text` field with no markup (or only
    /// escapes, `deferred`) where they lie in the file, the others written cleaned.
    struct LaidOutEvents {
        /// Each cue's event line, in file order: a cue is its place here.
        var events: [Event]
        /// The fields the events were read with, each from the cue where they took over.
        var formats: [(cue: Int, fields: Fields)]
        /// How many cues the runs before this one held.
        var cuesBefore: Int
        /// The texts of the cues written cleaned, each followed by a line feed.
        var text: ByteView
        /// Each of those cues' text in `text`, and the cue it is.
        var spans: [Range<Int>]
        var written: [Int]
        /// The texts of the other cues where they lie in the file, from `lyingBase` on (trimmed
        /// `Text` fields), in order: the cues not in `written` (`LyingCues`).
        var lying: [Range<Int>]
        var lyingBase: Int
        /// The places in `lying` of the fields whose only markup is escapes (`\N`, `\h`, ...): their
        /// cleaned text (`ASSParser.cleanedText`) is the search's to make when the field as it lies
        /// holds a match.
        var deferred: [Int]
        /// Whether the parse is known to carry no labels through turns (`SpeakerTurns`): an event
        /// names its speaker, or the first cues are all laid out and their labels are not
        /// transcript-like. These cues' texts are then the parse's whatever the rest of the file holds.
        var speakersSettled: Bool

        /// The fields cue `cue`'s event was read with.
        func fields(of cue: Int) -> Fields {
            var place = formats.count - 1
            while place > 0 && formats[place].cue > cue { place -= 1 }
            return formats[place].fields
        }

        /// The cues of `lying`'s places, asked for in increasing order: each is the cue its place
        /// would be, counted past the cues `written` before it.
        struct LyingCues {
            private let written: [Int]
            private var passed = 0

            init(_ run: LaidOutEvents) { written = run.written }

            /// The cue of the text at `place` in `lying`, no earlier than the place last asked for.
            mutating func cue(at place: Int) -> Int {
                while passed < written.count && written[passed] <= place + passed { passed += 1 }
                return place + passed
            }
        }

        /// The part of the file that `lying` spans, from `lyingBase`.
        func lyingText(in bytes: ByteView) -> ByteView {
            bytes.extracting(lyingBase..<(lyingBase + (lying.last?.upperBound ?? 0)))
        }
    }

    /// The cue text `parse` makes of an event's `Text` field `text`.
    static func cleanedText(_ text: ByteView) -> String {
        var kept = 0..<0
        return CueCollector.withCollected(inputBytes: text.count, keepsSpeakers: false, { cues in
            placeCleaned(text, into: &cues)
            kept = cues.keepPlaced()
        }, use: { written, _, _ in written.string(in: kept) })
    }

    /// Hands `body` the cues of `bytes` (UTF-8 ASS or SSA), a run of at most `runCues` cues or
    /// about `runSize` bytes of cleaned text at a time, as `parse` gives them: each cue's text, its
    /// number and where its event lies. Returns true when those are all the cues `parse` gives, in
    /// its order and with no warning; false, at once, when a warning, a cue out of order (`parse`
    /// sorts them), a text longer than the room a run has or speakers carried through turns
    /// (`SpeakerTurns`) make them differ, and when `body` returns false.
    ///
    /// Every line goes through the parser's own reading; only the speakers' and styles' names
    /// and the cue records are left for `EventReader` to make, for the cues asked for, and only
    /// the texts with markup are written out.
    ///
    /// - Complexity: O(n) in the size of `bytes`.
    ///
    /// - Parameter keyword: a keyword of printable ASCII without spaces, or `nil`: a field whose
    ///   only markup is escapes, or override blocks that no match of it can run across
    ///   (`defersBlocks`), is then left where it lies (`LaidOutEvents.deferred`).
    ///
    ///   Deferring pays while few deferred cues hold a match as they lie (each is then cleaned and
    ///   searched again): once more than one in eight of a run's do (`RunSearched`), the rest of
    ///   the file's are written cleaned.
    static func layOut(
        _ bytes: ByteView, runSize: Int = 1 << 20, runCues: Int = 1 << 14, deferring keyword: String? = nil,
        _ body: (LaidOutEvents) -> RunSearched
    ) -> Bool {
        var exact = false
        CueCollector.withCollected(inputBytes: runSize, keepsSpeakers: false, { scratch in
            var parser = Parser(scanner: LineScanner(bytes), cues: scratch, fileName: "", layingOut: true)
            if let keyword {
                parser.defersEscapes = true
                parser.keywordBytes = ASCIISet(caseless: keyword.utf8)
            }
            var cuesBefore = 0
            var more = true
            while more {
                more = parser.readLines(holding: runSize, maxCues: runCues)
                if parser.failed { return }
                if !parser.events.isEmpty {
                    let run = LaidOutEvents(events: parser.events, formats: parser.formats, cuesBefore: cuesBefore,
                                            text: parser.cues.storageBytes.view(0..<parser.cues.used),
                                            spans: parser.spans, written: parser.written, lying: parser.lying,
                                            lyingBase: parser.lyingBase,
                                            deferred: parser.deferred, speakersSettled: parser.namesSpeakers
                                                || parser.laidOutCues >= SpeakerTurns.sampledCues && !parser.labels.isTranscriptLike)
                    guard case let .next(cleanedDeferred) = body(run) else { return }
                    if cleanedDeferred > parser.deferred.count / 8 { parser.defersEscapes = false }
                    cuesBefore += parser.events.count
                    parser.events.removeAll(keepingCapacity: true)
                    parser.formats.removeAll(keepingCapacity: true)
                    parser.formatsEndUsual = false
                    parser.spans.removeAll(keepingCapacity: true)
                    parser.written.removeAll(keepingCapacity: true)
                    parser.lying.removeAll(keepingCapacity: true)
                    parser.deferred.removeAll(keepingCapacity: true)
                    parser.cues.removeAll()
                }
            }
            exact = parser.sawEvents && (parser.namesSpeakers || !parser.labels.isTranscriptLike)
        }, use: { _, _, _ in })
        return exact
    }

    /// What a search made of a run of events laid out (`layOut`'s body gives it).
    enum RunSearched {
        /// Stop laying out.
        case stop
        /// Go on; `cleanedDeferred` of the run's deferred cues held a match as they lie, and were cleaned.
        case next(cleanedDeferred: Int)
    }

    /// Reads event lines that `layOut` found as `parse` reads them, one cue each.
    struct EventReader {
        private var parser: Parser

        init(_ bytes: ByteView) {
            parser = Parser(scanner: LineScanner(bytes), cues: .standIn, fileName: "")
            parser.inEvents = true
        }

        /// Appends the cue of `event`, read with `fields`, to `cues`; false when it gives no cue or a
        /// warning (it was not laid out from the same bytes).
        mutating func read(_ event: Event, fields: Fields, into cues: inout CueCollector) -> Bool {
            swap(&parser.cues, &cues)
            defer { swap(&parser.cues, &cues) }
            let before = parser.cues.count
            parser.fields = fields
            parser.dialogue(event.from, parser.scanner.line(from: event.from).end, event.line)
            return parser.cues.count == before + 1 && parser.warnings.diagnostics.isEmpty
        }
    }
}

/// A set of ASCII bytes, as two words of bits.
struct ASCIISet {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init() {}

    /// The bytes of `bytes` below 0x80, each in both cases when a letter.
    init(caseless bytes: some Sequence<UInt8>) {
        for byte in bytes where byte < 0x80 {
            insert(byte)
            if byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") { insert(byte ^ 0x20) }
        }
    }

    private mutating func insert(_ byte: UInt8) {
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }

    /// Whether `byte` is in the set (no byte from 0x80 on is).
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low >> UInt64(byte) & 1 != 0 : byte < 128 && high >> UInt64(byte - 64) & 1 != 0
    }
}
