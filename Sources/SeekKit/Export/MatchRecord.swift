import SeekBytes

/// One match with everything an export writes about it: where it is, in three units, and its cue.
public struct MatchRecord: Sendable {
    /// The file's name as shown to the user.
    public var file: String
    /// For a subtitle track inside a video, its number (1-based among the video's subtitle
    /// tracks) and language tag (`eng`); `nil` for subtitle files.
    public var track: Int?
    public var language: String?
    /// 1-based position among the file's matches (the navigator's "3/17").
    public var position: Int
    /// The number of matches in the file.
    public var total: Int
    /// 1-based cue ordinal.
    public var cue: Int
    public var cueID: String?
    /// Start and end in milliseconds.
    public var start: Int?
    public var end: Int?
    /// When the match's first word starts and its last word ends, in milliseconds
    /// (`Transcript.matchTimes(cue:range:)`): the cue's times where the file has no word times.
    public var matchStart: Int?
    public var matchEnd: Int?
    public var speaker: String?
    /// The cue's style (ASS/SSA `Style`), where the format has one.
    public var style: String?
    /// The keyword that matched, as the user gave it.
    public var keyword: String
    /// The cue's plain text.
    public var text: Substring
    /// The match as Unicode-scalar offsets into `text` (0-based, end exclusive).
    public var characters: Range<Int>
    /// The match as UTF-16 code-unit offsets into `text`.
    public var utf16: Range<Int>
    /// The match as UTF-8 byte offsets into `text`.
    public var bytes: Range<Int>
    /// 1-based source line where the match starts.
    public var line: Int

    public init(
        file: String, position: Int, total: Int, cue: Int, cueID: String?, start: Int?, end: Int?,
        speaker: String?, keyword: String, text: Substring, characters: Range<Int>, utf16: Range<Int>,
        bytes: Range<Int>, line: Int, matchStart: Int? = nil, matchEnd: Int? = nil,
        track: Int? = nil, language: String? = nil, style: String? = nil
    ) {
        self.file = file
        self.track = track
        self.language = language
        self.position = position
        self.total = total
        self.cue = cue
        self.cueID = cueID
        self.start = start
        self.end = end
        self.speaker = speaker
        self.style = style
        self.keyword = keyword
        self.text = text
        self.characters = characters
        self.utf16 = utf16
        self.bytes = bytes
        self.line = line
        self.matchStart = matchStart
        self.matchEnd = matchEnd
    }

    /// The matched text, as it appears in the cue.
    public var match: Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
        let upper = utf8.index(lower, offsetBy: bytes.count)
        return text[lower..<upper]
    }

    /// The matched bytes within `text`, the bytes of `self.text` (clamped to them).
    func matchBytes(in text: ByteView) -> ByteView {
        let lower = min(bytes.lowerBound, text.count)
        return text.extracting(lower..<min(max(bytes.upperBound, lower), text.count))
    }
}

/// The matches of an index as export records, in position order.
///
/// Offsets are counted incrementally within each cue, so exporting all matches
/// costs one pass over the matched cues' text.
public struct MatchRecords: Sequence, Sendable {
    public let file: String
    public let transcript: Transcript
    public let index: MatchIndex
    /// The video subtitle track the transcript came from (number and language), if any.
    public let track: Int?
    public let language: String?
    /// How many of the file's matches come before the index's: its matches are numbered from one
    /// more (a file's matches exported a part at a time).
    public let matchesBefore: Int
    /// The number of matches in the file (`total`): the index's count unless it is a part of them.
    public let totalMatches: Int

    /// The records of `index`'s matches; for a part of a file's matches, `matchesBefore` says how
    /// many come before its first and `totalMatches` how many the file holds.
    public init(
        file: String, transcript: Transcript, index: MatchIndex, track: Int? = nil, language: String? = nil,
        matchesBefore: Int = 0, totalMatches: Int? = nil
    ) {
        self.file = file
        self.transcript = transcript
        self.index = index
        self.track = track
        self.language = language
        self.matchesBefore = matchesBefore
        self.totalMatches = totalMatches ?? index.count
    }

