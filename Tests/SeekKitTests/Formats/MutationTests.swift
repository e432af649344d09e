import Foundation
import Testing
@testable import SeekKit

/// Mutates the sample files in many seeded ways and checks that reading and
/// searching them never traps and always yields a well-formed transcript.
@Suite struct MutationTests {
    static let samplesDirectory = RepositoryFiles.samples

    static let sampleNames = ["talk.srt", "panel.vtt", "autocaptions.vtt", "rolling.srt", "chinese.srt",
                                     "meeting.txt"]

    static let insertions: [[UInt8]] = [
        Array("-->".utf8), Array("<v ".utf8), Array("&#".utf8), [0], Array("&#x110000;".utf8),
        Array("\n\n".utf8), Array("\r".utf8), Array("00:00:01,000 --> 00:00:00,500\n".utf8),
        Array("WEBVTT\n".utf8), Array("<".utf8), Array(String(repeating: "9", count: 300).utf8),
        [0xFF, 0xFE], [0xEF, 0xBB, 0xBF], [0xC3], [0xE4, 0xB8], [0x1B, 0x5D, 0x30, 0x3B],
    ]

    @Test(arguments: sampleNames)
    func mutatedFilesNeverTrap(name: String) throws {
        let original = try [UInt8](Data(contentsOf: Self.samplesDirectory.appendingPathComponent(name)))
        var random = SeededRandom(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        for round in 0..<150 {
            let bytes = mutate(original, with: &random, round: round)
            for format in [nil] + SubtitleFormat.allCases.map(Optional.some) {
                check(bytes, name: name, format: format)
            }
        }
    }

    @Test(arguments: sampleNames)
    func mutatedUTF16NeverTraps(name: String) throws {
        let text = try String(contentsOf: Self.samplesDirectory.appendingPathComponent(name), encoding: .utf8)
        var original: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { original += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        var random = SeededRandom(seed: 0x5EEC + UInt64(original.count))
        for round in 0..<80 {
            var bytes = original
            let position = 2 + 2 * Int(random.next() % UInt64((bytes.count - 2) / 2))
            switch round % 4 {
            case 0: bytes.insert(contentsOf: [0x00, 0xD8], at: position)  // lone high surrogate
            case 1: bytes.insert(contentsOf: [0x00, 0xDC], at: position)  // lone low surrogate
            case 2: bytes.removeSubrange(position...)                     // truncated
            default: bytes.insert(0x41, at: position)                     // odd length
            }
            check(bytes, name: name, format: nil)
        }
    }

    private func mutate(_ original: [UInt8], with random: inout SeededRandom, round: Int) -> [UInt8] {
        var bytes = original
        let edits = 1 + Int(random.next() % 4)
        for _ in 0..<edits where !bytes.isEmpty {
            let position = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 4 {
            case 0: bytes[position] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
            case 1: bytes.removeSubrange(position...)
            case 2: bytes.insert(contentsOf: Self.insertions[Int(random.next() % UInt64(Self.insertions.count))], at: position)
            default: bytes.remove(at: position)
            }
        }
        return round == 0 ? [] : bytes
    }

    private func check(_ bytes: [UInt8], name: String, format: SubtitleFormat?) {
        let loaded: LoadedTranscript
        do {
            loaded = try TranscriptLoader.load(bytes, fileName: name, options: LoadOptions(format: format))
        } catch {
            #expect(error.file == name, "a diagnostic names the file")
            #expect(!error.message.isEmpty)
            return
        }
        let transcript = loaded.transcript
        let storageBytes = transcript.storage.utf8.count
        for cue in transcript.indices {
            let range = transcript.utf8Range(at: cue)
            #expect(range.lowerBound >= 0 && range.upperBound <= storageBytes)
            #expect(transcript.line(at: cue) >= 1)
            if let start = transcript.start(at: cue), let end = transcript.end(at: cue) {
                #expect(start > Int.min / 4 && end < Int.max / 4)
            }
        }
        for keyword in ["e", "-->", "\u{FFFD}", "家乡"] {
            let index = MatchIndex(transcript: transcript, query: Query(keyword))
            var previous = (cue: -1, end: 0)
            for position in stride(from: 1, through: index.count, by: 1) {
                let match = index[position]
                #expect(match.cue > previous.cue || (match.cue == previous.cue && match.range.lowerBound >= previous.end))
                #expect(match.range.upperBound <= transcript.utf8Range(at: match.cue).count)
                previous = (match.cue, match.range.upperBound)
            }
        }
    }
}
