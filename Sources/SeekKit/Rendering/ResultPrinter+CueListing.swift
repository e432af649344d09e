import SeekBytes

extension ResultPrinter {
    /// A readable line for `--cues`: `[00:06:32.000 → 00:06:35.500] #id Speaker: text`
    /// (continuation lines indented), ending in a newline.
    public func cueListing(cue: Int, of transcript: Transcript) -> String {
        var out: [UInt8] = []
        appendCueListing(cue: cue, of: transcript, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `cueListing(cue:of:)` as UTF-8 to `out`, written straight from the cue's text;
    /// `out` is handed to `flush` whenever it holds `flushThreshold` bytes or more, inside
    /// the cue's text too, so a cue as long as its file is never held whole (nor in a string) here.
    ///
    /// - Complexity: O(length of the cue text).
    public func appendCueListing(
        cue: Int, of transcript: Transcript, to out: inout [UInt8], flush: (inout [UInt8]) -> Void = { _ in }
    ) {
        var header = Header(fileName: shownFileName, mark: ":")
        header.add(String(transcript.ordinal(at: cue)), Palette.timestamp)
        header.add(" ", .plain)
        let start = transcript.start(at: cue).map(Timestamp.format)
        let end = transcript.end(at: cue).map(Timestamp.format)
        if start != nil || end != nil {
            header.add("[" + (start ?? "?") + " → " + (end ?? "?") + "]", Palette.timestamp)
            header.add(" ", .plain)
        }
        if let id = transcript.id(at: cue) {
            header.add("#" + Sanitizer.sanitize(id), Palette.timestamp)
            header.add(" ", .plain)
        }
        if let speaker = Self.speakerToShow(cue: cue, of: transcript) {
            header.add(Sanitizer.sanitize(speaker) + ":", Palette.speaker)
            header.add(" ", .plain)
        }
        out.append(contentsOf: Highlighter.ansi(header.segments, color: color).utf8)
        transcript.withTextBytes(at: cue) { bytes in
            Self.appendText(bytes, indent: header.width, controlStyle: color ? Highlighter.merge(.plain, Palette.control) : nil,
                            to: &out, flush: flush)
        }
        out.append(0x0A)
    }
}
