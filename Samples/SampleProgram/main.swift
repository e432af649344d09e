// A tiny program using SeekKit: load a transcript, list each match with its time and the
// matched words marked, then drive the search model the way a search field would.
//
//     swift run seek-sample budget Samples/talk.srt
import Foundation
import SeekKit

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let keyword = arguments.first, let path = arguments.last, !keyword.isEmpty else {
    FileHandle.standardError.write(Data("usage: seek-sample KEYWORD FILE\n".utf8))
    exit(2)
}
guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("seek-sample: cannot read \(path)\n".utf8))
    exit(2)
}

let transcript: Transcript
do {
    transcript = try TranscriptLoader.load([UInt8](data), fileName: path).transcript
} catch {
    FileHandle.standardError.write(Data("seek-sample: \(error)\n".utf8))
    exit(2)
}

// The index is a collection of matches, positions 1…count.
let matches = MatchIndex(transcript: transcript, query: Query(keyword))
for match in matches {
    let text = transcript.text(at: match.cue)
    let range = transcript.textRange(of: match)
    let time = transcript.start(at: match.cue).map(Timestamp.format) ?? "--:--:--.---"
    let speaker = transcript.speaker(at: match.cue).map { " \($0):" } ?? ""
    let marked = text[..<range.lowerBound] + "[" + text[range] + "]" + text[range.upperBound...]
    print("\(match.position)/\(matches.count) \(time)\(speaker) \(marked.replacingOccurrences(of: "\n", with: " "))")
}

// The search model: typing the start of the keyword, stepping to the last match, then
// finishing the word keeps the same match current.
let search = TranscriptSearch(transcript: transcript, throttle: .zero)
let start = String(keyword.prefix(max(1, keyword.count / 2)))
search.text = start
await search.searchFinished()
search.previous()
let before = search.currentMatch
search.text = keyword
await search.searchFinished()
if let before, let after = search.currentMatch {
    print("typing \"\(start)\" then \"\(keyword)\": on match \(search.current ?? 0)/\(search.count),",
          after.cue == before.cue ? "the same cue (\(after.cue + 1))" : "cue \(after.cue + 1), not \(before.cue + 1)")
}
exit(matches.isEmpty ? 1 : 0)
