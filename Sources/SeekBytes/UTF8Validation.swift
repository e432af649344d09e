/// Whether bytes are valid UTF-8 without NUL, eight bytes at a time.
///
/// The same answer as `UTF8Scan` giving no invalid sequence and no NUL, but without
/// walking the text sequence by sequence. Each step starts where a character starts:
/// for a word of eight bytes it works out, with shifts and masks, which bytes must be
/// continuation bytes (those one to three places after a lead byte, as the lead asks)
/// and checks that exactly those are, then moves on to the lead of a character the
/// word cuts, if any. The few lead bytes with a narrower second byte (E0, ED, F0, F4)
/// and the bytes that are never valid (C0, C1, F5–FF, and NUL here) are looked at one
/// by one. Runs of ASCII go 32 bytes at a time, runs of three-byte characters (most
/// of Chinese and Japanese text) up to 48 bytes, sixteen characters, at a time, and runs of
/// ASCII and two-byte characters (Cyrillic, Greek) sixteen bytes at a time.
///
/// Before those steps, text that is not ASCII is checked in blocks of sixty-four bytes
/// (`blockRunEnd`) wherever characters start, whatever mix of one- to three-byte characters
/// it holds: the steps take the rest (four-byte characters, what a block finds wrong, the
/// last bytes) and look again at a character a run of blocks ends in.
public enum UTF8Validation {
    private static let highBits = WordBytes.highBits

    /// - Complexity: O(n).
    package static func isValidWithoutNULs(_ bytes: ByteView) -> Bool { isValidWithoutNULs(bytes.buffer) }

