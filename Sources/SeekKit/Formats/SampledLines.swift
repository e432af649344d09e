import SeekBytes

/// The lines of a file's first bytes, as the formats told by what most lines start with
/// (TMPlayer, MPL2) are recognised.
enum SampledLines {
    /// How many lines of `bytes` are not blank (a last line that may be cut short left out,
    /// unless it is the only one), and for how many of them `test` holds, given each line from
    /// its first non-blank byte to its end.
    ///
    /// - Complexity: O(n) in the size of `bytes`, which the caller keeps small.
    static func count(_ bytes: ByteView, where test: (_ start: Int, _ end: Int) -> Bool) -> (lines: Int, passing: Int) {
        let scanner = LineScanner(bytes)
        var position = 0
        var lines = 0
        var passing = 0
        while position < scanner.count {
            let (end, next) = scanner.line(from: position)
            defer { position = next }
            if end == scanner.count && lines > 0 { break }
            let start = bytes.skippingBlanks(from: position, to: end)
            guard start < end else { continue }
            lines += 1
            if test(start, end) { passing += 1 }
        }
        return (lines, passing)
    }

    /// Whether three in four of the lines passed, two of them at least unless there is only one.
    static func mostPass(_ counted: (lines: Int, passing: Int)) -> Bool {
        (counted.passing >= 2 || counted.lines == 1) && counted.passing * 4 >= counted.lines * 3
    }
}
