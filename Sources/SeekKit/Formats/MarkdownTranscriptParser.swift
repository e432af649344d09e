import SeekBytes

/// Reads talk transcripts written as Markdown (or text) paragraphs with timestamps inside the line.
///
/// Podcast sites publish transcripts one paragraph per turn, the time written now and then
/// inside it: `**Jerod Santo:** \[05:47\] And generally quiet…`, `[00:01:02] Name: text`,
/// `[12:09](https://…#t=729) So that's nice`. `recognises(_:)` tells such a file by its content.
///
/// Each paragraph (lines up to a blank line or a line that starts with a speaker label,
/// joined with `\n`) is cleaned of Markdown:
/// `**` is dropped, a backslash escape (`\[`, `\*`) gives the character, and a link
/// `[text](target)` gives its text. A timestamp in brackets (`[05:47]`, `\[05:47\]`, or a link
/// whose text is one) anywhere in it, or one starting a line (`05:47 text`, `(05:47)`), ends
/// the text before it and starts a cue at its time; the timestamp itself is dropped.
///
/// A speaker label (`SpeakerPrefix`) that starts a paragraph, or follows a timestamp that
/// starts a line, names the speaker and is dropped from the text; the speaker lasts until the
/// next label. A cue with a timestamp of its own runs until the next timestamp; text without
/// one (a paragraph further into a turn) was said between the timestamps around it, and gets
/// their times (none before the first timestamp, no end after the last).
///
/// - Complexity: O(n) in the size of the text; the cleaned text is held once more until collected.
enum MarkdownTranscriptParser {
    /// How many bytes from the start `recognises(_:)` looks at.
    static let detectionLength = 1 << 15

    /// Whether the text (its first 32 KiB) reads as a Markdown talk transcript: a line starts
    /// with a bold label (`**Name:**`), or a timestamp is written escaped (`\[05:47\]`), as a
    /// link's text (`[05:47](…)`), or in brackets after other text on its line.
    ///
    /// - Complexity: O(1): at most 32 KiB are read.
    static func recognises(_ text: ByteView) -> Bool {
        let bytes = text.extracting(first: detectionLength)
        var position = 0
        while position < bytes.count {
            let end = bytes.firstIndex(of: 0x0A, in: position..<bytes.count) ?? bytes.count
            defer { position = end + 1 }
            let first = bytes.skippingBlanks(from: position, to: end)
            if first + 1 < end && bytes[first] == UInt8(ascii: "*") && bytes[first + 1] == UInt8(ascii: "*"),
               SpeakerPrefix.label(in: bytes.extracting(first..<end)) != nil {
                return true
            }
            var index = first
            while index < end, let bracket = bytes.firstIndex(of: UInt8(ascii: "["), in: index..<end) {
                let escaped = bracket > first && bytes[bracket - 1] == UInt8(ascii: "\\")
                if let (_, after) = TimestampedTextParser.leadingTimestamp(bytes, escaped ? bracket - 1 : bracket, end) {
                    if escaped || bracket > first { return true }
                    if after < end && bytes[after] == UInt8(ascii: "(") && closingParenthesis(bytes, after, end) != nil {
                        return true
                    }
                }
                index = bracket + 1
            }
        }
        return false
    }

    /// A cue read but not yet collected: its text lies in `Reader.text`.
    private struct Piece {
        var text: Range<Int>
        var speaker: String?
        var line: Int
    }

    /// A timestamp read, and the number of pieces read before it: it times the pieces after.
    private struct Mark {
        var piece: Int
        var time: Int
    }

    /// A cut in a paragraph's cleaned text: a timestamp, where it was, and whether only spaces
    /// were before it on its line.
    private struct Cut {
        var offset: Int
        var time: Int
        var startsLine: Bool
    }

