import SeekBytes

/// A piece of displayable text with one style, and the cue-text bytes it shows.
public struct Segment: Hashable, Sendable {
    /// Safe display text (sanitised).
    public var text: String
    public var style: Style
    /// The UTF-8 range of the cue text this segment displays.
    public var source: Range<Int>

    public init(text: String, style: Style, source: Range<Int>) {
        self.text = text
        self.style = style
        self.source = source
    }
}

/// A highlighted range inside a cue's text.
public struct Highlight: Hashable, Sendable {
    /// UTF-8 offsets into the cue text.
    public var range: Range<Int>
    public var style: Style

    public init(range: Range<Int>, style: Style) {
        self.range = range
        self.style = style
    }
}

/// Splits a cue's text into styled, sanitised segments, one array per text line.
///
/// This is the one highlighter: the command's output and the interactive viewer both use it.
public enum Highlighter {
    /// The highlights for the matches of `index` in `cue`, the current one (if any) emphasised.
    public static func highlights(inCue cue: Int, of index: MatchIndex, current: Int? = nil) -> [Highlight] {
        index.positions(inCue: cue).map { position in
            let match = index[position]
            return Highlight(range: match.range, style: Palette.match(token: match.token, current: position == current))
        }
    }

    /// The lines of `text` (split at `\n`) as segments; text outside highlights gets `base`.
    ///
    /// Highlights must be sorted and must not overlap. Control characters become
    /// visible stand-ins in `Palette.control` (merged with the surrounding style),
    /// each in a segment of its own; runs of safe text are copied whole.
    /// - Complexity: O(n) in the length of `text`.
    public static func lines(of text: Substring, highlights: [Highlight], base: Style = .plain) -> [[Segment]] {
        text.utf8.withByteView { split($0, highlights: highlights, base: base) }
    }

    private static func split<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, highlights: [Highlight], base: Style
    ) -> [[Segment]] where Bytes.Index == Int {
        var lines: [[Segment]] = [[]]
        var next = 0
        var offset = 0
        var lastWasControl = false

        func style(at offset: Int) -> Style {
            while next < highlights.count && highlights[next].range.upperBound <= offset { next += 1 }
            if next < highlights.count && highlights[next].range.contains(offset) { return highlights[next].style }
            return base
        }

        func add(_ text: String, _ style: Style, _ source: Range<Int>, control: Bool) {
            let line = lines.count - 1
            if !control, !lastWasControl, let last = lines[line].last, last.style == style,
               last.source.upperBound == source.lowerBound {
                lines[line][lines[line].count - 1].text += text
                lines[line][lines[line].count - 1].source = last.source.lowerBound..<source.upperBound
            } else {
                lines[line].append(Segment(text: text, style: style, source: source))
            }
            lastWasControl = control
        }

        while offset < bytes.count {
            let runStyle = style(at: offset)
            var boundary = bytes.count
            if next < highlights.count {
                let range = highlights[next].range
                boundary = min(boundary, range.contains(offset) ? range.upperBound : max(range.lowerBound, offset + 1))
            }
            var end = offset
            while end < boundary && unsafeLength(bytes, at: end) == 0 { end += 1 }
            if end > offset {
                let run = String(decoding: bytes[offset..<end], as: UTF8.self)
                add(run, runStyle, offset..<end, control: false)
                offset = end
                continue
            }
            let length = unsafeLength(bytes, at: offset)
            if bytes[offset] == 0x0A {
                lines.append([])
                lastWasControl = false
                offset += 1
                continue
            }
            let piece = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
            let scalar = piece.unicodeScalars.first ?? "\u{FFFD}"
            let visible = Sanitizer.replacement(for: scalar) ?? piece
            let controlStyle = scalar == "\t" ? runStyle : merge(runStyle, Palette.control)
            add(visible, controlStyle, offset..<offset + length, control: true)
            offset += length
        }
        return lines
    }

    /// The byte length of the unsafe scalar starting at `offset` (a line break counts), or 0 when it is safe.
    @inline(__always)
    static func unsafeLength<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, at offset: Int
    ) -> Int where Bytes.Index == Int {
        let byte = bytes[offset]
        if byte < 0x20 || byte == 0x7F { return 1 }
        if byte < 0xC2 || byte > 0xE2 { return 0 }
        guard offset + 1 < bytes.count else { return 0 }
        let second = bytes[offset + 1]
        if byte == 0xC2 { return (0x80...0x9F).contains(second) ? 2 : 0 }
        guard byte == 0xE2, offset + 2 < bytes.count else { return 0 }
        let third = bytes[offset + 2]
        if second == 0x80 && (0xA8...0xAE).contains(third) { return 3 }
        if second == 0x81 && (0xA6...0xA9).contains(third) { return 3 }
        return 0
    }

    /// Segments as terminal text: styled with SGR codes when `color` is true, plain otherwise.
    public static func ansi(_ segments: [Segment], color: Bool) -> String {
        var result = ""
        for segment in segments {
            if color && segment.style != .plain {
                result += segment.style.sgr + segment.text + Style.reset
            } else {
                result += segment.text
            }
        }
        return result
    }

    /// `style` with `overlay`'s colour, bold when either is.
    static func merge(_ style: Style, _ overlay: Style) -> Style {
        var merged = style
        merged.foreground = overlay.foreground
        merged.brightForeground = overlay.brightForeground
        merged.bold = merged.bold || overlay.bold
        return merged
    }
}
