/// A problem found in an input file, with where it is; prints like a compiler message.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's name as the user gave it (`-` or `<stdin>` for standard input).
    public var file: String
    /// The 1-based line, when the problem has one.
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`, or `file: message` without a line.
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
