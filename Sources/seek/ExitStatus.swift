/// The command's exit statuses, in one place (grep's convention: an error wins over a match).
enum ExitStatus: Int32 {
    /// Something matched (or, for `--cues`, some cue was listed).
    case found = 0
    /// Nothing matched.
    case notFound = 1
    /// A bad argument or a file that could not be read, written or parsed.
    case error = 2
}
