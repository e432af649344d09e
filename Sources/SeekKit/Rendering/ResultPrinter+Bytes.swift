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
        guard let speaker else {
            var block = BlockStart(written: 0, indent: 0)
            out.appendWriting(atMost: blockRoom(for: text)) { out in
                block = writeBlock(ordinal: ordinal, start: start, text: text, isContext: isContext, to: &out)
            }
            guard block.written < text.count else { return }
            Self.appendText(text, from: block.written, indent: block.indent, controlStyle: nil, to: &out, flush: flush)
            out.append(0x0A)
            return
        }
        var width = 0
        out.appendWriting(atMost: headerRoom) { out in
            width = writeHeader(ordinal: ordinal, start: start, isContext: isContext, to: &out)
        }
        let shown = Sanitizer.sanitize(speaker) + ":"
        out.append(contentsOf: shown.utf8)
        out.append(0x20)
        width += DisplayWidth.of(shown) + 1
        Self.appendText(text, from: 0, indent: width, controlStyle: nil, to: &out, flush: flush)
        out.append(0x0A)
    }

    /// What `writeBlock` wrote of a block: how much of its text, and the columns a line of its
    /// text is indented by.
    struct BlockStart {
        var written: Int
        var indent: Int
    }

    /// At most 20 bytes of number, a space and 32 of time, the mark and a space.
    static let header = 56

    /// The room `writeHeader` needs: the file name shown and its mark, and `header`.
    @inline(__always)
    var headerRoom: Int {
        guard let shownFileName else { return Self.header }
        return shownFileName.text.utf8.count + 1 + Self.header
    }

    /// The room `writeBlock` needs for a block of `text`: its header, the first round of its text
    /// (`lineRound`) indented by the file name's columns and at most `header` more, and a line feed.
    @inline(__always)
    func blockRoom(for text: ByteView) -> Int {
        let nameColumns = shownFileName.map { $0.width + 1 } ?? 0
        return headerRoom + Self.room(for: Self.lineRound(text, from: 0), indent: nameColumns + Self.header) + 1
    }

    /// Writes what a block shows before its text (the file name and its mark, the number, the
    /// time and the mark): ASCII but for the file name, whose columns are counted apart.
    ///
    /// - Returns: the columns written.
    @inline(__always)
    func writeHeader(ordinal: Int, start: Int?, isContext: Bool, to out: inout OutputCursor) -> Int {
        let mark = isContext ? UInt8(ascii: "-") : UInt8(ascii: ":")
        var width = 0
        if let shownFileName {
            ByteWriting.withBytes(of: shownFileName.text) { out.append($0) }
            out.append(mark)
            width += shownFileName.width + 1
        }
        // The number, time and marks are ASCII: a column per byte.
        let asciiStart = out.written
        out.appendDecimal(ordinal)
        if let start {
            out.append(0x20)
            out.appendTime(start)
        }
        out.append(mark)
        out.append(0x20)
        return width + out.written - asciiStart
    }

    /// Writes the block of a cue without a speaker into room made for it (`blockRoom(for:)`): its
    /// header and the first round of its text (`appendLines`), then, when that is all of the text,
    /// the line feed that ends the block; `appendText` writes the rest of a longer text, or one
    /// that stopped at an unsafe scalar, and then the line feed.
    ///
    /// - Complexity: O(length of the first round of `text`).
    @inline(__always)
    func writeBlock(ordinal: Int, start: Int?, text: ByteView, isContext: Bool, to out: inout OutputCursor) -> BlockStart {
        let width = writeHeader(ordinal: ordinal, start: start, isContext: isContext, to: &out)
        let written = Self.appendLines(text, in: Self.lineRound(text, from: 0), indent: width, to: &out)
        if written == text.count { out.append(0x0A) }
        return BlockStart(written: written, indent: width)
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
        var breaks = lineBreaksPerRound
        var chunk = lines.lowerBound
        // The stops sixteen bytes at a time (`terminalStops`), each chunk's taken in order.
        while chunk < lines.upperBound {
            var stops = bytes.terminalStops(at: chunk, before: lines.upperBound)
            while stops != 0 {
                let offset = chunk &+ stops.trailingZeroBitCount
                stops &= stops &- 1
                if bytes[offset] == 0x0A {
                    guard breaks > 0 else {
                        out.append(bytes.extracting(runStart..<offset))
                        return offset
                    }
                    breaks -= 1
                    out.append(bytes.extracting(runStart..<offset))
                    out.append(0x0A)
                    out.append(repeating: 0x20, count: indent)
                    runStart = offset &+ 1
                } else if Highlighter.unsafeLength(bytes, at: offset) > 0 {
                    out.append(bytes.extracting(runStart..<offset))
                    return offset
                }
            }
            chunk &+= 16
        }
        let offset = lines.upperBound
        out.append(bytes.extracting(runStart..<offset))
        return offset
    }
}
