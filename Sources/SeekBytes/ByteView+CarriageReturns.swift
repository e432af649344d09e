extension ByteView {
    /// These bytes with the carriage return of each CR LF taken out, when every carriage return
    /// stands just before a line feed and there is at least one; `nil` otherwise. With `releasing`,
    /// told of the bytes read, a megabyte or more at a time, once they are copied.
    ///
    /// - Complexity: O(n), eight bytes a step between carriage returns.
    package func removingCarriageReturnsBeforeLineFeeds(releasing: ((Range<Int>) -> Void)? = nil) -> [UInt8]? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var lone = false
        let result = [UInt8](unsafeUninitializedCapacity: count) { buffer, written in
            guard let out = buffer.baseAddress else { return }
            var read = 0
            var write = 0
            var released = 0
            // Eight bytes a step, stored whole: a step holding a carriage return keeps the bytes
            // before it (those after are stored again by the next step) and goes on after it.
            while read &+ 8 <= count {
                let word = UnsafeRawPointer(base + read).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(out + write).storeBytes(of: word, as: UInt64.self)
                let returns = WordBytes.zeros(word ^ 0x0D0D_0D0D_0D0D_0D0D)
                guard returns != 0 else {
                    read &+= 8
                    write &+= 8
                    continue
                }
                let kept = returns.trailingZeroBitCount / 8
                guard read &+ kept &+ 1 < count, base[read &+ kept &+ 1] == 0x0A else {
                    lone = true
                    return
                }
                write &+= kept
                read &+= kept &+ 1
                if let releasing, read &- released >= 1 << 20 {
                    releasing(released..<read)
                    released = read
                }
            }
            // The last bytes one by one.
            while read < count {
                let byte = base[read]
                if byte == 0x0D {
                    guard read &+ 1 < count, base[read &+ 1] == 0x0A else {
                        lone = true
                        return
                    }
                } else {
                    out[write] = byte
                    write &+= 1
                }
                read &+= 1
            }
            if released < count { releasing?(released..<count) }
            written = write
        }
        return lone || result.count == count ? nil : result
    }
}
