#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks UTF-8 text line by line without copying: LF, CRLF and a lone CR all end a line.
///
/// Files without any CR are scanned with `memchr`, which is several times faster
/// than a byte loop on long files.
struct LineScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the text has a CR anywhere; without one, consecutive lines are contiguous
    /// with exactly one LF between them.
    let hasCarriageReturns: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if let base = bytes.baseAddress, bytes.count > 0 {
            hasCarriageReturns = memchr(base, 0x0D, bytes.count) != nil
        } else {
            hasCarriageReturns = false
        }
    }

    var count: Int { bytes.count }

    /// The end (exclusive, before the line break) of the line starting at `start`,
    /// and where the next line starts (`count` at the end of the text).
    ///
    /// - Complexity: O(line length).
    @inline(__always)
    func line(from start: Int) -> (end: Int, next: Int) {
        let count = bytes.count
        guard start < count, let base = bytes.baseAddress else { return (count, count) }
        if !hasCarriageReturns {
            guard let found = memchr(base + start, 0x0A, count - start) else { return (count, count) }
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            return (end, end + 1)
        }
        var index = start
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A { return (index, index + 1) }
            if byte == 0x0D {
                return (index, index + 1 < count && bytes[index + 1] == 0x0A ? index + 2 : index + 1)
            }
            index += 1
        }
        return (count, count)
    }

    /// Whether `start..<end` holds only spaces and tabs.
    @inline(__always)
    func isBlank(_ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte != 0x20 && byte != 0x09 { return false }
            index += 1
        }
        return true
    }

    /// Whether `start..<end` of `bytes` holds `-->`.
    ///
    /// - Complexity: O(end - start), using `memchr` to jump from one `>` to the next.
    static func containsArrow(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var from = start + 2
        while from < end {
            guard let found = memchr(base + from, Int32(UInt8(ascii: ">")), end - from) else { return false }
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if bytes[index - 1] == UInt8(ascii: "-") && bytes[index - 2] == UInt8(ascii: "-") { return true }
            from = index + 1
        }
        return false
    }

    /// The text of `start..<end`.
    func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}

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
