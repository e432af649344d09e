// libFuzzer target: the fast matcher must agree with the Regex reference on any text and keyword.
// Input layout: first byte = keyword length (bytes) in its low 4 bits and the modes in its high ones
// (bit 4: whole words, bit 5: ignoring accents), then the keyword, then the text; both read as UTF-8.
// Compiled into the SeekKit module itself by Fuzz/run, so it needs no import.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatcher(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let keywordLength = min(Int(bytes[0] % 16), size - 1)
    let keyword = String(decoding: bytes[1..<(1 + keywordLength)], as: UTF8.self)
    let text = String(decoding: bytes[(1 + keywordLength)...], as: UTF8.self)
    guard !keyword.isEmpty else { return 0 }
    let wholeWords = bytes[0] & 0x10 != 0
    let ignoresAccents = bytes[0] & 0x20 != 0
    for caseSensitive in [false, true] {
        let expected = ReferenceMatcher(keyword: keyword, caseSensitive: caseSensitive, wholeWords: wholeWords,
                                        ignoresAccents: ignoresAccents).ranges(in: Substring(text))
        let fast = Matcher(keyword: keyword, caseSensitive: caseSensitive, wholeWords: wholeWords,
                           ignoresAccents: ignoresAccents).ranges(in: Substring(text))
        precondition(fast == expected, "fast matcher disagrees with the reference")
        let transcript = Transcript([Cue(ordinal: 1, text: text, line: 1), Cue(ordinal: 2, text: text, line: 2)])
        let index = MatchIndex(transcript: transcript, query: Query(keyword, caseSensitive: caseSensitive,
                                                                     wholeWords: wholeWords, ignoresAccents: ignoresAccents))
        precondition(index.count == 2 * expected.count, "index count disagrees with the reference")
        for position in stride(from: 1, through: index.count, by: 1) {
            precondition(index[position].range == expected[(position - 1) % max(1, expected.count)],
                         "index range disagrees with the reference")
        }
    }
    return 0
}