    /// Parses the whole text into `cues`.
    ///
    /// - Complexity: O(n) in the size of the text.
    static func parse(_ scanner: LineScanner, into cues: inout CueCollector) {
        let bytes = scanner.view
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var pieces: [Piece] = []
        var marks: [Mark] = []
        var speaker: String?
        var paragraph: [UInt8] = []
        var cuts: [Cut] = []
        var paragraphLine = 0

        func finishParagraph() {
            defer {
                paragraph.removeAll(keepingCapacity: true)
                cuts.removeAll(keepingCapacity: true)
            }
            guard !paragraph.isEmpty || !cuts.isEmpty else { return }
            var newlinesBefore = 0
            var counted = 0
            paragraph.withByteView { plain in
                for k in 0...cuts.count {
                    let lower = k == 0 ? 0 : cuts[k - 1].offset
                    let upper = k == cuts.count ? plain.count : cuts[k].offset
                    if k > 0 { marks.append(Mark(piece: pieces.count, time: cuts[k - 1].time)) }
                    var low = lower
                    var high = upper
                    while low < high && isSpace(plain[low]) { low += 1 }
                    while high > low && isSpace(plain[high - 1]) { high -= 1 }
                    if k == 0 || cuts[k - 1].startsLine,
                       let label = SpeakerPrefix.label(in: plain.extracting(low..<high)) {
                        speaker = label.name
                        low += label.length
                        while low < high && isSpace(plain[low]) { low += 1 }
                    }
                    guard low < high else { continue }
                    while counted < low {
                        if plain[counted] == 0x0A { newlinesBefore += 1 }
                        counted += 1
                    }
                    let start = text.count
                    text.append(contentsOf: plain.extracting(low..<high))
                    pieces.append(Piece(text: start..<text.count, speaker: speaker, line: paragraphLine + newlinesBefore))
                }
            }
        }

        var position = 0
        var lineNumber = 0
        while position < scanner.count {
            let (end, next) = scanner.line(from: position)
            lineNumber += 1
            defer { position = next }
            if scanner.isBlank(position, end) {
                finishParagraph()
                continue
            }
            var index = bytes.skippingBlanks(from: position, to: end)
            if !paragraph.isEmpty && SpeakerPrefix.label(in: bytes.extracting(index..<end)) != nil {
                finishParagraph()
            }
            if paragraph.isEmpty {
                paragraphLine = lineNumber
            } else {
                paragraph.append(0x0A)
            }
            let first = bytes[index]
            if first != UInt8(ascii: "[") && first != UInt8(ascii: "\\"),
               let (time, after) = TimestampedTextParser.leadingTimestamp(bytes, index, end) {
                cuts.append(Cut(offset: paragraph.count, time: time, startsLine: true))
                index = after
            }
            clean(bytes, index..<end, into: &paragraph, cuts: &cuts)
        }
        finishParagraph()

        var markIndex = 0
        var current: Int?
        for (number, piece) in pieces.enumerated() {
            while markIndex < marks.count && marks[markIndex].piece <= number {
                current = marks[markIndex].time
                markIndex += 1
            }
            var end = markIndex < marks.count ? marks[markIndex].time : nil
            if current == nil { end = nil }
            if let start = current, let next = end, next < start { end = nil }
            text.withByteView { all in
                cues.append(text: all.extracting(piece.text), id: nil, start: current, end: end,
                            speaker: piece.speaker, line: piece.line)
            }
        }
    }

    /// Appends the text of `range` (one line) to `plain` with Markdown's `**`, escapes and link
    /// syntax removed, and records each bracketed timestamp as a cut (`cuts` nil: kept as text).
    private static func clean(_ bytes: ByteView, _ range: Range<Int>, into plain: inout [UInt8],
                              cuts: inout [Cut]) {
        let end = range.upperBound
        let lineStart = plain.count
        var index = range.lowerBound
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "*") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
            case UInt8(ascii: "\\"), UInt8(ascii: "["):
                if let (time, after) = TimestampedTextParser.leadingTimestamp(bytes, index, end) {
                    let startsLine = !plain[lineStart...].contains { !isSpace($0) }
                    cuts.append(Cut(offset: plain.count, time: time, startsLine: startsLine))
                    index = after
                    if index < end && bytes[index] == UInt8(ascii: "("), let close = closingParenthesis(bytes, index, end) {
                        index = close + 1
                        index = bytes.skippingBlanks(from: index, to: end)
                    }
                } else if byte == UInt8(ascii: "\\") {
                    if index + 1 < end, isASCIIPunctuation(bytes[index + 1]) {
                        plain.append(bytes[index + 1])
                        index += 2
                    } else {
                        plain.append(byte)
                        index += 1
                    }
                } else if let (inner, close) = link(bytes, index, end) {
                    if let (time, after) = TimestampedTextParser.leadingTimestamp(bytes, inner.lowerBound, inner.upperBound),
                       after == inner.upperBound {
                        let startsLine = !plain[lineStart...].contains { !isSpace($0) }
                        cuts.append(Cut(offset: plain.count, time: time, startsLine: startsLine))
                        index = close + 1
                        index = bytes.skippingBlanks(from: index, to: end)
                    } else {
                        var ignored: [Cut] = []
                        clean(bytes, inner, into: &plain, cuts: &ignored)
                        index = close + 1
                    }
                } else {
                    plain.append(byte)
                    index += 1
                }
            default:
                plain.append(byte)
                index += 1
            }
        }
    }

    /// A link `[text](target)` starting at `start`: the range of its text and the position of its `)`.
    private static func link(_ bytes: ByteView, _ start: Int, _ end: Int) -> (Range<Int>, Int)? {
        var index = start + 1
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                index += 2
                continue
            case UInt8(ascii: "["):
                return nil
            case UInt8(ascii: "]"):
                guard index + 1 < end, bytes[index + 1] == UInt8(ascii: "("),
                      let close = closingParenthesis(bytes, index + 1, end) else { return nil }
                return (start + 1..<index, close)
            default:
                index += 1
            }
        }
        return nil
    }

    /// The `)` closing the link target that opens at `open` (a `(`), on the same line, without spaces.
    private static func closingParenthesis(_ bytes: ByteView, _ open: Int, _ end: Int) -> Int? {
        var index = open + 1
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: ")"): return index > open + 1 ? index : nil
            case 0x20, 0x09, UInt8(ascii: "("): return nil
            default: index += 1
            }
        }
        return nil
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A
    }

    /// The characters CommonMark lets a backslash escape.
    @inline(__always)
    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }
}
