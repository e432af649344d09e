import Testing
@testable import SeekBytes

/// The word-at-a-time UTF-8 check against the standard library's validation.
@Suite struct UTF8ValidationTests {
    /// Valid and invalid pieces, the edges of every range among them.
    static let pieces: [[UInt8]] = [
        [0x41], [0x20], [0x0A], [0x7F], [0x00],
        [0xC2, 0x80], [0xDF, 0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC3],
        [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xE4, 0xB8, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
        [0xEF, 0xBF, 0xBF], [0xE2, 0x84, 0xAA], [0xE4, 0xB8],
        [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
        [0xF3, 0xBF, 0xBF, 0xBF], [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xBF],
    ]

    static func expected(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil && !bytes.contains(0)
    }

    static func validated(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Validation.isValidWithoutNULs($0) }
    }

    @Test func agreesOnRandomMixes() {
        for seed: UInt64 in 0..<4 {
            var random = SeededRandom(seed: seed &* 7919 &+ 11)
            let validPieces = Self.pieces.filter { Self.expected($0) }
            var valid = 0
            for _ in 0..<4_000 {
                let badRate = Int.random(in: 0...2, using: &random)
                var bytes: [UInt8] = []
                for _ in 0..<Int.random(in: 0...40, using: &random) {
                    let piece = Int.random(in: 0..<100, using: &random) < badRate
                        ? Self.pieces.randomElement(using: &random)!
                        : validPieces.randomElement(using: &random)!
                    bytes += piece
                }
                let expected = Self.expected(bytes)
                if expected { valid += 1 }
                #expect(Self.validated(bytes) == expected, "\(bytes.map { String($0, radix: 16) })")
            }
            #expect(valid > 1_000 && valid < 3_900, "both answers are exercised (\(seed))")
        }
    }

    /// Every two-byte sequence, and every lead with every second byte, at each place in a word.
    @Test func agreesOnEveryShortSequence() {
        for offset: Int in 0..<8 {
            var mismatches: [[UInt8]] = []
            for tail: [UInt8] in [[], [0x41], [0x80], [0xBF], [0x80, 0x80], [0x80, 0xC0]] {
                var bytes = [UInt8](repeating: 0x61, count: offset) + [0, 0] + tail + [0x62]
                for first in 0...255 as ClosedRange<UInt8> {
                    for second in 0...255 as ClosedRange<UInt8> {
                        bytes[offset] = first
                        bytes[offset + 1] = second
                        if Self.validated(bytes) != Self.expected(bytes) { mismatches.append(bytes) }
                    }
                }
            }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        }
    }

    /// Every piece at every place in a run of three-byte characters (read 48 bytes at a
    /// time, 24 near the end), after each number of ASCII bytes, so every phase of every
    /// word and of every sixteen bytes is tried.
    @Test func agreesInsideRunsOfThreeByteCharacters() {
        for asciiBefore: Int in 0..<3 {
            let characters: [[UInt8]] = [[0xE4, 0xB8, 0x80], [0xE9, 0xBF, 0xBF], [0xE3, 0x80, 0x82], [0xEF, 0xBC, 0x8C],
                                         [0xEC, 0x9E, 0x90], [0xED, 0x9E, 0xA3], [0xE0, 0xA4, 0x95], [0xE1, 0xBA, 0xA1]]
            let insertions = Self.pieces + [[0xE4, 0xB8, 0xC0], [0xE4, 0x38, 0x80], [0xEE, 0x80, 0x80], [0xE4], [0xE4, 0xB8, 0x80, 0x80]]
            var mismatches: [[UInt8]] = []
            var valid = 0
            for run in 0..<20 {
                for insertion in insertions {
                    for filler in characters {
                        let bytes = [UInt8](repeating: 0x61, count: asciiBefore) + Array(repeating: characters[0], count: run).joined()
                            + insertion + Array(repeating: filler, count: 20 - run).joined()
                        if Self.validated(bytes) != Self.expected(bytes) { mismatches.append(bytes) }
                        if Self.expected(bytes) { valid += 1 }
                    }
                }
            }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(3).map { $0.map { String($0, radix: 16) } })")
            #expect(valid > 800 && valid < 5_000, "both answers are exercised (\(asciiBefore))")
        }
    }

