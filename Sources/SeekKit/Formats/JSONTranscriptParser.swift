import SeekBytes

/// Reads machine transcripts written as JSON.
///
/// The shapes read, told apart by their keys:
/// - **Whisper** (openai-whisper, faster-whisper, whisper-ctranslate2, WhisperX):
///   `{"segments": [{"start": 1.18, "end": 16.0, "text": " …", "speaker": "SPEAKER_00",
///   "words": [{"word": " Igual", "start": 1.18, "end": 1.98}, …]}, …]}`, times in
///   seconds. Each segment is a cue, its text trimmed; each word found in the text (in
///   order) gives a word time. A segment without text is its words joined.
/// - **whisper.cpp** `-oj` / `-ojf`: `{"transcription": [{"offsets": {"from": 0, "to": 5000},
///   "text": " …", "tokens": [{"text": " Ig", "offsets": {…}}, …]}]}`, times in
///   milliseconds; tokens give word times (special tokens such as `[_BEG_]` are skipped).
/// - **Podcast namespace**: `{"segments": [{"speaker": "Darth Vader", "startTime": 0.5,
///   "endTime": 0.75, "body": "I"}, …]}`. Consecutive segments of one speaker are joined
///   (with a space) into one cue, each segment's time kept as a word time; a cue also
///   ends after a body ending in a line break, or ending a sentence once the cue holds
///   `sentenceBreakBytes`, and at a body boundary past `maximumCueBytes`.
/// - An array of segments, `[{"start": 12.44, "end": 14.955, "text": "…"}, …]`, or of subtitle.js's
///   `{"type": "cue", "data": {"start": 12440, "end": 14955, "text": "…"}}` (milliseconds).
/// - WebVTT cues as JavaScript players list them (vtt.js, a `TextTrack`'s cues saved):
///   `{"cues": [{"startTime": 0, "endTime": 2, "text": "…"}, …]}`, seconds; each a cue, none joined.
///
/// Other keys are skipped without being decoded. A segment whose time is unreadable
/// (`1e400`) is kept untimed, with a warning; negative and reversed times are kept,
/// with a warning; words that can't be found in their segment's text lose their times,
/// with a warning; objects with no text and no words beside cues (a header) are skipped.
/// Anything else (a JSON file that is not one of these shapes, a list of objects none of which
/// has a text or words, broken JSON, nesting deeper than 512) is an error naming the line
/// (and, where the JSON breaks, the byte offset).
public enum JSONTranscriptParser {
    static let sentenceBreakBytes = 200
    static let maximumCueBytes = 2000

    static let shapes = "Seek reads Whisper/WhisperX JSON ({\"segments\": [{\"start\", \"end\", \"text\"}]}), "
        + "whisper.cpp -oj ({\"transcription\": [...]}), podcast JSON ({\"segments\": [{\"startTime\", \"body\"}]}) "
        + "arrays of {\"start\", \"end\", \"text\"} and {\"cues\": [{\"startTime\", \"endTime\", \"text\"}]}"

    /// Parses UTF-8 JSON text.
    ///
    /// - Parameter keepsWordTimes: `false` leaves word times out of the transcript (a count needs
    ///   none); words are still read and looked for in their segment's text, so that the warnings
    ///   are the same.
    /// - Throws: `Diagnostic` for broken JSON or a shape Seek does not read.
    /// - Complexity: O(n) in the size of `utf8`; memory O(largest segment) besides the transcript.
    public static func parse(
        _ utf8: [UInt8], fileName: String, keepsWordTimes: Bool = true
    ) throws(Diagnostic) -> (transcript: Transcript, warnings: [Diagnostic]) {
        try utf8.withByteView { (buffer) throws(Diagnostic) in
            try parse(buffer, fileName: fileName, keepsWordTimes: keepsWordTimes)
        }
    }

    /// `parse` of bytes as they lie (say, mapped).
    static func parse(
        _ buffer: ByteView, fileName: String, keepsWordTimes: Bool = true
    ) throws(Diagnostic) -> (transcript: Transcript, warnings: [Diagnostic]) {
        try parse(buffer, fileName: fileName, keepsWordTimes: keepsWordTimes, passingOver: nil)
    }

    /// `parse` for a search, which needs only the cues that may hold a match: after the first
    /// `SpeakerTurns.sampledCues` cues, a cue whose text holds no `piece` is counted but not
    /// kept. The file is read whole all the same (its errors and warnings are the whole parse's);
    /// each cue kept has its number in the whole parse (`Transcript.ordinal(at:)`).
    static func parse(
        _ buffer: ByteView, fileName: String, keepsWordTimes: Bool = true, searchingFor piece: RawPiece
    ) throws(Diagnostic) -> (transcript: Transcript, warnings: [Diagnostic]) {
        try parse(buffer, fileName: fileName, keepsWordTimes: keepsWordTimes, passingOver: piece)
    }

