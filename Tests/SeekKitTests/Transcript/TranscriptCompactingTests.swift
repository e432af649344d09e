import Testing
@testable import SeekKit

@Suite struct TranscriptCompactingTests {
    @Test func aCompactedTranscriptHoldsTheSameCuesInAStringOfExactlyItsText() throws {
        let vtt = """
        WEBVTT

        intro
        00:00:01.000 --> 00:00:04.000
        <v Ana>The <00:00:01.500>city <00:00:02.000>budget</v>

        00:00:05.000 --> 00:00:07.000 align:start
        <v Bo>家乡 café — e\u{301} 👍🏽

        3
        00:00:08.000 --> 00:00:09.000
        Plain text, no speaker.

        """
        let loaded = try TranscriptLoader.load(Array(vtt.utf8), fileName: "talk.vtt").transcript
        let compact = loaded.compacted()
        #expect(compact.storage == loaded.storage && compact.count == loaded.count && compact.count == 3)
        #expect(compact.speakers == loaded.speakers && compact.styles == loaded.styles)
        #expect(compact.wordTimes.count == loaded.wordTimes.count && !compact.wordTimes.isEmpty)
        for cue in 0..<loaded.count {
            #expect(compact.text(at: cue) == loaded.text(at: cue))
            #expect(compact.start(at: cue) == loaded.start(at: cue) && compact.end(at: cue) == loaded.end(at: cue))
            #expect(compact.speaker(at: cue) == loaded.speaker(at: cue) && compact.id(at: cue) == loaded.id(at: cue))
            #expect(compact.line(at: cue) == loaded.line(at: cue) && compact.ordinal(at: cue) == loaded.ordinal(at: cue))
        }
        let query = Query(keywords: ["budget", "café"])
        let found = MatchIndex(transcript: compact, query: query)
        #expect(Array(found) == Array(MatchIndex(transcript: loaded, query: query)) && found.count == 2)
        for match in found {
            let times = (compact.matchTimes(cue: match.cue, range: match.range), loaded.matchTimes(cue: match.cue, range: match.range))
            #expect(times.0.start == times.1.start && times.0.end == times.1.end)
        }
        #expect(compact.matchTimes(cue: 0, range: found[1].range).start == 2_000, "the word's own time")
    }
}
