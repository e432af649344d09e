// libFuzzer target: format detection, decoding and every parser (each SubtitleFormat forced,
// JSON and TSV transcripts included), then a search on the result;
// and the count-only path (in small pieces) must agree with loading and searching in full.
// Compiled into the SeekKit module itself by Fuzz/run, so it needs no import.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParsers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Every format forced (machine transcripts too: Whisper/podcast JSON, Whisper TSV), and
    // detection from the content under the names such files have.
    let choices: [(format: SubtitleFormat?, name: String)] = [
        (nil, "fuzz.srt"), (.srt, "fuzz.srt"), (.vtt, "fuzz.vtt"), (.text, "fuzz.txt"), (nil, "fuzz"),
        (.ass, "fuzz.ass"), (.ttml, "fuzz.ttml"), (.sami, "fuzz.smi"), (.sbv, "fuzz.sbv"), (.microdvd, "fuzz.sub"),
        (.lrc, "fuzz.lrc"), (nil, "fuzz.xml"), (.json, "fuzz.json"), (.tsv, "fuzz.tsv"), (nil, "fuzz.json"),
        (nil, "fuzz.tsv"), (nil, "fuzz.md"), (nil, "fuzz.vtt"), (.tmplayer, "fuzz.tmp"), (.mpl2, "fuzz.txt"),
        (.youtube, "fuzz.ytt"), (nil, "fuzz.ytt"),
    ]
    precondition(Set(choices.compactMap(\.format)) == Set(SubtitleFormat.allCases), "a format the fuzzer never forces")
    let choice = Int(bytes.first ?? 0) % choices.count
    let names = choices.map(\.name)
    let language: String? = bytes.count > 1 && bytes[1] & 1 == 1 ? "en" : nil
    let options = LoadOptions(format: choices[choice].format, language: language)
    // Several keywords go through the match index; one keyword takes the byte scan (and, in
    // untimed text, the count where the text lies).
    let queries = [Query(keywords: ["e", "-->", "家"]), Query("e"), Query("家"), Query("a b"), Query("k")]
    let query = queries[Int(bytes.last ?? 0) % queries.count]

    let full: Result<(LoadedTranscript, Int), Diagnostic>
    do throws(Diagnostic) {
        let loaded = try TranscriptLoader.load(bytes, fileName: names[choice], options: options)
        let transcript = loaded.transcript
        for cue in transcript.indices {
            let range = transcript.utf8Range(at: cue)
            precondition(range.upperBound <= transcript.storage.utf8.count, "cue text out of storage")
            _ = transcript[cue]
        }
        let index = MatchIndex(transcript: transcript, query: query)
        for position in stride(from: 1, through: index.count, by: 1) {
            let match = index[position]
            precondition(match.range.upperBound <= transcript.utf8Range(at: match.cue).count, "match out of cue")
        }
        full = .success((loaded, index.count))
    } catch {
        full = .failure(error)
    }

    let counted: Result<MatchCount, Diagnostic> = bytes.withByteView { buffer in
        do throws(Diagnostic) {
            return .success(try TranscriptLoader.countMatches(
                inPlace: buffer, fileName: names[choice], options: options, query: query, pieceSize: 64))
        } catch {
            return .failure(error)
        }
    }
    switch (full, counted) {
    case let (.success((loaded, matches)), .success(count)):
        precondition(count.matches == matches, "count path disagrees with the full search")
        precondition(count.warnings == loaded.warnings, "count path warns differently")
    case let (.failure(a), .failure(b)):
        precondition(a == b, "count path fails differently")
    default:
        preconditionFailure("count path and full load disagree on success")
    }
    return 0
}
