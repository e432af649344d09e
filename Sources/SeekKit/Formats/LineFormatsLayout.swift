import SeekBytes

/// Where a cue's lines start in a file, for its parser to read that cue again alone.
struct CueLines: Equatable {
    /// Where the cue's first line (a timing line, a line starting with its times) starts.
    var position: Int
    /// How many lines come before it.
    var linesBefore: Int
}

/// The cues of a run of lines, their texts written as the whole parse gives them, so that a
/// search looks at them before any cue is made (`LineFormatsLayout`).
struct LaidOutCues {
    /// The cues' texts, each followed by a line feed.
    var text: ByteView
    /// Each cue's text in `text`, in file order.
    var spans: [Range<Int>]
    /// Where each cue's lines start.
    var starts: [CueLines]
    /// How many cues the runs before this one held.
    var cuesBefore: Int
    /// Whether the speakers of the first cues are all laid out and say the parse carries no
    /// labels through turns (`SpeakerTurns`): then these cues' texts are the parse's whatever
    /// the rest of the file holds.
    var speakersSettled: Bool
}

/// Search first, parse later, for the formats of one cue a line (or a few): SBV and SubViewer,
/// MicroDVD, MPL2, TMPlayer and LRC.
///
/// A layout reads every line as the parser does, writing each cue's text as the parse does into
/// a scratch of about a megabyte, and keeps where the cue's lines start; a search looks at those
/// texts a run at a time, and only the cues with a match are read again, by the parser's own code
/// started at their first line (`read`).
///
/// A layout vouches for the whole parse only when it gives every cue the parse gives, in its
/// order, and no warning but those it knows the parse gives (`warnings`): it fails (and the file
/// is parsed whole) on any other warning, on a cue's text longer than the room a run has, and on a
/// file whose first cues' labels are transcript-like (`SpeakerTurns` would carry them through turns
/// and take them off the text).
struct LineFormatsLayout {
    let format: SubtitleFormat
    let fileName: String
    /// The frame rate the caller gives MicroDVD files (`LoadOptions.frameRate`).
    let frameRate: FrameRate?
    /// MicroDVD: the rate the file gives, found by `layOut`.
    private(set) var fileRate: FrameRate?
    /// LRC: the file's offset (its last `[offset:]`), found by `layOut`.
    private(set) var offset = 0
    /// The warnings the parse gives besides the cues' own, found by `layOut`: MicroDVD's assumed frame rate.
    private(set) var warnings: [Diagnostic] = []

    /// Whether the parser of `format` lays out its cues.
    static func laysOut(_ format: SubtitleFormat) -> Bool {
        format == .sbv || format == .microdvd || format == .mpl2 || format == .tmplayer || format == .lrc
    }

    /// The layout of a file `fileName` in `format`, or `nil` when its parser lays out no cues.
    init?(format: SubtitleFormat, fileName: String, frameRate: FrameRate?) {
        guard Self.laysOut(format) else { return nil }
        self.format = format
        self.fileName = fileName
        self.frameRate = frameRate
    }

    /// Hands `body` the cues of `bytes` (valid UTF-8 in `format`), a run of about `runSize` bytes
    /// of text at a time. Returns true when those are all the cues the parse gives, in its order,
    /// and `warnings` all the warnings it gives; false at once when they are not, and when `body`
    /// returns false.
    ///
    /// - Complexity: O(n) in the size of `bytes`.
    mutating func layOut(_ bytes: ByteView, runSize: Int = 1 << 20, _ body: (LaidOutCues) -> Bool) -> Bool {
        var exact = false
        var fileRate: FrameRate?
        var offset = 0
        var cues = 0
        let format = format
        CueCollector.withCollected(inputBytes: runSize, keepsSpeakers: false, { scratch in
            var runs = Runs(size: runSize)
            switch format {
            case .sbv: exact = SBVParser.layOut(bytes, into: &scratch, runs: &runs, body)
            case .microdvd:
                exact = MicroDVDParser.layOut(bytes, fileRate: &fileRate, into: &scratch, runs: &runs, body)
            case .mpl2: exact = MPL2Parser.layOut(bytes, into: &scratch, runs: &runs, body)
            case .tmplayer: exact = TMPlayerParser.layOut(bytes, into: &scratch, runs: &runs, body)
            case .lrc: exact = LRCParser.layOut(bytes, offset: &offset, into: &scratch, runs: &runs, body)
            default: return
            }
            exact = exact && runs.hand(&scratch, to: body) && !runs.labels.isTranscriptLike
            // (With the cues of a run `body` turned down: a count stopped early has them.)
            cues = runs.cuesBefore + runs.spans.count
        }, use: { _, _, _ in })
        self.fileRate = fileRate
        self.offset = offset
        if format == .microdvd, let assumed = MicroDVDParser.assumedRate(fileName: fileName, frameRate: frameRate,
                                                                        rateFromFile: fileRate != nil, cues: cues) {
            warnings = [assumed]
        }
        return exact
    }

