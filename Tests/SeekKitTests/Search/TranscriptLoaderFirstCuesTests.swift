import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// Rolling captions and transcript-like labels told from a plain SRT file's layout, without a
/// parse, must be what the parse tells.
@Suite struct TranscriptLoaderFirstCuesTests {
    /// What the parse of `bytes` says: rolling captions or labelled like a transcript.
    static func parsedAnswer(_ bytes: [UInt8]) -> Bool {
        let transcript = SRTParser.parse(bytes, fileName: "t.srt").transcript
        return RollingCaptions.isRolling(transcript) || SpeakerTurns.isTranscriptLike(transcript)
    }

    static func layoutAnswer(_ bytes: [UInt8]) -> Bool? {
        bytes.withByteView { TranscriptLoader.plainSRTRollsOrTalks($0, isWhole: true) }
    }

    static func srt(_ texts: [String]) -> [UInt8] {
        var file = ""
        for (index, text) in texts.enumerated() {
            file += "\(index + 1)\n00:00:\(10 + index % 50),000 --> 00:00:\(10 + index % 50),900\n\(text)\n\n"
        }
        return Array(file.utf8)
    }

    @Test func filmsLabelledTranscriptsAndRollingCaptionsAreToldApart() {
        let film = (0..<300).map { "line \($0) of the film\nand its second line" }
        #expect(Self.layoutAnswer(Self.srt(film)) == false)
        #expect(Self.parsedAnswer(Self.srt(film)) == false)

        let talk = (0..<300).map { $0 == 7 ? "<i>Ana:</i> again" : ["Ana: we start \($0)", "Ben: and \($0) more"][$0 % 2] }
        #expect(Self.layoutAnswer(Self.srt(talk)) == true)
        #expect(Self.parsedAnswer(Self.srt(talk)) == true)

        let twoLabels = (0..<300).map { $0 == 5 || $0 == 50 ? "JOHN: off screen" : "plain line \($0)" }
        #expect(Self.layoutAnswer(Self.srt(twoLabels)) == false)

        let rolling = (0..<300).map { "spoken line \($0)\nspoken line \($0 + 1)" }
        #expect(Self.layoutAnswer(Self.srt(rolling)) == nil, "only a parse says how these roll")
        #expect(Self.parsedAnswer(Self.srt(rolling)) == true)

        let entity = (0..<300).map { "&lt;\($0)&gt; said\nthe next line" }
        #expect(Self.layoutAnswer(Self.srt(entity)) == nil, "cues the parser cleans may roll")
    }

    @Test func whereTheLayoutAnswersItAgreesWithTheParseOnTheSamplesAndCorpus() throws {
        var paths = try FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.samples.path)
            .map { RepositoryFiles.samples.appendingPathComponent($0).path }
        if let corpus = CorpusFiles.directory, let walker = FileManager.default.enumerator(atPath: corpus.path) {
            for case let path as String in walker where path.hasSuffix(".srt") { paths.append(corpus.path + "/" + path) }
        }
        var answered = 0
        for path in paths where path.hasSuffix(".srt") {
            guard let data = FileManager.default.contents(atPath: path), data.count < 4_000_000 else { continue }
            let bytes = [UInt8](data)
            guard let answer = Self.layoutAnswer(bytes) else { continue }
            #expect(answer == Self.parsedAnswer(bytes), "\(path)")
            answered += 1
        }
        #expect(answered >= 2)
    }

    /// A cue next to one the parser cleans may roll however its lines read: with every fourth
    /// cue in italics, half the cues may, more than the third the rule wants, so only a parse says.
    @Test func cuesNextToCleanedCuesMayRoll() {
        let texts = (0..<300).map { $0 % 4 == 0 ? "<i>said \($0)</i>\nline \($0)" : "other \($0)\nline \($0)" }
        #expect(Self.layoutAnswer(Self.srt(texts)) == nil)
        #expect(Self.parsedAnswer(Self.srt(texts)) == false)
        let fewer = (0..<300).map { $0 % 8 == 0 ? "<i>said \($0)</i>\nline \($0)" : "other \($0)\nline \($0)" }
        #expect(Self.layoutAnswer(Self.srt(fewer)) == false)
    }

    /// The look at the first 200 cues gives up on rolling captions only once the cues left
    /// could not make a third roll: cues that roll at the end of the sample still count.
    @Test func cuesThatRollLateInTheSampleStillCount() {
        for late in 64...70 {
            let texts = (0..<300).map { cue in
                cue >= 200 - late && cue < 200 ? "line \(cue - 1)\nline \(cue)" : "other \(cue)\nline \(cue)"
            }
            let rolling = late * 3 >= 199
            #expect(Self.parsedAnswer(Self.srt(texts)) == rolling, "\(late) cues roll")
            #expect(Self.layoutAnswer(Self.srt(texts)) == (rolling ? nil : false), "\(late) cues roll")
        }
    }
}
