/// The short line the viewer shows under the list, and how much it matters.
///
/// The severity decides the colour in one place (`FrameRenderer`); nothing compares a message's
/// text to find out what kind it is.
///
/// ```swift
/// state.message = .error("could not export: out.jsonl is a symbolic link (not followed)")
/// ```
public struct ViewerMessage: Hashable, Sendable {
    /// How much a message matters, from what a key did to what failed.
    public enum Severity: Hashable, Sendable, CaseIterable {
        /// What a key did: "search wrapped", "speaker: Ana", "exported 3 matches to …".
        case info
        /// The key was understood but had nothing to act on: "no match to play", "already a token: …".
        case notice
        /// Something the reader should see: the query finds nothing, the file was read with problems.
        case warning
        /// What was asked for failed: "could not export: …", "cannot play: …".
        case error
    }

    /// The words shown (sanitised when drawn).
    public var text: String
    public var severity: Severity

    public init(_ text: String, severity: Severity) {
        self.text = text
        self.severity = severity
    }

    public static func info(_ text: String) -> ViewerMessage { ViewerMessage(text, severity: .info) }
    public static func notice(_ text: String) -> ViewerMessage { ViewerMessage(text, severity: .notice) }
    public static func warning(_ text: String) -> ViewerMessage { ViewerMessage(text, severity: .warning) }
    public static func error(_ text: String) -> ViewerMessage { ViewerMessage(text, severity: .error) }

    /// The query is not empty and finds nothing; cleared by the first search that finds something.
    public static let noMatches = warning("no matches")
    /// `n` or `N` went past the last match to the first (or back); cleared when the query changes.
    public static let searchWrapped = info("search wrapped")
}
