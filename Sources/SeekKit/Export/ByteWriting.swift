/// Small byte-level helpers shared by the export writers: numbers, times and raw text.
enum ByteWriting {
    /// Appends the bytes of a string literal.
    @inline(__always)
    static func append(_ literal: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `value` in decimal.
    static func append(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            out.append(0x30 + UInt8(magnitude))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            while magnitude > 0 {
                raw[count] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(raw[i]) }
        }
    }

    /// Appends `value` zero-padded to at least `width` digits (`value` must not be negative).
    static func append(_ value: UInt, width: Int, to out: inout [UInt8]) {
        var digits = 1
        var limit: UInt = 10
        while value >= limit && digits < 20 {
            digits += 1
            let (next, overflow) = limit.multipliedReportingOverflow(by: 10)
            if overflow { break }
            limit = next
        }
        for _ in digits..<max(width, digits) { out.append(0x30) }
        append(Int(value), to: &out)
    }

    /// Appends milliseconds as `HH:MM:SS.mmm`, exactly as `Timestamp.format` writes them.
    static func appendTime(_ milliseconds: Int, to out: inout [UInt8]) {
        if milliseconds < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = milliseconds.magnitude
        let totalSeconds = magnitude / 1000
        append(totalSeconds / 3600, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        append((totalSeconds / 60) % 60, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        append(totalSeconds % 60, width: 2, to: &out)
        out.append(UInt8(ascii: "."))
        append(magnitude % 1000, width: 3, to: &out)
    }

    /// Calls `body` with the UTF-8 bytes of `text`, without copying when they are contiguous.
    @inline(__always)
    static func withBytes<R>(of text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
