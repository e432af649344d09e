import Testing
@testable import SeekKit

/// SBV/SubViewer, MicroDVD and LRC: the line-based formats.
@Suite struct SBVParserTests {
    static func parse(_ input: String) -> (cues: [Cue], warnings: [String]) {
        let result = SBVParser.parse(Array(input.utf8), fileName: "a.sbv")
        return (Array(result.transcript), result.warnings.map(\.description))
    }

    @Test func blocksWithTimingLines() {
        let (cues, warnings) = Self.parse("0:00:00.599,0:00:04.160\n>> ALICE: Hi\nthere\n\n0:00:04.160,0:00:06.770\nnext\n")
        #expect(cues.map(\.text) == [">> ALICE: Hi\nthere", "next"])
        #expect(cues.map(\.start) == [599, 4160])
        #expect(cues.map(\.end) == [4160, 6770])
        #expect(cues.map(\.line) == [2, 6])
        #expect(cues.first?.speaker == "ALICE")
        #expect(warnings.isEmpty)
    }

    @Test func subViewerHeaderAndLineBreaks() {
        let input = "[INFORMATION]\n[TITLE]Film\n[END INFORMATION]\n[SUBTITLE]\n[COLF]&HFFFFFF,[SIZE]18\n"
            + "00:00:41.00,00:00:44.40\nfirst[br]second\n"
        let (cues, warnings) = Self.parse(input)
        #expect(cues.map(\.text) == ["first\nsecond"])
        #expect(cues.first?.start == 41000)
        #expect(cues.first?.end == 44400)
        #expect(warnings.isEmpty)
    }

    @Test func strayLinesAreSkippedWithAWarning() {
        let (cues, warnings) = Self.parse("garbage\nmore\n\n0:00:01.000,0:00:02.000\nok\n")
        #expect(cues.map(\.text) == ["ok"])
        #expect(warnings == ["a.sbv:1: expected a timing line like 0:00:01.000,0:00:03.000"])
    }
}

@Suite struct MicroDVDParserTests {
    static func parse(_ input: String, fps: Int? = nil) -> (cues: [Cue], warnings: [String]) {
        let rate = fps.map { FrameRate(numerator: $0, denominator: 1) }
        let result = MicroDVDParser.parse(Array(input.utf8), fileName: "a.sub", frameRate: rate)
        return (Array(result.transcript), result.warnings.map(\.description))
    }

    @Test func frameRateLineIsHonoured() {
        let (cues, warnings) = Self.parse("{1}{1}25.000\n{25}{50}{y:i}Hello|there\n{100}{}open\n")
        #expect(cues.map(\.text) == ["Hello\nthere", "open"])
        #expect(cues.map(\.start) == [1000, 4000])
        #expect(cues.map(\.end) == [2000, nil])
        #expect(cues.map(\.line) == [2, 3])
        #expect(warnings.isEmpty)
    }

    @Test func defaultRateIsSaid() {
        let (cues, warnings) = Self.parse("{24}{48}x\n")
        #expect(cues.first?.start == 1001)
        #expect(cues.first?.end == 2002)
        #expect(Self.parse("{1}{1}23.976\n{24}{48}x\n").cues.first?.start == 1001)
        #expect(Self.parse("{1}{1}25\n{25}{50}x\n").cues.first?.start == 1000)
        #expect(warnings == ["a.sub: no frame rate in the file; 23.976 fps assumed (use --fps to set it)"])
    }

    @Test func givenRateIsUsedWithoutWarning() {
        let (cues, warnings) = Self.parse("{0}{0}25\n{50}{75}x\n", fps: 50)
        #expect(cues.first?.start == 1000)
        #expect(warnings.isEmpty)
        #expect(Self.parse("{50}{75}{c:$0000FF}x {Y:b}y\n", fps: 50).cues.map(\.text) == ["x y"])
    }

    @Test(arguments: ["{1}{1}0\n{10}{20}x\n", "{1}{1}0.0\n{10}{20}x\n"])
    func zeroFrameRateIsRefusedNotDividedBy(_ input: String) {
        let (cues, warnings) = Self.parse(input)
        #expect(cues.first?.start == 417)
        #expect(warnings.contains { $0.hasPrefix("a.sub:1: frame rate 0") && $0.contains("out of range") })
    }

