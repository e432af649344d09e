import SeekBytes

/// Reads YouTube's timed-text XML (`.ytt`, `.srv1`, `.srv2`, `.srv3`, or `.xml` told by content).
///
/// Three shapes, one reader:
/// - srv1, what the timedtext endpoint and its downloaders give:
///   `<transcript><text start="1.2" dur="3.4">text</text>…</transcript>`, times in seconds;
/// - srv2: `<timedtext><text t="1200" d="3400">…`, times in milliseconds;
/// - srv3 (`format="3"`): `<timedtext format="3"><body><p t="1200" d="3400">…`, milliseconds, the
///   words of automatic captions in `<s t="240">` segments timed from the paragraph's start
///   (each gives a word time, so a match reports when its words are said).
///
/// Each `<text>` or `<p>` with text is a cue; one with none (an empty `<text>`, an srv3 `<p a="1">`
/// holding a line feed) is skipped. The text is XML, and inside it YouTube escapes HTML again:
/// references are decoded twice (`&amp;#39;` is `'`) and the formatting tags this uncovers
/// (`&lt;i>`) are removed, as SRT's are; line feeds inside are line breaks, blanks at either
/// end are left out. A cue whose start cannot be read is skipped with a warning naming its
/// line. A file in which every `dur` is at least its `start` (three cues from 10 s on at least)
/// was written with end times in `dur`, as some converters do: they are read as ends, and a
/// warning says so. No DTD is read and no entity but the XML ones and numeric references is
/// expanded (`XMLScanner`). Cues come out in order of start.
public enum YouTubeTimedTextParser {
    /// Parses UTF-8 YouTube timed text.
    ///
    /// - Complexity: O(n) in the size of `utf8` (twice for a file whose `dur`s are end times;
    ///   plus O(m log m) for m cues out of order).
    public static func parse(_ utf8: [UInt8], fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withByteView { parse($0, fileName: fileName) }
    }

    /// `parse` of bytes as they lie (say, mapped).
    static func parse(_ buffer: ByteView, fileName: String) -> (transcript: Transcript, warnings: [Diagnostic]) {
        // Nothing passed over: always a parse.
        parse(buffer, fileName: fileName, passingOver: nil)!
    }

    /// `parse` for a search, which needs only the cues that may hold a match: after the first
    /// `SpeakerTurns.sampledCues` cues, a `<text>` or `<p>` whose content is text alone (no
    /// markup, `{`, CR or reference but an apostrophe's: its text is its raw bytes with only blanks
    /// taken off and apostrophes written out) up to its end tag and holds no `piece` is passed over, its times read (for the warnings, the
    /// order and the reading of `dur`) but not its text. Each cue read keeps its number in the
    /// whole parse (`Transcript.ordinal(at:)`); the warnings are the whole parse's. `nil` when
    /// cues were passed over and the cues came out of order.
    ///
    /// - Complexity: O(n) in the size of `buffer`.
    static func parse(_ buffer: ByteView, fileName: String, searchingFor piece: RawPiece)
        -> (transcript: Transcript, warnings: [Diagnostic])? {
        parse(buffer, fileName: fileName, passingOver: piece)
    }

    private static func parse(_ buffer: ByteView, fileName: String, passingOver piece: RawPiece?)
        -> (transcript: Transcript, warnings: [Diagnostic])? {
        var reader = Reader(scanner: XMLScanner(buffer), fileName: fileName, durationsAreEnds: false, piece: piece)
        var transcript = read(&reader, buffer.count)
        if reader.durationsLookLikeEnds {
            reader = Reader(scanner: XMLScanner(buffer), fileName: fileName, durationsAreEnds: true, piece: piece)
            transcript = read(&reader, buffer.count)
            reader.warnings.add(line: nil, "every dur is at least its start: read as end times, as some tools write them")
        }
        if !reader.sawRoot {
            reader.warnings.add(line: nil, "no <transcript> or <timedtext> element: nothing to read in this YouTube timed text")
        }
        if reader.passedOver > 0 {
            guard reader.ordered else { return nil }
            transcript.ordinalColumn = reader.ordinals
        }
        return (reader.ordered ? transcript : transcript.sortedByStart(), reader.warnings.all)
    }

