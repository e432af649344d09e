// libFuzzer target: format detection, decoding and every parser, then a search on the result.
// Built by Fuzz/run (it compiles SeekKit's sources together with this file).
// Compiled into the SeekKit module itself by Fuzz/run, so it needs no import.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParsers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let formats: [SubtitleFormat?] = [nil, .srt, .vtt, .text]
    let names = ["fuzz.srt", "fuzz.vtt", "fuzz.txt", "fuzz"]
    let choice = Int(bytes.first ?? 0) % 4
    guard let loaded = try? TranscriptLoader.load(bytes, fileName: names[choice], options: LoadOptions(format: formats[choice]))
    else { return 0 }
    let transcript = loaded.transcript
    for cue in transcript.indices {
        let range = transcript.utf8Range(at: cue)
        precondition(range.upperBound <= transcript.storage.utf8.count, "cue text out of storage")
        _ = transcript[cue]
    }
    let index = MatchIndex(transcript: transcript, query: Query(keywords: ["e", "-->", "家"]))
    for position in stride(from: 1, through: index.count, by: 1) {
        let match = index[position]
        precondition(match.range.upperBound <= transcript.utf8Range(at: match.cue).count, "match out of cue")
    }
    return 0
}
