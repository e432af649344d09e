import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// The fast matcher against the Regex reference on seeded random Unicode-heavy text.
@Suite struct DifferentialTests {
    /// Pieces text is built from: plain words, and every trap the fast path must notice.
    static let plain: [String] = [
        "the", "The", "THE", "home", "king", "KING", "a", "b", "ab", "e", "s", "i", "k", " ", " ", " ", "\n", ".", "(",
        "预算", "预", "算", "今年", "的", "，", "’", "é",
        "бюджет", "Бюджет", "БЮДЖЕТ", "вы", "ты", "в", "мой", "ё", "Ω", "ω", "ι", "κόσμε", "Κ",
    ]
    static let traps: [String] = [
        "e\u{301}", "é", "cafe", "café", "cafe\u{301}", "\u{212A}", "ſ", "ı", "İ", "ß", "ẞ", "SS",
        "Σ", "σ", "ς", "ΟΔΟΣ", "👍", "👍🏽", "👨‍👩‍👧", "🇺🇸", "🇫🇷", "\u{200D}", "\u{FE0F}", "\u{1F3FB}",
        "\u{F900}", "豈", "\u{2F800}", "丽", "。", "\u{302A}",
        "ﬁ", "fi", "Ꭰ", "ꭰ", "\u{0600}", "\u{0915}\u{094D}", "\r", "\r\n", "’", "\t", "ガ", "カ\u{3099}",
        "\u{037E}", ";", "\u{1FEF}", "`", "Å", "\u{212B}", "Ω", "\u{2126}", "ǅ", "ǆ", "\u{0345}", "ι",
        "\u{1C80}", "\u{1C88}", "й", "и\u{306}", "е\u{308}", "Ё", "в\u{301}", "\u{0488}", "ϐ", "β", "ς", "\u{1FBE}",
        "\u{0483}", "\u{1F71}", "ά", "\u{10400}", "\u{10428}", "ǈ", "ǉ", "\u{0600}в", "Ꙋ", "ᲈ",
    ]

    static let keywords: [String] = [
        "the", "e", "k", "king", "s", "ss", "i", "a b", "b a", "ab", "home", "e ", " e", "预算", "算", "豈", "丽",
        "cafe", "café", "ka fé", "e\u{301} e", "the ß", "home\u{2019}s", "ab c\u{301}", "\u{212A}", "\u{212A}ing", "é", "σ", "ς", "👍", "fi", "ﬁ", "ꭰ", ";", "`", "ß", "ι", "ǆ", "Ω", "a", "Å", ".", " ", "ガ",
        "бюджет", "в", "вы", "ты в", "в ", "й", "мой", "ё", "Ω", "ω", "ιΙ", "\u{1C80}", "ǈ", "κόσμε", "β", "ꙋ", "𐐨",
        "k в", "Kв", "\u{212A}", "é в",
    ]

    @Test(arguments: 0..<6)
    func fastAgreesWithReference(seed: UInt64) {
        var random = SeededRandom(seed: seed &+ 0x9E37_79B9_7F4A_7C15)
        let cues = (0..<60).map { number in
            let trapRate = Int.random(in: 0...3, using: &random)
            let text = (0..<Int.random(in: 1...14, using: &random)).map { _ in
                Int.random(in: 0..<10, using: &random) < trapRate
                    ? Self.traps.randomElement(using: &random)! : Self.plain.randomElement(using: &random)!
            }.joined()
            return Cue(ordinal: number + 1, text: text, line: number + 1)
        }
        let transcript = Transcript(cues)
        var fastMatches = 0
        for keyword in Self.keywords {
            for caseSensitive in [false, true] {
                let reference = ReferenceMatcher(keyword: keyword, caseSensitive: caseSensitive)
                let fast = Matcher(keyword: keyword, caseSensitive: caseSensitive)
                let expected = searchReferenceScan(reference, transcript)
                #expect(searchScanned(fast, transcript) == expected, "keyword \(keyword.debugDescription) seed \(seed)")
                let perCue = transcript.indices.flatMap { cue in
                    fast.ranges(in: transcript.text(at: cue)).map { SearchFound(cue: cue, range: $0) }
                }
                #expect(perCue == expected, "per cue: keyword \(keyword.debugDescription) seed \(seed)")
                fastMatches += fastPathMatches(fast, transcript)
            }
        }
        #expect(fastMatches > 100, "the byte path itself must be exercised")
    }