    /// Appends to `cues` the cues starting at `starts` (laid out from `bytes`), as the parse gives
    /// them; false when some start gives no cue or a warning (it was not laid out from these bytes).
    func read(_ starts: [CueLines], of bytes: ByteView, into cues: inout CueCollector) -> Bool {
        switch format {
        case .sbv: SBVParser.read(starts, of: bytes, into: &cues)
        case .microdvd:
            MicroDVDParser.read(starts, of: bytes, rate: frameRate ?? fileRate ?? MicroDVDParser.defaultFrameRate,
                                into: &cues)
        case .mpl2: MPL2Parser.read(starts, of: bytes, into: &cues)
        case .tmplayer: TMPlayerParser.read(starts, of: bytes, into: &cues)
        case .lrc: LRCParser.read(starts, of: bytes, offset: offset, into: &cues)
        default: false
        }
    }

    /// Two numbers in brackets, `{12}{34}` or `[12][34]`, with no blanks, as nearly every MicroDVD and
    /// MPL2 file writes a line's times, read at `index` at once (`index` moved past them); `nil` for any
    /// other form, and when a number has more than `digits` digits.
    @inline(__always)
    static func usualPair(_ bytes: ByteView, _ index: inout Int, _ end: Int, open: UInt8, close: UInt8,
                          digits: Int) -> (Int, Int?)? {
        @inline(__always) func number(_ at: inout Int) -> Int? {
            if at + 8 <= bytes.count {
                let word = UInt64(littleEndian: bytes.loadWord(at: at))
                let count = WordBytes.leadingDigits(word)
                if count > 0 && count < 8 && at + count <= end {
                    at += count
                    return Int(WordBytes.value(word, digits: count))
                }
            }
            let start = at
            var value = 0
            while at < end, case let digit = bytes[at] &- 0x30, digit < 10 {
                guard at - start < digits else { return nil }
                value = value &* 10 &+ Int(digit)
                at += 1
            }
            return at > start ? value : nil
        }
        var at = index
        guard at < end, bytes[at] == open else { return nil }
        at += 1
        guard let first = number(&at), at + 1 < end, bytes[at] == close, bytes[at + 1] == open else { return nil }
        at += 2
        guard let second = number(&at), at < end, bytes[at] == close else { return nil }
        index = at + 1
        return (first, second)
    }

    /// Whether `text` (in `bytes`) is cleaned to itself with each `|` a line feed, as MicroDVD, MPL2
    /// and TMPlayer clean a text with no other markup: no blank and no `|` at either end, and no
    /// blank next to a `|`.
    @inline(__always)
    static func isBarredLines(_ bytes: ByteView, _ text: Range<Int>) -> Bool {
        guard !text.isEmpty else { return true }
        let first = bytes[text.lowerBound], last = bytes[text.upperBound - 1]
        guard !LineBreakBlanks.isBlank(first), !LineBreakBlanks.isBlank(last), first != UInt8(ascii: "|"),
              last != UInt8(ascii: "|") else { return false }
        var from = text.lowerBound
        while let bar = bytes.firstIndex(of: UInt8(ascii: "|"), in: from..<text.upperBound) {
            // Not at either end: both neighbours lie in the text.
            guard !LineBreakBlanks.isBlank(bytes[bar - 1]), !LineBreakBlanks.isBlank(bytes[bar + 1]) else { return false }
            from = bar + 1
        }
        return true
    }

    /// The cues a layout has written to its scratch and not yet handed to the search.
    struct Runs {
        /// About how many bytes of text a run holds.
        let size: Int
        private(set) var spans: [Range<Int>] = []
        private(set) var starts: [CueLines] = []
        private(set) var cuesBefore = 0
        /// The speakers the first cues' labels name (`SpeakerTurns`' rule).
        private(set) var labels = LabelTally<String>()

        init(size: Int) {
            self.size = size
        }

        /// Keeps the cue whose text is placed in `scratch` (`CueCollector.placed`), its lines starting at `start`.
        @inline(__always)
        mutating func keep(_ start: CueLines, from scratch: inout CueCollector) {
            if cuesBefore + spans.count < SpeakerTurns.sampledCues, let speaker = SpeakerPrefix.speaker(in: scratch.placed) {
                labels.add(speaker)
            }
            spans.append(scratch.keepPlaced())
            starts.append(start)
        }

