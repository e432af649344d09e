import SeekBytes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the cue texts of a plainly written piece of SRT lie, found without parsing it.
///
/// A plain piece is what most SRT files are: blocks of an index line (digits only),
/// a timing line in the usual `00:00:01,000 --> 00:00:02,500` form (hours of up to six digits), and text lines,
/// each block ended by an empty line; LF line breaks only, no line of spaces, no
/// text line `SRTParser` could take for a timing line. On such a piece the parser
/// gives exactly these cues, with each cue's text its lines as they lie (joined by
/// their LF), cleaned of markup and references when `marked`, and no warning.
/// Anything else is left to the parser.
struct SRTLayout {
    /// The cues' text, as byte ranges of the piece, in order.
    var spans: [Range<Int>] = []
    /// The indices of the cues whose text holds `<`, `{` or `&`, which the parser cleans.
    var marked: [Int] = []
    /// How many lines the parser would read.
    var lines = 0

    /// The layout of `bytes`, or `nil` when they are not plainly written.
    ///
    /// - Complexity: O(n), sixteen bytes at a time within text lines.
    init?(_ bytes: ByteView) {
        guard !bytes.isEmpty else { return }
        let count = bytes.count
        if bytes.firstIndex(of: 0x0D) != nil { return nil }
        spans.reserveCapacity(count / 48)
        // Line feeds and the bytes markup or a timing can start with, in text lines.
        var events = ByteEvents(bytes, 0x0A, UInt8(ascii: "{"), UInt8(ascii: "&"), orMasked: UInt8(ascii: ">"), mask: 0x02)
        var position = 0
        while true {
            while position < count && bytes[position] == 0x0A {
                position += 1
                lines += 1
            }
            guard position < count else { break }
            // An index line (digits only: never a timing line) before the timing line.
            var digitsEnd = position
            while digitsEnd < count && digitsEnd - position <= 18 && SRTParser.isDigit(bytes[digitsEnd]) { digitsEnd += 1 }
            if digitsEnd > position && digitsEnd < count && bytes[digitsEnd] == 0x0A {
                guard digitsEnd - position <= 18 else { return nil }
                position = digitsEnd + 1
                lines += 1
            }
            guard let timingEnd = SRTLayout.timingLineEnd(bytes, at: position) else { return nil }
            position = timingEnd + 1
            lines += 1
            let textStart = position
            var textEnd = position
            var isMarked = false
            if position < count && bytes[position] != 0x0A {
                events.move(to: position)
                var lineStart = position
                var hasAngle = false
                while true {
                    let place = events.next()
                    if place < count && bytes[place] != 0x0A {
                        if bytes[place] == UInt8(ascii: ">") { hasAngle = true } else { isMarked = true }
                        continue
                    }
                    guard SRTLayout.isTextLine(bytes, lineStart..<place, hasAngle: hasAngle) else { return nil }
                    textEnd = place
                    position = place + 1
                    lines += 1
                    if position >= count || bytes[position] == 0x0A { break }
                    lineStart = position
                    hasAngle = false
                }
            }
            if isMarked { marked.append(spans.count) }
            spans.append(textStart..<textEnd)
        }
    }

    /// Whether the parser reads the line `line` (without its line feed) as text: not a line
    /// of spaces, nor (`hasAngle`: it holds `<` or `>`) a timing.
    @inline(__always)
    static func isTextLine(_ bytes: ByteView, _ line: Range<Int>, hasAngle: Bool) -> Bool {
        let first = bytes[line.lowerBound]
        if first == 0x20 || first == 0x09,
           !bytes.extracting(line).contains(where: { $0 != 0x20 && $0 != 0x09 }) {
            return false
        }
        return !hasAngle || SRTParser.timing(bytes, line.lowerBound, line.upperBound) == .none
    }

    /// The usual timing line, `00:00:01,000 --> 00:00:02,500` (`,` or `.`), as two
    /// overlapping templates of sixteen bytes.
    private static let usualTimingStart = BytePattern16(Array("00:00:00,000 -->".utf8), digit: 0x30, orMasks: [8: 0x02])
    private static let usualTimingEnd = BytePattern16(Array("--> 00:00:00,000".utf8), digit: 0x30, orMasks: [12: 0x02])

    /// The end (its line feed) of a timing line in the usual form starting at `index`:
    /// `H:MM:SS,mmm --> H:MM:SS,mmm`, hours of one to six digits, `.` or `,` before
    /// the milliseconds.
    @inline(__always)
    static func timingLineEnd(_ bytes: ByteView, at index: Int) -> Int? {
        if index + 30 <= bytes.count, bytes[index + 29] == 0x0A, usualTimingStart.matches(bytes, at: index),
           usualTimingEnd.matches(bytes, at: index + 13) {
            return index + 29
        }
        guard let afterStart = timeEnd(bytes, at: index), afterStart + 5 < bytes.count else { return nil }
        let arrow = afterStart
        guard bytes[arrow + 0] == 0x20, bytes[arrow + 1] == UInt8(ascii: "-"), bytes[arrow + 2] == UInt8(ascii: "-"),
              bytes[arrow + 3] == UInt8(ascii: ">"), bytes[arrow + 4] == 0x20,
              let afterEnd = timeEnd(bytes, at: afterStart + 5), afterEnd < bytes.count, bytes[afterEnd] == 0x0A
        else { return nil }
        return afterEnd
    }

    /// The end of `H:MM:SS,mmm` (hours of one to six digits) at `index`.
    @inline(__always)
    private static func timeEnd(_ bytes: ByteView, at index: Int) -> Int? {
        var hoursEnd = index
        while hoursEnd < bytes.count && hoursEnd - index < 7 && SRTParser.isDigit(bytes[hoursEnd]) { hoursEnd += 1 }
        guard hoursEnd > index, hoursEnd - index <= 6, hoursEnd + 10 <= bytes.count else { return nil }
        let t = hoursEnd
        guard bytes[t + 0] == UInt8(ascii: ":"), SRTParser.isDigit(bytes[t + 1]), SRTParser.isDigit(bytes[t + 2]), bytes[t + 3] == UInt8(ascii: ":"),
              SRTParser.isDigit(bytes[t + 4]), SRTParser.isDigit(bytes[t + 5]), bytes[t + 6] == UInt8(ascii: ",") || bytes[t + 6] == UInt8(ascii: "."),
              SRTParser.isDigit(bytes[t + 7]), SRTParser.isDigit(bytes[t + 8]), SRTParser.isDigit(bytes[t + 9]) else { return nil }
        return hoursEnd + 10
    }
}
