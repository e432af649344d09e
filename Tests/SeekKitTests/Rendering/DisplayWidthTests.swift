import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SeekKit

@Suite struct DisplayWidthTests {
    @Test func measuresTextLikeATerminal() {
        let cases: [(String, Int)] = [
            ("", 0),
            ("hello", 5),
            ("你好", 4),                          // CJK ideographs are wide
            ("ｈｉ", 4),                          // fullwidth Latin
            ("ﾊﾝ", 2),                           // halfwidth katakana stay narrow
            ("한국어", 6),                         // Hangul syllables
            ("\u{1100}\u{1161}\u{11A8}", 2),     // conjoining jamo: one wide syllable
            ("e\u{301}", 1),                     // combining acute accent takes no column
            ("a\u{200D}b", 2),                   // a zero-width joiner between letters
            ("\u{200B}", 0),                     // zero-width space
            ("😀", 2),                           // emoji
            ("👍🏽", 4),                          // skin tone modifier: glibc and tmux draw both halves
            ("👩‍👩‍👧", 2),                           // ZWJ family sequence
            ("🇫🇷", 2),                           // flag (regional indicator pair)
            ("❤️", 2),                           // text heart + VS16 = emoji presentation
            ("❤", 1),                            // text heart alone
            ("1️⃣", 2),                           // keycap sequence
            ("مرحبا", 5),                        // Arabic letters are narrow
            ("Ω≈ç", 3),
            ("。、", 4),                          // CJK punctuation
            ("ทำ", 2),                           // Thai SARA AM is a spacing vowel: one column
            ("ที่", 1),                           // Thai above-vowel and tone mark take none
            ("का", 2),                           // Devanagari vowel sign AA (spacing mark): one column
            ("हैं?", 2),                          // vowel sign AI and anusvara are nonspacing
            ("कि", 2),                           // vowel sign I, drawn before the consonant, still one column
            ("👋🏽家", 6),
            ("⌚", 2),                           // emoji presentation by default
            ("☺", 1),                            // text presentation by default
            ("☺️", 2),                           // made an emoji by U+FE0F
            ("a\u{7F}b", 2),                     // DEL and other controls take none: not one a byte
            ("tab\there", 7),
            ("~ !", 3),                           // the ends of printable ASCII
        ]
        for (text, columns) in cases {
            #expect(DisplayWidth.of(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func prefixNeverSplitsACharacter() {
        let cases: [(String, Int, String)] = [
            ("你好世界", 3, "你"),
            ("你好世界", 4, "你好"),
            ("ab你", 3, "ab"),
            ("e\u{301}x", 1, "e\u{301}"),
            ("👩‍👩‍👧x", 1, ""),
            ("👩‍👩‍👧x", 2, ""),                       // some terminals draw a joined sequence part by part
            ("👩‍👩‍👧x", 6, "👩‍👩‍👧"),
            ("कि", 1, ""),
            ("ทำx", 2, "ทำ"),
            ("hello", 10, "hello"),
        ]
        for (text, columns, expected) in cases {
            #expect(DisplayWidth.prefix(text, fitting: columns) == expected, "\(text.debugDescription) in \(columns)")
        }
    }

    @Test func aJoinedEmojiSequenceMayBeDrawnWiderThanItIsCounted() {
        #expect(DisplayWidth.of("👩‍👩‍👧") == 2)
        #expect(DisplayWidth.widest("👩‍👩‍👧") == 6)
        #expect(DisplayWidth.widest("ทำ家") == DisplayWidth.of("ทำ家"))
    }

    /// Every scalar of the corpus's language files measures as glibc's `wcwidth` says (tmux uses it).
    @Test func scalarsMeasureAsGlibcWcwidth() throws {
        #if canImport(Glibc)
        guard let corpus = CorpusFiles.directory else {
            print("../shared/corpus is absent: skipping the wcwidth comparison")
            return
        }
        guard setlocale(LC_CTYPE, "C.UTF-8") != nil, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth")
        else { print("no UTF-8 locale or wcwidth: skipping the wcwidth comparison"); return }
        typealias WidthFunction = @convention(c) (Int32) -> Int32
        let wcwidth = unsafeBitCast(symbol, to: WidthFunction.self)
        var seen = Set<UInt32>()
        for path in try CorpusFiles.languageFiles(in: corpus) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            for scalar in text.unicodeScalars where scalar.value >= 0x20 && seen.insert(scalar.value).inserted {
                let expected = Int(wcwidth(Int32(scalar.value)))
                guard expected >= 0 else { continue }
                #expect(DisplayWidth.of(scalar) == expected, "U+\(String(scalar.value, radix: 16, uppercase: true))")
            }
        }
        #expect(seen.count > 500)
        #endif
    }
}
