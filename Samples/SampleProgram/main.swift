// A tiny program using SeekKit: load a transcript, search it, print each match with its time.
//
//     swift run seek-sample budget Samples/panel.vtt
import Foundation
import SeekKit

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let keyword = arguments.first, let path = arguments.last else {
    FileHandle.standardError.write(Data("usage: seek-sample KEYWORD FILE\n".utf8))
    exit(2)
}
guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("seek-sample: cannot read \(path)\n".utf8))
    exit(2)
}

do {
    let loaded = try TranscriptLoader.load([UInt8](data), fileName: path)
    let transcript = loaded.transcript
    let matches = MatchIndex(transcript: transcript, query: Query(keyword))
    for position in 1...max(1, matches.count) where !matches.isEmpty {
        let match = matches[position]
        let time = transcript.start(at: match.cue).map(Timestamp.format) ?? "--:--:--.---"
        let text = transcript.text(at: match.cue)
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: match.range.lowerBound)
        let upper = utf8.index(utf8.startIndex, offsetBy: match.range.upperBound)
        let speaker = transcript.speaker(at: match.cue).map { " \($0):" } ?? ""
        print("\(position)/\(matches.count) \(time)\(speaker) …\(text[lower..<upper])… in cue \(match.cue + 1)")
    }
    exit(matches.isEmpty ? 1 : 0)
} catch {
    FileHandle.standardError.write(Data("seek-sample: \(error)\n".utf8))
    exit(2)
}
