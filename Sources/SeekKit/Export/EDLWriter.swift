import SeekBytes

/// Writes a supercut as an mpv EDL (`# mpv EDL v0`), which `mpv out.edl` plays as one file.
///
/// Each clip is one `file,start,length` line, times in seconds with millisecond
/// precision. A path that holds a byte the format reserves (`,` `;` `=` `%`, a line
/// break, a leading `#`) or is not plain ASCII is written in mpv's length-prefixed
/// form, `%BYTES%path`, which takes any bytes literally. Paths are written as given;
/// mpv reads relative ones from the EDL file's own directory.
public enum EDLWriter {
    public static let header = "# mpv EDL v0\n"

    /// Appends the whole EDL for `clips` (clips without media are skipped).
    public static func append(_ clips: [Clip], to out: inout [UInt8]) {
        out.append(contentsOf: header.utf8)
        for clip in clips {
            guard let media = clip.media else { continue }
            appendPath(media.bytes, to: &out)
            out.append(UInt8(ascii: ","))
            appendSeconds(clip.start, to: &out)
            out.append(UInt8(ascii: ","))
            appendSeconds(clip.length, to: &out)
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// Appends a path as an EDL value, length-prefixed when it must be.
    public static func appendPath(_ path: [UInt8], to out: inout [UInt8]) {
        let needsLength = path.isEmpty || path.first == UInt8(ascii: "#") || path.contains { byte in
            byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";")
                || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "%")
        }
        if needsLength {
            out.append(UInt8(ascii: "%"))
            ByteWriting.append(path.count, to: &out)
            out.append(UInt8(ascii: "%"))
        }
        out.append(contentsOf: path)
    }

    /// Appends milliseconds as seconds with three decimals (`12.400`).
    static func appendSeconds(_ milliseconds: Int, to out: inout [UInt8]) {
        let value = max(0, milliseconds)
        ByteWriting.append(value / 1000, to: &out)
        out.append(UInt8(ascii: "."))
        ByteWriting.append(UInt(value % 1000), width: 3, to: &out)
    }
}
