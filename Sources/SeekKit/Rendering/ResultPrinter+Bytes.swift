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
        // At most 20 bytes of number, a space and 32 of time, the mark and a space; without a
        // speaker, the text's first lines follow in the same room, indented by at most 56 more
        // columns than the file name's.
        let header = 56
        let firstLines = speaker == nil ? Self.lineRound(text, from: 0) : 0..<0
        var written = 0
        out.appendWriting(atMost: header + Self.room(for: firstLines, indent: width + header)) { out in
            // The number, time and marks are ASCII: a column per byte.
            let asciiStart = out.written
            out.appendDecimal(ordinal)
            if let start {
                out.append(0x20)
                out.appendTime(start)
            }
            out.append(mark)
            out.append(0x20)
            width += out.written - asciiStart
            if !firstLines.isEmpty { written = Self.appendLines(text, in: firstLines, indent: width, to: &out) }
        }
        if let speaker {
            let shown = Sanitizer.sanitize(speaker) + ":"
            out.append(contentsOf: shown.utf8)
            out.append(0x20)
            width += DisplayWidth.of(shown) + 1
        }
        Self.appendText(text, from: written, indent: width, controlStyle: nil, to: &out, flush: flush)
        out.append(0x0A)
    }

    /// How many bytes `out` holds before a `flush` given to `appendBlock` or `appendCueListing`
    /// is called (the command's own buffer flushes at the same size).
    public static let flushThreshold = 1 << 16

    /// Appends a cue's text as `Highlighter.lines` and `Highlighter.ansi` show it with no
    /// highlight: unsafe scalars as their visible stand-ins (`Sanitizer`), each but a tab wrapped
    /// in `controlStyle`'s codes when one is given (colour), each line break followed by `indent`
    /// spaces; `out` goes to `flush` each time it holds `flushThreshold` bytes or more. The text
    /// before `first` is taken as written already (by `appendLines`).
    ///
    /// - Complexity: O(length of `bytes`).
    static func appendText(
        _ bytes: ByteView, from first: Int = 0, indent: Int, controlStyle: Style?, to out: inout [UInt8],
        flush: (inout [UInt8]) -> Void
    ) {
        var offset = first
        while offset < bytes.count {
            // Runs of safe bytes and line breaks, a round at a time, into room made for them.
            let lines = lineRound(bytes, from: offset)
            out.appendWriting(atMost: room(for: lines, indent: indent)) {
                offset = appendLines(bytes, in: lines, indent: indent, to: &$0)
            }
            if out.count >= flushThreshold { flush(&out) }
            guard offset < bytes.count, bytes[offset] != 0x0A else { continue }
            let length = Highlighter.unsafeLength(bytes, at: offset)
            guard length > 0 else { continue }
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
            offset += length
            if out.count >= flushThreshold { flush(&out) }
        }
    }

    /// The bytes of `bytes` from `offset` that one round of `appendLines` may write: up to half
    /// `flushThreshold` of them (so that `out`, flushed after each round, never holds twice
    /// `flushThreshold`).
    @inline(__always)
    static func lineRound(_ bytes: ByteView, from offset: Int) -> Range<Int> {
        offset..<Swift.min(bytes.count, offset + flushThreshold / 2)
    }

    /// How many line breaks one round of `appendLines` writes at most.
    static let lineBreaksPerRound = 16

    /// The room `appendLines` needs for `lines` with line breaks followed by `indent` spaces.
    @inline(__always)
    static func room(for lines: Range<Int>, indent: Int) -> Int {
        lines.count + lineBreaksPerRound * (indent + 1)
    }

    /// Writes the bytes of `lines` that are safe for a terminal as they are, and up to
    /// `lineBreaksPerRound` line breaks each followed by `indent` spaces; stops at the end of
    /// `lines`, at a line break after those, or at any other unsafe scalar
    /// (`Highlighter.unsafeLength`), which `appendText` writes.
    ///
    /// - Returns: where it stopped.
    /// - Complexity: O(`lines.count`).
    @inline(__always)
    static func appendLines(_ bytes: ByteView, in lines: Range<Int>, indent: Int, to out: inout OutputCursor) -> Int {
        var runStart = lines.lowerBound
        var offset = lines.lowerBound
        var breaks = lineBreaksPerRound
        while true {
            offset = bytes.terminalSafeRunEnd(from: offset, to: lines.upperBound)
            guard offset < lines.upperBound else { break }
            if bytes[offset] == 0x0A {
                guard breaks > 0 else { break }
                breaks -= 1
                out.append(bytes.extracting(runStart..<offset))
                out.append(0x0A)
                out.append(repeating: 0x20, count: indent)
                offset += 1
                runStart = offset
                continue
            }
            guard Highlighter.unsafeLength(bytes, at: offset) == 0 else { break }
            offset += 1
        }
        out.append(bytes.extracting(runStart..<offset))
        return offset
    }
}