    /// Whether `bytes` are valid UTF-8 without NUL.
    package static func isValidWithoutNULs(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        // Where a run of blocks (`blockRunEnd`) may start next: after the bytes before, which
        // it reads, and past a block that held what only the steps below judge, further each
        // time a run stops at once (in text thick with four-byte characters, say).
        var blocksFrom = 2
        var pause = 64
        while index + 8 <= count {
            let raw = UnsafeRawPointer(base + index)
            let word = raw.loadUnaligned(as: UInt64.self)
            if word & highBits != 0 && index >= blocksFrom && index + 65 <= count {
                let (run, stopped) = blockRunEnd(raw, count: count - index)
                pause = run > 0 ? 64 : Swift.min(2 * pause, 4096)
                if stopped { blocksFrom = index + run + pause }
                if run > 0 {
                    // The run may end inside a character, whose bytes after the run are not checked:
                    // back to its lead, one or two bytes back (a run holds no four-byte character),
                    // where the steps below go on.
                    index += run
                    if base[index - 1] >= 0xC0 {
                        index -= 1
                    } else if base[index - 2] >= 0xE0 {
                        index -= 2
                    }
                    continue
                }
            }
            if word & highBits == 0 {
                if index + 32 <= count {
                    // Four words of ASCII at once: no high bit, and (approximately, never missing one) no NUL.
                    let b = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    let c = raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                    let d = raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                    let ones: UInt64 = 0x0101_0101_0101_0101
                    let nulOrHigh = ((word &- ones) | word) | ((b &- ones) | b) | ((c &- ones) | c) | ((d &- ones) | d)
                    if nulOrHigh & highBits == 0 {
                        index &+= 32
                        continue
                    }
                }
                if WordBytes.zeros(word) != 0 { return false }
                index &+= 8
                continue
            }
            if word & 0x80 == 0 {
                // ASCII up to the first character of another script (a line break in CJK text, say).
                let ascii = (word & highBits).trailingZeroBitCount / 8
                if WordBytes.zeros(word) & (1 << (ascii * 8) - 1) != 0 { return false }
                index &+= ascii
                continue
            }
            if word & 0xF0 == 0xE0, index + 24 <= count {
                let run: Int
                if index + 48 <= count {
                    assert(index >= 0, "48 bytes inside the text")
                    run = threeByteRun(raw)
                } else {
                    run = threeByteRun(word, raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                                       raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
                }
                if run > 0 {
                    index &+= run
                    continue
                }
            }
            // A two-byte character (Cyrillic, Greek, Latin with accents, Hebrew, Arabic): sixteen
            // bytes of those and ASCII at a time.
            if word & 0xE0 == 0xC0, index + 17 <= count {
                let run = twoByteRun(raw, count: count - index)
                if run > 0 {
                    index &+= run
                    continue
                }
            }
            guard let step = check(word, at: index, in: bytes) else { return false }
            index &+= step
        }
        // The tail, padded with spaces: a sequence cut short by the end then misses a continuation byte.
        return index == count || check(WordBytes.load(bytes, at: index, padding: 0x20), at: index, in: bytes) != nil
    }

    /// How far from `start` (a character's start, with two bytes of the text before it and
    /// `count` bytes from it) the text is checked in blocks of sixty-four bytes,
    /// and whether a block stopped the run. A block passes when each of its bytes is a
    /// continuation byte exactly where one of the two bytes before it leads a character that
    /// reaches it, no byte is NUL, C0, C1 or F0 and above, and no E0 or ED leads a second byte
    /// it forbids; a block of ASCII passes and ends the run (the steps after it pass over ASCII
    /// faster). The run stops at a block that does not pass, which may yet be valid (a
    /// four-byte character, or a CD before 80–9F, marked as an ED before A0–BF) and is left to the
    /// word steps, or where fewer than sixty-five bytes are left: the bytes a character at the
    /// run's end needs are looked at by what comes after.
    ///
    /// Sixteen bytes are compared at a time with the sixteen starting one and two bytes before
    /// them, with equalities, signed comparisons, unsigned minimums, maximums and saturating
    /// differences, each one SSE2 instruction on x86-64 (`ByteLanes`): about a hundred and ten
    /// instructions a block in any script of one- to three-byte characters, mixed in any way,
    /// where the steps take more at each change of script and line.
    @inline(__always)
    private static func blockRunEnd(_ start: UnsafeRawPointer, count: Int) -> (run: Int, stopped: Bool) {
        @inline(__always) func lanes(_ block: UnsafeRawPointer, _ offset: Int) -> ByteLanes {
            ByteLanes(block.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self))
        }
        let xBF = ByteLanes(repeating: 0xBF), xDF = ByteLanes(repeating: 0xDF), xC0 = ByteLanes(repeating: 0xC0)
        let xFE = ByteLanes(repeating: 0xFE), x20 = ByteLanes(repeating: 0x20)
        let xE0 = ByteLanes(repeating: 0xE0), xCD = ByteLanes(repeating: 0xCD), zero = ByteLanes(repeating: 0)
        var run = 0
        while run + 65 <= count {
            let block = start + run
            var fits = ByteLanes(repeating: 0xFF), least = fits, most = zero
            for k in 0..<4 {
                let bytes = lanes(block, 16 * k)
                let before = lanes(block, 16 * k - 1)
                // A continuation byte is wanted after a lead (C0 and above) and two bytes after
                // the lead of a three-byte character (E0 and above): a lane fits when it is one
                // (0x80–0xBF, below 0xC0 as signed bytes) exactly where one is wanted.
                let wanted = before.excess(over: xBF) | lanes(block, 16 * k - 2).excess(over: xDF)
                // After E0 a continuation byte must have bit 5 (be A0 or above), after ED not:
                // the lead with the byte's bit 5 flipped in is then never E0 or CD (ED flipped;
                // a CD before 80–9F, valid, is marked too, and left to the word steps). C0 and C1
                // never stand.
                let leadAndBit5 = before ^ (bytes & x20)
                let unfit = leadAndBit5.equal(xE0) | leadAndBit5.equal(xCD) | (bytes & xFE).equal(xC0)
                fits = fits & (wanted.equal(zero) ^ bytes.signedLess(xC0)).clearing(unfit)
                least = least.minimum(bytes)
                most = most.maximum(bytes)
            }
            // No NUL, nothing from F0 up (four-byte leads and bytes never valid).
            fits = fits.clearing(least.equal(zero)) & most.minimum(ByteLanes(repeating: 0xEF)).equal(most)
            guard fits.highBits == 0xFFFF else { return (run, true) }
            run &+= 64
            if most.highBits == 0 { break }
        }
        return (run, false)
    }

