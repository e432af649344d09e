import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// Counting a large file with only its start checked (`countMatches(inPlace:…checkedStart:…)`)
/// checks the rest as it counts it: plain bytes count what bytes checked whole count, from any
/// start and until any number of matches; a byte that is not UTF-8 or a NUL anywhere past the start
/// gives `nil` (the file is then decoded), even past where `-l` stops; each piece's pages go.
@Suite struct TranscriptLoaderCheckedCountTests {
    /// About 100 KB of SRT: a budget in every ninth cue, an é in every cue, one speaker label
    /// (so that a speaker scope has one to look for; more would make it read like a transcript).
    static let srt: [UInt8] = {
        var text = ""
        for i in 1...1_500 {
            let label = i == 5 ? "ANNA: " : ""
            text += "\(i)\n00:00:01,000 --> 00:00:02,000\n\(label)\(i % 9 == 0 ? "a budget line" : "another line"), number \(i) é\n\n"
        }
        return Array(text.utf8)
    }()

    /// Untimed text of about the same size, a line per cue.
    static let text: [UInt8] = {
        var text = ""
        for i in 1...3_000 { text += "\(i % 9 == 0 ? "a budget line" : "another line"), number \(i) é\n" }
        return Array(text.utf8)
    }()

    /// Rolling captions (each cue's first line is the last line of the cue before): counted from a
    /// whole parse.
    static let rolling: [UInt8] = {
        func line(_ k: Int) -> String { "\(k % 9 == 0 ? "budget" : "another line") \(k) é" }
        var text = ""
        for i in 1...1_500 { text += "\(i)\n00:00:01,000 --> 00:00:02,000\n\(line(i - 1))\n\(line(i))\n\n" }
        return Array(text.utf8)
    }()

    /// The ranges `releasing` is told, from any thread.
    private final class Releases: @unchecked Sendable {
        private let lock = NSLock()
        private var ranges: [Range<Int>] = []
        func add(_ range: Range<Int>) { lock.withLock { ranges.append(range) } }
        /// Whether the ranges told cover `range`.
        func cover(_ range: Range<Int>) -> Bool {
            let sorted = lock.withLock { ranges.sorted { $0.lowerBound < $1.lowerBound } }
            var end = range.lowerBound
            for told in sorted where told.lowerBound <= end { end = Swift.max(end, told.upperBound) }
            return end >= range.upperBound
        }
    }

    private func counted(
        _ bytes: [UInt8], fileName: String, query: Query, enough: Int, start: Int, releases: Releases? = nil
    ) throws -> MatchCount? {
        try bytes.withByteView { view in
            try TranscriptLoader.countMatches(
                inPlace: view, fileName: fileName, options: LoadOptions(), query: query, pieceSize: 1 << 13,
                enough: enough, checkedStart: start, releasing: releases.map { releases in { releases.add($0) } })
        }
    }

    /// Starts before an ASCII byte: the first, one in the first cues, one in a later piece, the end.
    private func starts(_ bytes: [UInt8]) -> [Int] {
        let middle = bytes.count / 2
        return [0, 100, middle - bytes[..<middle].reversed().prefix { $0 != 0x0A }.count, bytes.count]
    }

    static func file(_ name: String) -> [UInt8] { name == "t.txt" ? text : name == "rolling.srt" ? rolling : srt }

    @Test(arguments: ["t.srt", "t.txt", "rolling.srt"])
    func plainBytesCountAsBytesCheckedWhole(fileName: String) throws {
        let bytes = Self.file(fileName)
        let queries = [Query("budget"), Query(keywords: ["budget", "number 7"]), Query("zzz"),
                       Query("budget", scope: Scope(speaker: "ANNA"))]
        for query in queries {
            for enough in [Int.max, 1] {
                let whole = try bytes.withByteView { view in
                    try TranscriptLoader.countMatches(inPlace: view, fileName: fileName, options: LoadOptions(),
                                                      query: query, pieceSize: 1 << 13, enough: enough)
                }
                for start in starts(bytes) {
                    let releases = Releases()
                    let found = try counted(bytes, fileName: fileName, query: query, enough: enough, start: start,
                                            releases: releases)
                    let label = "\(fileName) \(query.keywords) enough \(enough) start \(start)"
                    guard let found else {
                        Issue.record("\(label): not counted")
                        continue
                    }
                    // Until `enough`, at least as many as there are, up to what checking whole counts.
                    if enough == .max || whole.matches < enough {
                        #expect(found.matches == whole.matches, "\(label)")
                    } else {
                        #expect(found.matches >= enough && found.matches <= whole.matches, "\(label)")
                    }
                    #expect(found.warnings == whole.warnings && found.format == whole.format, "\(label)")
                    // Counted in pieces (not the rolling captions, parsed whole, nor a speaker's turns), every
                    // page past the first piece went (when the start checked is no longer than the pieces read).
                    if fileName != "rolling.srt" && query.scope.speaker == nil && (enough == .max || start <= 100) {
                        #expect(releases.cover((1 << 13)..<bytes.count), "\(label): pages kept")
                    }
                }
            }
        }
    }

    /// One byte spoiled past the start, in the first cues, in a later piece, in the last cue: an é
    /// made Latin-1, or an "another"'s a made NUL.
    @Test(arguments: ["t.srt", "t.txt", "rolling.srt"])
    func aByteNotPlainPastTheStartIsNotCounted(fileName: String) throws {
        let plain = Self.file(fileName)
        for (place, nul) in [(200, false), (40_000, false), (70_000, true), (plain.count - 12, false)] {
            var bytes = plain
            let target: [UInt8] = nul ? Array("line".utf8) : [0xC3, 0xA9]
            guard let at = (place..<bytes.count - target.count).first(where: {
                bytes[$0..<$0 + target.count].elementsEqual(target)
            }) else {
                Issue.record("\(fileName): nothing to spoil after \(place)")
                continue
            }
            if nul {
                bytes[at] = 0
            } else {
                bytes.replaceSubrange(at..<at + 2, with: [0xE9])
            }
            for enough in [Int.max, 1] {
                for query in [Query("budget"), Query(keywords: ["budget", "number 7"])] {
                    let found = try counted(bytes, fileName: fileName, query: query, enough: enough, start: 0)
                    #expect(found == nil, "\(fileName) spoiled at \(at), enough \(enough), \(query.keywords): \(String(describing: found?.matches))")
                }
            }
        }
    }
}
