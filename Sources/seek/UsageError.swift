/// A problem with the command line: a one-line reason, printed with a usage hint.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }

    /// The hint printed after the reason.
    static let hint = "Usage: seek [OPTIONS] KEYWORD [FILE…]  (try 'seek --help')"
}