    /// Every piece at every place in a run of two-byte characters and ASCII (read sixteen bytes
    /// at a time while seventeen remain), after each number of ASCII bytes, so every phase of
    /// every word and of every sixteen bytes is tried.
    @Test func agreesInsideRunsOfTwoByteCharacters() {
        for asciiBefore: Int in 0..<3 {
            let characters: [[UInt8]] = [[0xD0, 0xB1], [0xD1, 0x8E], [0x20], [0xC2, 0x80], [0xDF, 0xBF], [0xCE, 0xA9],
                                         [0x2C, 0x20], [0xD0, 0x99, 0x7F]]
            let insertions = Self.pieces + [[0xD0, 0x41], [0xD0, 0xC0], [0xD0], [0xD0, 0xB1, 0x80], [0xC1, 0xBF, 0x20],
                                            [0xE4, 0xB8, 0x80], [0xF0, 0x9F, 0x98, 0x80], [0x80, 0x80]]
            var mismatches: [[UInt8]] = []
            var valid = 0
            for run in 0..<24 {
                for insertion in insertions {
                    for filler in characters {
                        let bytes = [UInt8](repeating: 0x61, count: asciiBefore) + Array(repeating: characters[0], count: run).joined()
                            + insertion + Array(repeating: filler, count: 24 - run).joined()
                        if Self.validated(bytes) != Self.expected(bytes) { mismatches.append(bytes) }
                        if Self.expected(bytes) { valid += 1 }
                    }
                }
            }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(3).map { $0.map { String($0, radix: 16) } })")
            #expect(valid > 1_000 && valid < 6_000, "both answers are exercised (\(asciiBefore))")
        }
    }

    /// Every piece, and every cut of a character, at every place in texts long enough to be
    /// checked in blocks of sixty-four bytes (each compared with the two bytes before it), in
    /// scripts of one- to three-byte characters mixed as subtitles mix them; and every length of
    /// those texts, so that a character cut short by the end is met at every place of a block.
    @Test func agreesInsideBlocksOfAnyScript() {
        let texts: [String] = [
            "预算会议在明天，我们的政府也说很好。\n这个问题要不在是生活没有预算工作学生市场。",
            "नमस्ते मैं छात्र हूँ, बजट सरकार भारत की राजधानी दिल्ली है।\nनमस्ते",
            "힘내세요 희망 흰색 예산 회의 한국어 퀴즈 톤 폰\n안녕하세요 저는 학생입니다",
            "Привет, как дела? Бюджет правительства.\nΓειά σου κόσμε, ça coûte cher à l'État.",
            "The budget 预算 of 2024: 50% — “quoted” ✨ naïve café\n日本語のテキスト、カタカナ。",
            "a\u{301}e\u{300}o\u{340}u\u{35F}i\u{36F}\u{1AB0}\u{FFFF}\u{E000}\u{D7FF}\u{800}\u{7FF}\u{80}",
        ]
        let insertions = Self.pieces + [[0xF0, 0x9F, 0x98, 0x80], [0xE4, 0xB8], [0xE4], [0xCD, 0x80], [0xCD, 0xA0],
                                        [0xE0, 0xA0], [0xED, 0x80, 0x80], [0xEF, 0xBB, 0xBF], [0x80, 0x80, 0x80],
                                        [0xC2], [0xF0, 0x9F, 0x98]]
        var mismatches: [[UInt8]] = []
        var valid = 0
        for text in texts {
            let body = Array(String(repeating: text, count: 3).utf8)
            for place in 0...body.count {
                for insertion in insertions {
                    let bytes = Array(body[..<place]) + insertion + Array(body[place...])
                    if Self.validated(bytes) != Self.expected(bytes) { mismatches.append(bytes) }
                    if Self.expected(bytes) { valid += 1 }
                }
                let prefix = Array(body[..<place])
                if Self.validated(prefix) != Self.expected(prefix) { mismatches.append(prefix) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3).map { $0.map { String($0, radix: 16) } })")
        #expect(valid > 3_000 && valid < 40_000, "both answers are exercised (\(valid))")
    }

    /// Long texts of random characters of every length (one to four bytes, the edges of each
    /// lead's range among them) with a byte or a few spoiled near the edges of the blocks of
    /// sixteen and sixty-four bytes: truncated characters, overlong forms, surrogates, leads past
    /// U+10FFFF, stray continuation bytes, NUL. The spoiled text and each of its prefixes are
    /// judged as `String(validating:)` judges them.
    @Test func agreesWhereBlocksMeetSpoiledBytes() {
        var random = SeededRandom(seed: 0xB10C)
        let characters: [[UInt8]] = [
            [0x41], [0x0A], [0xC2, 0x80], [0xDF, 0xBF], [0xD0, 0xB1], [0xE0, 0xA0, 0x80], [0xE4, 0xB8, 0x80],
            [0xE9, 0xA2, 0x84], [0xE7, 0xAE, 0x97], [0xEC, 0xBF, 0xBF], [0xED, 0x80, 0x80], [0xED, 0x9F, 0xBF],
            [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xCD, 0x80], [0xCD, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        let spoils: [UInt8] = [0x00, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF8, 0xFF, 0x0A]
        var valid = 0, mismatches: [[UInt8]] = []
        for round in 0..<600 {
            // Mostly Chinese-like text, at times any mix.
            let mixed = round % 3 == 0
            var bytes: [UInt8] = []
            while bytes.count < 200 + Int.random(in: 0..<64, using: &random) {
                bytes += mixed ? characters.randomElement(using: &random)!
                    : (Int.random(in: 0..<20, using: &random) == 0 ? [0x0A] : characters[Int.random(in: 5...9, using: &random)])
            }
            let edge = [16, 32, 48, 64, 65, 66, 128, 129, 130, 192].randomElement(using: &random)!
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let place = Swift.min(bytes.count - 1, Swift.max(0, edge + Int.random(in: -4...4, using: &random)))
                bytes[place] = spoils.randomElement(using: &random)!
            }
            let expected = Self.expected(bytes)
            if expected { valid += 1 }
            if Self.validated(bytes) != expected { mismatches.append(bytes) }
            for end in stride(from: bytes.count - 1, to: Swift.max(0, bytes.count - 8), by: -1) {
                let prefix = Array(bytes[..<end])
                if Self.validated(prefix) != Self.expected(prefix) { mismatches.append(prefix) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3).map { $0.map { String($0, radix: 16) } })")
        #expect(valid > 60 && valid < 540, "both answers are exercised (\(valid))")
    }

    /// The check that passes over ASCII sixty-four bytes a step gives the same answers: pieces
    /// (a NUL, invalid sequences) anywhere in long ASCII runs, around every place of a block.
    @Test func skippingASCIIAgrees() {
        var random = SeededRandom(seed: 64)
        var valid = 0
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                bytes += [UInt8](repeating: 0x61, count: Int.random(in: 0...200, using: &random))
                bytes += Self.pieces.randomElement(using: &random)!
            }
            bytes += [UInt8](repeating: 0x62, count: Int.random(in: 0...70, using: &random))
            let expected = Self.expected(bytes)
            if expected { valid += 1 }
            #expect(bytes.withByteView { UTF8Validation.isValidWithoutNULsSkippingASCII($0) } == expected,
                    "\(bytes.map { String($0, radix: 16) })")
        }
        #expect(valid > 300 && valid < 2_700, "both answers are exercised")
    }

    /// The end of a run of ASCII without NUL is the start of the block of sixty-four bytes holding
    /// the first byte that is not (or that byte itself past the last whole block), wherever it stands.
    @Test func asciiRunsEndAtTheBlockOfTheirFirstOtherByte() {
        for count in [0, 1, 63, 64, 65, 127, 128, 129, 191, 255, 256, 300, 520] {
            let plain = [UInt8](repeating: 0x61, count: count)
            #expect(plain.withByteView { UTF8Validation.asciiRunEnd($0, from: 0) } == count)
            for place in 0..<count {
                for other: UInt8 in [0x00, 0x80, 0xFF] {
                    var bytes = plain
                    bytes[place] = other
                    let expected = place < count / 64 * 64 ? place / 64 * 64 : place
                    #expect(bytes.withByteView { UTF8Validation.asciiRunEnd($0, from: 0) } == expected, "\(count) \(place)")
                }
            }
        }
    }

    /// A stretch of other scripts longer than the 4 KiB a stretch is checked in, broken near
    /// where the stretch would be cut, is judged as a whole.
    @Test func skippingASCIIChecksLongStretchesWhole() {
        let run = Array(repeating: [UInt8]([0xE4, 0xB8, 0x80]), count: 1_500).joined()
        for cut in 4_090..<4_100 {
            for insertion: [UInt8] in [[0xE4, 0xB8, 0x80], [0xE4, 0xB8], [0x80], [0x00], [0x41]] {
                let bytes = [UInt8](repeating: 0x61, count: 3) + Array(run.prefix(cut)) + insertion + Array(run.dropFirst(cut))
                #expect(bytes.withByteView { UTF8Validation.isValidWithoutNULsSkippingASCII($0) } == Self.expected(bytes),
                        "cut at \(cut), \(insertion)")
            }
        }
    }
}

