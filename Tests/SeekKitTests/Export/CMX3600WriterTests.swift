import Testing
import SeekKit

/// The CMX 3600 list: fixed columns, non-drop-frame timecode, record side following on.
@Suite struct CMX3600WriterTests {
    static func media(_ name: String) -> MediaPath { MediaPath(bytes: Array(name.utf8), shown: name) }

    static func list(_ clips: [Clip], rate: FrameRate = .pal) -> [String] {
        var out: [UInt8] = []
        CMX3600Writer.append(clips, title: "seek budget", rate: rate, to: &out)
        return String(decoding: out, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func frames(_ timecode: Substring, base: Int) -> Int {
        let parts = timecode.split(separator: ":").map { Int($0)! }
        return ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * base + parts[3]
    }

    static let clips = [
        Clip(file: "a.srt", media: media("/m/Show.S01E02.mkv"), start: 9000, end: 15_250,
             cues: [Cue(ordinal: 1, start: 10_000, end: 14_250, text: "the budget\nis tight", line: 3)]),
        Clip(file: "a.srt", media: media("/m/Show.S01E02.mkv"), start: 3_599_960, end: 3_601_000, cues: []),
        Clip(file: "b.srt", media: media("/m/interview.mp3"), start: 0, end: 40, cues: []),
    ]

    @Test func headerAndEventColumns() {
        let lines = Self.list(Self.clips)
        #expect(lines[0] == "TITLE: seek budget")
        #expect(lines[1] == "FCM: NON-DROP FRAME")
        #expect(lines[2] == "")
        let event = lines[3]
        #expect(event == "001  SHOWS01E AA/V  C        00:00:09:00 00:00:15:06 01:00:00:00 01:00:06:06")
        #expect(event.count == 76)
        for (column, text) in [(0, "001"), (5, "SHOWS01E"), (14, "AA/V"), (20, "C"), (29, "00:00:09:00"),
                               (41, "00:00:15:06"), (53, "01:00:00:00"), (65, "01:00:06:06")] {
            let start = event.index(event.startIndex, offsetBy: column)
            #expect(event[start...].hasPrefix(text), "column \(column)")
        }
        #expect(lines[4] == "* FROM CLIP NAME: Show.S01E02.mkv")
        #expect(lines[5] == "* COMMENT: 00:00:10.000 the budget / is tight")
    }

    @Test func recordFollowsOnAndBothSidesSpanTheSameFrames() {
        let events = Self.list(Self.clips).filter { $0.first?.isNumber == true }
        #expect(events.count == 3)
        var record = 3600 * 25
        for event in events {
            let fields = event.split(separator: " ", omittingEmptySubsequences: true)
            let times = fields.suffix(4).map { Self.frames($0, base: 25) }
            #expect(times[1] - times[0] == times[3] - times[2])
            #expect(times[2] == record)
            record = times[3]
        }
        #expect(events[1].contains("00:59:59:24 01:00:01:00"))
        #expect(events[2].hasPrefix("003  INTERVIE AA    C        00:00:00:00 00:00:00:01"))
    }

    @Test func ntscRatesCountWithABaseOf24() {
        let clip = Clip(file: "a.srt", media: Self.media("film.mov"), start: 1_001_000, end: 1_002_001, cues: [])
        let event = Self.list([clip], rate: FrameRate.parse("23.976")!)[3]
        #expect(event.contains("00:16:40:00 00:16:41:00 01:00:00:00 01:00:01:00"), "\(event)")
    }

    @Test(arguments: [
        ("Show.S01E02.mkv", "SHOWS01E"), ("a b;c.mkv", "ABC"), ("-x.mkv", "X"), ("café.mkv", "CAF"),
        ("日本.mkv", "AX"), (".hidden", "HIDDEN"),
    ])
    func reelNames(name: String, reel: String) {
        #expect(CMX3600Writer.reel(for: Self.media("/d/" + name)) == reel)
    }

    @Test func hostileNamesStayOnOneCommentLine() {
        let name = "/m/evil\nname\u{1B}[31m $(rm).mkv"
        let clip = Clip(file: "a.srt", media: Self.media(name), start: 0, end: 1000,
                        cues: [Cue(ordinal: 1, start: 0, end: 1000, text: "a\r\nb\u{7}", line: 1)])
        let lines = Self.list([clip])
        #expect(lines.count == 7)
        #expect(lines[4].hasPrefix("* FROM CLIP NAME: evil / name^[[31m $(rm).mkv"))
        #expect(lines[5].hasPrefix("* COMMENT: 00:00:00.000 a / b"))
        #expect(!lines.joined().unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func emptyClipsMakeNoEvent() {
        let clip = Clip(file: "a.srt", media: Self.media("a.mkv"), start: 1000, end: 1010, cues: [])
        #expect(Self.list([clip]).count == 4)
    }

    @Test func timecodes() {
        #expect(CMX3600Writer.timecode(0, base: 25) == "00:00:00:00")
        #expect(CMX3600Writer.timecode(25 * 3600 * 10 + 24, base: 25) == "10:00:00:24")
        #expect(CMX3600Writer.timecode(30 * 61, base: 30) == "00:01:01:00")
    }
}
