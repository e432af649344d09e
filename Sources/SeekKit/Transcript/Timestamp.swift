/// Times in Seek are whole milliseconds; this namespace formats and parses them.
public enum Timestamp {
    /// Formats milliseconds as `HH:MM:SS.mmm` (hours grow past two digits; negative times get a `-`).
    public static func format(_ milliseconds: Int) -> String {
        let negative = milliseconds < 0
        let magnitude = milliseconds.magnitude
        let millis = magnitude % 1000
        let totalSeconds = magnitude / 1000
        let seconds = totalSeconds % 60
        let minutes = (totalSeconds / 60) % 60
        let hours = totalSeconds / 3600
        var result = negative ? "-" : ""
        result += pad(hours, 2) + ":" + pad(minutes, 2) + ":" + pad(seconds, 2) + "." + pad(millis, 3)
        return result
    }

    /// Parses a user-written time: `HH:MM:SS[.mmm]`, `MM:SS[.mmm]`, or seconds (`90`, `90.5`).
    ///
    /// Returns `nil` for anything else, including negative values and absurd magnitudes.
    public static func parse(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var fields: [UInt64] = []
        for part in parts.dropLast() {
            guard (1...2).contains(part.utf8.count) || (fields.isEmpty && part.utf8.count <= 6),
                  part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let value = UInt64(part) else { return nil }
            fields.append(value)
        }
        let last = parts[parts.count - 1]
        let pieces = last.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = pieces[0]
        guard !whole.isEmpty, whole.utf8.count <= (parts.count == 1 ? 9 : 2),
              whole.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let seconds = UInt64(whole) else { return nil }
        var millis: UInt64 = 0
        if pieces.count == 2 {
            let fraction = pieces[1]
            guard (1...3).contains(fraction.utf8.count),
                  fraction.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let value = UInt64(fraction) else { return nil }
            millis = value * [100, 10, 1][fraction.utf8.count - 1]
        }
        if parts.count > 1 && seconds >= 60 { return nil }
        var total: UInt64 = 0
        for field in fields {
            total = total * 60 + field
        }
        if fields.count == 2 && fields[1] >= 60 { return nil }
        total = (total * 60 + seconds) * 1000 + millis
        guard total <= UInt64(Int.max / 2) else { return nil }
        return Int(total)
    }

    private static func pad(_ value: UInt, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
