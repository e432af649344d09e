import SeekBytes

extension ResultPrinter {
    /// Appends `block(cue:of:index:isContext:)` without colour, as UTF-8, to `out`: the same
    /// bytes, written straight from the cue's text (sanitised as `Highlighter.lines` does)
    /// without making a string per piece.
    ///
    /// - Precondition: `color` is false (highlights need the segments `block` makes).
    /// - Complexity: O(length of the cue text).
    ///
    /// `out` is handed to `flush` whenever it holds `flushThreshold` bytes or more, inside
    /// the cue's text too, so a cue as long as its file is never held whole in `out`.
    public func appendBlock(
        cue: Int, of transcript: Transcript, index: MatchIndex, isContext: Bool = false, to out: inout [UInt8],
        flush: (inout [UInt8]) -> Void = { _ in }
    ) {
        precondition(!color, "appendBlock writes blocks without colour")
        let start = isContext || transcript.wordTimes.isEmpty
            ? transcript.start(at: cue) : Self.firstMatchTime(cue: cue, of: transcript, index: index)
        transcript.withTextBytes(at: cue) { bytes in
            appendBlock(ordinal: transcript.ordinal(at: cue), start: start,
                        speaker: Self.speakerToShow(cue: cue, of: transcript), text: bytes, isContext: isContext,
                        to: &out, flush: flush)
        }
    }

    /// Appends the block of a cue numbered `ordinal` (`Transcript.ordinal(at:)`), shown at `start`
    /// (milliseconds) when given, with `speaker` shown before its `text`: what
    /// `appendBlock(cue:of:index:isContext:to:flush:)` writes for a cue of these.
    ///
    /// - Precondition: `color` is false.
    /// - Complexity: O(length of `text`).
    func appendBlock(
        ordinal: Int, start: Int?, speaker: String?, text: ByteView, isContext: Bool = false, to out: inout [UInt8],
        flush: (inout [UInt8]) -> Void
    ) {
        precondition(!color, "appendBlock writes blocks without colour")
        let mark = isContext ? UInt8(ascii: "-") : UInt8(ascii: ":")
        var width = 0
        if let shownFileName {
            out.append(contentsOf: shownFileName.text.utf8)
            out.append(mark)
            width += shownFileName.width + 1
        }
        // The number, time and marks are ASCII: a column per byte.
        let asciiStart = out.count
        // At most 20 bytes of number, a space and 32 of time, the mark and a space.
        out.appendWriting(atMost: 56) { out in
            out.appendDecimal(ordinal)
            if let start {
                out.append(0x20)
                out.appendTime(start)
            }
            out.append(mark)
            out.append(0x20)
        }
        width += out.count - asciiStart
        if let speaker {
            let shown = Sanitizer.sanitize(speaker) + ":"
            out.append(contentsOf: shown.utf8)
            out.append(0x20)
            width += DisplayWidth.of(shown) + 1
        }
        Self.appendText(text, indent: width, controlStyle: nil, to: &out, flush: flush)
        out.append(0x0A)
    }

    /// How many bytes `out` holds before a `flush` given to `appendBlock` or `appendCueListing`
    /// is called (the command's own buffer flushes at the same size).
    public static let flushThreshold = 1 << 16

    /// Appends a cue's text as `Highlighter.lines` and `Highlighter.ansi` show it with no
    /// highlight: unsafe scalars as their visible stand-ins (`Sanitizer`), each but a tab wrapped
    /// in `controlStyle`'s codes when one is given (colour), each line break followed by `indent`
    /// spaces; `out` goes to `flush` each time it holds `flushThreshold` bytes or more.
    ///
    /// - Complexity: O(length of `bytes`).
    static func appendText(
        _ bytes: ByteView, indent: Int, controlStyle: Style?, to out: inout [UInt8],
        flush: (inout [UInt8]) -> Void
    ) {
        func appendRun(_ range: Range<Int>) {
            var start = range.lowerBound
            while start < range.upperBound {
                let end = min(range.upperBound, start + flushThreshold)
                out.append(contentsOf: bytes.extracting(start..<end))
                if out.count >= flushThreshold { flush(&out) }
                start = end
            }
        }
        var offset = 0
        var runStart = 0
        while true {
            offset = bytes.terminalSafeRunEnd(from: offset, to: bytes.count)
            guard offset < bytes.count else { break }
            let length = Highlighter.unsafeLength(bytes, at: offset)
            if length == 0 {
                offset += 1
                continue
            }
            appendRun(runStart..<offset)
            if bytes[offset] == 0x0A {
                out.appendWriting(atMost: indent + 1) { out in
                    out.append(0x0A)
                    out.append(repeating: 0x20, count: indent)
                }
            } else {
                let piece = String(decoding: bytes.extracting(offset..<offset + length), as: UTF8.self)
                let scalar = piece.unicodeScalars.first ?? "\u{FFFD}"
                let visible = (Sanitizer.replacement(for: scalar) ?? piece).utf8
                if let controlStyle, scalar != "\t", controlStyle != .plain {
                    out.append(contentsOf: controlStyle.sgr.utf8)
                    out.append(contentsOf: visible)
                    out.append(contentsOf: Style.reset.utf8)
                } else {
                    out.append(contentsOf: visible)
                }
            }
            offset += length
            runStart = offset
            if out.count >= flushThreshold { flush(&out) }
        }
        appendRun(runStart..<bytes.count)
    }
}
