/// Decodes UTF-16 and UTF-32 bytes into UTF-8 exactly as the standard library's
/// `transcode(_:from:to:stoppingOnError: false)` does (each ill-formed code unit, such as a lone
/// surrogate, becomes U+FFFD), plus one U+FFFD for a partial code unit at the end.
///
/// Two passes over the bytes, the exact length first and then the bytes written in place, with
/// four ASCII units at a time where they come. Written by hand because `transcode` over an
/// iterator of code units is about twice as slow: `seek-bench --only decoding` (42 MB of UTF-16LE,
/// CPU time) decodes the whole file with this in 80 ms, while `transcode` alone takes 142–159 ms.
/// `WideUnicodeDecoderTests` keeps it equal to `transcode` on random and edge inputs.
public enum WideUnicodeDecoder {
    /// `bytes` as UTF-16 (big-endian when `bigEndian`, else little-endian) in UTF-8.
    ///
    /// - Complexity: O(n).
    package static func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        bytes.withUnsafeBytes { raw in
            let units = raw.count / 2
            @inline(__always) func unit(_ i: Int) -> UInt32 {
                assert(i >= 0 && i < units, "a code unit inside the bytes")
                let stored = raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self)
                return UInt32(bigEndian ? UInt16(bigEndian: stored) : UInt16(littleEndian: stored))
            }
            // Four units at once, their lanes in memory order; all ASCII when no lane has a
            // bit of `asciiMask` set.
            @inline(__always) func four(_ i: Int) -> UInt64 {
                assert(i >= 0 && i + 4 <= units, "four code units inside the bytes")
                return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt64.self))
            }
            let asciiMask: UInt64 = bigEndian ? 0x80FF_80FF_80FF_80FF : 0xFF80_FF80_FF80_FF80
            let lowShift: UInt64 = bigEndian ? 8 : 0

            var length = raw.count % 2 == 0 ? 0 : 3
            var i = 0
            while i < units {
                if i + 4 <= units && four(i) & asciiMask == 0 {
                    length += 4
                    i += 4
                    continue
                }
                let value = unit(i)
                if value < 0x80 {
                    length += 1
                } else if value < 0x800 {
                    length += 2
                } else if value & 0xFC00 == 0xD800 && i + 1 < units && unit(i + 1) & 0xFC00 == 0xDC00 {
                    length += 4
                    i += 1
                } else {
                    length += 3
                }
                i += 1
            }

            return [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
                guard let out = buffer.baseAddress else { count = 0; return }
                var at = 0
                var i = 0
                while i < units {
                    if i + 4 <= units {
                        let word = four(i)
                        if word & asciiMask == 0 {
                            assert(at + 4 <= length, "write inside the measured length")
                            out[at] = UInt8(truncatingIfNeeded: word >> lowShift)
                            out[at + 1] = UInt8(truncatingIfNeeded: word >> (16 + lowShift))
                            out[at + 2] = UInt8(truncatingIfNeeded: word >> (32 + lowShift))
                            out[at + 3] = UInt8(truncatingIfNeeded: word >> (48 + lowShift))
                            at += 4
                            i += 4
                            continue
                        }
                    }
                    var value = unit(i)
                    if value & 0xF800 == 0xD800 {
                        if value & 0xFC00 == 0xD800 && i + 1 < units && unit(i + 1) & 0xFC00 == 0xDC00 {
                            value = 0x10000 + ((value & 0x3FF) << 10 | unit(i + 1) & 0x3FF)
                            i += 1
                        } else {
                            value = 0xFFFD
                        }
                    }
                    writeUTF8(value, to: out, at: &at, length: length)
                    i += 1
                }
                if raw.count % 2 != 0 { writeUTF8(0xFFFD, to: out, at: &at, length: length) }
                assert(at == length, "wrote the measured length")
                count = at
            }
        }
    }

    /// `bytes` as UTF-32 (big-endian when `bigEndian`, else little-endian) in UTF-8.
    ///
    /// - Complexity: O(n).
    package static func decodeUTF32(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        bytes.withUnsafeBytes { raw in
            let units = raw.count / 4
            @inline(__always) func scalar(_ i: Int) -> UInt32 {
                assert(i >= 0 && i < units, "a code unit inside the bytes")
                let stored = raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                let value = bigEndian ? UInt32(bigEndian: stored) : UInt32(littleEndian: stored)
                return value > 0x10FFFF || value & 0xFFFF_F800 == 0xD800 ? 0xFFFD : value
            }
            var length = raw.count % 4 == 0 ? 0 : 3
            for i in 0..<units {
                let value = scalar(i)
                length += value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
            }
            return [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
                guard let out = buffer.baseAddress else { count = 0; return }
                var at = 0
                for i in 0..<units { writeUTF8(scalar(i), to: out, at: &at, length: length) }
                if raw.count % 4 != 0 { writeUTF8(0xFFFD, to: out, at: &at, length: length) }
                assert(at == length, "wrote the measured length")
                count = at
            }
        }
    }

    /// Writes the scalar `value` (not a surrogate, at most U+10FFFF) as UTF-8 at `out + at`.
    @inline(__always)
    private static func writeUTF8(_ value: UInt32, to out: UnsafeMutablePointer<UInt8>, at: inout Int, length: Int) {
        assert(value <= 0x10FFFF && value & 0xFFFF_F800 != 0xD800, "a Unicode scalar")
        if value < 0x80 {
            assert(at + 1 <= length, "write inside the measured length")
            out[at] = UInt8(truncatingIfNeeded: value)
            at += 1
        } else if value < 0x800 {
            assert(at + 2 <= length, "write inside the measured length")
            out[at] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
            out[at + 1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            at += 2
        } else if value < 0x10000 {
            assert(at + 3 <= length, "write inside the measured length")
            out[at] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
            out[at + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
            out[at + 2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            at += 3
        } else {
            assert(at + 4 <= length, "write inside the measured length")
            out[at] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
            out[at + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F)
            out[at + 2] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
            out[at + 3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            at += 4
        }
    }
}