/// The UTF-8 check that also looks for control bytes in a text's head.
@Suite struct UTF8ValidationControlBytesTests {
    @Test func findsWhatTheChecksApartFind() {
        var random = SeededRandom(seed: 1_922)
        let pieces: [[UInt8]] = [
            Array("text that is plain ".utf8), [0x0A], [0x0D, 0x0A], [0x09], [0x0C], [0x1B], [0x01], [0x00], [0x7F],
            [0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xE9], [0xC3], [0xED, 0xA0, 0x80],
        ]
        for _ in 0..<400 {
            var bytes: [UInt8] = []
            let rare = Int.random(in: 0...3, using: &random)
            for _ in 0..<Int.random(in: 0...600, using: &random) {
                let index = Int.random(in: 0..<100, using: &random) < rare
                    ? Int.random(in: 0..<pieces.count, using: &random) : [0, 0, 0, 1, 2, 3, 9, 10][Int.random(in: 0..<8, using: &random)]
                bytes += pieces[index]
            }
            let head = Int.random(in: 0...bytes.count + 10, using: &random)
            bytes.withByteView { view in
                let (valid, controls) = UTF8Validation.isValidWithoutNULs(view, controlBytesInFirst: head)
                let expected = String(validating: bytes, as: UTF8.self) != nil && !bytes.contains(0)
                #expect(valid == expected)
                if valid && view.extracting(first: head).hasControlBytes { #expect(controls) }
                if valid && controls {
                    // Only a control byte in the head, or in the non-ASCII run it ends in, sets it.
                    var end = min(head, bytes.count)
                    while end < bytes.count && bytes[end] >= 0x80 { end += 1 }
                    #expect(view.extracting(first: end).hasControlBytes)
                }
            }
        }
    }
}
