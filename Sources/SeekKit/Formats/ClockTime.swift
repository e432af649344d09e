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
