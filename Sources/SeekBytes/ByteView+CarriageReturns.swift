#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ByteView {
    /// These bytes with the carriage return of each CR LF taken out, when every carriage return
    /// stands just before a line feed and there is at least one; `nil` otherwise. With `releasing`,
    /// told of each piece of these bytes once it is copied (from any core).
    ///
    /// The pieces (`TextPieces`, each ending after a line feed, so that no CR LF is cut) are copied on
    /// all cores, each to where it starts in the result's room, then moved together.
    ///
    /// - Complexity: O(n), eight bytes a step between carriage returns.
    package func removingCarriageReturnsBeforeLineFeeds(releasing: ((Range<Int>) -> Void)? = nil) -> [UInt8]? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        let bounds = TextPieces.boundaries(count: count) { target in
            firstIndex(of: 0x0A, in: target..<count).map { $0 + 1 }
        }
        var lone = false
        let result = [UInt8](unsafeUninitializedCapacity: count) { buffer, written in
            guard let out = buffer.baseAddress else { return }
            let kept = TextPieces.map(bounds.count - 1) { i -> Int? in
                let start = bounds[i]
                let copied = Self.copyWithoutReturns(base + start, count: bounds[i + 1] - start, to: out + start)
                releasing?(start..<bounds[i + 1])
                return copied
            }
            var write = 0
            for (i, copied) in kept.enumerated() {
                guard let copied else {
                    lone = true
                    return
                }
                if write != bounds[i] && copied > 0 { memmove(out + write, out + bounds[i], copied) }
                write += copied
            }
            written = write
        }
        return lone || result.count == count ? nil : result
    }

    /// Copies the `count` bytes at `source` to `target` without the carriage return of each CR LF,
    /// writing only within `target`'s first `count` bytes: how many it wrote, or `nil` for a carriage
    /// return before anything but a line feed (or last).
    private static func copyWithoutReturns(
        _ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        var read = 0
        var write = 0
        // Eight bytes a step, stored whole: a step holding a carriage return keeps the bytes before
        // it (those after are stored again by the next step) and goes on after it. (A step stores
        // at most eight bytes from `write`, which is never past `read`.)
        while read &+ 8 <= count {
            let word = UnsafeRawPointer(source + read).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(target + write).storeBytes(of: word, as: UInt64.self)
            let returns = WordBytes.zeros(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            guard returns != 0 else {
                read &+= 8
                write &+= 8
                continue
            }
            let kept = returns.trailingZeroBitCount / 8
            guard read &+ kept &+ 1 < count, source[read &+ kept &+ 1] == 0x0A else { return nil }
            write &+= kept
            read &+= kept &+ 1
        }
        // The last bytes one by one.
        while read < count {
            let byte = source[read]
            if byte == 0x0D {
                guard read &+ 1 < count, source[read &+ 1] == 0x0A else { return nil }
            } else {
                target[write] = byte
                write &+= 1
            }
            read &+= 1
        }
        return write
    }
}
