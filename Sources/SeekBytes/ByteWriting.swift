/// Small byte-level helpers shared by the export writers: numbers, times and raw text.
///
/// Members are `@inlinable` so the writers in SeekKit inline them as they did when this lived
/// beside them (a generic such as `withBytes` is otherwise not specialised across modules).
public enum ByteWriting {
    /// Appends the bytes of a string literal.
    @inlinable @inline(__always)
    package static func append(_ literal: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `value` in decimal.
    @inlinable @inline(__always)
    package static func append(_ value: Int, to out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(0x30 &+ UInt8(truncatingIfNeeded: value))
            return
        }
        appendDigits(value.magnitude, negative: value < 0, width: 0, to: &out)
    }

    /// Appends `value` zero-padded to at least `width` digits (at most 20).
    @inlinable
    package static func append(_ value: UInt, width: Int, to out: inout [UInt8]) {
        appendDigits(value, negative: false, width: width, to: &out)
    }

    /// Writes the digits right to left into a small stack buffer, then appends them in one go.
    @inlinable
    package static func appendDigits(_ value: UInt, negative: Bool, width: Int, to out: inout [UInt8]) {
        var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &storage) { raw in
            var magnitude = value
            var index = raw.count
            repeat {
                index -= 1
                assert(index >= 0, "digits inside the buffer")
                raw[index] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            let minimum = raw.count - min(width, raw.count - 1)
            while index > minimum {
                index -= 1
                raw[index] = 0x30
            }
            if negative {
                index -= 1
                assert(index >= 0, "the sign inside the buffer")
                raw[index] = UInt8(ascii: "-")
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[index...]))
        }
    }

    /// Appends milliseconds as `HH:MM:SS.mmm`, exactly as `Timestamp.format` writes them.
    @inlinable
    package static func appendTime(_ milliseconds: Int, to out: inout [UInt8]) {
        let magnitude = milliseconds.magnitude
        let totalSeconds = magnitude / 1000
        let hours = totalSeconds / 3600
        guard hours < 100, milliseconds >= 0 else {
            if milliseconds < 0 { out.append(UInt8(ascii: "-")) }
            append(hours, width: 2, to: &out)
            appendClock(minutes: (totalSeconds / 60) % 60, seconds: totalSeconds % 60, millis: magnitude % 1000,
                        to: &out)
            return
        }
        var storage: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &storage) { raw in
            raw[0] = 0x30 &+ UInt8(truncatingIfNeeded: hours / 10)
            raw[1] = 0x30 &+ UInt8(truncatingIfNeeded: hours % 10)
            fillClock(raw, from: 2, minutes: (totalSeconds / 60) % 60, seconds: totalSeconds % 60,
                      millis: magnitude % 1000)
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[0..<12]))
        }
    }

    @inlinable
    package static func appendClock(minutes: UInt, seconds: UInt, millis: UInt, to out: inout [UInt8]) {
        var storage: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &storage) { raw in
            fillClock(raw, from: 0, minutes: minutes, seconds: seconds, millis: millis)
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[0..<10]))
        }
    }

    /// Writes `:MM:SS.mmm` (10 bytes) at `from`.
    @inlinable @inline(__always)
    package static func fillClock(
        _ raw: UnsafeMutableRawBufferPointer, from i: Int, minutes: UInt, seconds: UInt, millis: UInt
    ) {
        assert(i >= 0 && i + 10 <= raw.count, "the clock inside the buffer")
        raw[i] = UInt8(ascii: ":")
        raw[i + 1] = 0x30 &+ UInt8(truncatingIfNeeded: minutes / 10)
        raw[i + 2] = 0x30 &+ UInt8(truncatingIfNeeded: minutes % 10)
        raw[i + 3] = UInt8(ascii: ":")
        raw[i + 4] = 0x30 &+ UInt8(truncatingIfNeeded: seconds / 10)
        raw[i + 5] = 0x30 &+ UInt8(truncatingIfNeeded: seconds % 10)
        raw[i + 6] = UInt8(ascii: ".")
        raw[i + 7] = 0x30 &+ UInt8(truncatingIfNeeded: millis / 100)
        raw[i + 8] = 0x30 &+ UInt8(truncatingIfNeeded: (millis / 10) % 10)
        raw[i + 9] = 0x30 &+ UInt8(truncatingIfNeeded: millis % 10)
    }

    /// Calls `body` with the UTF-8 bytes of `text`, without copying when they are contiguous.
    @inlinable @inline(__always)
    package static func withBytes<R>(of text: some StringProtocol, _ body: (ByteView) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable({ body(ByteView($0)) }) { return result }
        return Array(text.utf8).withByteView(body)
    }
}
