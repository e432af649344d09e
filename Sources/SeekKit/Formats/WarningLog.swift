/// Collects a parser's warnings, keeping the first hundred and counting the rest.
struct WarningLog {
    let fileName: String
    private(set) var diagnostics: [Diagnostic] = []
    private var dropped = 0
    private var lastLine: Int?
    static let limit = 100

    init(fileName: String) { self.fileName = fileName }

    mutating func add(line: Int?, _ message: String) {
        if diagnostics.count < Self.limit {
            diagnostics.append(Diagnostic(file: fileName, line: line, message: message))
        } else {
            dropped += 1
            lastLine = line
        }
    }

    /// Adds the warnings of the next piece of the same file, whose line 1 is line
    /// `lineOffset + 1` of the file: the result is what one log over both would hold.
    mutating func append(_ later: WarningLog, lineOffset: Int) {
        for diagnostic in later.diagnostics {
            add(line: diagnostic.line.map { $0 + lineOffset }, diagnostic.message)
        }
        if later.dropped > 0 {
            dropped += later.dropped
            lastLine = later.lastLine.map { $0 + lineOffset }
        }
    }

    /// The warnings, with a closing note when some were left out.
    var all: [Diagnostic] {
        guard dropped > 0 else { return diagnostics }
        return diagnostics + [Diagnostic(file: fileName, line: lastLine,
                                         message: "\(dropped) more problem(s) like these not shown")]
    }
}
