/// One cue of a transcript: a piece of text, usually with the time it is shown or spoken.
public struct Cue: Hashable, Sendable {
    /// 1-based position in file order.
    public var ordinal: Int
    /// The SRT index or WebVTT identifier, if the file gave one.
    public var id: String?
    /// Start time in milliseconds; `nil` for untimed text.
    public var start: Int?
    /// End time in milliseconds; `nil` when unknown.
    public var end: Int?
    /// Who speaks, when the file says so (`<v Name>`, `Name:` prefixes).
    public var speaker: String?
    /// The style the file gives the cue (ASS/SSA `Style`, such as `Default` or `Signs`).
    public var style: String?
    /// Plain text: markup removed, character references decoded, lines joined with `\n`.
    public var text: String
    /// 1-based line in the source file where the cue's text starts.
    public var line: Int

    public init(
        ordinal: Int, id: String? = nil, start: Int? = nil, end: Int? = nil,
        speaker: String? = nil, style: String? = nil, text: String, line: Int
    ) {
        self.ordinal = ordinal
        self.id = id
        self.start = start
        self.end = end
        self.speaker = speaker
        self.style = style
        self.text = text
        self.line = line
    }
}
