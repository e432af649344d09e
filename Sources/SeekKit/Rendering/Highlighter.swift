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
    /// visible stand-ins in `Palette.control` (merged with the surrounding style).
    /// - Complexity: O(n) in the length of `text`.
    public static func lines(of text: Substring, highlights: [Highlight], base: Style = .plain) -> [[Segment]] {
        var lines: [[Segment]] = [[]]
        let utf8 = text.utf8
        var offset = 0
        var next = 0
        var pending = ""
        var pendingStart = 0
        var pendingStyle = base

        func flush(upTo end: Int) {
            if !pending.isEmpty || end > pendingStart {
                lines[lines.count - 1].append(Segment(text: pending, style: pendingStyle, source: pendingStart..<end))
            }
            pending = ""
            pendingStart = end
        }

        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            while next < highlights.count && highlights[next].range.upperBound <= offset { next += 1 }
            var style = base
            if next < highlights.count && highlights[next].range.contains(offset) {
                style = highlights[next].style
            }
            if scalar == "\n" {
                flush(upTo: offset)
                lines.append([])
                offset += width
                pendingStart = offset
                pendingStyle = style
                continue
            }
            if let visible = Sanitizer.replacement(for: scalar) {
                let controlStyle = scalar == "\t" ? style : merge(style, Palette.control)
                if controlStyle != pendingStyle { flush(upTo: offset); pendingStyle = controlStyle }
                pending += visible
                offset += width
                flush(upTo: offset)
                pendingStyle = style
                continue
            }
            if style != pendingStyle {
                flush(upTo: offset)
                pendingStyle = style
            }
            pending.unicodeScalars.append(scalar)
            offset += width
        }
        _ = utf8
        flush(upTo: offset)
        return lines
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

    private static func merge(_ style: Style, _ overlay: Style) -> Style {
        var merged = style
        if style.background == nil { merged.foreground = overlay.foreground; merged.brightForeground = overlay.brightForeground }
        merged.bold = merged.bold || overlay.bold
        return merged
    }
}
