import SeekBytes

/// Reads Timed Text Markup Language: TTML 1 and 2, DFXP and the IMSC 1.x profiles
/// (`.ttml`, `.dfxp`, `.xml`).
///
/// Each `<p>` is a cue. Its `begin`, `end` and `dur` count from its parent's begin, and the
/// parent's end cuts it off (the `par` time containers every profile uses), so times on
/// `<body>` and nested `<div>`s add up; a `<p>` with no times of its own takes them from its
/// timed `<span>`s. Time expressions: clock times `01:02:03.500` and `01:02:03:12` (frames, and
/// `.sub-frames`), offsets `10s 100ms 2.5m 1h 30f 3000t`, with `ttp:frameRate`,
/// `ttp:frameRateMultiplier`, `ttp:subFrameRate` and `ttp:tickRate` from the root; bare
/// numbers are seconds (as Apple's lyrics write them). Text: `<br/>` is a line break, `<span>`s
/// are flattened, white space collapses unless `xml:space="preserve"`. `ttm:agent` (or a
/// `ttm:name` on the agent it names) is the speaker; `xml:lang` can select a language.
/// Elements may carry any namespace prefix (`tt:p`); elements whose prefix is declared for
/// another namespace are not displayed, so not read. What is never displayed is not read:
/// `tts:display="none"` on a paragraph or div, or through a style (`<style tts:display>` in
/// `<head>`, followed through styles naming styles), hides it, unless a `<set
/// tts:display="auto">` in the paragraph shows it for the set's time (one in a hidden span shows
/// the span's words with the paragraph); a paragraph in a timed `<region>` shows only while
/// the region is active.
///
/// No DTD is read and no entity other than the five predefined ones and numeric references
/// is expanded (see `XMLScanner`). Cues come out in order of begin time.
public enum TTMLParser {
    /// Parses UTF-8 TTML; with `language`, only paragraphs whose `xml:lang` starts with it.
    ///
    /// - Complexity: O(n) in the size of `utf8` (plus O(m log m) for m cues out of order).
    public static func parse(_ utf8: [UInt8], fileName: String, language: String? = nil)
        -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withByteView { parse($0, fileName: fileName, language: language) }
    }

    /// `parse` of bytes as they lie (say, mapped).
    static func parse(_ buffer: ByteView, fileName: String, language: String? = nil)
        -> (transcript: Transcript, warnings: [Diagnostic]) {
        // Nothing passed over: always a parse.
        parse(buffer, fileName: fileName, language: language, passingOver: nil)!
    }

    /// `parse` for a search, which needs only the cues that may hold a match: the paragraphs of
    /// the usual kind (`Parser.openPlainParagraph`) after the first `SpeakerTurns.sampledCues`
    /// cues whose raw text holds no `piece` are passed over, their times read (for the warnings
    /// and the order) but not their text. Each cue read keeps its number in the whole parse
    /// (`Transcript.ordinal(at:)`); the warnings are the whole parse's. `nil` when cues were
    /// passed over and the cues came out of order (their numbers then follow the sorted order).
    ///
    /// - Complexity: O(n) in the size of `buffer`, the text of the cues passed over looked at once.
    static func parse(_ buffer: ByteView, fileName: String, language: String?, searchingFor piece: RawPiece)
        -> (transcript: Transcript, warnings: [Diagnostic])? {
        parse(buffer, fileName: fileName, language: language, passingOver: piece)
    }

    private static func parse(_ buffer: ByteView, fileName: String, language: String?, passingOver piece: RawPiece?)
        -> (transcript: Transcript, warnings: [Diagnostic])? {
        var parser = Parser(scanner: XMLScanner(buffer), fileName: fileName, language: language)
        parser.piece = piece
        var ordered = true
        var transcript = CueCollector.collect(inputBytes: buffer.count) { cues in
            cues.reserve(forInputBytes: buffer.count)
            ordered = parser.run(into: &cues)
        }
        var warnings = parser.warnings
        if !parser.sawRoot {
            warnings.add(line: nil, "no <tt> element: nothing to read in this TTML file")
        }
        if parser.passedOver > 0 {
            guard ordered else { return nil }
            transcript.ordinalColumn = parser.ordinals
        }
        return (ordered ? transcript : transcript.sortedByStart(), warnings.all)
    }

    /// How deep elements may nest: a deeper one ends the reading, so that a file of nothing but
    /// opening tags holds no more than this many open elements.
    static let depthLimit = 512

    /// The timing parameters of a document, from its root element.
    struct Rates {
        var frameRate = 30.0
        var subFrameRate = 1.0
        var tickRate = 1.0
    }

    /// An open element's time interval (absolute milliseconds) and inherited facts.
    struct Scope {
        var begin: Double = 0
        var end: Double = .infinity
        /// The speaker's number in the parser's `names`, or -1.
        var speaker: Int32 = -1
        /// The first style the element or an ancestor names (`style="s1"`), else its region's name:
        /// its number in the parser's `names`, or -1.
        var style: Int32 = -1
        /// Whether `style` came from a `style` attribute (a region does not replace it).
        var styleIsNamed = false
        var language: Range<Int>?
        var preserve = false
        /// Whether the element is never active: its times (or its parent's end) leave it no time
        /// at all, as a span timed past its paragraph's end. Its text is not read.
        var hidden = false
        /// Whether the element is in (or is) a timed `<span>` of a paragraph.
        var inTimedSpan = false
        /// Whether an ancestor (or the element, unless it is a paragraph) has `tts:display="none"`.
        var displayNone = false
        /// When the element's region is active (`<region begin end>`): it is shown only then.
        /// Unlike `begin`, it moves no child's time.
        var shownFrom = -Double.infinity
        var shownUntil = Double.infinity
    }

    /// An element not yet closed: its local name and what its content inherits.
    struct OpenElement {
        var local: Range<Int>
        var scope: Scope
        /// Whether it is a `timeContainer="seq"`: its children play one after another.
        var isSeq = false
        /// In a `seq`, where its next child's times count from: its begin, then each child's end.
        var cursor: Double = 0
        /// Whether its end is given (`end` or `dur`), not implied by its parent or children.
        var endIsGiven = false
        /// Whether it is content that takes time in a `seq` (`div`, `p`, `span`); metadata takes none.
        var isContent = false
        /// Whether it is an element in a paragraph hidden by `tts:display="none"` (a `<set
        /// tts:display="auto">` in it shows it).
        var hiddenByDisplay = false

        /// When it ends, for the `seq` it is in: as given, else a `seq` ends with its last child
        /// (at once when it has none: its own text lasts no time), and a `par` with its parent.
        var activeEnd: Double { endIsGiven || !isSeq ? scope.end : min(scope.end, cursor) }
    }

    /// The `<p>` being read.
    struct Paragraph {
        /// Its place in the stack of open elements.
        var depth = 0
        var line = 0
        var scope = Scope()
        /// Whether it has times of its own; if not, its timed spans give them.
        var timed = false
        var spanBegin = Double.infinity
        var spanEnd = -Double.infinity
        /// Whether it has words outside timed spans (else the spans' times are when it shows).
        var untimedText = false
        /// Whether it has `tts:display="none"` itself: then it shows only while a `<set
        /// tts:display="auto">` child says so (`shownBySet`), else never.
        var displayNone = false
        var shownBySet: (begin: Double, end: Double)?
    }

    /// The attributes `open` reads, found in one pass over an element's attribute text.
    struct TimingAttributes {
        var begin: Range<Int>?
        var end: Range<Int>?
        var dur: Range<Int>?
        var agent: Range<Int>?
        var lang: Range<Int>?
        var space: Range<Int>?
        var style: Range<Int>?
        var region: Range<Int>?
        var timeContainer: Range<Int>?
        var display: Range<Int>?
        /// Whether an `xmlns:prefix` attribute is among them.
        var declaresNamespace = false
    }

    /// What the start tag of a plain paragraph (`Parser.plainStart`) gives.
    struct PlainStart {
        var begin: Range<Int>?
        var end: Range<Int>?
        var style: Range<Int>?
        var region: Range<Int>?
        /// Past its `>`.
        var contentStart = 0
    }

    /// When a plain paragraph shows (`Parser.plainTimes`): its times within its parent's, and
    /// its parent's and region's showing.
    /// A plain paragraph's parent's end and showing (`Parser.plainTimes`).
    typealias ParentTimes = (end: Double, shownFrom: Double, shownUntil: Double)

    struct PlainTimes {
        var begin: Double
        var end: Double
        var shownFrom: Double
        var shownUntil: Double
        var displayNone: Bool
    }

    private struct Parser {
        var scanner: XMLScanner
        var warnings: WarningLog
        let language: [UInt8]?
        var rates = Rates()
        var sawRoot = false
        var stack: [OpenElement] = []
        /// Each agent's name (its number in `names`), by the agent's `xml:id`.
        var agents: [[UInt8]: Int32] = [:]
        /// Speakers and styles.
        var names = NameTable()
        /// Whether a `<p>` is being read (`paragraph`): kept apart, since an optional's fields
        /// are read through a copy of it.
        var inParagraph = false
        var paragraph = Paragraph()
        /// The agent whose `<ttm:name>` is being read.
        var agentID: [UInt8]?
        var agentName: [UInt8]?
        var inName = false
        var lineCounter: LineCounter
        var lastBegin = -Double.infinity
        /// Whether nested times have shown themselves absolute (see `open`).
        var absoluteTimes = false
        var ordered = true
        /// Namespace prefixes declared for something other than TTML (`xmlns:f="http://foreign"`):
        /// elements with them are not displayed, nor is anything inside them.
        var foreignPrefixes: [[UInt8]] = []
        /// `tts:display` of each `<style>` that sets it or names other styles, by `xml:id`:
        /// `none` (true), `auto` (false) or unset (nil), and the styles it names.
        var styleDisplay: [[UInt8]: (none: Bool?, styles: Range<Int>?)] = [:]
        /// Each timed `<region>`'s active interval (absolute milliseconds), by `xml:id`.
        var regionTimes: [[UInt8]: (begin: Double, end: Double)] = [:]
        /// Whether `<body>` has begun (styles and regions are defined before it).
        var sawBody = false
        /// For a search, the piece of its keyword without which a plain paragraph is passed over
        /// (`TTMLParser.parse(_:fileName:language:searchingFor:)`).
        var piece: RawPiece?
        /// The cues appended or passed over so far, and of them those passed over.
        var cuesSeen = 0
        var passedOver = 0
        /// With a `piece`, the number of each cue appended (`cuesSeen` then).
        var ordinals = PackedIntegers()

        init(scanner: XMLScanner, fileName: String, language: String?) {
            self.scanner = scanner
            warnings = WarningLog(fileName: fileName)
            self.language = language.map { Array($0.lowercased().utf8) }
            lineCounter = LineCounter(scanner.bytes)
        }

        var bytes: ByteView { scanner.bytes }

        /// What the innermost open element's content inherits (a document's defaults outside any).
        private var innermostScope: Scope { stack.isEmpty ? Scope() : stack[stack.count - 1].scope }

        /// Whether the innermost open element's text is not read.
        private var innermostIsHidden: Bool { !stack.isEmpty && stack[stack.count - 1].scope.hidden }

        /// Reads the document; returns whether the cues came in order of begin.
        mutating func run(into cues: inout CueCollector) -> Bool {
            while let token = scanner.next() {
                switch token {
                case let .start(name, attributes, selfClosing):
                    if !selfClosing, stack.count >= TTMLParser.depthLimit {
                        warnings.add(line: lineCounter.line(at: name.lowerBound),
                                     "elements nested more than \(TTMLParser.depthLimit) deep; the rest of the file is not read")
                        if inParagraph { finishParagraph(into: &cues) }
                        return ordered
                    }
                    if !selfClosing, !inParagraph, openPlainParagraph(name, attributes, into: &cues) { continue }
                    open(name, attributes, selfClosing: selfClosing, into: &cues)
                case let .end(name):
                    close(scanner.localName(name), into: &cues)
                case let .text(range):
                    text(range, decoding: true, into: &cues)
                case let .cdata(range):
                    text(range, decoding: false, into: &cues)
                }
            }
            if inParagraph { finishParagraph(into: &cues) }
            if sawRoot, let outer = stack.first {
                let name = String(decoding: bytes[outer.local], as: UTF8.self)
                warnings.add(line: lineCounter.line(at: bytes.count), "the file ends before </\(name)> (cut short?); the cues before are read")
            }
            return ordered
        }

        private mutating func open(_ name: Range<Int>, _ attributes: Range<Int>, selfClosing: Bool,
                                   into cues: inout CueCollector) {
            let local = scanner.localName(name)
            if scanner.equals(local, "br") {
                if inParagraph, !innermostIsHidden {
                    lineBreak(&cues)
                    // A line break is content, shown while its element is: outside timed spans, for
                    // the paragraph's time, as its untimed words are (ttconv's timelines count it).
                    if stack.isEmpty || !stack[stack.count - 1].scope.inTimedSpan { paragraph.untimedText = true }
                }
                return
            }
            if !sawRoot {
                guard scanner.equals(local, "tt") else { return }
                sawRoot = true
                readRates(attributes)
            }
            let found = TTMLParser.timingAttributes(attributes, scanner)
            if found.declaresNamespace { readNamespaces(attributes) }
            if isForeign(name, local) {
                if !selfClosing {
                    var scope = innermostScope
                    scope.hidden = true
                    stack.append(OpenElement(local: local, scope: scope))
                }
                return
            }
            if scanner.equals(local, "agent") {
                agentID = agentIdentifier(attributes)
                agentName = nil
            } else if scanner.equals(local, "name"), agentID != nil {
                inName = !selfClosing
                agentName = []
            }
            var scope = innermostScope
            let parentBegin = scope.begin
            let parentEnd = scope.end
            var hasTime = false
            let begin = found.begin.flatMap { value in time(value) ?? badTime(value) }
            let end = found.end.flatMap { value in time(value) ?? badTime(value) }
            // Times count from the parent's begin. Some documents (Apple's lyrics) repeat absolute
            // times on every level instead: once a child starts exactly at its parent's begin, or
            // would end past its parent where the same value read from zero fits, times inside
            // timed parents are read from zero.
            var origin = parentBegin
            // In a `seq`, each child's times count from the end of the one before.
            if let top = stack.indices.last, stack[top].isSeq {
                origin = stack[top].cursor
                scope.begin = origin
                hasTime = true
            } else if let first = begin ?? end, parentBegin > 0, first >= parentBegin, first <= parentEnd {
                if first == parentBegin || (parentEnd.isFinite && parentBegin + first > parentEnd) { absoluteTimes = true }
                if absoluteTimes { origin = 0 }
            }
            if let begin {
                scope.begin = origin + begin
                hasTime = true
            }
            if let end {
                scope.end = min(parentEnd, origin + end)
                hasTime = true
            }
            if let value = found.dur, let duration = time(value) ?? badTime(value) {
                scope.end = min(scope.end, scope.begin + duration)
                hasTime = true
            }
            if let agent = found.agent {
                let id = firstWord(agent)
                scope.speaker = agents[Array(bytes[id])] ?? names.index(bytes.extracting(id))
            }
            if let style = found.style, case let name = firstWord(style), !name.isEmpty {
                scope.style = names.index(bytes.extracting(name))
                scope.styleIsNamed = true
            } else if !scope.styleIsNamed, let region = found.region, case let name = firstWord(region), !name.isEmpty {
                scope.style = names.index(bytes.extracting(name))
            }
            if let region = found.region, !regionTimes.isEmpty, let times = regionTimes[Array(bytes[firstWord(region)])] {
                scope.shownFrom = max(scope.shownFrom, times.begin)
                scope.shownUntil = min(scope.shownUntil, times.end)
            }
            let displayNone = isDisplayNone(found)
            var hiddenByDisplay = false
            if let lang = found.lang { scope.language = lang }
            if let space = found.space { scope.preserve = scanner.equals(space, "preserve") }
            if hasTime, scope.end <= scope.begin, sawRoot {
                scope.hidden = true
                if let begin, let end, end < begin, scanner.equals(local, "p") {
                    warnings.add(line: lineCounter.line(at: local.lowerBound), "a paragraph that ends before it begins; skipped")
                }
            }
            if scanner.equals(local, "p") && !inParagraph {
                if !selfClosing {
                    inParagraph = true
                    paragraph = Paragraph(depth: stack.count, line: lineCounter.line(at: local.lowerBound), scope: scope,
                                          timed: hasTime, displayNone: displayNone)
                    cues.discardPlaced()
                }
            } else if displayNone {
                scope.displayNone = true
                if inParagraph, !scope.hidden {
                    scope.hidden = true
                    hiddenByDisplay = true
                }
            } else if let display = found.display, inParagraph, scanner.equals(local, "set"),
                      scanner.equals(display, "auto") {
                if stack.count == paragraph.depth + 1 {
                    paragraph.shownBySet = (scope.begin, scope.end)
                } else if let parent = stack.indices.last, stack[parent].hiddenByDisplay {
                    // A span shown for a while: its words are the paragraph's, at the paragraph's times.
                    stack[parent].scope.hidden = false
                    stack[parent].scope.displayNone = false
                    stack[parent].hiddenByDisplay = false
                }
            } else if hasTime, inParagraph, !scope.hidden, scanner.equals(local, "span") {
                scope.inTimedSpan = true
                paragraph.spanBegin = min(paragraph.spanBegin, scope.begin)
                if scope.end.isFinite { paragraph.spanEnd = max(paragraph.spanEnd, scope.end) }
            }
            if !sawBody, scanner.equals(local, "style") || scanner.equals(local, "region") {
                defineStyleOrRegion(local, attributes, found, hasTime: hasTime, scope: scope)
            }
            if !sawBody, scanner.equals(local, "body") { sawBody = true }
            if !selfClosing {
                let isSeq = found.timeContainer.map { scanner.equals($0, "seq") } ?? false
                let isContent = scanner.equals(local, "div") || scanner.equals(local, "p") || scanner.equals(local, "span")
                stack.append(OpenElement(local: local, scope: scope, isSeq: isSeq, cursor: scope.begin,
                                         endIsGiven: end != nil || found.dur != nil, isContent: isContent,
                                         hiddenByDisplay: hiddenByDisplay))
            }
        }

        /// Opens a `<p>` as `open` does when it is the usual kind, read without `open`'s general
        /// walk: its attributes `begin` and `end` in readable times (and perhaps `xml:id`, `style`
        /// and `region`), each written `name="value"` once (`PlainStart`), in an element that is
        /// neither a `seq` nor timed itself (so the paragraph's times are its own), nor hidden,
        /// with no language asked for. For a search, passes over it instead when it can
        /// (`passOver`), and over the plain paragraphs right after it that it can. `false`,
        /// having changed nothing, for any other element: `open` reads it (and warns of what it
        /// finds wrong).
        private mutating func openPlainParagraph(_ name: Range<Int>, _ attributes: Range<Int>,
                                                 into cues: inout CueCollector) -> Bool {
            guard language == nil, !inName, sawRoot, let top = stack.indices.last else { return false }
            let local = scanner.localName(name)
            guard local.count == 1, bytes[local.lowerBound] == UInt8(ascii: "p"), !isForeign(name, local) else { return false }
            // (The parent's facts read where they lie: a copy of its element costs more.)
            guard !stack[top].isSeq, stack[top].scope.begin == 0, !stack[top].scope.hidden,
                  !stack[top].scope.displayNone,
                  let start = plainStart(from: attributes.lowerBound), start.contentStart == attributes.upperBound + 1,
                  let plain = plainTimes(start, parent: top) else { return false }
            if piece != nil, cuesSeen >= SpeakerTurns.sampledCues, var after = passOver(name, local, from: start.contentStart, plain) {
                // The next paragraphs, as long as each is passed over too; the first that is not
                // is read from its `<` as any element is.
                let parent = (stack[top].scope.end, stack[top].scope.shownFrom, stack[top].scope.shownUntil)
                while true {
                    var next = after
                    while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x0D
                            || bytes[next] == 0x09 { next += 1 }
                    let nameEnd = next + 1 + name.count
                    guard nameEnd < bytes.count, bytes[next] == UInt8(ascii: "<"),
                          name.count == 1 ? bytes[next + 1] == bytes[name.lowerBound] : scanner.sameBytes(name, (next + 1)..<nameEnd),
                          bytes[nameEnd] == 0x20 else { break }
                    let times: PlainTimes
                    let contentStart: Int
                    if let usual = Self.clockStart(bytes, from: nameEnd) {
                        guard let found = plainTimes(begin: Double(usual.begin), end: Double(usual.end), parent: parent)
                        else { break }
                        (times, contentStart) = (found, usual.contentStart)
                    } else {
                        guard let following = plainStart(from: nameEnd), let found = plainTimes(following, parent: top)
                        else { break }
                        (times, contentStart) = (found, following.contentStart)
                    }
                    guard let end = passOver(name, local, from: contentStart, times) else { break }
                    after = end
                }
                scanner.move(to: after)
                return true
            }
            var scope = stack[top].scope
            scope.begin = plain.begin
            scope.end = plain.end
            scope.shownFrom = plain.shownFrom
            scope.shownUntil = plain.shownUntil
            if let style = start.style, case let name = firstWord(style), !name.isEmpty {
                scope.style = names.index(bytes.extracting(name))
                scope.styleIsNamed = true
            } else if !scope.styleIsNamed, let region = start.region, case let name = firstWord(region), !name.isEmpty {
                scope.style = names.index(bytes.extracting(name))
            }
            inParagraph = true
            paragraph = Paragraph(depth: stack.count, line: lineCounter.line(at: local.lowerBound), scope: scope,
                                  timed: true, displayNone: plain.displayNone)
            cues.discardPlaced()
            stack.append(OpenElement(local: local, scope: scope, isSeq: false, cursor: scope.begin, endIsGiven: true,
                                     isContent: true, hiddenByDisplay: false))
            return true
        }

        /// The attributes of a plain paragraph's start tag, read from `index` (past its name) to its
        /// `>`: `begin` and `end`, perhaps `xml:id`, `style` and `region` (any case, as `open` takes
        /// them), each once and written `name="value"`; `nil` for anything else (another
        /// attribute, another quote, an empty element).
        private mutating func plainStart(from index: Int) -> PlainStart? {
            if let usual = usualStart(from: index) { return usual }
            var start = PlainStart()
            var index = index
            let count = bytes.count
            while true {
                while index < count, bytes[index] == 0x20 || bytes[index] == 0x0A
                        || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
                guard index < count else { return nil }
                if bytes[index] == UInt8(ascii: ">") { break }
                let nameStart = index
                while index < count, scanner.isNameByte(bytes[index]) { index += 1 }
                guard index > nameStart, index + 1 < count, bytes[index] == UInt8(ascii: "="),
                      bytes[index + 1] == UInt8(ascii: "\"") else { return nil }
                let attributeName = nameStart..<index
                let valueStart = index + 2
                guard let valueEnd = bytes.firstIndex(of: UInt8(ascii: "\""), in: valueStart..<count) else { return nil }
                let value = valueStart..<valueEnd
                index = valueEnd + 1
                switch TTMLParser.packedName(attributeName, bytes) {
                case 0x62_65_67_69_6E where start.begin == nil: start.begin = value // begin
                case 0x65_6E_64 where start.end == nil: start.end = value // end
                case 0x73_74_79_6C_65 where start.style == nil: start.style = value // style
                case 0x72_65_67_69_6F_6E where start.region == nil: start.region = value // region
                case 0x78_6D_6C_3A_69_64: break // xml:id
                default: return nil
                }
            }
            guard start.begin != nil, start.end != nil else { return nil }
            start.contentStart = index + 1
            return start
        }

        /// `plainStart` of the attributes nearly every file writes: ` begin="…" end="…">`, read
        /// as words; `nil` for any other (which `plainStart` then reads attribute by attribute).
        @inline(__always)
        private func usualStart(from index: Int) -> PlainStart? {
            let count = bytes.count
            guard index + 8 <= count, bytes.loadWord(at: index) == 0x223D_6E69_6765_6220 else { return nil } // ` begin="`
            let beginStart = index + 8
            var beginEnd = beginStart
            while beginEnd < count, bytes[beginEnd] != UInt8(ascii: "\"") { beginEnd += 1 }
            let endStart = beginEnd + 7
            guard endStart + 2 <= count, bytes.loadWord(at: beginEnd + 1) & 0xFFFF_FFFF_FFFF == 0x223D_646E_6520 // ` end="`
            else { return nil }
            var endEnd = endStart
            while endEnd < count, bytes[endEnd] != UInt8(ascii: "\"") { endEnd += 1 }
            guard endEnd + 1 < count, bytes[endEnd + 1] == UInt8(ascii: ">") else { return nil }
            return PlainStart(begin: beginStart..<beginEnd, end: endStart..<endEnd, contentStart: endEnd + 2)
        }

        /// `usualStart` of the attributes most files write, ` begin="HH:MM:SS.mmm" end="HH:MM:SS.mmm">`
        /// (hours perhaps of three digits), with both times read into milliseconds as `clockTime`
        /// reads them (`quotedClock`); `nil` for any other.
        ///
        /// Static, as `TTMLParser.timingAttributes`: a method would copy the whole parser for the call.
        private static func clockStart(_ bytes: ByteView, from index: Int) -> (begin: Int, end: Int, contentStart: Int)? {
            let beginStart = index + 8
            guard beginStart + 36 <= bytes.count, bytes.loadWord(at: index) == 0x223D_6E69_6765_6220, // ` begin="`
                  let begin = quotedClock(bytes, at: beginStart),
                  bytes.loadWord(at: begin.quote) & 0xFFFF_FFFF_FFFF_FF == 0x22_3D64_6E65_2022 // `" end="`
            else { return nil }
            guard let end = quotedClock(bytes, at: begin.quote + 7), bytes[end.quote + 1] == UInt8(ascii: ">") else { return nil }
            return (begin.milliseconds, end.milliseconds, end.quote + 2)
        }

        /// The time `HH:MM:SS.mmm` or `HHH:MM:SS.mmm` at `start`, closed by a quote (where the
        /// quote is): the milliseconds `clockTime` reads from it. Needs fifteen bytes from `start`.
        @inline(__always)
        private static func quotedClock(_ bytes: ByteView, at start: Int) -> (milliseconds: Int, quote: Int)? {
            if bytes[start + 12] == UInt8(ascii: "\"") {
                return TTMLParser.twelveByteClock(bytes.extracting(start..<(start + 12))).map { ($0, start + 12) }
            }
            guard bytes[start + 13] == UInt8(ascii: "\""), case let hundreds = bytes[start] &- 0x30, hundreds < 10,
                  let milliseconds = TTMLParser.twelveByteClock(bytes.extracting((start + 1)..<(start + 13)))
            else { return nil }
            return (milliseconds + Int(hundreds) * 360_000_000, start + 13)
        }

        /// When the plain paragraph `start` in the element `parent` shows, as `open` and
        /// `finishParagraph` find it; `nil` when a time is unreadable (`open` warns) or it ends
        /// before it begins (`open` hides it, and may warn).
        private mutating func plainTimes(_ start: PlainStart, parent: Int) -> PlainTimes? {
            guard let beginTime = clockTime(start.begin!), let endTime = clockTime(start.end!) else { return nil }
            let scope = stack[parent].scope
            return plainTimes(begin: beginTime, end: endTime, region: start.region, style: start.style,
                              parent: (scope.end, scope.shownFrom, scope.shownUntil))
        }

        /// `plainTimes` of a paragraph that begins at `beginTime` and ends at `endTime` (its own
        /// times), with the `region` and `style` it names, if any, in a parent that ends and shows
        /// as `parent` gives.
        @inline(__always)
        private func plainTimes(begin beginTime: Double, end endTime: Double, region: Range<Int>? = nil,
                                style: Range<Int>? = nil, parent: ParentTimes) -> PlainTimes? {
            let end = min(parent.end, endTime)
            guard end > beginTime else { return nil }
            var times = PlainTimes(begin: beginTime, end: end, shownFrom: parent.shownFrom,
                                   shownUntil: parent.shownUntil, displayNone: false)
            if let region, !regionTimes.isEmpty, let shown = regionTimes[Array(bytes[firstWord(region)])] {
                times.shownFrom = max(times.shownFrom, shown.begin)
                times.shownUntil = min(times.shownUntil, shown.end)
            }
            if style != nil, !styleDisplay.isEmpty {
                var found = TimingAttributes()
                found.style = style
                times.displayNone = isDisplayNone(found)
            }
            return times
        }

        /// Passes over the plain paragraph `name` whose content starts at `contentStart` (its times `times`)
        /// when its content is text and `<br/>` alone, without a `&` or CR (so that its text is
        /// its raw bytes with only white space changed), up to its end tag, and holds no `piece`:
        /// the cue `finishParagraph` would append, if any, is counted and ordered but not read.
        /// Returns where its end tag ends; `nil`, having changed nothing, for any other.
        private mutating func passOver(_ name: Range<Int>, _ local: Range<Int>, from contentStart: Int,
                                       _ times: PlainTimes) -> Int? {
            let count = bytes.count
            var index = contentStart
            var hasText = false
            let prefix = name.lowerBound..<local.lowerBound
            while true {
                let stop = bytes.firstIndexInChunks(ofAny: UInt8(ascii: "<"), UInt8(ascii: "&"), 0x0D, 0x0D, in: index..<count)
                while !hasText, index < stop {
                    let byte = bytes[index]
                    hasText = byte != 0x20 && byte != 0x09 && byte != 0x0A
                    index += 1
                }
                guard stop + 1 < count, bytes[stop] == UInt8(ascii: "<") else { return nil }
                if bytes[stop + 1] == UInt8(ascii: "/") {
                    // The paragraph's end tag, named as its start.
                    let nameEnd = stop + 2 + name.count
                    guard nameEnd < count, bytes[nameEnd] == UInt8(ascii: ">"),
                          scanner.sameBytes(name, (stop + 2)..<nameEnd) else { return nil }
                    guard !piece!.occurs(in: contentStart..<stop, of: bytes) else { return nil }
                    index = nameEnd + 1
                    break
                }
                // `<br/>` or `<br />`, prefixed as the paragraph.
                var at = stop + 1
                guard at + prefix.count + 5 <= count, scanner.sameBytes(prefix, at..<(at + prefix.count)) else { return nil }
                at += prefix.count
                guard bytes[at] == UInt8(ascii: "b"), bytes[at + 1] == UInt8(ascii: "r") else { return nil }
                at += bytes[at + 2] == 0x20 ? 3 : 2
                guard at + 1 < count, bytes[at] == UInt8(ascii: "/"), bytes[at + 1] == UInt8(ascii: ">") else { return nil }
                index = at + 2
            }
            // What `finishParagraph` appends of it: text, shown for some time, within range.
            let begin = max(times.begin, times.shownFrom)
            let end = min(times.end, times.shownUntil)
            if hasText, !times.displayNone, end > begin {
                guard begin < 1e13, begin >= 0 else { return nil }
                if begin < lastBegin { ordered = false }
                lastBegin = begin
                cuesSeen += 1
                passedOver += 1
            }
            return index
        }

        /// An `<agent>`'s `id` (kept out of `open`, where the attribute's reading, inlined, slowed
        /// every element).
        @inline(never)
        private func agentIdentifier(_ attributes: Range<Int>) -> [UInt8]? {
            scanner.attribute("id", in: attributes).map { Array(bytes[$0]) }
        }

        private mutating func close(_ local: Range<Int>, into cues: inout CueCollector) {
            if inName, scanner.equals(local, "name") {
                inName = false
                if let id = agentID, let name = agentName, !name.isEmpty {
                    agents[id] = name.withByteView { names.index($0) }
                }
            }
            if scanner.equals(local, "agent") { agentID = nil }
            // Close up to the matching element; a stray end tag closes nothing.
            var depth = stack.count - 1
            while depth >= 0, !scanner.sameBytes(stack[depth].local, local) { depth -= 1 }
            guard depth >= 0 else { return }
            while stack.count > depth {
                let closed = stack.removeLast()
                if closed.isContent, let parent = stack.indices.last, stack[parent].isSeq {
                    stack[parent].cursor = max(stack[parent].cursor, closed.activeEnd)
                }
            }
            if inParagraph, depth <= paragraph.depth { finishParagraph(into: &cues) }
        }

        private mutating func text(_ range: Range<Int>, decoding: Bool, into cues: inout CueCollector) {
            if inName {
                if decoding { XMLScanner.appendDecoded(bytes, range, to: &agentName!) } else { agentName! += bytes[range] }
                return
            }
            // Text right inside a `seq` (an anonymous span) lasts no time: it is never shown.
            guard inParagraph else { return }
            // The innermost element's facts, read where they lie (a copy of the element costs more).
            let top = stack.count - 1
            if top >= 0, stack[top].scope.hidden || stack[top].isSeq { return }
            let preserve = top >= 0 ? stack[top].scope.preserve : paragraph.scope.preserve
            if !paragraph.untimedText, top < 0 || !stack[top].scope.inTimedSpan,
               bytes[range].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
                paragraph.untimedText = true
            }
            var index = range.lowerBound
            let end = range.upperBound
            // Collapse white space (or, preserved, keep it with line feeds as breaks).
            let last = cues.lastPlaced
            var lastWasSpace = last == nil || last == 0x20 || last == 0x0A
            while index < end {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    index += 1
                    if byte == 0x0D { continue }
                    if preserve {
                        cues.place(byte == 0x09 ? 0x20 : byte)
                    } else if !lastWasSpace {
                        cues.place(0x20)
                        lastWasSpace = true
                    }
                    continue
                }
                if decoding, byte == UInt8(ascii: "&"), let (scalar, length) = XMLScanner.reference(bytes, index, end) {
                    if scalar == 0x0D {
                        // Dropped, as a raw CR is.
                    } else if scalar == 0x20 || scalar == 0x09 || scalar == 0x0A {
                        if preserve {
                            cues.place(scalar == 0x0A ? 0x0A : 0x20)
                        } else if !lastWasSpace {
                            cues.place(0x20)
                            lastWasSpace = true
                        }
                    } else {
                        cues.place(scalar: scalar)
                        lastWasSpace = false
                    }
                    index += length
                    continue
                }
                // A run of bytes that need nothing done, copied at once.
                let runEnd = byte == UInt8(ascii: "&") ? index + 1 : scanner.plainRunEnd(from: index, to: end)
                cues.place(bytes.extracting(index..<runEnd))
                lastWasSpace = false
                index = runEnd
            }
        }

        private mutating func lineBreak(_ cues: inout CueCollector) {
            while cues.lastPlaced == 0x20 { cues.removeLastPlaced() }
            cues.place(0x0A)
        }

        private mutating func finishParagraph(into cues: inout CueCollector) {
            guard inParagraph else { return }
            inParagraph = false
            // Its text is written in place: a paragraph not appended leaves none.
            defer { cues.discardPlaced() }
            if paragraph.scope.hidden || paragraph.scope.displayNone { return }
            var begin = paragraph.scope.begin
            var end = paragraph.scope.end
            if paragraph.displayNone {
                guard let shown = paragraph.shownBySet else { return }
                begin = max(begin, shown.begin)
                end = min(end, shown.end)
            }
            if !paragraph.timed, paragraph.spanBegin.isFinite {
                begin = paragraph.spanBegin
                if paragraph.spanEnd.isFinite { end = paragraph.spanEnd }
            } else if !paragraph.untimedText, paragraph.spanBegin.isFinite {
                // All its words are in timed spans: it shows while they do.
                begin = max(begin, paragraph.spanBegin)
                if paragraph.spanEnd.isFinite { end = min(end, paragraph.spanEnd) }
            }
            begin = max(begin, paragraph.scope.shownFrom)
            end = min(end, paragraph.scope.shownUntil)
            if end <= begin { return }
            cues.trimPlaced { $0 == 0x20 || $0 == 0x0A }
            guard cues.placedCount > 0 else { return }
            if let language, !TTMLParser.languageMatches(paragraph.scope.language.map { bytes[$0] }, language) { return }
            guard begin < 1e13, begin >= 0 else {
                warnings.add(line: paragraph.line, "time out of range; paragraph skipped")
                return
            }
            if begin < lastBegin { ordered = false }
            lastBegin = begin
            let endTime: Int? = end.isFinite && end < 1e13 ? Int(max(end, begin).rounded()) : nil
            cues.appendPlaced(id: nil, start: Int(begin.rounded()), end: endTime, speaker: names[paragraph.scope.speaker],
                             style: names[paragraph.scope.style], line: paragraph.line)
            cuesSeen += 1
            if piece != nil { ordinals.append(Int64(cuesSeen)) }
        }

        /// Records the prefixes `attributes` declares for namespaces other than TTML's (and its
        /// metadata, styling and parameter namespaces, and DFXP's `ttaf1`).
        private mutating func readNamespaces(_ attributes: Range<Int>) {
            var index = attributes.lowerBound
            while let (name, local, value) = scanner.nextAttribute(&index, attributes.upperBound) {
                guard local.lowerBound - name.lowerBound == 6, scanner.equals(name.lowerBound..<(local.lowerBound - 1), "xmlns")
                else { continue }
                let uri = String(decoding: bytes[value], as: UTF8.self)
                let isTTML = uri.contains("/ns/ttml") || uri.contains("ttaf1")
                let prefix = Array(bytes[local])
                foreignPrefixes.removeAll { $0 == prefix }
                if !isTTML { foreignPrefixes.append(prefix) }
            }
        }

        /// Whether the element `name` has a prefix declared for a namespace other than TTML's.
        @inline(__always)
        private func isForeign(_ name: Range<Int>, _ local: Range<Int>) -> Bool {
            guard !foreignPrefixes.isEmpty, local.lowerBound > name.lowerBound else { return false }
            let prefix = bytes[name.lowerBound..<(local.lowerBound - 1)]
            return foreignPrefixes.contains { $0.elementsEqual(prefix) }
        }

        /// Whether the element whose attributes are `found` is not displayed: `tts:display="none"`
        /// on it, else on the first style it names that sets `tts:display` (following styles that
        /// name other styles).
        @inline(__always)
        private func isDisplayNone(_ found: TimingAttributes) -> Bool {
            if let display = found.display { return scanner.equals(display, "none") }
            guard !styleDisplay.isEmpty, let styles = found.style else { return false }
            return styleSaysNone(styles, depth: 0) ?? false
        }

        private func styleSaysNone(_ styles: Range<Int>, depth: Int) -> Bool? {
            guard depth < 8 else { return nil }
            for id in bytes[styles].split(separator: 0x20) {
                guard let style = styleDisplay[Array(id)] else { continue }
                if let none = style.none { return none }
                if let named = style.styles, let none = styleSaysNone(named, depth: depth + 1) { return none }
            }
            return nil
        }

        /// Keeps what a `<style>` says of `tts:display` and a timed `<region>`'s interval, by `xml:id`.
        private mutating func defineStyleOrRegion(_ local: Range<Int>, _ attributes: Range<Int>, _ found: TimingAttributes,
                                                  hasTime: Bool, scope: Scope) {
            guard let id = scanner.attribute("id", in: attributes, prefix: "xml").map({ Array(bytes[$0]) }) else { return }
            if scanner.equals(local, "style") {
                guard found.display != nil || found.style != nil else { return }
                styleDisplay[id] = (found.display.map { scanner.equals($0, "none") }, found.style)
            } else if hasTime {
                regionTimes[id] = (scope.begin, scope.end)
            }
        }

        private mutating func badTime(_ value: Range<Int>) -> Double? {
            let shown = String(decoding: bytes[value.lowerBound..<min(value.upperBound, value.lowerBound + 40)], as: UTF8.self)
            warnings.add(line: lineCounter.line(at: value.lowerBound),
                         "unreadable time expression '\(shown)' (expected like 00:00:01.500, 1.5s or 30f); ignored")
            return nil
        }

        private func firstWord(_ range: Range<Int>) -> Range<Int> {
            var low = range.lowerBound
            while low < range.upperBound, bytes[low] == 0x20 { low += 1 }
            var high = low
            while high < range.upperBound, bytes[high] != 0x20 { high += 1 }
            return low..<high
        }

        private mutating func readRates(_ attributes: Range<Int>) {
            if let value = scanner.attribute("framerate", in: attributes) {
                if let rate = number(value), rate > 0, rate < 1000 {
                    rates.frameRate = rate
                    rates.tickRate = rate
                } else {
                    ignoredRate("frameRate", value)
                }
            }
            if let value = scanner.attribute("frameratemultiplier", in: attributes) {
                let parts = bytes[value].split(separator: 0x20)
                if parts.count == 2, let a = number(parts[0]), let b = number(parts[1]), a > 0, b > 0,
                   rates.frameRate * a / b > 0, rates.frameRate * a / b < 1000 {
                    rates.frameRate *= a / b
                } else {
                    ignoredRate("frameRateMultiplier", value)
                }
            }
            if let value = scanner.attribute("subframerate", in: attributes) {
                if let rate = number(value), rate > 0, rate < 1000 {
                    rates.subFrameRate = rate
                    rates.tickRate = rates.frameRate * rate
                } else {
                    ignoredRate("subFrameRate", value)
                }
            }
            if let value = scanner.attribute("tickrate", in: attributes) {
                if let rate = number(value), rate > 0, rate < 1e9 {
                    rates.tickRate = rate
                } else {
                    ignoredRate("tickRate", value)
                }
            }
        }

        /// Warns that the rate attribute `name`'s `value` (zero, out of range or no number) is ignored.
        private mutating func ignoredRate(_ name: String, _ value: Range<Int>) {
            let shown = String(decoding: bytes[value.lowerBound..<min(value.upperBound, value.lowerBound + 40)], as: UTF8.self)
            warnings.add(line: lineCounter.line(at: value.lowerBound), "ttp:\(name) '\(shown)' out of range or unreadable; ignored")
        }

        private func number(_ range: Range<Int>) -> Double? { TTMLParser.decimal(bytes.extracting(range)) }

        private func number(_ slice: Slice<ByteView>) -> Double? { number(slice.indices) }

        /// A time expression in milliseconds, or `nil`.
        @inline(__always)
        func time(_ range: Range<Int>) -> Double? {
            TTMLParser.time(bytes.extracting(range), rates: rates)
        }

        /// `time`, read at once when it is `HH:MM:SS.mmm`.
        @inline(__always)
        private mutating func clockTime(_ range: Range<Int>) -> Double? {
            if range.count == 12, let milliseconds = TTMLParser.twelveByteClock(bytes.extracting(range)) {
                return Double(milliseconds)
            }
            // Hours of three digits (past 99 hours), the last two and the rest read as above.
            if range.count == 13, case let hundreds = bytes[range.lowerBound] &- 0x30, hundreds < 10,
               let milliseconds = TTMLParser.twelveByteClock(bytes.extracting((range.lowerBound + 1)..<range.upperBound)) {
                return Double(milliseconds + Int(hundreds) * 360_000_000)
            }
            return time(range)
        }
    }

    /// The attributes of `attributes` that `open` reads (the first of each name).
    ///
    /// Static, as `packedName`: a method of the parser called from `open` copied the whole
    /// parser (400 bytes) for the call.
    static func timingAttributes(_ attributes: Range<Int>, _ scanner: XMLScanner) -> TimingAttributes {
        var found = TimingAttributes()
        var index = attributes.lowerBound
        while let (name, local, value) = scanner.nextAttribute(&index, attributes.upperBound) {
            let prefixed = local.lowerBound > name.lowerBound
            if prefixed, local.lowerBound - name.lowerBound == 6, scanner.equals(name.lowerBound..<(local.lowerBound - 1), "xmlns") {
                found.declaresNamespace = true
                continue
            }
            // One comparison per attribute: the name packed into a word (small code, which
            // leaves room for `nextAttribute` to be inlined here).
            switch packedName(local, scanner.bytes) {
            case 0x62_65_67_69_6E: // begin
                if found.begin == nil { found.begin = value }
            case 0x65_6E_64: // end
                if found.end == nil { found.end = value }
            case 0x64_75_72: // dur
                if found.dur == nil { found.dur = value }
            case 0x61_67_65_6E_74: // agent
                if found.agent == nil { found.agent = value }
            case 0x6C_61_6E_67: // lang
                if found.lang == nil, scanner.isXML(name, local) { found.lang = value }
            case 0x73_70_61_63_65: // space
                if prefixed, found.space == nil, scanner.isXML(name, local) { found.space = value }
            case 0x73_74_79_6C_65: // style
                if !prefixed, found.style == nil { found.style = value }
            case 0x72_65_67_69_6F_6E: // region
                if !prefixed, found.region == nil { found.region = value }
            case 0x64_69_73_70_6C_61_79: // display
                if found.display == nil { found.display = value }
            case 0:
                if found.timeContainer == nil, scanner.equals(local, "timecontainer") { found.timeContainer = value }
            default:
                break
            }
        }
        return found
    }

    /// The ASCII letters of `name` (at most 8), lower-cased and packed first byte highest
    /// (`end` is 0x656E64); 0 for a longer name, and a value no letters make for other bytes.
    @inline(__always)
    static func packedName(_ name: Range<Int>, _ bytes: ByteView) -> UInt64 {
        guard name.count <= 8 else { return 0 }
        var packed: UInt64 = 0
        for index in name {
            // `| 0x20` lower-cases a letter and turns no other byte into one.
            packed = packed << 8 | UInt64(bytes[index] | 0x20)
        }
        return packed
    }

    /// Whether a paragraph's `xml:lang` answers the wanted one (lower case): `en-US` answers
    /// `en` and `en-us`; `en` answers `eng`. A paragraph without a language answers none.
    static func languageMatches(_ lang: Slice<ByteView>?, _ wanted: [UInt8]) -> Bool {
        guard let lang, !lang.isEmpty else { return false }
        let lower = lang.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        if lower.starts(with: wanted) { return true }
        let primary = lower.prefix { $0 != UInt8(ascii: "-") }
        return wanted.starts(with: primary)
    }

    /// Reads a time expression (see the type's summary) in milliseconds; `nil` when unreadable
    /// or beyond about 300 years.
    static func time(_ text: ByteView, rates: Rates) -> Double? {
        if let milliseconds = plainClock(text) { return Double(milliseconds) }
        let value = text.extracting(text.trimmingBlanks(0..<text.count))
        guard !value.isEmpty, value[0] &- 0x30 < 10 || value[0] == UInt8(ascii: ".") else { return nil }
        var result: Double?
        if value.firstIndex(of: UInt8(ascii: ":")) != nil {
            if let milliseconds = wholeMilliseconds(value) { return Double(milliseconds) }
            var fields = (0.0, 0.0, 0.0, 0.0)
            var count = 0
            var fieldStart = 0
            for index in 0...value.count where index == value.count || value[index] == UInt8(ascii: ":") {
                guard count < 4, let number = decimal(value.extracting(fieldStart..<index)) else {
                    return nil
                }
                switch count {
                case 0: fields.0 = number
                case 1: fields.1 = number
                case 2: fields.2 = number
                default: fields.3 = number
                }
                count += 1
                fieldStart = index + 1
            }
            guard count >= 2 else { return nil }
            if count == 2 {
                result = (fields.0 * 60 + fields.1) * 1000
            } else {
                var seconds = fields.0 * 3600 + fields.1 * 60 + fields.2
                if count == 4 { seconds += fields.3 / rates.frameRate }
                result = seconds * 1000
            }
        } else {
            var split = value.count
            while split > 0, value[split - 1] | 0x20 >= 0x61, value[split - 1] | 0x20 <= 0x7A { split -= 1 }
            guard let number = decimal(value.extracting(..<split)) else { return nil }
            let unit = value.extracting(split...)
            func unitIs(_ name: StaticString) -> Bool {
                unit.count == name.utf8CodeUnitCount && unit.startsCaseless(with: name)
            }
            if unit.isEmpty || unitIs("s") { result = number * 1000 }
            else if unitIs("ms") { result = number }
            else if unitIs("m") { result = number * 60_000 }
            else if unitIs("h") { result = number * 3_600_000 }
            else if unitIs("f") { result = number / rates.frameRate * 1000 }
            else if unitIs("t") { result = number / rates.tickRate * 1000 }
        }
        guard let result, result.isFinite, result >= 0, result < 1e13 else { return nil }
        return result
    }

    /// The common clock time `HH:MM:SS` or `HH:MM:SS.fff` (at most three fraction digits), read in
    /// whole milliseconds; `nil` for any other form.
    private static func wholeMilliseconds(_ value: ByteView) -> Int? {
        if let milliseconds = plainClock(value) { return milliseconds }
        var fractionDigits = -1
        for byte in value {
            if byte == UInt8(ascii: ",") { return nil }
            if byte == UInt8(ascii: ".") { fractionDigits = 0 } else if fractionDigits >= 0 { fractionDigits += 1 }
        }
        guard fractionDigits <= 3 else { return nil }
        var index = 0
        guard let milliseconds = ClockTime.read(value, &index, value.count), index == value.count else { return nil }
        return milliseconds
    }

    /// `00:00:01.500` or `00:00:01`, as nearly every file writes its times (hours of two to six
    /// digits: a long recording or joined files run past 99 hours), in milliseconds; `nil` for
    /// anything else.
    @inline(__always)
    private static func plainClock(_ value: ByteView) -> Int? {
        let count = value.count
        if count == 12, let milliseconds = twelveByteClock(value) { return milliseconds }
        guard count >= 8 else { return nil }
        let fraction = count >= 12 && value[count - 4] == UInt8(ascii: ".")
        let hourDigits = count - (fraction ? 10 : 6)
        guard hourDigits >= 2, hourDigits <= 6, value[hourDigits] == UInt8(ascii: ":"),
              value[hourDigits + 3] == UInt8(ascii: ":") else {
            return nil
        }
        func digits(_ at: Int) -> Int? {
            let (tens, ones) = (value[at] &- 0x30, value[at + 1] &- 0x30)
            return tens < 10 && ones < 10 ? Int(tens) * 10 + Int(ones) : nil
        }
        var hours = 0
        for index in 0..<hourDigits {
            let digit = value[index] &- 0x30
            guard digit < 10 else { return nil }
            hours = hours * 10 + Int(digit)
        }
        guard let minutes = digits(hourDigits + 1), let seconds = digits(hourDigits + 4), minutes < 60, seconds < 60 else {
            return nil
        }
        let milliseconds = ((hours * 60 + minutes) * 60 + seconds) * 1000
        guard fraction else { return milliseconds }
        let (a, b, c) = (value[count - 3] &- 0x30, value[count - 2] &- 0x30, value[count - 1] &- 0x30)
        guard a < 10, b < 10, c < 10 else { return nil }
        return milliseconds + Int(a) * 100 + Int(b) * 10 + Int(c)
    }

    /// `HH:MM:SS.mmm`, the form nearly every file writes, read as two words (bytes 0-7 and 4-11,
    /// first byte lowest) without a branch a digit; `nil` for anything else (which `plainClock`
    /// then reads byte by byte).
    @inline(__always)
    static func twelveByteClock(_ value: ByteView) -> Int? {
        // Digits become 0-9 and the separators 0 under these; any other byte becomes something else.
        let first = value.loadWord(at: 0) ^ 0x3030_3A30_303A_3030
        let last = value.loadWord(at: 4) ^ 0x3030_302E_0000_0000
        let ones: UInt64 = 0x7676_7676_7676_7676
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // A byte of at most 9 stays below 0x80 with 0x76 added; the separators must be 0.
        guard ((first &+ ones) | first) & highBits == 0, first & 0x0000_FF00_00FF_0000 == 0,
              ((last &+ ones) | last) & 0x8080_8080_0000_0000 == 0, last & 0x0000_00FF_0000_0000 == 0 else { return nil }
        @inline(__always) func byte(_ word: UInt64, _ index: Int) -> Int { Int(truncatingIfNeeded: (word >> (index * 8)) & 0xFF) }
        let minutes = byte(first, 3) * 10 + byte(first, 4)
        let seconds = byte(first, 6) * 10 + byte(first, 7)
        guard minutes < 60, seconds < 60 else { return nil }
        let hours = byte(first, 0) * 10 + byte(first, 1)
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + byte(last, 5) * 100 + byte(last, 6) * 10 + byte(last, 7)
    }

    /// A decimal number `12`, `12.5` or `.5` (frames may carry `.sub-frames`), or `nil`.
    static func decimal(_ text: ByteView) -> Double? {
        guard !text.isEmpty, text.count <= 40 else { return nil }
        var whole = 0.0
        var fraction = 0.0
        var scale = 1.0
        var sawDot = false
        var digits = 0
        for byte in text {
            if byte &- 0x30 < 10 {
                digits += 1
                if sawDot {
                    scale /= 10
                    fraction += Double(byte &- 0x30) * scale
                } else {
                    whole = whole * 10 + Double(byte &- 0x30)
                }
            } else if byte == UInt8(ascii: "."), !sawDot {
                sawDot = true
            } else {
                return nil
            }
        }
        return digits > 0 ? whole + fraction : nil
    }
}

/// Turns byte offsets into 1-based line numbers, counting forward only as far as asked.
struct LineCounter {
    let bytes: ByteView
    private var counted = 0
    private var line = 1

    init(_ bytes: ByteView) { self.bytes = bytes }

    /// The line of `offset`; offsets asked for should not go backwards (if they do, the answer is the line reached).
    mutating func line(at offset: Int) -> Int {
        let target = min(offset, bytes.count)
        if counted < target {
            line += bytes.count(of: 0x0A, in: counted..<target)
            counted = target
        }
        return line
    }
}