    /// Pieces for whole words and folding: word joiners of every kind, ideographs, accents, typography.
    static let wordPieces: [String] = [
        "'", ".", ":", ",", ";", "_", "-", "3", "4", "a", "b", "x", "the", "ab", "\t", "\r\n", "’", "‘", "“", "–", "—",
        "ｓ", "ｅ", "Ａ", "\u{3000}", "\u{A0}", "ｶ", "ﾞ", "é", "e\u{301}", "Å", "ǘ", "\u{308}", "我", "的", "家", "。",
        "ガ", "カ", "ß", "🇫🇷", "👍🏽", "\u{200D}", "\u{FE0F}", "Σ", "ς", "\u{05D0}", "\"", "\u{0E01}", "\u{0E31}",
    ]
    static let modeKeywords: [String] = [
        "the", "a", "ab", "ab ab", "aba", "a b", "e", "x", "3", "3.4", "it's", "a.b", "a_b", " ", "-", ".", "'", "的",
        "我的", "家", "cafe", "café", "seek", "s", "se", "ｓｅ", "e\u{301}", "ガ", "カ", "ss", "a'b", "—", "\"",
    ]

    @Test(arguments: 0..<6)
    func wholeWordsAndFoldingAgreeWithReference(seed: UInt64) {
        var random = SeededRandom(seed: seed &+ 0x51_7CC1_B727_220A)
        let cues = (0..<50).map { number in
            let text = (0..<Int.random(in: 1...16, using: &random)).map { _ in
                Int.random(in: 0..<3, using: &random) == 0
                    ? Self.wordPieces.randomElement(using: &random)!
                    : [" ", "the", "a", "ab", "x", "3", "\n", "cafe", "我", "的"].randomElement(using: &random)!
            }.joined()
            return Cue(ordinal: number + 1, text: text, line: number + 1)
        }
        let transcript = Transcript(cues)
        var matched = 0
        for keyword in Self.modeKeywords {
            for (wholeWords, ignoresAccents) in [(true, false), (false, true), (true, true)] {
                for caseSensitive in [false, true] {
                    let reference = ReferenceMatcher(keyword: keyword, caseSensitive: caseSensitive,
                                                     wholeWords: wholeWords, ignoresAccents: ignoresAccents)
                    let fast = Matcher(keyword: keyword, caseSensitive: caseSensitive, wholeWords: wholeWords,
                                       ignoresAccents: ignoresAccents)
                    let expected = searchReferenceScan(reference, transcript)
                    let label = "\(keyword.debugDescription) w=\(wholeWords) a=\(ignoresAccents) seed \(seed)"
                    #expect(searchScanned(fast, transcript) == expected, "\(label)")
                    let perCue = transcript.indices.flatMap { cue in
                        fast.ranges(in: transcript.text(at: cue)).map { SearchFound(cue: cue, range: $0) }
                    }
                    #expect(perCue == expected, "per cue: \(label)")
                    matched += expected.count
                }
            }
        }
        #expect(matched > 200, "the modes must find something to compare")
    }

    /// How many matches the byte path reported in cues it did not hand to the reference.
    func fastPathMatches(_ matcher: Matcher, _ transcript: Transcript) -> Int {
        guard let plan = FastPlan(keyword: matcher.keyword, caseSensitive: matcher.caseSensitive) else { return 0 }
        var found: [Int] = []
        var fallback: Set<Int> = []
        let storage = transcript.storage
        _ = storage.utf8.withByteView { bytes in
            plan.scan(bytes, cues: TranscriptCues(records: transcript.records), isCancelled: { false },
                      found: { cue, _ in found.append(cue) }, fallback: { fallback.insert($0) })
        }
        return found.filter { !fallback.contains($0) }.count
    }
}


/// The fast matcher against the reference on real subtitle files from the shared corpus.
@Suite struct CorpusDifferentialTests {
    static let corpus = RepositoryFiles.root.appendingPathComponent("../shared/corpus").standardizedFileURL

    static var corpusExists: Bool { FileManager.default.fileExists(atPath: corpus.path) }

    static func subtitleFiles() -> [URL] {
        guard let walker = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { ["srt", "vtt"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
    }

    @Test(.enabled(if: corpusExists, "the shared corpus (../shared/corpus) is absent; skipping"))
    func fastAgreesWithReferenceOnCorpus() throws {
        var compared = 0
        for file in Self.subtitleFiles() {
            guard let data = FileManager.default.contents(atPath: file.path),
                  let loaded = try? TranscriptLoader.load([UInt8](data), fileName: file.lastPathComponent) else { continue }
            let cues = loaded.transcript.prefix(150)
            let transcript = Transcript(cues)
            let middle = cues.isEmpty ? "" : cues[cues.startIndex + cues.count / 2].text
            let word = middle.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).first.map(String.init)
            for keyword in ["e", "the", "a ", "的"] + (word.map { [$0, String($0.prefix(2))] } ?? []) {
                let expected = searchReferenceScan(ReferenceMatcher(keyword: keyword), transcript)
                #expect(searchScanned(Matcher(keyword: keyword), transcript) == expected,
                        "\(file.lastPathComponent): \(keyword.debugDescription)")
                compared += 1
            }
        }
        #expect(compared > 0)
    }
}