    /// `parse`, searching for `piece` when one is given; `readsUsualSegments: false` reads every
    /// segment key by key (`Reader.readUsualSegment` is not tried), for tests to compare.
    static func parse(
        _ buffer: ByteView, fileName: String, keepsWordTimes: Bool = true, passingOver piece: RawPiece?,
        readsUsualSegments: Bool = true
    ) throws(Diagnostic) -> (transcript: Transcript, warnings: [Diagnostic]) {
        var outcome: Result<[Diagnostic], Diagnostic> = .success([])
        var ordinals: PackedIntegers?
        var transcript = CueCollector.collect(inputBytes: buffer.count) { cues in
            cues.reserve(forInputBytes: buffer.count / 4)
            var reader = Reader(scanner: JSONScanner(buffer), cues: cues, fileName: fileName,
                                keepsWordTimes: keepsWordTimes)
            reader.piece = piece
            reader.searching = piece != nil
            reader.readsUsualSegments = readsUsualSegments
            do throws(JSONScanner.Failure) {
                try reader.run()
                outcome = .success(reader.finishedWarnings())
            } catch {
                outcome = .failure(reader.diagnostic(for: error))
            }
            cues = reader.cues
            if reader.passedOver > 0 { ordinals = reader.ordinals }
        }
        if let ordinals { transcript.ordinalColumn = ordinals }
        return (transcript, try outcome.get())
    }