    /// How many of 24 bytes, from the start, are three-byte characters none led by E0
    /// or ED (a multiple of three, up to 24).
    @inline(__always)
    private static func threeByteRun(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> Int {
        @inline(__always) func narrowLeads(_ word: UInt64) -> UInt64 {
            WordBytes.mayBeZero(word ^ 0xE0E0_E0E0_E0E0_E0E0) | WordBytes.mayBeZero(word ^ 0xEDED_EDED_EDED_EDED)
        }
        // Lead bytes (1110xxxx) every third byte, continuation bytes (10xxxxxx) between: the
        // first byte that is not as it should be (a narrow lead marked approximately, never
        // later than the first) ends the run at the character before it.
        let badA = ((a & 0xC0F0_C0C0_F0C0_C0F0) ^ 0x80E0_8080_E080_80E0) | narrowLeads(a)
        let badB = ((b & 0xF0C0_C0F0_C0C0_F0C0) ^ 0xE080_80E0_8080_E080) | narrowLeads(b)
        let badC = ((c & 0xC0C0_F0C0_C0F0_C0C0) ^ 0x8080_E080_80E0_8080) | narrowLeads(c)
        let firstBad = badA != 0 ? badA.trailingZeroBitCount / 8
            : badB != 0 ? 8 + badB.trailingZeroBitCount / 8
            : badC != 0 ? 16 + badC.trailingZeroBitCount / 8 : 24
        return firstBad / 3 * 3
    }

    /// How many of the `count` bytes at `start`, from the start (a character's), are ASCII
    /// without NUL and whole two-byte characters, found sixteen bytes at a time (`twoByteChunk`)
    /// while seventeen remain: text in a script of two-byte letters with ASCII spaces and
    /// punctuation (Russian, Greek) is mostly such runs. A character's start, or `0`.
    @inline(__always)
    private static func twoByteRun(_ start: UnsafeRawPointer, count: Int) -> Int {
        var run = 0
        while run + 17 <= count {
            let step = twoByteChunk(start + run)
            if step == 0 { break }
            run &+= step
        }
        return run
    }

    /// Whether the sixteen bytes at `start` (and the byte after them, which must lie in the text)
    /// are ASCII without NUL and whole two-byte characters, the first a character's start: then
    /// how far the next character starts (sixteen bytes, or seventeen when the last leads one
    /// the byte after ends); `0` otherwise.
    @inline(__always)
    private static func twoByteChunk(_ start: UnsafeRawPointer) -> Int {
        let chunk = start.loadUnaligned(as: SIMD16<UInt8>.self)
        let after = start.loadUnaligned(fromByteOffset: 1, as: SIMD16<UInt8>.self)
        // (Equalities only, their lanes joined as bytes and read as words once: lane-wise steps on
        // masks, and orderings of unsigned bytes, compile byte by byte.)
        @inline(__always) func lanes(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD16<UInt8> {
            unsafeBitCast(mask, to: SIMD16<UInt8>.self)
        }
        let x80 = SIMD16<UInt8>(repeating: 0x80), xC0 = SIMD16<UInt8>(repeating: 0xC0)
        let xE0 = SIMD16<UInt8>(repeating: 0xE0), xFE = SIMD16<UInt8>(repeating: 0xFE), zero = SIMD16<UInt8>()
        let leads = lanes((chunk & xE0) .== xC0)
        let continuationsAfter = lanes((after & xC0) .== x80)
        // A byte after each lead and after nothing else is a continuation byte; no byte leads a
        // longer character (111xxxxx), is NUL or leads an overlong form (C0, C1). The first
        // byte's own kind is checked apart: it starts a character.
        let bad = (leads ^ continuationsAfter) | lanes((chunk & xE0) .== xE0) | lanes((chunk & xFE) .== xC0)
            | lanes(chunk .== zero)
        let words = unsafeBitCast(bad, to: SIMD2<UInt64>.self)
        guard words[0] | words[1] == 0, chunk[0] & 0xC0 != 0x80 else { return 0 }
        return leads[15] == 0 ? 16 : 17
    }

    /// `threeByteRun` over the 48 bytes at `start`, sixteen bytes a compare: how many of them,
    /// from the start, are three-byte characters none led by E0 or ED (a multiple of three, up
    /// to 48). A line of Chinese text is mostly one such run.
    @inline(__always)
    private static func threeByteRun(_ start: UnsafeRawPointer) -> Int {
        let e0 = SIMD16<UInt8>(repeating: 0xE0)
        let ed = SIMD16<UInt8>(repeating: 0xED)
        // A byte is bad where, under its place's mask (a lead every third byte from the
        // start), it is not what the place asks, or where it is a narrow lead.
        @inline(__always) func bad(_ chunk: SIMD16<UInt8>, _ mask: SIMD16<UInt8>, _ expected: SIMD16<UInt8>) -> (UInt64, UInt64) {
            let fits = ((chunk & mask) .== expected).words
            let narrow = ((chunk .== e0) .| (chunk .== ed)).words
            return ((~fits.low | narrow.low) & highBits, (~fits.high | narrow.high) & highBits)
        }
        let a = bad(start.loadUnaligned(as: SIMD16<UInt8>.self),
                    SIMD16<UInt8>(0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0),
                    SIMD16<UInt8>(0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0))
        let b = bad(start.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self),
                    SIMD16<UInt8>(0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0),
                    SIMD16<UInt8>(0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80))
        let c = bad(start.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self),
                    SIMD16<UInt8>(0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0),
                    SIMD16<UInt8>(0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80))
        let firstBad = a.0 != 0 ? a.0.trailingZeroBitCount / 8
            : a.1 != 0 ? 8 + a.1.trailingZeroBitCount / 8
            : b.0 != 0 ? 16 + b.0.trailingZeroBitCount / 8
            : b.1 != 0 ? 24 + b.1.trailingZeroBitCount / 8
            : c.0 != 0 ? 32 + c.0.trailingZeroBitCount / 8
            : c.1 != 0 ? 40 + c.1.trailingZeroBitCount / 8 : 48
        return firstBad / 3 * 3
    }