    private static func read(_ reader: inout Reader, _ inputBytes: Int) -> Transcript {
        CueCollector.collect(inputBytes: inputBytes) { cues in
            cues.reserve(forInputBytes: inputBytes)
            reader.run(into: &cues)
        }
    }

    /// Whether `bytes` (a file's first bytes) hold a srv1 cue: `<transcript>` alone is too common a name.
    static func hasTextElement(_ bytes: ByteView) -> Bool {
        bytes.firstIndex(of: "<text ", from: 0) != nil || bytes.firstIndex(of: "<text>", from: 0) != nil
    }

    private struct Reader {
        var scanner: XMLScanner
        var warnings: WarningLog
        var lines: LineCounter
        /// Whether a srv1 `dur` is read as the cue's end (see `durationsLookLikeEnds`).
        let durationsAreEnds: Bool
        var sawRoot = false
        var sawEnd = false
        var ordered = true
        var lastStart = Int.min
        /// The cue being read: its times and the line of its tag; `nil` outside one (or in one skipped).
        var cue: (start: Int, end: Int?, line: Int)?
        /// The cue's element (`text` or `p`), so that an `</s>` or `</br>` does not end it.
        var cueIsParagraph = false
        /// Text decoded from XML once, before its HTML is cleaned.
        var decoded: [UInt8] = []
        /// Cues with a srv1 `dur`, whether each was at least its `start`, and how many start from 10 s on.
        var durations = 0
        var durationsBelowStart = 0
        var latersStarts = 0
        /// For a search, the piece of its keyword without which a cue of plain text is passed over.
        var piece: RawPiece?
        /// The cues appended or passed over so far, and of them those passed over.
        var cuesSeen = 0
        var passedOver = 0
        /// With a `piece`, the number of each cue appended (`cuesSeen` then).
        var ordinals = PackedIntegers()

        init(scanner: XMLScanner, fileName: String, durationsAreEnds: Bool, piece: RawPiece? = nil) {
            self.scanner = scanner
            warnings = WarningLog(fileName: fileName)
            lines = LineCounter(scanner.bytes)
            self.durationsAreEnds = durationsAreEnds
            self.piece = piece
        }

        var bytes: ByteView { scanner.bytes }

        /// Whether the file's `dur`s read as end times: none below its `start`, three cues from 10 s on.
        var durationsLookLikeEnds: Bool {
            !durationsAreEnds && durations > 0 && durationsBelowStart == 0 && latersStarts >= 3
        }

        mutating func run(into cues: inout CueCollector) {
            while let token = scanner.next() {
                switch token {
                case let .start(name, attributes, selfClosing):
                    if scanner.equals(name, "text") || scanner.equals(name, "p") {
                        if cue != nil { finish(into: &cues) }
                        begin(paragraph: scanner.equals(name, "p"), name, attributes, into: &cues)
                        if selfClosing { finish(into: &cues) }
                        if cue != nil, piece != nil, cuesSeen >= SpeakerTurns.sampledCues,
                           var after = passOver(name, contentStart: scanner.position) {
                            cue = nil
                            // The next cues, as long as each is written the usual way and passed
                            // over too; the first that is not is read from its `<` as any element is.
                            while let next = passOverNext(name, after: after) { after = next }
                            scanner.move(to: after)
                        }
                    } else if cue != nil, scanner.equals(name, "s") {
                        segment(attributes, into: &cues)
                    } else if cue != nil, scanner.equals(name, "br") {
                        cues.plain.append(0x0A)
                    } else if scanner.equals(name, "transcript") || scanner.equals(name, "timedtext") {
                        sawRoot = true
                    }
                case let .end(name):
                    if cue != nil, scanner.equals(name, cueIsParagraph ? "p" : "text") {
                        finish(into: &cues)
                    } else if scanner.equals(name, "transcript") || scanner.equals(name, "timedtext") {
                        if cue != nil { finish(into: &cues) }
                        sawEnd = true
                    }
                case let .text(range):
                    if cue != nil { append(range, decoding: true, into: &cues) }
                case let .cdata(range):
                    if cue != nil { append(range, decoding: false, into: &cues) }
                }
            }
            if cue != nil { finish(into: &cues) }
            if sawRoot && !sawEnd {
                warnings.add(line: lines.line(at: bytes.count),
                             "the file ends before </transcript> or </timedtext> (cut short?); the cues before are read")
            }
        }

