import SeekBytes

/// Reads clock times such as `0:02:17.40`, `00:00:01.000` and `01:23.45` from bytes,
/// as ASS, SBV, SubViewer and LRC write them.
///
/// The form is `[H…:]MM:SS[(.|,)f…]`: hours of one or more digits (at most 1,000,000),
/// minutes and seconds of one or two digits (below 100, as players allow; without hours, the
/// minutes may go past 99, as ffmpeg writes LRC: `120:34.23`), and a fraction
/// of any length whose first three digits are read (`.4` is 400 ms, `.40` 400 ms, `.400` 400 ms).
enum ClockTime {
    /// Reads a time at `index`, moving `index` past it, or returns `nil` with `index` where it failed.
    ///
    /// - Parameter hours: whether a third (hours) field is allowed before the minutes.
    static func read(_ bytes: ByteView, _ index: inout Int, _ end: Int, hours: Bool = true) -> Int? {
        if hours, let time = readUsual(bytes, &index, end) { return time }
        var fields = (0, 0, 0)
        var count = 0
        while true {
            let digitsStart = index
            var value = 0
            while index < end, bytes[index] &- 0x30 < 10 {
                guard index - digitsStart < 9 else { return nil }
                value = value &* 10 &+ Int(bytes[index] &- 0x30)
                index += 1
            }
            guard index > digitsStart else { return nil }
            fields = (fields.1, fields.2, value)
            count += 1
            guard count < (hours ? 3 : 2), index + 1 < end, bytes[index] == UInt8(ascii: ":"),
                  bytes[index + 1] &- 0x30 < 10 else { break }
            index += 1
        }
        guard count >= 2 else { return nil }
        var millis = 0
        if index + 1 < end, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ","),
           bytes[index + 1] &- 0x30 < 10 {
            index += 1
            var digits = 0
            while index < end, bytes[index] &- 0x30 < 10 {
                if digits < 3 { millis = millis * 10 + Int(bytes[index] &- 0x30) }
                digits += 1
                index += 1
            }
            if digits == 1 { millis *= 100 } else if digits == 2 { millis *= 10 }
        }
        let (h, m, s) = fields
        guard h <= 1_000_000, m < (count == 2 ? 60_000_000 : 100), s < 100 else { return nil }
        return ((h * 60 + m) * 60 + s) * 1000 + millis
    }

    /// `read` of the usual forms, hours of one to six digits then `:MM:SS`, `.` or `,` and two
    /// or three digits (`0:00:01.000`, `00:00:01.00`), each byte looked at once; `nil` with `index`
    /// unmoved for any other form, which `read` then reads field by field.
    @inline(__always)
    private static func readUsual(_ bytes: ByteView, _ index: inout Int, _ end: Int) -> Int? {
        @inline(__always) func digit(_ at: Int) -> Int? {
            let value = bytes[at] &- 0x30
            return value < 10 ? Int(value) : nil
        }
        let start = index
        var colon = start
        var h = 0
        while colon < end && colon - start < 7, let value = digit(colon) {
            h = h &* 10 &+ value
            colon += 1
        }
        let fraction = colon + 7
        guard colon > start, colon - start < 7, fraction + 2 <= end, bytes[colon] == UInt8(ascii: ":"),
              bytes[colon + 3] == UInt8(ascii: ":"),
              bytes[fraction - 1] == UInt8(ascii: ".") || bytes[fraction - 1] == UInt8(ascii: ","),
              let m0 = digit(colon + 1), let m1 = digit(colon + 2), let s0 = digit(colon + 4),
              let s1 = digit(colon + 5), let f0 = digit(fraction), let f1 = digit(fraction + 1) else { return nil }
        var millis = f0 * 100 + f1 * 10
        var past = fraction + 2
        if past < end, let f2 = digit(past) {
            millis += f2
            past += 1
            // A longer fraction: its digits past the third are read and dropped.
            guard past == end || bytes[past] &- 0x30 >= 10 else { return nil }
        }
        index = past
        return ((h * 60 + m0 * 10 + m1) * 60 + s0 * 10 + s1) * 1000 + millis
    }
}

/// Turns short names read from bytes (styles, speakers) into strings, making each distinct
/// name's `String` once: a file with a hundred thousand cues in three styles makes three.
struct NameInterner {
    private var recent: [(bytes: [UInt8], name: String)] = []
    private var table: [[UInt8]: String] = [:]

    /// The string for `bytes` (valid UTF-8).
    mutating func name(_ bytes: ByteView) -> String {
        for entry in recent where entry.bytes.count == bytes.count {
            if entry.bytes.withByteView({ $0.elementsEqual(bytes) }) { return entry.name }
        }
        let key = bytes.array
        let name = table[key] ?? bytes.string
        if recent.count < 32 {
            recent.append((key, name))
        } else {
            table[key] = name
        }
        return name
    }
}
