import Testing
@testable import SeekKit

@Suite struct DisplayWidthTests {
    @Test(arguments: [
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
        ("👍🏽", 2),                          // emoji with skin tone modifier
        ("👩‍👩‍👧", 2),                           // ZWJ family sequence
        ("🇫🇷", 2),                           // flag (regional indicator pair)
        ("❤️", 2),                           // text heart + VS16 = emoji presentation
        ("❤", 1),                            // text heart alone
        ("1️⃣", 2),                           // keycap sequence
        ("مرحبا", 5),                        // Arabic letters are narrow
        ("Ω≈ç", 3),
        ("。、", 4),                          // CJK punctuation
    ] as [(String, Int)])
    func measuresTextLikeATerminal(_ text: String, _ columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test(arguments: [
        ("你好世界", 3, "你"),
        ("你好世界", 4, "你好"),
        ("ab你", 3, "ab"),
        ("e\u{301}x", 1, "e\u{301}"),
        ("👩‍👩‍👧x", 1, ""),
        ("👩‍👩‍👧x", 2, "👩‍👩‍👧"),
        ("hello", 10, "hello"),
    ] as [(String, Int, String)])
    func prefixNeverSplitsACharacter(_ text: String, _ columns: Int, _ expected: String) {
        #expect(DisplayWidth.prefix(text, fitting: columns) == expected)
    }
}