        /// Starts a cue at a `<text>` or `<p>`: srv1's `start`/`dur` in seconds, else `t`/`d` in milliseconds.
        private mutating func begin(paragraph: Bool, _ name: Range<Int>, _ attributes: Range<Int>,
                                    into cues: inout CueCollector) {
            let line = lines.line(at: name.lowerBound)
            cues.plain.removeAll(keepingCapacity: true)
            cueIsParagraph = paragraph
            let start: Int?
            var end: Int?
            let times = timing(attributes)
            if let value = times.start {
                start = YouTubeTimedTextParser.milliseconds(seconds: bytes, value)
                guard let start else { return unreadable(value, "start", line: line) }
                if let value = times.dur {
                    guard let duration = YouTubeTimedTextParser.milliseconds(seconds: bytes, value) else {
                        return unreadable(value, "dur", line: line)
                    }
                    durations += 1
                    if duration < start { durationsBelowStart += 1 }
                    if start >= 10_000 { latersStarts += 1 }
                    end = durationsAreEnds ? max(duration, start) : start + duration
                }
            } else if let value = times.t {
                start = SAMIParser.milliseconds(bytes, value)
                guard let start else { return unreadable(value, "t", line: line) }
                if let value = times.d {
                    guard let duration = SAMIParser.milliseconds(bytes, value) else {
                        return unreadable(value, "d", line: line)
                    }
                    end = start + duration
                }
            } else {
                let shown = paragraph ? "<p> without t=" : "<text> without start="
                warnings.add(line: line, "\(shown); cue skipped")
                return
            }
            guard let start else { return }
            if start < lastStart { ordered = false }
            lastStart = start
            cue = (start, end, line)
        }

        /// The values of the first `start`, `dur`, `t` and `d` attributes (any prefix, any case), as
        /// `XMLScanner.attribute` finds each, in one walk of the attributes.
        private func timing(_ attributes: Range<Int>) -> (start: Range<Int>?, dur: Range<Int>?, t: Range<Int>?, d: Range<Int>?) {
            var found: (start: Range<Int>?, dur: Range<Int>?, t: Range<Int>?, d: Range<Int>?) = (nil, nil, nil, nil)
            var index = attributes.lowerBound
            while let (_, local, value) = scanner.nextAttribute(&index, attributes.upperBound) {
                switch local.count {
                case 1:
                    if found.t == nil, scanner.equals(local, "t") { found.t = value }
                    if found.d == nil, scanner.equals(local, "d") { found.d = value }
                case 3:
                    if found.dur == nil, scanner.equals(local, "dur") { found.dur = value }
                case 5:
                    if found.start == nil, scanner.equals(local, "start") { found.start = value }
                default:
                    break
                }
            }
            return found
        }

        private mutating func unreadable(_ value: Range<Int>, _ attribute: String, line: Int) {
            let shown = String(decoding: bytes[value.lowerBound..<min(value.upperBound, value.lowerBound + 40)], as: UTF8.self)
            let unit = attribute == "start" || attribute == "dur" ? "seconds" : "milliseconds"
            warnings.add(line: line, "unreadable \(attribute)='\(shown)' (expected \(unit)); cue skipped")
        }

        /// An srv3 word segment `<s t="240">`: a word time from the paragraph's start.
        private mutating func segment(_ attributes: Range<Int>, into cues: inout CueCollector) {
            guard let cue, let value = scanner.attribute("t", in: attributes),
                  let offset = SAMIParser.milliseconds(bytes, value) else { return }
            let leading = cues.plain.isEmpty
            cues.pendingWordTimes.append(WordTime(offset: leading ? 0 : cues.plain.count, start: cue.start + offset))
        }

        /// Adds character data to the cue's text: XML references decoded, then the HTML it held
        /// cleaned as SRT's is; carriage returns left out, no blanks at the text's start.
        private mutating func append(_ range: Range<Int>, decoding: Bool, into cues: inout CueCollector) {
            var text = bytes.extracting(range)
            if cues.plain.isEmpty {
                var first = 0
                while first < text.count, Self.isSpace(text[first]) { first += 1 }
                text = text.extracting(first...)
                guard !text.isEmpty else { return }
            }
            if !SRTParser.needsCleaning(text) && text.firstIndex(of: 0x0D) == nil {
                cues.plain.append(contentsOf: text)
                return
            }
            decoded.removeAll(keepingCapacity: true)
            if decoding {
                XMLScanner.appendDecoded(text, 0..<text.count, to: &decoded)
            } else {
                decoded.append(contentsOf: text)
            }
            decoded.removeAll { $0 == 0x0D }
            decoded.withByteView { SRTParser.clean($0, into: &cues.plain) }
        }

