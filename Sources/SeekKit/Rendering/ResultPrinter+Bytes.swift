import SeekBytes

extension ResultPrinter {
    /// Appends `block(cue:of:index:isContext:)` without colour, as UTF-8, to `out`: the same
    /// bytes, written straight from the cue's text (sanitised as `Highlighter.lines` does)
    /// without making a string per piece.
    ///
    /// - Precondition: `color` is false (highlights need the segments `block` makes).
    /// - Complexity: O(length of the cue text).
    public func appendBlock(
        cue: Int, of transcript: Transcript, index: MatchIndex, isContext: Bool = false, to out: inout [UInt8]
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
        let ordinal = transcript.ordinal(at: cue)
        let start = isContext || transcript.wordTimes.isEmpty
            ? transcript.start(at: cue) : Self.firstMatchTime(cue: cue, of: transcript, index: index)
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
        if let speaker = Self.speakerToShow(cue: cue, of: transcript) {
            let shown = Sanitizer.sanitize(speaker) + ":"
            out.append(contentsOf: shown.utf8)
            out.append(0x20)
            width += DisplayWidth.of(shown) + 1
        }
        transcript.withTextBytes(at: cue) { bytes in
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
                out.append(contentsOf: bytes.extracting(runStart..<offset))
                if bytes[offset] == 0x0A {
                    out.appendWriting(atMost: width + 1) { out in
                        out.append(0x0A)
                        out.append(repeating: 0x20, count: width)
                    }
                } else {
                    let piece = String(decoding: bytes.extracting(offset..<offset + length), as: UTF8.self)
                    let scalar = piece.unicodeScalars.first ?? "\u{FFFD}"
                    out.append(contentsOf: (Sanitizer.replacement(for: scalar) ?? piece).utf8)
                }
                offset += length
                runStart = offset
            }
            out.append(contentsOf: bytes.extracting(runStart..<bytes.count))
        }
        out.append(0x0A)
    }
}
