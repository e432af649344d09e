import Testing
import SeekKit

/// Clips from matching cues: padded, in time order, merged where they overlap.
@Suite struct SupercutTests {
    static let transcript = Transcript([
        Cue(ordinal: 1, start: 10_000, end: 12_000, text: "the budget", line: 3),
        Cue(ordinal: 2, start: 13_000, end: 14_000, text: "budget again", line: 7),
        Cue(ordinal: 3, start: 30_000, end: 31_000, text: "no match", line: 11),
        Cue(ordinal: 4, start: 40_000, end: 41_500, text: "last budget", line: 15),
        Cue(ordinal: 5, start: 500, end: 900, text: "early budget", line: 19),
    ])
    static let media = MediaPath(bytes: Array("/m/talk.mkv".utf8), shown: "/m/talk.mkv")

    static func cut(pad: Int, _ transcript: Transcript = transcript) -> Supercut {
        var cut = Supercut(pad: pad)
        let index = MatchIndex(transcript: transcript, query: Query(keywords: ["budget"]))
        cut.add(file: "talk.srt", transcript: transcript, index: index, media: media)
        return cut
    }

    @Test func clipsArePaddedSortedAndMerged() {
        let clips = Self.cut(pad: 1000).clips
        #expect(clips.map(\.start) == [0, 9000, 39_000])
        #expect(clips.map(\.end) == [1900, 15_000, 42_500])
        #expect(clips[1].cues.map(\.ordinal) == [1, 2])
        #expect(clips.allSatisfy { $0.media == Self.media && $0.file == "talk.srt" })
    }

    @Test func withoutPadOnlyOverlapsMerge() {
        let clips = Self.cut(pad: 0).clips
        #expect(clips.map(\.start) == [500, 10_000, 13_000, 40_000])
    }

    @Test func timelineAndRetimedCues() {
        let cut = Self.cut(pad: 1000)
        #expect(cut.recordStarts == [0, 1900, 7900])
        #expect(cut.duration == 1900 + 6000 + 3500)
        let retimed = cut.retimedCues
        #expect(retimed.map(\.start) == [500, 1900 + 1000, 1900 + 4000, 7900 + 1000])
        #expect(retimed.map(\.end) == [900, 1900 + 3000, 1900 + 5000, 7900 + 2500])
        #expect(retimed.map(\.text) == cut.originalCues.map(\.text))
        #expect(cut.originalCues.map(\.start) == [500, 10_000, 13_000, 40_000])
    }

    @Test func untimedCuesAreCountedAndLeftOut() {
        let untimed = Transcript([Cue(ordinal: 1, text: "budget", line: 1), Cue(ordinal: 2, text: "x", line: 2)])
        var cut = Supercut(pad: 1000)
        let left = cut.add(file: "t.txt", transcript: untimed,
                           index: MatchIndex(transcript: untimed, query: Query(keywords: ["budget"])), media: nil)
        #expect(left == 1)
        #expect(cut.clips.isEmpty)
    }

    @Test func aCueWithoutEndLastsUntilTheNextOrAFewSeconds() {
        let open = Transcript([
            Cue(ordinal: 1, start: 1000, text: "budget one", line: 1),
            Cue(ordinal: 2, start: 5000, text: "budget two", line: 2),
        ])
        let clips = Self.cut(pad: 0, open).clips
        #expect(clips.count == 1, "clips that touch are merged")
        #expect(clips.map(\.end) == [5000 + Supercut.defaultCueLength])
        #expect(clips[0].cues.map(\.end) == [5000, 5000 + Supercut.defaultCueLength])
    }

    @Test func filesFollowEachOtherAndOneMatchPerCueMakesOneCue() {
        var cut = Supercut(pad: 0)
        let twice = Transcript([Cue(ordinal: 1, start: 9000, end: 9500, text: "budget budget", line: 1)])
        for name in ["b.srt", "a.srt"] {
            cut.add(file: name, transcript: twice,
                    index: MatchIndex(transcript: twice, query: Query(keywords: ["budget"])), media: nil)
        }
        #expect(cut.clips.map(\.file) == ["b.srt", "a.srt"])
        #expect(cut.clips.map(\.cues.count) == [1, 1])
    }

    @Test func matchMomentIsTheCueStartAndPlaybackStartsBeforeIt() {
        let index = MatchIndex(transcript: Self.transcript, query: Query(keywords: ["budget"]))
        let last = index[index.count]
        #expect(MatchMoment.time(of: last, in: Self.transcript) == 500)
        #expect(MatchMoment.playbackStart(of: last, in: Self.transcript, pad: 1000) == 0)
        #expect(MatchMoment.playbackStart(of: index[1], in: Self.transcript, pad: 1000) == 9000)
    }

    @Test func matchMomentIsTheWordTimeWhenKnown() throws {
        let vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:05.000\nso <00:00:02.500>the <00:00:03.200>budget\n"
        let transcript = try TranscriptLoader.load(Array(vtt.utf8), fileName: "w.vtt").transcript
        let index = MatchIndex(transcript: transcript, query: Query(keywords: ["budget"]))
        #expect(MatchMoment.time(of: index[1], in: transcript) == 3200)
        #expect(MatchMoment.playbackStart(of: index[1], in: transcript, pad: 1000) == 2200)
    }
}