    /// Whether the text starts like a JSON object with keys or an array of objects.
    static func looksLikeJSON(_ utf8: some Collection<UInt8>) -> Bool {
        var iterator = utf8.lazy.filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }.makeIterator()
        switch (iterator.next(), iterator.next()) {
        case (UInt8(ascii: "{"), UInt8(ascii: "\"")), (UInt8(ascii: "{"), UInt8(ascii: "}")),
             (UInt8(ascii: "["), UInt8(ascii: "{")), (UInt8(ascii: "["), UInt8(ascii: "]")):
            return true
        default:
            return false
        }
    }

    /// What one segment object held.
    private struct Segment {
        var start: Int?
        var end: Int?
        var unreadableTime = false
        var hasText = false
        var isPodcast = false
        var speaker: String?
        /// `speaker`'s id in the reader's `speakerNames` (equal ids, equal speakers), or -1 (compare the names).
        var speakerID = -1
        /// Where the segment's `{` is.
        var offset = 0
        /// Where its text lies in the file, when it is the segment's one text and was written
        /// without an escape (so that its bytes there are its text's).
        var rawText: Range<Int>?
    }

    /// What `Reader.readUsualSegment` read of a segment: no name is held, so that it is copied as plain bytes.
    private struct UsualSegment {
        var start: Int?
        var end: Int?
        var isPodcast = false
        /// Whether its text was written with escapes and is decoded in the cue storage (`CueCollector.placed`),
        /// not at `rawText`. (Beside `isPodcast`, in the padding after `end`: the record stays eight words.)
        var isPlaced = false
        /// The speaker's place in `Reader.usualSpeakers`, or -1 with no `speaker` key.
        var speakerSlot = -1
        /// Where the segment's `{` is.
        var offset = 0
        /// Where its text lies in the file (written without an escape).
        var rawText = 0..<0
    }

    /// A word read from a word list, its text in `Reader.wordText[range]`.
    private struct Word {
        var range: Range<Int>
        var start: Int?
        var end: Int?
    }

    private struct Reader {
        var scanner: JSONScanner
        var cues: CueCollector
        var warnings: WarningLog
        let keepsWordTimes: Bool
        /// The segment's text: written in place (`CueCollector.place`), where its cue keeps it.
        var text: ByteView { cues.placed }
        var wordText: [UInt8] = []
        var words: [Word] = []
        var scratch: [UInt8] = []
        /// The `speaker` values read (the first `speakerNamesKept`), the speaker each gave, and
        /// the place of the first value that gave that speaker (the speaker's id).
        var speakerNames: [(bytes: [UInt8], name: String?, id: Int)] = []
        static let speakerNamesKept = 32
        /// A podcast segment's body, taken out of the storage.
        var body: [UInt8] = []
        var lostWords = 0
        var firstLostWordLine: Int?
        var badTimes = 0
        var firstBadTimeLine: Int?
        /// Segments with no text and no words (`{"a": 1}`, `"text": null`): nothing to read.
        var textless = 0
        var firstTextlessLine: Int?
        var lineCache = (offset: 0, line: 1)
        /// The first line feed at or after `lineCache.offset` (the text's end when none), or -1 until looked for.
        var nextLineFeed = -1
        /// The podcast cue being joined.
        var joined: (start: Int?, end: Int?, speaker: String?, speakerID: Int, line: Int, times: [WordTime], open: Bool) =
            (nil, nil, nil, -1, 1, [], false)
        var joinedText: [UInt8] = []
        /// Texts of the cue being joined that lie in the file as they read (segments' `body` written
        /// without an escape) and are not copied yet: the cue's text is `joinedText`, then each of
        /// these after a space. A cue left out of a search is never copied.
        var joinedParts: [Range<Int>] = []
        /// The length of the cue being joined, its parts not copied yet included.
        var joinedLength = 0
        /// Where the cue being joined's word times and parts start in `joined.times` and `joinedParts`.
        var joinedTimesStart = 0
        var joinedPartsStart = 0
        static let keptForClearing = 4096
        /// Whether segments written as the ones before them are read by `readUsualSegment`.
        var readsUsualSegments = true
        /// The last few `speaker` values read by `readUsualSegment` written plainly (where their
        /// bytes lie in the file), and the speaker each gave, the newest last.
        /// (`first`: the value's first eight bytes, those past its end cleared.)
        var usualSpeakers: [(raw: Range<Int>, first: UInt64, name: String?, id: Int)] = []
        static let usualSpeakersKept = 8
        /// With a `piece`, whether `joinedText` holds it.
        var joinedHoldsPiece = false
        /// For a search, the piece of its keyword without which a cue is left out (`passesOver`).
        var piece: RawPiece?
        /// Whether there is a `piece` (set with it): asked of each segment without reading (and so copying) the piece.
        var searching = false
        /// The cues met so far (kept or not), those left out, and with a `piece` the number of each cue kept.
        var cuesSeen = 0
        var passedOver = 0
        var ordinals = PackedIntegers()
        /// How the segments', their `data` objects' and their words' keys were last written (`JSONScanner.repeats`).
        var segmentKeys: [JSONScanner.KeyPattern] = []
        var dataKeys: [JSONScanner.KeyPattern] = []
        var wordKeys: [JSONScanner.KeyPattern] = []

        init(scanner: JSONScanner, cues: CueCollector, fileName: String, keepsWordTimes: Bool) {
            self.scanner = scanner
            self.cues = cues
            self.warnings = WarningLog(fileName: fileName)
            self.keepsWordTimes = keepsWordTimes
        }

        /// The 1-based line of byte `offset`, counted on from the last one asked (offsets only grow).
        mutating func line(at offset: Int) -> Int {
            if offset < lineCache.offset { (lineCache, nextLineFeed) = ((0, 1), -1) }
            let bytes = scanner.bytes
            // A file on one line (as Whisper writes it) has no line feed to count before most offsets.
            if nextLineFeed < lineCache.offset {
                nextLineFeed = bytes.firstIndex(of: 0x0A, in: lineCache.offset..<bytes.count) ?? bytes.count
            }
            if offset <= nextLineFeed { return lineCache.line }
            let target = Swift.min(offset, bytes.count)
            let line = lineCache.line + bytes.count(of: 0x0A, in: lineCache.offset..<Swift.max(target, lineCache.offset))
            lineCache = (Swift.max(target, lineCache.offset), line)
            return line
        }

        mutating func diagnostic(for failure: JSONScanner.Failure) -> Diagnostic {
            let offset = min(failure.offset, scanner.bytes.count)
            return Diagnostic(file: warnings.fileName, line: line(at: offset),
                              message: failure.message + " (byte \(offset))")
        }

        mutating func finishedWarnings() -> [Diagnostic] {
            // Said only of a file with no cue (objects of another kind, say), where it is the error;
            // beside cues such objects are headers and the like (subtitle.js's `{"type": "header"}`).
            if textless > 0 && cues.count == 0 {
                warnings.add(line: firstTextlessLine,
                             "no segment with a \"text\", \"body\" or words (\(textless) object(s) read); " + shapes)
            }
            if badTimes > 0 {
                warnings.add(line: firstBadTimeLine, "\(badTimes) segment(s) with a negative, reversed or unreadable time")
            }
            if lostWords > 0 {
                warnings.add(line: firstLostWordLine,
                             "\(lostWords) word(s) not found in their segment's text; their times are left out")
            }
            if scanner.sawLoneSurrogate {
                warnings.add(line: nil, "a \\u escape names a lone surrogate; read as U+FFFD")
            }
            return warnings.all
        }

        mutating func run() throws(JSONScanner.Failure) {
            switch scanner.peek() {
            case UInt8(ascii: "{"):
                var found = false
                var fields = try scanner.beginObject()
                while let key = try scanner.nextKey(&fields) {
                    if scanner.key(key, is: "segments") && scanner.peek() == UInt8(ascii: "[") {
                        try readSegments(milliseconds: false)
                        found = true
                    } else if scanner.key(key, is: "transcription") && scanner.peek() == UInt8(ascii: "[") {
                        try readSegments(milliseconds: true)
                        found = true
                    } else if scanner.key(key, is: "cues") && scanner.peek() == UInt8(ascii: "[") {
                        try readSegments(milliseconds: false, joiningTurns: false)
                        found = true
                    } else {
                        try scanner.skipValue()
                    }
                }
                guard found else { throw scanner.failure("no \"segments\", \"transcription\" or \"cues\" list; " + shapes, at: 0) }
            case UInt8(ascii: "["):
                try readSegments(milliseconds: false)
            default:
                throw scanner.failure("expected a JSON object or array, found \(scanner.describeNext()); " + shapes)
            }
            if scanner.peek() != nil { throw scanner.failure("unexpected text after the JSON value") }
            flushJoined()
        }

        /// Reads a list of segments; `joiningTurns` joins a podcast speaker's segments (`startTime`, `body`).
        mutating func readSegments(milliseconds: Bool, joiningTurns: Bool = true) throws(JSONScanner.Failure) {
            var elements = try scanner.beginArray()
            while try scanner.nextElement(&elements) {
                guard scanner.peek() == UInt8(ascii: "{") else {
                    throw scanner.failure("expected a segment object, found \(scanner.describeNext()); " + shapes)
                }
                try readSegment(milliseconds: milliseconds, joiningTurns: joiningTurns)
            }
        }

        mutating func readSegment(milliseconds: Bool, joiningTurns: Bool) throws(JSONScanner.Failure) {
            if readsUsualSegments, !segmentKeys.isEmpty,
               let segment = try readUsualSegment(scale: milliseconds ? 0 : 3, joiningTurns: joiningTurns) {
                finishUsual(segment, line: line(at: segment.offset))
                return
            }
            var segment = Segment()
            segment.offset = scanner.position
            cues.discardPlaced()
            // (Cleared only when not empty: most segments have no words, and clearing costs a call.)
            if !wordText.isEmpty { wordText.removeAll(keepingCapacity: true) }
            if !words.isEmpty { words.removeAll(keepingCapacity: true) }
            try readFields(of: &segment, milliseconds: milliseconds)
            if !joiningTurns { segment.isPodcast = false }
            try finish(segment)
        }

        /// Reads a segment object's fields into `segment`; subtitle.js's `{"type": "cue", "data":
        /// {"start", "end", "text"}}` has them one object down, in milliseconds.
        mutating func readFields(of segment: inout Segment, milliseconds: Bool, nested: Bool = false) throws(JSONScanner.Failure) {
            let scale = milliseconds ? 0 : 3
            var fields = try scanner.beginObject()
            var index = 0
            while let kind = try nested
                ? scanner.nextKeyKind(&fields, index: index, patterns: &dataKeys, classify: Self.fieldKind)
                : scanner.nextKeyKind(&fields, index: index, patterns: &segmentKeys, classify: Self.fieldKind) {
                index += 1
                switch FieldKind(rawValue: kind) ?? .other {
                case .data where scanner.peek() == UInt8(ascii: "{"):
                    try readFields(of: &segment, milliseconds: true, nested: true)
                case .start, .startTime:
                    segment.isPodcast = segment.isPodcast || kind == FieldKind.startTime.rawValue
                    segment.start = try readTime(scale: scale, unreadable: &segment.unreadableTime)
                case .end:
                    segment.end = try readTime(scale: scale, unreadable: &segment.unreadableTime)
                case .offsets where scanner.peek() == UInt8(ascii: "{"):
                    (segment.start, segment.end) = try readOffsets(unreadable: &segment.unreadableTime)
                case .text, .body:
                    segment.isPodcast = segment.isPodcast || kind == FieldKind.body.rawValue
                    if scanner.readNull() { continue }
                    let quote = scanner.position
                    let placed = cues.placedCount
                    try scanner.readString(into: &cues)
                    // An escape writes fewer bytes than it takes: as many as the raw bytes, there was none.
                    let raw = (quote + 1)..<(scanner.position - 1)
                    segment.rawText = !segment.hasText && cues.placedCount - placed == raw.count ? raw : nil
                    segment.hasText = true
                case .speaker:
                    (segment.speaker, segment.speakerID) = try readSpeaker()
                case .words, .tokens:
                    try readWords(milliseconds: kind == FieldKind.tokens.rawValue || milliseconds, speaker: &segment.speaker)
                default:
                    try scanner.skipValue()
                }
            }
        }

        /// Reads a segment written as the ones before it were (each key as `segmentKeys` remembers
        /// it, in that order, and no other), whose times are numbers, whose text is one string
        /// and whose speaker (if any) is a string, both with no escape, and whose other values are
        /// skipped: what `readFields` would read, without copying the text (its range is `rawText`)
        /// and without classifying any key. `nil`, with nothing read, for any other segment
        /// (`readFields` reads it).
        ///
        /// A failure thrown here is the one `readFields` would throw at the same place.
        mutating func readUsualSegment(scale: Int, joiningTurns: Bool) throws(JSONScanner.Failure) -> UsualSegment? {
            // (At the segment's `{`, which `readSegments` has seen.)
            let start = scanner.position
            var segment = UsualSegment()
            var hasText = false
            segment.offset = start
            scanner.rewind(to: start + 1)
            var fields = JSONScanner.Cursor()
            var index = 0
            while index < segmentKeys.count {
                let kind = segmentKeys[index].kind
                guard scanner.repeats(segmentKeys[index], &fields) else { break }
                index += 1
                switch FieldKind(rawValue: kind) ?? .other {
                case .start, .startTime:
                    segment.isPodcast = segment.isPodcast || kind == FieldKind.startTime.rawValue
                    // (Seconds as most are written read here, not in a call.)
                    if scale == 3, let milliseconds = scanner.readMilliseconds() {
                        segment.start = milliseconds
                        continue
                    }
                    guard let time = try readUsualTime(scale: scale) else { break }
                    segment.start = time
                    continue
                case .end:
                    if scale == 3, let milliseconds = scanner.readMilliseconds() {
                        segment.end = milliseconds
                        continue
                    }
                    guard let time = try readUsualTime(scale: scale) else { break }
                    segment.end = time
                    continue
                case .text, .body:
                    guard !hasText else { break }
                    segment.isPodcast = segment.isPodcast || kind == FieldKind.body.rawValue
                    hasText = true
                    if let raw = scanner.readPlainString() {
                        segment.rawText = raw
                        continue
                    }
                    // A text with escapes (`\\uXXXX` in a file written by Python's `json.dump`) is
                    // decoded into the cue storage, as `readFields` decodes it; a podcast body so
                    // written is left to `readFields`.
                    guard kind == FieldKind.text.rawValue, scanner.peek() == UInt8(ascii: "\"") else { break }
                    cues.discardPlaced()
                    try scanner.readString(into: &cues)
                    segment.isPlaced = true
                    continue
                case .speaker:
                    let before = scanner.position
                    guard let raw = scanner.readPlainString() else { break }
                    if let known = usualSpeaker(raw) {
                        segment.speakerSlot = known
                    } else {
                        scanner.rewind(to: before)
                        let (name, id) = try readSpeaker()
                        if usualSpeakers.count == Self.usualSpeakersKept { usualSpeakers.removeFirst() }
                        usualSpeakers.append((raw, Self.firstBytes(scanner.bytes, raw), name, id))
                        segment.speakerSlot = usualSpeakers.count - 1
                    }
                    continue
                case .tokens:
                    // openai-whisper's numbers; a list of token objects is read by `readWords`.
                    guard scanner.peek() == UInt8(ascii: "["), scanner.skipArrayOfNumbers() else { break }
                    continue
                case .other:
                    try scanner.skipValue()
                    continue
                case .data, .offsets, .words:
                    break
                }
                // A value read otherwise.
                index = -1
                break
            }
            if !joiningTurns { segment.isPodcast = false }
            guard index == segmentKeys.count, hasText, !(segment.isPlaced && segment.isPodcast), scanner.endsObject() else {
                scanner.rewind(to: start)
                return nil
            }
            return segment
        }

        /// A time written as a number `readTime` reads to a value; `nil` for anything else.
        @inline(__always)
        mutating func readUsualTime(scale: Int) throws(JSONScanner.Failure) -> Int? {
            if scale == 3, let milliseconds = scanner.readMilliseconds() { return milliseconds }
            guard let next = scanner.peek(), next == UInt8(ascii: "-") || (next >= 0x30 && next <= 0x39) else { return nil }
            return try scanner.readNumber().scaled(by: scale)
        }

        /// Where in `usualSpeakers` the `speaker` value at `raw` is, written alike, or `nil`.
        /// (Mutating, and the word a static function's, so that the reader is not copied to call it.)
        mutating func usualSpeaker(_ raw: Range<Int>) -> Int? {
            let first = Self.firstBytes(scanner.bytes, raw)
            var index = usualSpeakers.count - 1
            while index >= 0 {
                // (Fields read one by one: the entry is not copied, nor its name retained.)
                let known = usualSpeakers[index].raw
                if usualSpeakers[index].first == first, known.count == raw.count,
                   raw.count <= 8 || scanner.bytes.bytesEqual(known.lowerBound + 8, raw.lowerBound + 8, count: raw.count - 8) {
                    return index
                }
                index -= 1
            }
            return nil
        }

        /// The first eight bytes of `range` of the file as a word, those past the range's end cleared.
        @inline(__always)
        static func firstBytes(_ bytes: ByteView, _ range: Range<Int>) -> UInt64 {
            let count = Swift.min(range.count, 8)
            let word = bytes.loadWord(at: range.lowerBound, padding: 0)
            return count == 8 ? word : word & ((1 << (8 * UInt64(count))) &- 1)
        }

        /// What `readFields` does with a key.
        enum FieldKind: UInt8 {
            case other, data, start, startTime, end, offsets, text, body, speaker, words, tokens
        }

        /// The kind of the segment key `key` (`endTime` is read as `end`).
        static func fieldKind(_ scanner: JSONScanner, _ key: Range<Int>) -> UInt8 {
            // The keys read are 3 to 9 bytes long; Whisper's others (`temperature`, `avg_logprob`, …) are not.
            let kind: FieldKind = if key.count > 9 || key.count < 3 { .other }
                else if scanner.key(key, is: "data") { .data }
                else if scanner.key(key, is: "start") { .start }
                else if scanner.key(key, is: "startTime") { .startTime }
                else if scanner.key(key, is: "end") || scanner.key(key, is: "endTime") { .end }
                else if scanner.key(key, is: "offsets") { .offsets }
                else if scanner.key(key, is: "text") { .text }
                else if scanner.key(key, is: "body") { .body }
                else if scanner.key(key, is: "speaker") { .speaker }
                else if scanner.key(key, is: "words") { .words }
                else if scanner.key(key, is: "tokens") { .tokens }
                else { .other }
            return kind.rawValue
        }

        /// A time in seconds (`scale` 3) or milliseconds (`scale` 0); `nil` for `null` or an unreadable number.
        mutating func readTime(scale: Int, unreadable: inout Bool) throws(JSONScanner.Failure) -> Int? {
            if scale == 3, let milliseconds = scanner.readMilliseconds() { return milliseconds }
            if scanner.readNull() { return nil }
            guard let next = scanner.peek(), next == UInt8(ascii: "-") || (next >= 0x30 && next <= 0x39) else {
                throw scanner.failure("expected a time in seconds, found \(scanner.describeNext())")
            }
            let value = try scanner.readNumber().scaled(by: scale)
            if value == nil { unreadable = true }
            return value
        }

        /// whisper.cpp's `{"from": 0, "to": 5000}`, in milliseconds.
        mutating func readOffsets(unreadable: inout Bool) throws(JSONScanner.Failure) -> (Int?, Int?) {
            var from: Int?
            var to: Int?
            var fields = try scanner.beginObject()
            while let key = try scanner.nextKey(&fields) {
                if scanner.key(key, is: "from") {
                    from = try readTime(scale: 0, unreadable: &unreadable)
                } else if scanner.key(key, is: "to") {
                    to = try readTime(scale: 0, unreadable: &unreadable)
                } else {
                    try scanner.skipValue()
                }
            }
            return (from, to)
        }

        /// The speaker a `speaker` value names, and its place in `speakerNames` (-1 when not kept there).
        mutating func readSpeaker() throws(JSONScanner.Failure) -> (name: String?, id: Int) {
            if scanner.readNull() { return (nil, -1) }
            if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
            if let plain = scanner.readPlainString() {
                // Most names are written plainly: a name seen before is known without a copy.
                let bytes = scanner.bytes.extracting(plain)
                if let known = speakerNames.first(where: { $0.bytes.withByteView { bytes.elementsEqual($0) } }) {
                    return (known.name, known.id)
                }
                scratch.append(contentsOf: bytes)
            } else if scanner.peek() == UInt8(ascii: "\"") {
                try scanner.readString(into: &scratch)
            } else {
                let start = scanner.position
                try scanner.skipValue()
                scratch.append(contentsOf: scanner.bytes.extracting(start..<scanner.position))
            }
            // Segments name the same few speakers again and again: each name's answer is kept.
            if let known = speakerNames.first(where: { $0.bytes == scratch }) { return (known.name, known.id) }
            let name = speakerName(scratch)
            guard speakerNames.count < Self.speakerNamesKept else { return (name, -1) }
            let id = speakerNames.first(where: { $0.name == name })?.id ?? speakerNames.count
            speakerNames.append((scratch, name, id))
            return (name, id)
        }

        /// The speaker a `speaker` value's text names: trimmed, `nil` when empty or `?`, a bare number as `Speaker N`.
        func speakerName(_ text: [UInt8]) -> String? {
            let name = String(decoding: text, as: UTF8.self).trimmingSpaces()
            guard !name.isEmpty, name != "?" else { return nil }
            if name.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return "Speaker " + name }
            return name
        }

        mutating func readWords(milliseconds: Bool, speaker: inout String?) throws(JSONScanner.Failure) {
            guard scanner.peek() == UInt8(ascii: "[") else {
                try scanner.skipValue()
                return
            }
            // openai-whisper's `tokens` are numbers: no word in them.
            if scanner.skipArrayOfNumbers() { return }
            var elements = try scanner.beginArray()
            while try scanner.nextElement(&elements) {
                guard scanner.peek() == UInt8(ascii: "{") else {
                    try scanner.skipValue()
                    continue
                }
                var word = Word(range: wordText.count..<wordText.count)
                var unreadable = false
                var fields = try scanner.beginObject()
                var index = 0
                while let kind = try scanner.nextKeyKind(&fields, index: index, patterns: &wordKeys, classify: Self.wordFieldKind) {
                    index += 1
                    switch FieldKind(rawValue: kind) ?? .other {
                    case .text:
                        if scanner.readNull() { continue }
                        let from = wordText.count
                        try scanner.readString(into: &wordText)
                        word.range = from..<wordText.count
                    case .start:
                        word.start = try readTime(scale: milliseconds ? 0 : 3, unreadable: &unreadable)
                    case .end:
                        word.end = try readTime(scale: milliseconds ? 0 : 3, unreadable: &unreadable)
                    case .offsets where scanner.peek() == UInt8(ascii: "{"):
                        (word.start, word.end) = try readOffsets(unreadable: &unreadable)
                    case .speaker where speaker == nil:
                        speaker = try readSpeaker().name
                    default:
                        try scanner.skipValue()
                    }
                }
                // Special tokens, `[_BEG_]` and `<|endoftext|>`, are no words.
                if word.range.count >= 2, case let (first, second) = (wordText[word.range.lowerBound], wordText[word.range.lowerBound + 1]),
                   (first == UInt8(ascii: "[") && second == UInt8(ascii: "_")) || (first == UInt8(ascii: "<") && second == UInt8(ascii: "|")) {
                    wordText.removeSubrange(word.range)
                    continue
                }
                words.append(word)
            }
        }

        /// The kind of a word object's key `key` (`word` is read as `text`).
        static func wordFieldKind(_ scanner: JSONScanner, _ key: Range<Int>) -> UInt8 {
            let kind: FieldKind = if scanner.key(key, is: "word") || scanner.key(key, is: "text") { .text }
                else if scanner.key(key, is: "start") { .start }
                else if scanner.key(key, is: "end") { .end }
                else if scanner.key(key, is: "offsets") { .offsets }
                else if scanner.key(key, is: "speaker") { .speaker }
                else { .other }
            return kind.rawValue
        }

        mutating func finish(_ segment: Segment) throws(JSONScanner.Failure) {
            let line = line(at: segment.offset)
            if !segment.hasText && words.isEmpty {
                textless += 1
                if firstTextlessLine == nil { firstTextlessLine = line }
            }
            if !segment.hasText {
                for word in words {
                    if let last = cues.lastPlaced, !isSpace(last), let first = wordText[word.range].first, !isSpace(first) {
                        cues.place(0x20)
                    }
                    wordText.withByteView { cues.place($0.extracting(word.range)) }
                }
            }
            if segment.unreadableTime || (segment.start ?? 0) < 0 || (segment.end ?? 0) < 0
                || (segment.start != nil && segment.end != nil && segment.end! < segment.start!) {
                badTimes += 1
                if firstBadTimeLine == nil { firstBadTimeLine = line }
            }
            if segment.isPodcast {
                // Joined with the segments after it: its text is taken out of the storage first.
                body.removeAll(keepingCapacity: true)
                body.append(contentsOf: text)
                cues.discardPlaced()
                var lower = 0
                var upper = body.count
                while lower < upper && isSpace(body[lower]) { lower += 1 }
                while upper > lower && isSpace(body[upper - 1]) { upper -= 1 }
                let endsLine = body[upper...].contains(0x0A)
                body.withByteView {
                    join(start: segment.start, end: segment.end, speaker: segment.speaker, speakerID: segment.speakerID,
                         rawText: segment.rawText, $0, lower..<upper, inFile: false, endsLine: endsLine, line: line)
                }
                return
            }
            cues.trimPlaced { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            guard cues.placedCount > 0 else { return }
            let times = locateWords(in: 0..<cues.placedCount, line: line)
            if passesOver(cues.placed, holdsPiece: segment.rawText.map { pieceOccurs(inRaw: $0) }) {
                cues.discardPlaced()
                return
            }
            if keepsWordTimes { cues.pendingWordTimes.append(contentsOf: times) }
            cues.appendPlaced(id: nil, start: segment.start, end: segment.end, speaker: segment.speaker, line: line)
        }

        /// `finish` for a segment `readUsualSegment` read, its text the file's bytes at `rawText`
        /// (it has no words, and its times are readable).
        mutating func finishUsual(_ segment: UsualSegment, line: Int) {
            let raw = segment.rawText
            if (segment.start ?? 0) < 0 || (segment.end ?? 0) < 0
                || (segment.start != nil && segment.end != nil && segment.end! < segment.start!) {
                badTimes += 1
                if firstBadTimeLine == nil { firstBadTimeLine = line }
            }
            if segment.isPlaced {
                // As `finish` ends a segment whose text it decoded (no words, no podcast body).
                cues.trimPlaced { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
                guard cues.placedCount > 0 else { return }
                if passesOver(cues.placed) {
                    cues.discardPlaced()
                    return
                }
                cues.appendPlaced(id: nil, start: segment.start, end: segment.end,
                                  speaker: segment.speakerSlot >= 0 ? usualSpeakers[segment.speakerSlot].name : nil, line: line)
                return
            }
            let bytes = scanner.bytes
            var lower = raw.lowerBound
            var upper = raw.upperBound
            while lower < upper && isSpace(bytes[lower]) { lower += 1 }
            while upper > lower && isSpace(bytes[upper - 1]) { upper -= 1 }
            if segment.isPodcast {
                let endsLine = upper < raw.upperBound && bytes.firstIndex(of: 0x0A, in: upper..<raw.upperBound) != nil
                let slot = segment.speakerSlot
                let speakerID = slot >= 0 ? usualSpeakers[slot].id : -1
                join(start: segment.start, end: segment.end, speaker: slot >= 0 && speakerID < 0 ? usualSpeakers[slot].name : nil,
                     speakerID: speakerID, rawText: raw,
                     bytes, lower..<upper, inFile: true, endsLine: endsLine, line: line)
                return
            }
            guard lower < upper else { return }
            if passesOver(bytes.extracting(lower..<upper), holdsPiece: searching ? pieceOccurs(inRaw: raw) : nil) { return }
            cues.append(text: bytes.extracting(lower..<upper), id: nil, start: segment.start, end: segment.end,
                        speaker: segment.speakerSlot >= 0 ? usualSpeakers[segment.speakerSlot].name : nil, line: line)
        }

        /// The word times of `words` found in order in `text[range]`, offsets counted from `range.lowerBound`.
        mutating func locateWords(in range: Range<Int>, line: Int) -> [WordTime] {
            var times: [WordTime] = []
            var cursor = range.lowerBound
            for word in words {
                var low = word.range.lowerBound
                var high = word.range.upperBound
                while low < high && isSpace(wordText[low]) { low += 1 }
                while high > low && isSpace(wordText[high - 1]) { high -= 1 }
                guard low < high else { continue }
                guard let start = word.start, let found = find(low..<high, in: cursor..<range.upperBound) else {
                    lostWords += 1
                    if firstLostWordLine == nil { firstLostWordLine = line }
                    continue
                }
                times.append(WordTime(offset: found - range.lowerBound, start: start,
                                      end: word.end.map { Swift.max($0, start) }))
                cursor = found + (high - low)
            }
            return times
        }

        /// Where `wordText[word]` next occurs in `text[range]`, looking a little way ahead only.
        /// (Mutating, so that the reader is not copied to call it.)
        mutating func find(_ word: Range<Int>, in range: Range<Int>) -> Int? {
            let count = word.count
            let limit = Swift.min(range.upperBound - count, range.lowerBound + 256)
            guard limit >= range.lowerBound else { return nil }
            let text = self.text
            return wordText.withByteView { (wordText: ByteView) -> Int? in
                let first = wordText[word.lowerBound]
                var index = range.lowerBound
                while index <= limit {
                    if text[index] == first {
                        var offset = 1
                        while offset < count && text[index + offset] == wordText[word.lowerBound + offset] { offset += 1 }
                        if offset == count { return index }
                    }
                    index += 1
                }
                return nil
            }
        }

        /// Adds a podcast segment, its text `text[range]` (trimmed; `endsLine` when a line feed was
        /// trimmed after it), to the cue being joined, first ending that cue when the speaker changes.
        /// `speaker` is the speaker's name when `speakerID` is -1; with an id it is not read (the
        /// name is `speakerNames[speakerID]`'s, looked up when the cue is appended: no name is
        /// copied for each segment).
        /// `inFile`: `text` is the file's bytes, which the cue may keep uncopied until it ends.
        mutating func join(start: Int?, end: Int?, speaker: String?, speakerID: Int, rawText: Range<Int>?,
                           _ text: ByteView, _ range: Range<Int>, inFile: Bool, endsLine: Bool, line: Int) {
            if joined.open && !(joined.speakerID >= 0 && joined.speakerID == speakerID)
                && (joined.speakerID >= 0 && speakerID >= 0
                    || speakerName(id: joined.speakerID, joined.speaker) != speakerName(id: speakerID, speaker)) {
                flushJoined()
            }
            guard range.lowerBound < range.upperBound else { return }
            if !joined.open {
                // Field by field: the word times' array keeps its storage from one cue to the next.
                (joined.start, joined.end, joined.speakerID, joined.line) = (start, end, speakerID, line)
                if speakerID < 0 || joined.speaker != nil { joined.speaker = speakerID < 0 ? speaker : nil }
                // (Word times and parts of cues before are let lie, and cleared now and then: a clear
                // for each cue costs more than the rest of a short one.)
                if joined.times.count >= Self.keptForClearing { joined.times.removeAll(keepingCapacity: true) }
                joinedTimesStart = joined.times.count
                joined.open = true
                if !joinedText.isEmpty { joinedText.removeAll(keepingCapacity: true) }
                if joinedParts.count >= Self.keptForClearing { joinedParts.removeAll(keepingCapacity: true) }
                joinedPartsStart = joinedParts.count
                joinedLength = 0
                joinedHoldsPiece = false
            }
            // (A piece has no space, so it never straddles two segments' texts, joined with one.)
            if searching, !joinedHoldsPiece {
                joinedHoldsPiece = if let raw = rawText { pieceOccurs(inRaw: raw) }
                    else { piece!.occurs(anywhereIn: text.extracting(range)) }
            }
            if joinedLength > 0 { joinedLength += 1 }
            if let start, keepsWordTimes {
                joined.times.append(WordTime(offset: joinedLength, start: start, end: end.map { Swift.max($0, start) }))
            }
            if inFile {
                joinedParts.append(range)
            } else {
                copyJoinedParts()
                if !joinedText.isEmpty { joinedText.append(0x20) }
                joinedText.append(contentsOf: text.extracting(range))
            }
            joinedLength += range.count
            if let end { joined.end = Swift.max(joined.end ?? end, end) }
            if joined.start == nil { joined.start = start }
            let last = text[range.upperBound - 1]
            let endsSentence = last == UInt8(ascii: ".") || last == UInt8(ascii: "?") || last == UInt8(ascii: "!")
            if endsLine || (endsSentence && joinedLength >= sentenceBreakBytes) || joinedLength >= maximumCueBytes {
                flushJoined()
            }
        }

        /// The name of the speaker `id` names in `speakerNames`, or `name` when `id` is -1.
        func speakerName(id: Int, _ name: String?) -> String? {
            id >= 0 ? speakerNames[id].name : name
        }

        /// Copies the parts of the cue being joined that lie in the file after its text.
        mutating func copyJoinedParts() {
            while joinedPartsStart < joinedParts.count {
                if !joinedText.isEmpty { joinedText.append(0x20) }
                joinedText.append(contentsOf: scanner.bytes.extracting(joinedParts[joinedPartsStart]))
                joinedPartsStart += 1
            }
        }

        mutating func flushJoined() {
            guard joined.open else { return }
            joined.open = false
            // (With a piece, whether the text holds it is known: the text is not read.)
            if passesOver(ByteView(), holdsPiece: joinedHoldsPiece) { return }
            copyJoinedParts()
            if joinedTimesStart < joined.times.count { cues.pendingWordTimes.append(contentsOf: joined.times[joinedTimesStart...]) }
            let body = joinedText
            body.withByteView { buffer in
                cues.append(text: buffer, id: nil, start: joined.start, end: joined.end,
                            speaker: speakerName(id: joined.speakerID, joined.speaker), line: joined.line)
            }
        }

        /// Whether the `piece` lies in `range` of the file's bytes (a segment's text written without an
        /// escape, whose bytes are its text's): found in the file itself, from one place on to the
        /// next, rather than in each text copied out. `false` with no piece.
        mutating func pieceOccurs(inRaw range: Range<Int>) -> Bool {
            guard searching else { return false }
            return piece!.occurs(in: range, of: scanner.bytes)
        }

        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        /// Counts a cue about to be appended, its text `text`; `true` when a search leaves it out:
        /// past the first `SpeakerTurns.sampledCues` cues, a text without the `piece` holds no match.
        /// With `holdsPiece`, whether the text holds the piece is known (and `text` not searched).
        mutating func passesOver(_ text: ByteView, holdsPiece: Bool? = nil) -> Bool {
            cuesSeen += 1
            guard searching else { return false }
            if cuesSeen > SpeakerTurns.sampledCues, !(holdsPiece ?? piece!.occurs(anywhereIn: text)) {
                passedOver += 1
                return true
            }
            ordinals.append(Int64(cuesSeen))
            return false
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