    @Test func brokenLinesAreSkipped() {
        let (cues, warnings) = Self.parse("{1}{2}a\nnot microdvd\n{99999999999999}{1}b\n", fps: 25)
        #expect(cues.map(\.text) == ["a"])
        #expect(warnings.count == 2)
    }
}

@Suite struct LRCParserTests {
    static func parse(_ input: String) -> (cues: [Cue], warnings: [String]) {
        let result = LRCParser.parse(Array(input.utf8), fileName: "a.lrc")
        return (Array(result.transcript), result.warnings.map(\.description))
    }

    @Test func tagsAreMetadataAndCuesEndAtTheNext() {
        let (cues, warnings) = Self.parse("[ar:Artist]\n[ti:Title]\n[00:12.00]Line 1\n[00:17.20]F: Line 2\n[00:21.10]\n")
        #expect(cues.map(\.text) == ["Line 1", "F: Line 2"])
        #expect(cues.map(\.start) == [12000, 17200])
        #expect(cues.map(\.end) == [17200, 21100])
        #expect(cues.map(\.line) == [3, 4])
        #expect(warnings.isEmpty)
    }

    @Test func repeatedStampsAndOffset() {
        let (cues, _) = Self.parse("[offset:+500]\n[00:10.00][00:30.00]Chorus\n[00:20.00]Verse\n")
        #expect(cues.map(\.text) == ["Chorus", "Verse", "Chorus"])
        #expect(cues.map(\.start) == [9500, 19500, 29500])
        #expect(cues.map(\.end) == [19500, 29500, nil])
    }

    /// ffmpeg writes the minutes of a time past 99 minutes as they are.
    @Test func minutesPastNinetyNine() {
        let (cues, warnings) = Self.parse("[99:59.90]Before\n[120:34.23]After the first kiss.\n[1:00:00.00][121:00.00]End\n")
        #expect(cues.map(\.start) == [3_600_000, 5_999_900, 7_234_230, 7_260_000])
        #expect(warnings.isEmpty)
    }

    /// A colon before the hundredths (`[mm:ss:xx]`) is minutes, seconds and hundredths, not hours;
    /// three fields are hours, minutes and seconds only when a fraction follows them.
    @Test(arguments: [
        ("[00:10:16]", 10_160), ("[01:02:03]", 62_030), ("[00:10:5]", 10_500), ("[00:10:165]", 10_165),
        ("[120:34:23]", 7_234_230), ("[1:02:03.45]", 3_723_450), ("[1:02:03,45]", 3_723_450),
        ("[1:02:03:45]", 3_723_450), ("[00:10.16]", 10_160), ("[00:10]", 10_000), ("[00:10,1]", 10_100),
    ])
    func stampForms(stamp: String, milliseconds: Int) {
        let (cues, warnings) = Self.parse("\(stamp)sung\n[9:00:00.00]end\n")
        #expect(cues.first?.start == milliseconds)
        #expect(cues.first?.text == "sung")
        #expect(warnings.isEmpty)
    }

    @Test func wordTimesWithAColonBeforeTheHundredths() {
        let transcript = LRCParser.parse(Array("[00:01:00]<00:01:00>Some <00:01:50>words\n".utf8), fileName: "a.lrc").transcript
        #expect(transcript.map(\.text) == ["Some words"])
        #expect(transcript.map(\.start) == [1000])
        #expect(Self.matchTimes("words", in: transcript).map(\.0) == [1500])
    }

    @Test func enhancedWordTimesAreRemoved() {
        let (cues, _) = Self.parse("[00:01.00]<00:01.00>Some <00:01.50>words <00:02.00>here\n")
        #expect(cues.map(\.text) == ["Some words here"])
    }

    /// Where a keyword's matches start and end, by the word times.
    static func matchTimes(_ keyword: String, in transcript: Transcript) -> [(Int?, Int?)] {
        let index = MatchIndex(transcript: transcript, query: Query(keyword))
        guard index.count > 0 else { return [] }
        return (1...index.count).map { transcript.matchTimes(cue: index[$0].cue, range: index[$0].range) }
            .map { ($0.start, $0.end) }
    }