        /// Whether the run in `scratch` is full: time to hand it over (`hand`).
        @inline(__always)
        func isFull(_ scratch: CueCollector) -> Bool { scratch.used >= size }

        /// Hands the cues kept to `body` and forgets them, `scratch` emptied but for the text placed
        /// and not yet kept (`CueCollector.removeAllKeepingPlaced`); what `body` returned.
        mutating func hand(_ scratch: inout CueCollector, to body: (LaidOutCues) -> Bool) -> Bool {
            guard !spans.isEmpty else { return true }
            let settled = cuesBefore + spans.count >= SpeakerTurns.sampledCues && !labels.isTranscriptLike
            let run = LaidOutCues(text: scratch.storageBytes.view(0..<scratch.used), spans: spans, starts: starts,
                                  cuesBefore: cuesBefore, speakersSettled: settled)
            guard body(run) else { return false }
            cuesBefore += spans.count
            spans.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
            scratch.removeAllKeepingPlaced()
            return true
        }
    }
}

extension SBVParser {
    /// Lays out the cues of `bytes` into `scratch` (`LineFormatsLayout.layOut`): false at once on a
    /// warning, a text line longer than the room left, or when `body` returns false.
    static func layOut(
        _ bytes: ByteView, into scratch: inout CueCollector, runs: inout LineFormatsLayout.Runs,
        _ body: (LaidOutCues) -> Bool
    ) -> Bool {
        let scanner = LineScanner(bytes)
        var reader = Reader(scanner)
        var warnings = WarningLog(fileName: "")
        let usual = !scanner.hasCarriageReturns
        while reader.position < scanner.count {
            if runs.isFull(scratch) { guard runs.hand(&scratch, to: body) else { return false } }
            if usual && reader.isBetweenCues, let cue = usualCue(bytes, from: reader.position),
               cue.text.count + 2 <= scratch.room {
                scratch.place(bytes.extracting(cue.text))
                runs.keep(CueLines(position: reader.position, linesBefore: reader.lineNumber), from: &scratch)
                reader.position = cue.next
                reader.lineNumber += cue.lines
                continue
            }
            if let cue = reader.readLine(into: &scratch, warnings: &warnings) { runs.keep(cue.timing, from: &scratch) }
            guard warnings.diagnostics.isEmpty, !reader.overflowed else { return false }
        }
        if let cue = reader.finish() { runs.keep(cue.timing, from: &scratch) }
        return true
    }

    /// Laying out, the cue whose timing line starts at `start` (in text without CR), when it is
    /// written as nearly every file writes one: a timing line `usualTiming` reads, ending no earlier
    /// than it starts; lines of text that start with no blank or digit, end with no blank and hold no
    /// `[`; then an empty line or the end of the text. The cue's text is then its text lines as they
    /// lie, line feeds and all, which is what `Reader` places; `next` is where the line after the
    /// cue starts, `lines` how many lines it took. `nil` for any other cue, which `Reader` reads.
    @inline(__always)
    static func usualCue(_ bytes: ByteView, from start: Int) -> (text: Range<Int>, next: Int, lines: Int)? {
        let count = bytes.count
        @inline(__always) func lineEnd(_ from: Int) -> Int { bytes.firstIndex(of: 0x0A, in: from..<count) ?? count }
        let timingEnd = lineEnd(start)
        guard let times = usualTiming(bytes, start, timingEnd), times.end >= times.start else { return nil }
        var lines = 1
        var position = timingEnd + 1
        let textStart = Swift.min(position, count)
        var textEnd = textStart
        while position < count {
            let end = lineEnd(position)
            lines += 1
            if end == position { break }
            let first = bytes[position], last = bytes[end - 1]
            guard first != 0x20, first != 0x09, first &- 0x30 >= 10, last != 0x20, last != 0x09 else { return nil }
            textEnd = end
            position = end + 1
        }
        guard bytes.firstIndex(of: UInt8(ascii: "["), in: textStart..<textEnd) == nil else { return nil }
        return (textStart..<textEnd, Swift.min(position + 1, count), lines)
    }

    /// Appends to `cues` the cues whose timing lines start at `starts`, as `parse` reads them.
    static func read(_ starts: [CueLines], of bytes: ByteView, into cues: inout CueCollector) -> Bool {
        let scanner = LineScanner(bytes)
        var warnings = WarningLog(fileName: "")
        for start in starts {
            var reader = Reader(scanner, at: start)
            var finished: FinishedCue?
            while finished == nil && reader.position < scanner.count {
                finished = reader.readLine(into: &cues, warnings: &warnings)
            }
            guard let cue = finished ?? reader.finish(), cue.timing == start, warnings.diagnostics.isEmpty
            else { return false }
            reader.append(cue, to: &cues)
        }
        return true
    }
}
