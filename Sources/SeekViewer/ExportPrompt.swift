import SeekKit

/// What `w` asks its host to write: the matches, as JSON Lines, to a file.
public struct ExportRequest: Hashable, Sendable {
    /// The file name typed, or `nil` for the default one beside the transcript (the host
    /// knows its real bytes, which need not be UTF-8).
    public var name: String?
    /// Whether an existing file may be replaced (the user said yes to replacing it).
    public var replace: Bool

    public init(name: String?, replace: Bool = false) {
        self.name = name
        self.replace = replace
    }
}

/// The status-line prompt `w` opens: the file name to write, then, when that file
/// exists, whether to replace it.
///
/// Keys in, an outcome out; nothing is written here. Enter accepts, Esc cancels.
public struct ExportPrompt: Hashable, Sendable {
    public enum Stage: Hashable, Sendable {
        /// The file name is being edited.
        case naming
        /// The file exists: `y` replaces it, anything else cancels.
        case confirmingReplace(ExportRequest, shownName: String)
    }

    /// What a key did to the prompt.
    public enum Outcome: Hashable, Sendable {
        case editing
        case cancelled
        case submitted(ExportRequest)
    }

    public private(set) var stage: Stage = .naming
    /// The file name as typed (starts as the default name, as shown), and its cursor.
    public private(set) var line: EditedLine
    /// The file name as typed.
    public var text: String { line.text }
    /// The cursor position in `text`, in characters.
    public var cursor: Int { line.cursor }
    private let defaultName: String

    public init(defaultName: String) {
        self.defaultName = defaultName
        line = EditedLine(defaultName)
    }

    /// Moves to asking whether to replace the file `request` names.
    public mutating func askToReplace(_ request: ExportRequest, shownName: String) {
        stage = .confirmingReplace(request, shownName: shownName)
    }

    public mutating func handle(_ key: Key) -> Outcome {
        if case .confirmingReplace(var request, _) = stage {
            guard key == .character("y") || key == .character("Y") else { return .cancelled }
            request.replace = true
            return .submitted(request)
        }
        switch key {
        case .escape, .control("g"):
            return .cancelled
        case .enter:
            guard !text.isEmpty else { return .cancelled }
            return .submitted(ExportRequest(name: text == defaultName ? nil : text))
        case .character(let character):
            line.insert(String(character))
        case .paste(let pasted):
            line.insert(String(pasted.unicodeScalars.filter { Sanitizer.replacement(for: $0) == nil }.map(Character.init)))
        default:
            _ = line.apply(key)
        }
        return .editing
    }

    /// The prompt as the bottom row of a frame `width` columns wide, and the cursor's column.
    public func render(width: Int) -> (spans: [Frame.Span], cursor: Int?) {
        let label: String
        let field: String
        var cursorColumn: Int?
        switch stage {
        case .naming:
            label = " write matches to: "
            // The end of a long name stays in view, where the cursor usually is.
            let characters = Array(text)
            let room = max(1, width - DisplayWidth.of(label) - 1)
            var hidden = 0
            while hidden < characters.count,
                  DisplayWidth.widest(Sanitizer.sanitize(String(characters[hidden...]))) > room { hidden += 1 }
            field = Sanitizer.sanitize(String(characters[hidden...]))
            let beforeCursor = cursor > hidden ? Sanitizer.sanitize(String(characters[hidden..<cursor])) : ""
            cursorColumn = DisplayWidth.of(label) + DisplayWidth.widest(beforeCursor)
        case .confirmingReplace(_, let shownName):
            label = " \(Sanitizer.sanitize(shownName)) exists: replace it? (y/n) "
            field = ""
        }
        var spans = FrameRenderer.truncate([Frame.Span(label, Palette.bar), Frame.Span(field)], to: width)
        let used = spans.reduce(0) { $0 + DisplayWidth.widest($1.text) }
        if used < width { spans.append(Frame.Span(String(repeating: " ", count: width - used))) }
        if let column = cursorColumn { cursorColumn = min(column, max(0, width - 1)) }
        return (spans, cursorColumn)
    }
}
