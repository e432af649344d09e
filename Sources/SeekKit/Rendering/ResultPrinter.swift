import SeekBytes

/// Formats search results for a terminal or a pipe: one block per cue, matches highlighted.
///
/// A block is a header (`FILE:` when several files are searched, the cue
/// number, the start time (the first match's own time where the file times
/// words), the speaker) followed by the cue's first text line;
/// further lines are indented to the text column. Matching cues use `:` as the
/// separator, context cues `-` (as grep does), and context cues are dimmed.
///
///     talk.srt:12 00:01:02.500: Ana: where is your
///                                    home town
///     talk.srt-13 00:01:04.000- Ben: in the north
public struct ResultPrinter: Sendable {
    /// Whether to write SGR colour codes.
    public var color: Bool
    /// The file name shown before each block, or `nil` for none.
    public var fileName: String? {
        didSet { shownFileName = Self.shown(fileName) }
    }
    /// `fileName` sanitised and its display width: worked out once, not for every block.
    private(set) var shownFileName: (text: String, width: Int)?

    public init(color: Bool, fileName: String? = nil) {
        self.color = color
        self.fileName = fileName
        shownFileName = Self.shown(fileName)
    }

    /// The header written before a cue's text (by `block` and `appendCueListing`): its segments
    /// and their display width, which indents the text's later lines.
    struct Header {
        private(set) var segments: [Segment] = []
        private(set) var width = 0

        /// `shown` (the sanitised file name) and `mark` first when a file name is shown, else empty.
        init(fileName shown: (text: String, width: Int)?, mark: String) {
            guard let shown else { return }
            segments.append(Segment(text: shown.text, style: Palette.fileName, source: 0..<0))
            width = shown.width
            add(mark, .plain)
        }

        mutating func add(_ text: String, _ style: Style) {
            segments.append(Segment(text: text, style: style, source: 0..<0))
            width += DisplayWidth.of(text)
        }
    }

    private static func shown(_ fileName: String?) -> (text: String, width: Int)? {
        guard let fileName else { return nil }
        let text = Sanitizer.sanitize(fileName)
        return (text, DisplayWidth.of(text))
    }

    /// The separator written between groups of cues that are not adjacent (`-C`).
    public static let groupSeparator = "--"

    /// The block for cue `cue` (0-based), ending in a newline.
    ///
    /// - Parameter isContext: a neighbouring cue shown for context: dimmed, matches not highlighted.
    /// - Complexity: O(length of the cue text + its matches).
    public func block(cue: Int, of transcript: Transcript, index: MatchIndex, isContext: Bool = false) -> String {
        let mark = isContext ? "-" : ":"
        var header = Header(fileName: shownFileName, mark: mark)
        header.add(String(transcript.ordinal(at: cue)), Palette.timestamp)
        if let start = isContext ? transcript.start(at: cue) : Self.firstMatchTime(cue: cue, of: transcript, index: index) {
            header.add(" ", .plain)
            header.add(Timestamp.format(start), Palette.timestamp)
        }
        header.add(mark + " ", .plain)
        if let speaker = Self.speakerToShow(cue: cue, of: transcript) {
            header.add(Sanitizer.sanitize(speaker) + ":", isContext ? Palette.context : Palette.speaker)
            header.add(" ", .plain)
        }
        let highlights = isContext ? [] : Highlighter.highlights(inCue: cue, of: index)
        let lines = Highlighter.lines(of: transcript.text(at: cue), highlights: highlights,
                                      base: isContext ? Palette.context : .plain)
        var result = Highlighter.ansi(header.segments, color: color)
        let indent = lines.count > 1 ? String(repeating: " ", count: header.width) : ""
        for (number, line) in lines.enumerated() {
            if number > 0 { result += indent }
            result += Highlighter.ansi(line, color: color)
            result += "\n"
        }
        return result
    }

    /// The cues to show for `matchingCues` (sorted, distinct) with `context` neighbours on each side,
    /// as groups of consecutive cue indices; groups are printed with `groupSeparator` between them.
    ///
    /// - Complexity: O(number of cues shown).
    public static func groups(matchingCues: [Int], context: Int, cueCount: Int) -> [Range<Int>] {
        groups(matchingCues: matchingCues, before: context, after: context, cueCount: cueCount)
    }

    /// The cues to show for `matchingCues` (sorted, distinct) with `before` neighbours before each
    /// and `after` neighbours after it (grep's `-B` and `-A`), as groups of consecutive cue indices.
    ///
    /// - Complexity: O(number of cues shown).
    public static func groups(matchingCues: [Int], before: Int, after: Int, cueCount: Int) -> [Range<Int>] {
        Array(CueGroups(matchingCues, before: before, after: after, cueCount: cueCount))
    }

    /// The line for `-o`: the text of the match at `position` alone (`FILE:` first when a file name is shown),
    /// highlighted in its keyword's colour, a line break inside it shown as a space; ends in a newline.
    ///
    ///     talk.srt:Budget
    ///
    /// - Complexity: O(length of the match).
    public func onlyMatching(at position: Int, of transcript: Transcript, index: MatchIndex) -> String {
        let match = index[position]
        let text = transcript.text(at: match.cue)
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: match.range.lowerBound)
        let upper = utf8.index(lower, offsetBy: match.range.count)
        let matched = text[lower..<upper]
        let style = Palette.match(token: match.token)
        let lines = Highlighter.lines(of: matched, highlights: [Highlight(range: 0..<matched.utf8.count, style: style)])
        var result = ""
        if let fileName {
            result += Highlighter.ansi([Segment(text: Sanitizer.sanitize(fileName), style: Palette.fileName, source: 0..<0)],
                                       color: color) + ":"
        }
        for (number, line) in lines.enumerated() {
            if number > 0 { result += Highlighter.ansi([Segment(text: " ", style: style, source: 0..<0)], color: color) }
            result += Highlighter.ansi(line, color: color)
        }
        return result + "\n"
    }

    /// When the cue's first match is spoken (its first word's time, where the file times
    /// words), else the cue's start.
    static func firstMatchTime(cue: Int, of transcript: Transcript, index: MatchIndex) -> Int? {
        let positions = index.positions(inCue: cue)
        guard let first = positions.first, positions.count > 0 else { return transcript.start(at: cue) }
        return transcript.matchTimes(cue: cue, range: index[first].range).start
    }

    /// The cue's speaker, unless its text already starts with a label naming it (`Speaker:`,
    /// `>> SPEAKER:`, `[SPEAKER_00]:`, …: the text keeps its label), so the name is shown once.
    package static func speakerToShow(cue: Int, of transcript: Transcript) -> String? {
        guard let speaker = transcript.speaker(at: cue) else { return nil }
        let text = transcript.text(at: cue)
        if text.hasPrefix(speaker), text.dropFirst(speaker.count).first == ":" { return nil }
        let labelled = text.utf8.withByteView { SpeakerPrefix.speaker(in: $0) }
        return labelled == speaker ? nil : speaker
    }
}
