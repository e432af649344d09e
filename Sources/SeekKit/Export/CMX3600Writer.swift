/// Writes a supercut as a CMX 3600 edit decision list, the plain-text list that DaVinci Resolve,
/// Premiere and most editors import.
///
/// ```
/// TITLE: seek budget
/// FCM: NON-DROP FRAME
///
/// 001  TALK     AA/V  C        00:00:11:00 00:00:16:13 01:00:00:00 01:00:05:13
/// * FROM CLIP NAME: talk.mp4
/// * COMMENT: 00:00:12.000 the budget is tight
/// ```
///
/// Columns are fixed: event number (3 digits), reel (8), track (5: `AA/V`, or `AA` for
/// audio-only media), transition (`C`, a cut), then source in and out and record in and
/// out as `HH:MM:SS:FF` non-drop-frame timecode. Source times are the media's own; the
/// record side starts at 01:00:00:00 and each event follows the last. Out points are
/// exclusive, and both sides of an event span the same number of frames. Times are rounded
/// to the nearest frame at `rate`; a rate like 23.976 is counted with a timecode base of 24.
public enum CMX3600Writer {
    /// The most events the format's three-digit event numbers allow.
    public static let maximumEvents = 999

    /// Where the record timeline starts, in hours (the editors' convention).
    public static let recordStartHours = 1

    /// Appends the list for the clips that have media (at most `maximumEvents` are written).
    public static func append(_ clips: [Clip], title: String, rate: FrameRate, to out: inout [UInt8]) {
        var text = "TITLE: " + commentText(title, limit: 70) + "\nFCM: NON-DROP FRAME\n\n"
        let base = rate.timecodeBase
        var record = recordStartHours * 3600 * base
        var event = 0
        for clip in clips {
            guard let media = clip.media, event < maximumEvents else { continue }
            let sourceIn = rate.frame(at: clip.start)
            let sourceOut = rate.frame(at: clip.end)
            guard sourceOut > sourceIn else { continue }
            event += 1
            let track = MediaLocator.isAudioOnly(media.bytes) ? "AA" : "AA/V"
            text += padded(String(event), to: 3, with: "0", left: true) + "  "
            text += padded(reel(for: media), to: 8) + " " + padded(track, to: 5) + " " + padded("C", to: 8) + " "
            text += timecode(sourceIn, base: base) + " " + timecode(sourceOut, base: base) + " "
            text += timecode(record, base: base) + " " + timecode(record + sourceOut - sourceIn, base: base) + "\n"
            record += sourceOut - sourceIn
            text += "* FROM CLIP NAME: " + commentText(media.fileName, limit: 200) + "\n"
            for cue in clip.cues {
                let time = cue.start.map { Timestamp.format($0) + " " } ?? ""
                text += "* COMMENT: " + commentText(time + cue.text, limit: 200) + "\n"
            }
        }
        out.append(contentsOf: text.utf8)
    }

    /// `frames` as `HH:MM:SS:FF` counted at `base` frames per second.
    public static func timecode(_ frames: Int, base: Int) -> String {
        let frame = frames % base
        let seconds = frames / base
        return padded(String(seconds / 3600), to: 2, with: "0", left: true) + ":"
            + padded(String(seconds / 60 % 60), to: 2, with: "0", left: true) + ":"
            + padded(String(seconds % 60), to: 2, with: "0", left: true) + ":"
            + padded(String(frame), to: 2, with: "0", left: true)
    }

    /// A reel name from the media's file name: its first 8 ASCII letters and digits before the
    /// extension, upper-cased (`Show.S01E02.mkv` → `SHOWS01E`); `AX` (auxiliary) when it has none.
    public static func reel(for media: MediaPath) -> String {
        var name = Substring(media.fileName)
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        let kept = name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        let reel = String(String.UnicodeScalarView(kept.prefix(8))).uppercased()
        return reel.isEmpty ? "AX" : reel
    }

    /// One line of comment text: line breaks as ` / `, control characters shown visibly, cut to `limit`.
    static func commentText(_ text: String, limit: Int) -> String {
        let oneLine = text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).joined(separator: " / ")
        let shown = Sanitizer.sanitize(oneLine)
        return shown.count > limit ? String(shown.prefix(limit - 3)) + "..." : shown
    }

    private static func padded(_ text: String, to width: Int, with fill: Character = " ", left: Bool = false) -> String {
        let padding = String(repeating: fill, count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