        /// Passes over the cue just begun at the element `name`, its content starting at
        /// `contentStart`, when that content is text alone (no `<`, `{`, CR or `&` but an apostrophe's
        /// reference when the piece has no apostrophe) up to its end tag, written as its start's
        /// name, and holds no `piece`: counted if it has text, not
        /// read. Returns where its end tag ends; `nil`, having changed nothing, for any other.
        private mutating func passOver(_ name: Range<Int>, contentStart start: Int) -> Int? {
            let count = bytes.count
            var stop = bytes.firstIndexInChunks(ofAny: UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "{"), 0x0D, in: start..<count)
            // An apostrophe written `&amp;#39;` (as YouTube escapes it twice) or `&#39;` is read as
            // one: the text is the raw bytes with it for each, and a piece without an apostrophe
            // that the text holds lies between them, in the raw bytes.
            while stop < count, bytes[stop] == UInt8(ascii: "&"), !piece!.bytes.contains(UInt8(ascii: "'")),
                  let length = Self.apostropheReference(bytes, at: stop) {
                stop = bytes.firstIndexInChunks(ofAny: UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "{"), 0x0D,
                                                in: (stop + length)..<count)
            }
            let nameEnd = stop + 2 + name.count
            guard nameEnd < count, bytes[stop] == UInt8(ascii: "<"), bytes[stop + 1] == UInt8(ascii: "/"),
                  bytes[nameEnd] == UInt8(ascii: ">"),
                  scanner.sameBytes(name, (stop + 2)..<nameEnd), !piece!.occurs(in: start..<stop, of: bytes) else { return nil }
            var index = start
            while index < stop, Self.isSpace(bytes[index]) { index += 1 }
            if index < stop {
                cuesSeen += 1
                passedOver += 1
            }
            return nameEnd + 1
        }

        /// The length of `&amp;#39;` or `&#39;` at `index`, else `nil`.
        @inline(__always)
        static func apostropheReference(_ bytes: ByteView, at index: Int) -> Int? {
            if index + 9 <= bytes.count, bytes.loadWord(at: index) == 0x3933_233B_706D_6126, // `&amp;#39`
               bytes[index + 8] == UInt8(ascii: ";") { return 9 }
            if index + 5 <= bytes.count, bytes[index + 1] == UInt8(ascii: "#"), bytes[index + 2] == UInt8(ascii: "3"),
               bytes[index + 3] == UInt8(ascii: "9"), bytes[index + 4] == UInt8(ascii: ";") { return 5 }
            return nil
        }

        /// After a cue passed over that ends at `after`, the next element `name` when only white
        /// space comes between and its start tag is written the usual way (` start="…" dur="…">`
        /// or ` t="…" d="…">`, times readable): begun as `begin` begins it (the counts that judge
        /// `dur`, the order), then passed over. Returns where it ends; `nil`, having changed
        /// nothing, for any other.
        private mutating func passOverNext(_ name: Range<Int>, after: Int) -> Int? {
            let count = bytes.count
            var index = after
            while index < count, Self.isSpace(bytes[index]) { index += 1 }
            let nameEnd = index + 1 + name.count
            guard nameEnd + 8 <= count, bytes[index] == UInt8(ascii: "<"), scanner.sameBytes(name, (index + 1)..<nameEnd)
            else { return nil }
            // ` start="` and ` dur="` (srv1, seconds), or ` t="` and ` d="` (milliseconds).
            let seconds = bytes.loadWord(at: nameEnd) == 0x223D_7472_6174_7320
            let startValue: Int
            if seconds {
                startValue = nameEnd + 8
            } else if bytes.loadWord(at: nameEnd) & 0xFFFF_FFFF == 0x223D_7420 {
                startValue = nameEnd + 4
            } else {
                return nil
            }
            var startEnd = startValue
            while startEnd < count, bytes[startEnd] != UInt8(ascii: "\"") { startEnd += 1 }
            let durationValue = startEnd + (seconds ? 7 : 5)
            guard durationValue + 1 < count, startEnd + 9 <= count else { return nil }
            let durationName = bytes.loadWord(at: startEnd + 1)
            guard seconds ? durationName & 0xFFFF_FFFF_FFFF == 0x223D_7275_6420 : durationName & 0xFFFF_FFFF == 0x223D_6420
            else { return nil }
            var durationEnd = durationValue
            while durationEnd < count, bytes[durationEnd] != UInt8(ascii: "\"") { durationEnd += 1 }
            guard durationEnd + 1 < count, bytes[durationEnd + 1] == UInt8(ascii: ">") else { return nil }
            let start: Int
            var duration: Int?
            if seconds {
                guard let value = YouTubeTimedTextParser.milliseconds(seconds: bytes, startValue..<startEnd),
                      let dur = YouTubeTimedTextParser.milliseconds(seconds: bytes, durationValue..<durationEnd)
                else { return nil }
                start = value
                duration = dur
            } else {
                guard let value = SAMIParser.milliseconds(bytes, startValue..<startEnd),
                      SAMIParser.milliseconds(bytes, durationValue..<durationEnd) != nil else { return nil }
                start = value
            }
            guard let end = passOver(name, contentStart: durationEnd + 2) else { return nil }
            if let duration {
                durations += 1
                if duration < start { durationsBelowStart += 1 }
                if start >= 10_000 { latersStarts += 1 }
            }
            if start < lastStart { ordered = false }
            lastStart = start
            return end
        }

        /// Ends the cue: blanks at its end and next to its line breaks left out; no cue without text.
        private mutating func finish(into cues: inout CueCollector) {
            guard let current = cue else { return }
            cue = nil
            while let last = cues.plain.last, Self.isSpace(last) { cues.plain.removeLast() }
            if cues.pendingWordTimes.isEmpty { LineBreakBlanks.remove(from: &cues.plain) }
            guard !cues.plain.isEmpty else {
                cues.pendingWordTimes.removeAll(keepingCapacity: true)
                return
            }
            cues.appendPlain(id: nil, start: current.start, end: current.end, speaker: nil, line: current.line)
            cuesSeen += 1
            if piece != nil { ordinals.append(Int64(cuesSeen)) }
        }

        @inline(__always)
        private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    }

    /// The milliseconds of a decimal count of seconds (`12.440`, `5`, `.5`), rounded; `nil` for
    /// anything else, or more than 9 digits before the point.
    static func milliseconds(seconds bytes: ByteView, _ range: Range<Int>) -> Int? {
        // Most often one to nine digits, a point and three digits (`12.440`): read straight.
        let point = range.upperBound - 4
        if range.count >= 5, range.count <= 13, bytes[point] == UInt8(ascii: "."),
           case let (a, b, c) = (bytes[point + 1] &- 0x30, bytes[point + 2] &- 0x30, bytes[point + 3] &- 0x30),
           a < 10, b < 10, c < 10 {
            var whole = 0
            var index = range.lowerBound
            while index < point, case let digit = bytes[index] &- 0x30, digit < 10 {
                whole = whole * 10 + Int(digit)
                index += 1
            }
            if index == point { return whole * 1000 + Int(a) * 100 + Int(b) * 10 + Int(c) }
        }
        var index = range.lowerBound
        var whole = 0
        while index < range.upperBound, bytes[index] &- 0x30 < 10 {
            guard index - range.lowerBound < 9 else { return nil }
            whole = whole * 10 + Int(bytes[index] &- 0x30)
            index += 1
        }
        let wholeDigits = index - range.lowerBound
        var thousandths = 0
        if index < range.upperBound, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 100
            var digits = 0
            while index < range.upperBound, bytes[index] &- 0x30 < 10 {
                let digit = Int(bytes[index] &- 0x30)
                if scale > 0 {
                    thousandths += digit * scale
                    scale /= 10
                } else if digits == 3, digit >= 5 {
                    thousandths += 1
                }
                digits += 1
                index += 1
            }
            guard digits > 0 || wholeDigits > 0 else { return nil }
        } else if wholeDigits == 0 {
            return nil
        }
        guard index == range.upperBound else { return nil }
        return whole * 1000 + thousandths
    }
}