    @Test func enhancedWordTimesTimeTheirMatches() {
        let lrc = "[offset:+100]\n[00:01.00] <00:01.00>Some <00:01.50>words <00:02.20>here <00:02.90>\n"
            + "[00:03.00][00:13.00]<00:03.00>Chorus <00:03.40>again\n[00:05.00]plain line\n"
        let transcript = LRCParser.parse(Array(lrc.utf8), fileName: "a.lrc").transcript
        #expect(transcript.map(\.text) == ["Some words here", "Chorus again", "plain line", "Chorus again"])
        #expect(Self.matchTimes("words", in: transcript).map(\.0) == [1400])
        #expect(Self.matchTimes("words", in: transcript).map(\.1) == [2100])
        // The stamp at the line's end ends its last word.
        #expect(Self.matchTimes("here", in: transcript).map(\.1) == [2800])
        // A repeated line's words move with its stamp.
        #expect(Self.matchTimes("again", in: transcript).map(\.0) == [3300, 13300])
        // Without word times a match has its cue's times.
        #expect(Self.matchTimes("plain", in: transcript).map(\.0) == [4900])
    }

    /// Stamps that climb in a few runs are merged from them, others sorted: the same cues either way,
    /// in order of time and of line where times tie, each ending at the next later time.
    @Test(arguments: 0..<40) func stampsMergedFromTheirRunsReadAsSorted(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        var lrc = "[ti:runs]\n"
        var time = 0
        for line in 0..<(10 + Int(random.next() % 200)) {
            switch random.next() % 8 {
            case 0: time = Int(random.next() % 3_000)
            case 1: lrc += "[00:01.00]\n"
            default: time += Int(random.next() % 3) * 10
            }
            let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
            let stamp = { (ms: Int) in "[\(two(ms / 60_000)):\(two(ms / 1000 % 60)).\(two(ms / 10 % 100))]" }
            var stamps = stamp(time)
            if random.next() % 6 == 0 { stamps += stamp(Int(random.next() % 3_000)) }
            let text = random.next() % 9 == 0 ? "" : "line \(line) <\(stamp(time + 5).dropFirst().dropLast())>sung"
            lrc += stamps + text + "\n"
        }
        let merged = LRCParser.parse(Array(lrc.utf8), fileName: "a.lrc", mergingAtMost: .max)
        let sorted = LRCParser.parse(Array(lrc.utf8), fileName: "a.lrc", mergingAtMost: 0)
        #expect(Array(merged.transcript) == Array(sorted.transcript), "\(lrc)")
        #expect(merged.warnings.map(\.description) == sorted.warnings.map(\.description))
        let starts = merged.transcript.map(\.start)
        #expect(starts == starts.sorted { ($0 ?? 0) < ($1 ?? 0) })
    }

    /// A line without word times is read where it lies, one with them is cleaned of them into a
    /// buffer of its own: both come out trimmed of blanks, in order of time, however often stamped.
    @Test func linesWithAndWithoutWordTimesReadAlike() {
        let (cues, warnings) = Self.parse("[00:01.00]  plain \t\n[00:02.00][00:06.00] <00:02.10>sung <00:02.50>words \n"
            + "[00:03.00]a < b, not a time\t\r\n[00:04.00]\t \n[00:05.00][00:07.00]last")
        #expect(cues.map(\.text) == ["plain", "sung words", "a < b, not a time", "last", "sung words", "last"])
        #expect(cues.map(\.end) == [2000, 3000, 4000, 6000, 7000, nil])
        #expect(cues.map(\.line) == [1, 2, 3, 5, 2, 5])
        #expect(warnings.isEmpty)
    }

    @Test func strayLinesWarn() {
        let (cues, warnings) = Self.parse("hello\n[00:01.00]x\n")
        #expect(cues.map(\.text) == ["x"])
        #expect(warnings == ["a.lrc:1: expected a time like [01:23.45] at the start of the line; line skipped"])
    }
}
