import SeekBytes

/// Reads Microsoft SAMI captions (`.smi`, `.sami`).
///
/// Each `<SYNC Start=ms>` begins a block that lasts until the next block with text for the
/// same language; a block whose text is only `&nbsp;` (or nothing) clears the screen, so it
/// ends the cue before it and is no cue itself. Languages are the `<P Class=…>` classes: the
/// first class in the body is read unless `language` names another, by its class name or by
/// the `lang:` or `Name:` its style rule gives (`en` matches `en-US`). Text: tags other than
/// `<br>` (a line break) are removed, white space collapses as in HTML, character references
/// (`&#039;`, `&eacute;`) are decoded and `&nbsp;` is a space.
public enum SAMIParser {
    /// Parses UTF-8 SAMI; `language` chooses among the classes.
    ///
    /// - Complexity: O(n) in the size of `utf8`.
    public static func parse(_ utf8: [UInt8], fileName: String, language: String? = nil)
        -> (transcript: Transcript, warnings: [Diagnostic]) {
        utf8.withByteView { parse($0, fileName: fileName, language: language) }
    }

    /// `parse` of bytes as they lie (say, mapped).
    static func parse(_ buffer: ByteView, fileName: String, language: String? = nil)
        -> (transcript: Transcript, warnings: [Diagnostic]) {
        var warnings = WarningLog(fileName: fileName)
        var sawSync = false
        func read(_ classes: [[UInt8]]?) -> Transcript {
            CueCollector.collect(inputBytes: buffer.count) { cues in
                cues.reserve(forInputBytes: buffer.count)
                var reader = Reader(scanner: XMLScanner(buffer), chosen: classes, fileName: fileName)
                reader.run(into: &cues)
                sawSync = reader.sawSync
                warnings = reader.warnings
            }
        }
        var transcript = read(language.map { classNames(for: $0, in: buffer) })
        if let language, transcript.isEmpty, sawSync {
            transcript = read(nil)
            if !transcript.isEmpty {
                warnings.add(line: nil, "no text in language '\(language)'; the first language is read")
            }
        }
        if !sawSync { warnings.add(line: nil, "no <SYNC> element: nothing to read in this SAMI file") }
        return (transcript, warnings.all)
    }

    /// `parse` for a search, which needs only the cues that may hold a match: after the first
    /// `SpeakerTurns.sampledCues` cues, the blocks of the usual kind (`Reader.passOver`) whose raw
    /// text holds no `piece` are passed over, their starts still ending the cues before them.
    /// Each cue read keeps its number in the whole parse (`Transcript.ordinal(at:)`); the warnings
    /// are the whole parse's. `nil` when a language is asked for (the whole parse reads it).
    ///
    /// - Complexity: O(n) in the size of `buffer`, the text of the blocks passed over looked at once.
    static func parse(_ buffer: ByteView, fileName: String, language: String?, searchingFor piece: RawPiece)
        -> (transcript: Transcript, warnings: [Diagnostic])? {
        guard language == nil else { return nil }
        var reader = Reader(scanner: XMLScanner(buffer), chosen: nil, fileName: fileName)
        reader.piece = piece
        var transcript = CueCollector.collect(inputBytes: buffer.count) { cues in
            cues.reserve(forInputBytes: buffer.count)
            reader.run(into: &cues)
        }
        var warnings = reader.warnings
        if !reader.sawSync { warnings.add(line: nil, "no <SYNC> element: nothing to read in this SAMI file") }
        if reader.passedOver > 0 { transcript.ordinalColumn = reader.ordinals }
        return (transcript, warnings.all)
    }