    public func makeIterator() -> Iterator {
        Iterator(records: self)
    }

    /// Builds one record per match, in position order.
    ///
    /// The matches are read in order (`MatchIndex.Matches`), a cue's fields once for all its
    /// matches, and offsets are counted in the transcript's storage where the cue's text lies.
    public struct Iterator: IteratorProtocol {
        let records: MatchRecords
        private var matches: MatchIndex.Matches
        private let storage: String
        private let keywords: [String]
        private let total: Int
        private let matchesBefore: Int
        private let timesWords: Bool
        /// The cue of the last match and its fields.
        private var cue = -1
        private var cueFields = CueFields()
        /// How far into the current cue's text the counts below reach.
        var scannedBytes = 0
        var scalars = 0
        var utf16 = 0
        var newlines = 0

        /// What every match in one cue shares.
        private struct CueFields {
            var ordinal = 0
            var id: String?
            var start: Int?
            var end: Int?
            var speaker: String?
            var style: String?
            var line = 0
            var text: Substring = ""
            /// Where the text lies in the transcript's storage.
            var bytes = 0..<0

            init() {}

            init(_ transcript: Transcript, cue: Int) {
                ordinal = transcript.ordinal(at: cue)
                id = transcript.id(at: cue)
                start = transcript.start(at: cue)
                end = transcript.end(at: cue)
                speaker = transcript.speaker(at: cue)
                style = transcript.style(at: cue)
                line = transcript.line(at: cue)
                text = transcript.text(at: cue)
                bytes = transcript.utf8Range(at: cue)
            }
        }

        init(records: MatchRecords) {
            self.records = records
            matches = records.index.makeIterator()
            storage = records.transcript.storage
            keywords = records.index.query.keywords
            total = records.totalMatches
            matchesBefore = records.matchesBefore
            timesWords = !records.transcript.wordTimes.isEmpty
        }

        public mutating func next() -> MatchRecord? {
            guard let match = matches.next() else { return nil }
            if match.cue != cue {
                cue = match.cue
                cueFields = CueFields(records.transcript, cue: cue)
                scannedBytes = 0
                scalars = 0
                utf16 = 0
                newlines = 0
            } else if match.range.lowerBound < scannedBytes {
                scannedBytes = 0
                scalars = 0
                utf16 = 0
                newlines = 0
            }
            advance(to: match.range.lowerBound)
            let startScalars = scalars
            let startUTF16 = utf16
            let line = cueFields.line + newlines
            advance(to: match.range.upperBound)
            let times = timesWords ? records.transcript.matchTimes(cue: cue, range: match.range)
                : (start: cueFields.start, end: cueFields.end)
            return MatchRecord(
                file: records.file, position: matchesBefore + match.position, total: total, cue: cueFields.ordinal,
                cueID: cueFields.id, start: cueFields.start, end: cueFields.end, speaker: cueFields.speaker,
                keyword: match.token < keywords.count ? keywords[match.token] : "",
                text: cueFields.text, characters: startScalars..<scalars, utf16: startUTF16..<utf16,
                bytes: match.range, line: line, matchStart: times.start, matchEnd: times.end,
                track: records.track, language: records.language, style: cueFields.style)
        }

        /// Counts the cue's text up to `offset` (its bytes, clamped to the text).
        private mutating func advance(to offset: Int) {
            guard offset > scannedBytes else { return }
            let from = scannedBytes
            let text = cueFields.bytes
            let counted = storage.utf8.withByteView { all in
                let end = text.lowerBound + Swift.min(offset, text.count)
                return TextOffsets.count(all, text.lowerBound + from..<Swift.max(text.lowerBound + from, end))
            }
            scalars += counted.scalars
            utf16 += counted.utf16
            newlines += counted.lineFeeds
            scannedBytes = offset
        }
    }
}