    /// Checks the word at `index` (where a character starts) and returns how far to move:
    /// eight bytes, or to the lead of a character that runs past the word; `nil` when the
    /// bytes are not valid.
    @inline(__always)
    private static func check(_ word: UInt64, at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let bit7 = word & highBits
        let bit6 = (word << 1) & highBits
        let bit5 = (word << 2) & highBits
        let bit4 = (word << 3) & highBits
        let continuation = bit7 & ~bit6
        let lead2 = bit7 & bit6
        let lead3 = lead2 & bit5
        let lead4 = lead3 & bit4
        let needed = (lead2 << 8) | (lead3 << 16) | (lead4 << 24)
        if needed != continuation { return nil }
        // A lead in the last bytes whose character runs past the word (at most one: a second
        // would stand where the first needs a continuation byte).
        let cut = (lead2 & 0x8000_0000_0000_0000) | (lead3 & 0x8080_0000_0000_0000) | (lead4 & 0x8080_8000_0000_0000)
        // Approximately (never missing one; a false mark is looked at and let through).
        let special = lead4 | WordBytes.mayBeZero(word) | WordBytes.mayBeZero(word ^ 0xE0E0_E0E0_E0E0_E0E0)
            | WordBytes.mayBeZero(word ^ 0xEDED_EDED_EDED_EDED)
            | WordBytes.mayBeZero((word & 0xFEFE_FEFE_FEFE_FEFE) ^ 0xC0C0_C0C0_C0C0_C0C0)
        if special != 0 {
            var marks = special & highBits
            while marks != 0 {
                let offset = marks.trailingZeroBitCount / 8
                marks &= marks - 1
                let position = index + offset
                guard position < bytes.count else { break }
                let next = position + 1 < bytes.count ? bytes[position + 1] : 0x80
                switch bytes[position] {
                case 0x00, 0xC0, 0xC1, 0xF5...0xFF: return nil
                case 0xE0: if next < 0xA0 { return nil }
                case 0xED: if next >= 0xA0 { return nil }
                case 0xF0: if next < 0x90 { return nil }
                case 0xF4: if next >= 0x90 { return nil }
                default: break
                }
            }
        }
        return cut == 0 ? 8 : cut.trailingZeroBitCount / 8
    }
}