    /// The class names whose style rule (`.ENUSCC { Name: English; lang: en-US; }`) or name
    /// matches `language`, lower-cased; `language` itself (as a class name) when none does.
    static func classNames(for language: String, in bytes: ByteView) -> [[UInt8]] {
        let wanted = Array(language.lowercased().utf8)
        var names: [[UInt8]] = []
        var index = 0
        let limit = min(bytes.count, 1 << 16)
        while index < limit {
            guard bytes[index] == UInt8(ascii: ".") else {
                index += 1
                continue
            }
            var nameEnd = index + 1
            while nameEnd < limit, SubtitleFormat.isNameByte(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: ".") { nameEnd += 1 }
            var brace = nameEnd
            while brace < limit, bytes[brace] == 0x20 || bytes[brace] == 0x09 { brace += 1 }
            guard nameEnd > index + 1, brace < limit, bytes[brace] == UInt8(ascii: "{") else {
                index = nameEnd
                continue
            }
            var close = brace
            while close < limit, bytes[close] != UInt8(ascii: "}") { close += 1 }
            let name = bytes[(index + 1)..<nameEnd].map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }
            let rule = bytes[brace..<close].map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }
            if name == wanted || ruleMentions(rule, wanted) { names.append(name) }
            index = close
        }
        return names.isEmpty ? [wanted] : names
    }

    /// Whether a style rule's `lang:` or `name:` value starts with `wanted` (all lower case).
    private static func ruleMentions(_ rule: [UInt8], _ wanted: [UInt8]) -> Bool {
        for key in [Array("lang:".utf8), Array("name:".utf8)] {
            var index = 0
            while index + key.count <= rule.count {
                if rule[index..<(index + key.count)].elementsEqual(key) {
                    var value = index + key.count
                    while value < rule.count, rule[value] == 0x20 { value += 1 }
                    if rule.count - value >= wanted.count, rule[value..<(value + wanted.count)].elementsEqual(wanted) {
                        return true
                    }
                }
                index += 1
            }
        }
        return false
    }

    private struct Reader {
        var scanner: XMLScanner
        /// The classes to read (lower case); `nil` until the first `<P Class>` decides.
        var chosen: [[UInt8]]?
        var sawSync = false
        var lines: LineCounter
        /// The block being read: its start, whether it has text for the chosen class, its first
        /// line, and the class of its chosen paragraph (the cue's style).
        var block: (start: Int, counts: Bool, line: Int?, style: Int32)?
        var inChosen = true
        /// The last block with text (kept in the storage at `text`), waiting for the next one to give
        /// its end, and its number among the cues.
        var open: (start: Int, line: Int, style: Int32, text: Range<Int>, ordinal: Int)?
        /// A character reference's decoding. The block's text is written in place (`CueCollector.place`):
        /// white space collapsed, no space before or after a line break.
        var reference: [UInt8] = []
        /// Class names (the cues' styles); a style is a number in it, or -1.
        var styles = NameTable()
        /// The class of the last `<P>` with one: where it is written, whether it is read, its style.
        var lastClass: (range: Range<Int>, chosen: Bool, style: Int32)?

        /// Blocks skipped for an unreadable `Start`, and a file that ends before `</BODY>` or `</SAMI>`.
        var warnings: WarningLog
        /// Whether `</BODY>` or `</SAMI>` was met.
        var sawEnd = false

        /// For a search, the piece of its keyword without which a block of the usual kind is
        /// passed over (`passOver`).
        var piece: RawPiece?
        /// The blocks with text met so far (each one cue of the whole parse), and of them, those
        /// passed over.
        var cuesSeen = 0
        var passedOver = 0
        /// With a `piece`, the number of each cue appended.
        var ordinals = PackedIntegers()

        init(scanner: XMLScanner, chosen: [[UInt8]]?, fileName: String) {
            self.scanner = scanner
            self.chosen = chosen
            lines = LineCounter(scanner.bytes)
            warnings = WarningLog(fileName: fileName)
        }

        var bytes: ByteView { scanner.bytes }

        mutating func run(into cues: inout CueCollector) {
            while let token = scanner.next() {
                switch token {
                case let .start(name, attributes, _):
                    if scanner.equals(name, "sync") {
                        finishBlock(into: &cues)
                        sawSync = true
                        if let value = scanner.attribute("start", in: attributes) {
                            if let start = SAMIParser.milliseconds(bytes, value) {
                                block = (start, false, nil, -1)
                                inChosen = true
                                cues.discardPlaced()
                                if piece != nil, cuesSeen >= SpeakerTurns.sampledCues {
                                    passOver(from: scanner.position, start: start, into: &cues)
                                }
                            } else {
                                let shown = String(decoding: bytes[value.lowerBound..<min(value.upperBound, value.lowerBound + 40)], as: UTF8.self)
                                warnings.add(line: lines.line(at: value.lowerBound),
                                             "unreadable <SYNC Start='\(shown)'> (expected milliseconds, at most 12 digits); block skipped")
                            }
                        }
                    } else if scanner.equals(name, "p") {
                        paragraph(className: scanner.attribute("class", in: attributes), into: &cues)
                    } else if scanner.equals(name, "br"), block != nil, inChosen {
                        lineBreak(&cues)
                    }
                case let .end(name):
                    if scanner.equals(name, "body") {
                        finishBlock(into: &cues)
                        block = nil
                        sawEnd = true
                    } else if scanner.equals(name, "sami") {
                        sawEnd = true
                    } else if scanner.equals(name, "p") {
                        inChosen = false
                    }
                case let .text(range), let .cdata(range):
                    guard block != nil, inChosen else { continue }
                    appendText(range, into: &cues)
                }
            }
            finishBlock(into: &cues)
            if let open {
                emit(open, end: nil, into: &cues)
                self.open = nil
            }
            if sawSync && !sawEnd {
                // A file cut short: what it holds is read, and the reader is told.
                warnings.add(line: lines.line(at: bytes.count),
                             "the file ends before </BODY> or </SAMI> (cut short?); the cues before are read")
            }
        }

        /// Starts a `<P>`: whether it is read, and its class as the block's style.
        private mutating func paragraph(className: Range<Int>?, into cues: inout CueCollector) {
            // Paragraphs of one class follow each other: the last class's answers are kept.
            if let className, let last = lastClass, scanner.sameBytes(className, last.range) {
                inChosen = last.chosen
            } else {
                inChosen = isChosen(className)
                lastClass = className.map { (range: $0, chosen: inChosen, style: -1) }
            }
            guard inChosen, block != nil else { return }
            block?.counts = true
            if let className, !className.isEmpty, block?.style ?? -1 < 0, var last = lastClass {
                if last.style < 0 {
                    last.style = styles.index(bytes.extracting(className))
                    lastClass = last
                }
                block?.style = last.style
            }
            lineBreak(&cues)
        }

        /// Whether a paragraph of class `className` is read; the first class seen is chosen when none is.
        private mutating func isChosen(_ className: Range<Int>?) -> Bool {
            guard let className else { return chosen == nil }
            guard let chosen else {
                self.chosen = [bytes[className].map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }]
                return true
            }
            return chosen.contains { name in
                name.count == className.count && zip(name, bytes[className]).allSatisfy { wanted, byte in
                    wanted == (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                }
            }
        }

        /// Ends a line of the block's text (not at its start, not twice), without a space before it.
        private func lineBreak(_ cues: inout CueCollector) {
            while cues.lastPlaced == 0x20 { cues.removeLastPlaced() }
            if let last = cues.lastPlaced, last != 0x0A { cues.place(0x0A) }
        }

        /// Appends character data to the block's text: references decoded, `&nbsp;` and runs of
        /// white space as one space (none at a line's start).
        private mutating func appendText(_ range: Range<Int>, into cues: inout CueCollector) {
            var index = range.lowerBound
            let end = range.upperBound
            let last = cues.lastPlaced
            var lastWasSpace = last == nil || last == 0x20 || last == 0x0A
            while index < end {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    if !lastWasSpace { cues.place(0x20) }
                    lastWasSpace = true
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "&"), index + 6 <= end,
                   bytes.startsCaseless(with: "&nbsp;", at: index) {
                    if !lastWasSpace { cues.place(0x20) }
                    lastWasSpace = true
                    index += 6
                    continue
                }
                if block?.line == nil { block?.line = lines.line(at: index) }
                if byte == UInt8(ascii: "&") {
                    reference.removeAll(keepingCapacity: true)
                    if let used = CharacterReference.decode(bytes, at: index, end: end, into: &reference) {
                        // A reference to white space is white space.
                        if reference.count == 1, let only = reference.first,
                           only == 0x20 || only == 0x09 || only == 0x0A || only == 0x0D {
                            if !lastWasSpace { cues.place(0x20) }
                            lastWasSpace = true
                        } else {
                            reference.withByteView { cues.place($0) }
                            lastWasSpace = false
                        }
                        index += used
                        continue
                    }
                }
                // A run of bytes that need nothing done, copied at once.
                let runEnd = byte == UInt8(ascii: "&") ? index + 1 : scanner.plainRunEnd(from: index, to: end)
                cues.place(bytes.extracting(index..<runEnd))
                lastWasSpace = false
                index = runEnd
            }
        }

        /// Ends the block being read: a block with text for the chosen class ends the open cue.
        private mutating func finishBlock(into cues: inout CueCollector) {
            guard let current = block, current.counts || cues.placedCount > 0 else { return }
            block = nil
            cues.trimPlaced { $0 == 0x20 || $0 == 0x0A }
            if let previous = open { emit(previous, end: current.start, into: &cues) }
            open = nil
            if cues.placedCount > 0 {
                let line = current.line ?? lines.line(at: 0)
                cuesSeen += 1
                open = (current.start, line, current.style, cues.keepPlaced(), cuesSeen)
            }
        }

        private mutating func emit(_ cue: (start: Int, line: Int, style: Int32, text: Range<Int>, ordinal: Int),
                                   end: Int?, into cues: inout CueCollector) {
            cues.appendKept(cue.text, id: nil, start: cue.start, end: end.map { max($0, cue.start) }, speaker: nil,
                            style: styles[cue.style], line: cue.line)
            if piece != nil { ordinals.append(Int64(cue.ordinal)) }
        }

        /// Passes over the block being read (which starts at `start`, its `<SYNC>` tag ending at
        /// `index`) when it is of the usual kind (`UsualBlocks`) and its text holds no `piece`, and
        /// so on over the blocks after it: each ends the open cue, as `finishBlock` does, and a
        /// block with text is counted as a cue but not read. The first block that is not passed
        /// over is read as any other: the scanner is moved to its `<SYNC>` (or, for the first,
        /// left past it, nothing changed).
        private mutating func passOver(from index: Int, start: Int, into cues: inout CueCollector) {
            guard var piece, let last = lastClass, last.chosen else { return }
            defer { self.piece = piece }
            let usual = UsualBlocks(bytes: bytes, className: last.range)
            var contentFrom = index
            var opening: UsualBlocks.Opening?
            // The blocks passed over so far, how many of them hold text, and the last one's `closed` and `end`.
            var passed = 0
            var withText = 0
            var lastPassed = (closed: false, end: 0)
            defer {
                if passed > 0 {
                    cuesSeen += withText
                    passedOver += withText
                    self.block = nil
                    inChosen = !lastPassed.closed
                    scanner.move(to: lastPassed.end)
                }
            }
            while let block = usual.block(from: contentFrom, opening: &opening), !piece.occurs(in: block.text, of: bytes) {
                if passed == 0, let previous = open {
                    // (Only the first block passed over can end a cue: none is open after it.)
                    emit(previous, end: start, into: &cues)
                    open = nil
                }
                passed += 1
                if block.hasText { withText += 1 }
                lastPassed = (block.closed, block.end)
                guard let next = block.next else { return }
                contentFrom = next
            }
        }
    }

    /// The blocks of the usual kind in a SAMI body, read without the scanner's tokens (`block`).
    private struct UsualBlocks {
        let bytes: ByteView
        /// The class of the last paragraph, which was read (as written).
        let className: Range<Int>
        /// Whether the class holds no white space or quote, so that a value is the class when it
        /// holds its bytes and ends right after them.
        let classIsPlain: Bool
        /// A class of up to eight bytes as a word (the first byte lowest) and the bytes it keeps:
        /// compared with one load; `nil` for a longer class.
        let classWord: (value: UInt64, kept: UInt64)?
        let words = Words.shared
        /// A paragraph tag (`<P Class=ENCC>`, 8 to 16 bytes) read, as written: its length and its
        /// first and last eight bytes. A block that starts with the same bytes has the same tag,
        /// which is not read again.
        typealias Opening = (count: Int, first: UInt64, last: UInt64)

        /// The markup a usual block is written with.
        struct Words {
            static let shared = Words()
            let paragraph = CaselessWord("<p class")
            let nbsp = CaselessWord("&nbsp;")
            let br = CaselessWord("<br")
            let paragraphEnd = CaselessWord("</p>")
            let syncEnd = CaselessWord("</sync>")
            let sync = CaselessWord("<sync")
            let syncStart = CaselessWord("<sync st")
            let art = CaselessWord("art=")
            let bodyEnd = CaselessWord("</body")
        }

        init(bytes: ByteView, className: Range<Int>) {
            self.bytes = bytes
            self.className = className
            classIsPlain = !className.isEmpty && !bytes[className].contains {
                $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'")
            }
            let length = className.count
            classWord = length <= 8
                ? (bytes.loadWord(at: className.lowerBound, padding: 0) & (length == 8 ? .max : (1 << (8 * length)) - 1),
                   length == 8 ? .max : (1 << (8 * length)) - 1)
                : nil
        }

        /// A block's content from `index` (past its `<SYNC>` tag) when it is of the usual kind: a
        /// `<P Class=…>` of `className` (`class=` written so, in any case, its value quoted or
        /// not), holding text, `&nbsp;` and `<br>` alone (so that its text is its raw bytes with
        /// only white space changed), perhaps closed with `</P>` and `</SYNC>`, then the next
        /// `<SYNC` or `</BODY`. Gives the raw text, whether it holds any (a cue), whether `</P>`
        /// closed it, where the next tag starts, and (`syncContent`) where the content of the next
        /// block starts when that tag is a `<SYNC Start=…>` written so; `nil` for any other block.
        /// `opening`: the last block's paragraph tag, which a block read sets.
        @inline(__always)
        func block(from index: Int, opening: inout Opening?) -> (text: Range<Int>, hasText: Bool, closed: Bool, end: Int, next: Int?)? {
            let at = skippingSpace(from: index)
            let textStart: Int
            if let opening, at + 16 <= bytes.count, bytes.loadWord(at: at) == opening.first,
               bytes.loadWord(at: at + opening.count - 8) == opening.last {
                textStart = at + opening.count
            } else {
                guard let start = paragraph(at: at, opening: &opening) else { return nil }
                textStart = start
            }
            return emptyBlock(from: textStart) ?? text(from: textStart)
        }

        /// The usual empty block, `&nbsp;` alone on its line before the next `<SYNC Start=…>`, found
        /// with a few loads from its text's start: what `text(from:)` finds of it.
        @inline(__always)
        private func emptyBlock(from textStart: Int) -> (text: Range<Int>, hasText: Bool, closed: Bool, end: Int, next: Int?)? {
            guard textStart + 16 <= bytes.count, words.nbsp.starts(bytes.loadWord(at: textStart)) else { return nil }
            var lineEnd = textStart + 6
            if bytes[lineEnd] == 0x0D { lineEnd += 1 }
            let end = lineEnd + 1
            guard bytes[lineEnd] == 0x0A, let next = syncContent(at: end) else { return nil }
            return (textStart..<end, false, false, end, next)
        }

        /// Where the text of the paragraph tag at `index` starts, when the tag is of the usual kind
        /// (`block(from:opening:)`), `opening` set to it; `nil` for any other tag.
        private func paragraph(at index: Int, opening: inout Opening?) -> Int? {
            let count = bytes.count
            var at = index
            guard classIsPlain, at + 9 < count, words.paragraph.occurs(in: bytes, at: at), bytes[at + 8] == UInt8(ascii: "=")
            else { return nil }
            let tagStart = at
            // The value: the class's bytes, quoted or not, then `>`.
            at += 9
            let quote = bytes[at]
            let quoted = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
            if quoted { at += 1 }
            guard at + className.count < count else { return nil }
            if let classWord {
                guard bytes.loadWord(at: at, padding: 0) & classWord.kept == classWord.value else { return nil }
            } else {
                guard bytes.bytesEqual(at, className.lowerBound, count: className.count) else { return nil }
            }
            at += className.count
            if quoted {
                guard bytes[at] == quote, at + 1 < count else { return nil }
                at += 1
            }
            guard bytes[at] == UInt8(ascii: ">") else { return nil }
            let textStart = at + 1
            let tagLength = textStart - tagStart
            opening = tagLength >= 8 && tagLength <= 16 && tagStart + 16 <= count
                ? (tagLength, bytes.loadWord(at: tagStart), bytes.loadWord(at: textStart - 8)) : nil
            return textStart
        }

        /// `block(from:)` from the block's text on, past its paragraph tag.
        private func text(from textStart: Int) -> (text: Range<Int>, hasText: Bool, closed: Bool, end: Int, next: Int?)? {
            let count = bytes.count
            var hasText = false
            var at = textStart
            while true {
                let stop = bytes.firstIndexInChunks(ofAny: UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "<"),
                                                    UInt8(ascii: "&"), in: at..<count)
                while !hasText, at < stop {
                    let byte = bytes[at]
                    hasText = byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
                    at += 1
                }
                guard stop < count else { return nil }
                // The markup's first bytes, read once (past the end, zeros: no literal holds one).
                let word = bytes.loadWord(at: stop, padding: 0)
                if bytes[stop] == UInt8(ascii: "&") {
                    guard words.nbsp.starts(word) else { return nil }
                    at = stop + 6
                    continue
                }
                // Most blocks end at the next `<SYNC`: looked for first.
                if words.syncStart.starts(word), let next = syncContent(at: stop) {
                    return (textStart..<stop, hasText, false, stop, next)
                }
                if words.br.starts(word) {
                    var close = stop + 3
                    if close < count, bytes[close] == 0x20 { close += 1 }
                    if close < count, bytes[close] == UInt8(ascii: "/") { close += 1 }
                    guard close < count, bytes[close] == UInt8(ascii: ">") else { return nil }
                    at = close + 1
                    continue
                }
                return ending(textStart..<stop, hasText: hasText, closedBy: word)
            }
        }

        /// `text(from:)` for a block whose text (`text`) ends at markup other than a line break or
        /// a `<SYNC Start=…>` written so (its first bytes `word`): `</P>` (perhaps `</SYNC>` after
        /// it) and then a `<SYNC`, or `</BODY`. Kept out of `text(from:)`, whose usual blocks need
        /// none of the markup read here.
        @inline(never)
        private func ending(_ text: Range<Int>, hasText: Bool, closedBy word: UInt64)
            -> (text: Range<Int>, hasText: Bool, closed: Bool, end: Int, next: Int?)? {
            let count = bytes.count
            var end = text.upperBound
            let closed = words.paragraphEnd.starts(word)
            if closed {
                end = skippingSpace(from: end + 4)
                if words.syncEnd.occurs(in: bytes, at: end) { end = skippingSpace(from: end + 7) }
            }
            if let next = syncContent(at: end) { return (text, hasText, closed, end, next) }
            let nextSync = end + 5 < count && words.sync.occurs(in: bytes, at: end)
                && (bytes[end + 5] == 0x20 || bytes[end + 5] == UInt8(ascii: ">"))
            guard nextSync || words.bodyEnd.occurs(in: bytes, at: end) else { return nil }
            return (text, hasText, closed, end, nil)
        }

        /// Where the content of the `<SYNC Start=…>` tag at `index` starts, when the tag is written
        /// so (any case; the value, quoted or not, of one to twelve digits, then `>`). The value
        /// itself is not read: a block passed over needs no time.
        func syncContent(at index: Int) -> Int? {
            let count = bytes.count
            if index + 32 <= count {
                // Every byte read below lies within the 32 from `index`: no load needs a bound.
                guard words.syncStart.starts(bytes.loadWord(at: index)), words.art.starts(bytes.loadWord(at: index + 8))
                else { return nil }
                var at = index + 12
                let quote = bytes[at]
                let quoted = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
                if quoted { at += 1 }
                let leading = WordBytes.leadingDigits(bytes.loadWord(at: at))
                guard leading > 0 else { return nil }
                at += leading
                if leading == 8 {
                    let following = WordBytes.leadingDigits(bytes.loadWord(at: at))
                    guard following <= 4 else { return nil }
                    at += following
                }
                if quoted {
                    guard bytes[at] == quote else { return nil }
                    at += 1
                }
                return bytes[at] == UInt8(ascii: ">") ? at + 1 : nil
            }
            guard index + 16 <= count ? words.syncStart.starts(bytes.loadWord(at: index))
                    && words.art.starts(bytes.loadWord(at: index + 8))
                : index + 13 < count && words.syncStart.occurs(in: bytes, at: index) && words.art.occurs(in: bytes, at: index + 8)
            else { return nil }
            var at = index + 12
            let quote = bytes[at]
            let quoted = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
            if quoted { at += 1 }
            // One to twelve digits, counted a word at a time.
            let leading = WordBytes.leadingDigits(bytes.loadWord(at: at, padding: 0))
            guard leading > 0 else { return nil }
            at += leading
            if leading == 8 {
                let following = WordBytes.leadingDigits(bytes.loadWord(at: at, padding: 0))
                guard following <= 4 else { return nil }
                at += following
            }
            guard at < count else { return nil }
            if quoted {
                guard bytes[at] == quote, at + 1 < count else { return nil }
                at += 1
            }
            guard bytes[at] == UInt8(ascii: ">") else { return nil }
            return at + 1
        }

        private func skippingSpace(from index: Int) -> Int {
            var at = index
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D {
                at += 1
            }
            return at
        }
    }

    /// The milliseconds of a `Start` value (one to twelve digits, perhaps followed by `ms`), or
    /// `nil`. The digits are read a word at a time (`WordBytes.leadingDigits`).
    static func milliseconds(_ bytes: ByteView, _ range: Range<Int>) -> Int? {
        let start = range.lowerBound
        let first = start + 8 <= bytes.count ? bytes.loadWord(at: start) : bytes.loadWord(at: start, padding: 0)
        let digits = min(WordBytes.leadingDigits(first), range.count)
        guard digits > 0 else { return nil }
        var value = Int(WordBytes.value(first, digits: digits))
        if digits == 8 {
            let second = start + 16 <= bytes.count ? bytes.loadWord(at: start + 8) : bytes.loadWord(at: start + 8, padding: 0)
            let more = min(WordBytes.leadingDigits(second), range.count - 8)
            guard more <= 4 else { return nil }
            if more > 0 {
                for _ in 0..<more { value &*= 10 }
                value &+= Int(WordBytes.value(second, digits: more))
            }
        }
        return value
    }
}
