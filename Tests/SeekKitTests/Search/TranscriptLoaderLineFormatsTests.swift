import Foundation
import Testing
@testable import SeekKit
import SeekBytes

/// Search first, parse later, for the formats whose events are laid out before any cue is made
/// (`TranscriptLoader.searchesFirst`): the cues with a match, their numbers, times, speakers,
/// styles, lines and matches, the count and the warnings must be exactly those of the whole parse.
@Suite struct TranscriptLoaderLineFormatsTests {
    /// What a generated ASS file holds besides its ordinary events.
    struct ASSShape: Sendable, CustomStringConvertible {
        var names = false
        var labels = false
        var outOfOrder = false
        var badLine = false
        var crlf = false
        var secondFormat = false
        var sectionsAfter = false
        /// Event lines written otherwise than nearly every file does: layers of two digits, no space
        /// after the key, blank names, hours written with a leading zero, fractions of one or three
        /// digits, blanks around a time, a colon before the hundredths.
        var oddFields = false
        /// Added to every time, in hours (times of two to six digits of hours).
        var hours = 0
        /// Some events written the usual way end a hundredth of a second before they start (a warning).
        var endsEarly = false
        var description: String {
            "names \(names) labels \(labels) outOfOrder \(outOfOrder) badLine \(badLine) crlf \(crlf) "
                + "secondFormat \(secondFormat) sectionsAfter \(sectionsAfter) oddFields \(oddFields) hours \(hours) "
                + "endsEarly \(endsEarly)"
        }
    }

    /// An ASS file of `events` events: markup, line breaks with blanks around them, drawings,
    /// events with no text, comments, Chinese, combining marks and a Kelvin sign, override blocks
    /// in a row between a keyword's letters, drawings between them, an escaped `{`, and what
    /// `shape` adds.
    static func ass(events: Int, seed: UInt64, shape: ASSShape = ASSShape()) -> String {
        var generator = Generator(state: seed)
        let speakers = ["Alice", "Bob", "Carol"]
        var lines = ["[Script Info]", "ScriptType: v4.00+", "", "[V4+ Styles]",
                     "Format: Name, Fontname, Fontsize", "Style: Default,Arial,20", "Style: *Sign,Arial,20", "",
                     "[Events]", "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"]
        func time(_ centiseconds: Int) -> String {
            let hours = centiseconds / 360_000 + shape.hours
            let rest = centiseconds % 360_000
            let minutes = rest / 6_000, seconds = rest % 6_000 / 100, fraction = rest % 100
            let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
            return "\(hours):\(two(minutes)):\(two(seconds)).\(two(fraction))"
        }
        var start = 0
        for number in 0..<events {
            start += 100 + Int(generator.next() % 200)
            var at = start
            if shape.outOfOrder && number % 37 == 36 { at -= 250 }
            if number == events / 2 && shape.secondFormat {
                lines.append("Format: Layer, Start, End, Name, Style, MarginL, MarginR, MarginV, Effect, Text")
            }
            if number == events / 3 && shape.badLine { lines.append("Dialogue: 0,0:00:xx.00,0:00:01.00,Default,,0,0,0,,bad") }
            let text: String
            switch generator.next() % 20 {
            case 0: text = "{\\i1}the{\\i0} budget is fine"
            case 1: text = "bud{\\b1}get\\Nhome town"
            case 2: text = "home  \\N  town budget"
            case 3: text = "预算 budget 预算\\nsecond line"
            case 4: text = "a budget\u{301} with a mark"
            case 5: text = "BUDGET\u{212A}\\hand home"
            case 6: text = "{\\p1}m 0 0 l 100 0 budget{\\p0}"
            case 7: text = "   "
            case 8: text = "{\\an8}"
            case 9 where shape.labels: text = "\(speakers[number % 3].uppercased()): the budget"
            case 10: text = "  home, budget budget  "
            case 11: text = "an {unclosed budget\\ and \\x home"
            case 12: text = "{\\p1}m 0 0{\\p0}budget {comment}town\\N"
            case 13: text = "{\\i1}{\\b1}bUd{\\i0}{\\b0}geT home{\\fs9}"
            case 14: text = "bu{\\p1}m 1 1{\\p0}dget and \\{\\i1}}budget{\\i0}"
            case 15: text = number % 2 == 0 ? "{\\fs20}\\N" : " {\\i1} {\\i0}\\h"
            case 16: text = "{\\i1}budget{\\i0}\\Ntown {x}home {\\b1}budge{\\b0}t"
            default: text = "just words \(number)"
            }
            let name = shape.names && number % 3 != 0 ? speakers[Int(generator.next() % 3)] : ""
            let style = number % 5 == 0 ? "*Sign" : "Default"
            let fields = number >= events / 2 && shape.secondFormat ? "\(name),\(style)" : "\(style),\(name)"
            var key = number % 11 == 0 ? "DIALOGUE : " : "Dialogue: "
            var (layer, start, end, styleAndName) = ("0", time(at), time(at + 150), fields)
            if shape.endsEarly && number % 41 == 40 && number % 11 != 0 { end = time(at - 1) }
            if shape.oddFields {
                switch number % 9 {
                case 1: layer = "12"
                case 2: key = "Dialogue:"
                case 3: styleAndName = number >= events / 2 && shape.secondFormat ? " \t,\(style)" : "\(style),  "
                case 4: start = "0" + start
                case 5: end = String(end.dropLast())
                case 6: start += "5"
                case 7: end = " \(end) "
                case 8: start = start.replacingOccurrences(of: ".", with: ":")
                default: break
                }
            }
            lines.append("\(key)\(layer),\(start),\(end),\(styleAndName),0,0,0,,\(text)")
            if number % 13 == 0 { lines.append("Comment: 0,\(time(at)),\(time(at + 1)),Default,,0,0,0,,budget") }
            if number % 17 == 0 { lines.append("") }
        }
        if shape.sectionsAfter {
            lines += ["", "[Fonts]", "fontname: a.ttf", "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,budget",
                      "[Events]", "Dialogue: 0,9:00:01.00,9:00:02.00,Default,,0,0,0,,late budget"]
        }
        return lines.joined(separator: shape.crlf ? "\r\n" : "\n") + "\n"
    }

    static let queries = [
        Query("budget"), Query("home town"), Query("预算"), Query("BUDGET", caseSensitive: true), Query("k"),
        Query("budget", ignoresAccents: true), Query("и"),
        Query(keywords: ["budget", "town"]), Query("budget", wholeWords: true),
        Query("budget", scope: Scope(from: 50_000, to: 90_000)),
    ]

    static let shapes: [ASSShape] = [
        ASSShape(), ASSShape(names: true), ASSShape(labels: true), ASSShape(names: true, labels: true),
        ASSShape(outOfOrder: true), ASSShape(badLine: true), ASSShape(crlf: true), ASSShape(secondFormat: true),
        ASSShape(names: true, crlf: true, secondFormat: true, sectionsAfter: true),
        ASSShape(oddFields: true), ASSShape(hours: 9), ASSShape(hours: 99), ASSShape(hours: 123_456),
        ASSShape(names: true, secondFormat: true, oddFields: true, hours: 99_999), ASSShape(endsEarly: true),
    ]

    @Test(arguments: shapes)
    func generatedASSSearchesAsTheWholeParse(shape: ASSShape) throws {
        for seed: UInt64 in 1...3 {
            try expectSameOutput(Array(Self.ass(events: 400, seed: seed, shape: shape).utf8), fileName: "t.ass")
        }
    }

    /// The files the layout vouches for are searched without the whole parse: the search would
    /// otherwise pass these tests by never taking its own path.
    @Test func plainlyOrderedFilesAreLaidOutAndOthersAreNot() throws {
        let matcher = try #require(TranscriptLoader.inPlaceMatcher(for: Query("budget")))
        for (shape, laidOut) in [(ASSShape(), true), (ASSShape(names: true, crlf: true, secondFormat: true, sectionsAfter: true), true),
                                 (ASSShape(labels: true), false), (ASSShape(names: true, labels: true), true),
                                 (ASSShape(outOfOrder: true), false), (ASSShape(badLine: true), false),
                                 (ASSShape(oddFields: true), true), (ASSShape(hours: 123_456), true),
                                 (ASSShape(endsEarly: true), false), (ASSShape(hours: 99, endsEarly: true), false)] {
            let bytes = Array(Self.ass(events: 400, seed: 9, shape: shape).utf8)
            let found = bytes.withByteView { buffer in
                TranscriptLoader.loadMatchingLaidOut(buffer, format: .ass, fileName: "t.ass", frameRate: nil, matcher: matcher, query: Query("budget"),
                                                     indexing: true, warnings: [])
            }
            #expect((found != nil) == laidOut, "\(shape)")
            if let found { #expect(found.loaded.transcript.count > 10, "\(shape)") }
        }
    }

    /// Laid out in runs of any number of events, each cue's text (written out, where it lies, or
    /// cleaned when deferred) and each event read again are the whole parse's cues, in order.
    @Test(arguments: [ASSShape(), ASSShape(names: true, crlf: true, secondFormat: true, sectionsAfter: true),
                      ASSShape(oddFields: true), ASSShape(names: true, secondFormat: true, oddFields: true, hours: 99_999)])
    func assLaidOutInRunsOfAnyCountIsTheWholeParse(shape: ASSShape) throws {
        let bytes = Array(Self.ass(events: 400, seed: 5, shape: shape).utf8)
        let whole = ASSParser.parse(bytes, fileName: "t.ass").transcript
        for runCues in [1, 7, 300, 1 << 14] {
            for keyword in [nil, "budget", "t"] as [String?] {
                var cues: [Cue] = []
                var texts: [String] = []
                let exact = bytes.withByteView { buffer in
                    ASSParser.layOut(buffer, runCues: runCues, deferring: keyword) { run in
                        var lyingCues = ASSParser.LaidOutEvents.LyingCues(run)
                        var runTexts = [String](repeating: "", count: run.events.count)
                        for (place, span) in run.spans.enumerated() { runTexts[run.written[place]] = run.text.string(in: span) }
                        let lying = run.lyingText(in: buffer)
                        for (place, span) in run.lying.enumerated() {
                            let text = lying.extracting(span)
                            runTexts[lyingCues.cue(at: place)] = run.deferred.contains(place) ? ASSParser.cleanedText(text) : text.string
                        }
                        texts += runTexts
                        let read = CueCollector.collect(inputBytes: buffer.count) { collector in
                            var reader = ASSParser.EventReader(buffer)
                            for (cue, event) in run.events.enumerated() {
                                #expect(reader.read(event, fields: run.fields(of: cue), into: &collector))
                            }
                        }
                        cues += Array(read)
                        // For "t", as if every deferred cue held a match: the runs after the first are written cleaned.
                        return .next(cleanedDeferred: keyword == "t" ? run.deferred.count : 0)
                    }
                }
                let label = "\(shape) runs of \(runCues) deferring \(keyword ?? "none")"
                #expect(exact, "\(label)")
                #expect(texts == whole.map(\.text), "\(label)")
                #expect(cues.map { [$0.start, $0.end, $0.line] } == whole.map { [$0.start, $0.end, $0.line] }
                        && cues.map { [$0.text, $0.speaker, $0.style] } == whole.map { [$0.text, $0.speaker, $0.style] }, "\(label)")
            }
        }
    }

    /// Every corpus file in a format searched first (ASS, SSA, SBV, SubViewer, ...), as detection finds it.
    @Test func corpusFilesSearchAsTheWholeParse() throws {
        guard let corpus = CorpusFiles.directory else {
            print("TranscriptLoaderLineFormatsTests: no shared corpus, skipped")
            return
        }
        var files: [SubtitleFormat: Int] = [:]
        let walker = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard ["ass", "ssa", "sbv", "sub", "txt", "lrc"].contains(url.pathExtension.lowercased()) else { continue }
            let bytes = Array(try Data(contentsOf: url))
            let format = SubtitleFormat.detect(fileName: url.lastPathComponent, content: bytes)
            guard TranscriptLoader.searchesFirst(format) else { continue }
            try expectSameOutput(bytes, fileName: url.lastPathComponent)
            files[format, default: 0] += 1
        }
        #expect(files[.ass] ?? 0 > 0 && files[.sbv] ?? 0 > 0 && files[.lrc] ?? 0 > 0, "\(files)")
    }

    // MARK: MicroDVD, MPL2 and TMPlayer

    /// What a generated one-line-a-cue file (MicroDVD, MPL2, TMPlayer) holds besides its ordinary cues.
    struct LineShape: Sendable, CustomStringConvertible {
        var format: SubtitleFormat
        var labels = false
        var crlf = false
        var blankLines = false
        var badLine = false
        var backwards = false
        var noFinalLineFeed = false
        /// MicroDVD: a first line giving the frame rate (`badRate`: one out of range).
        var rateLine = false
        var badRate = false
        /// MPL2: a header before the first cue. TMPlayer: lines in parts, several at one time,
        /// lines of no text and the `=` form.
        var extras = false
        var description: String {
            "\(format) labels \(labels) crlf \(crlf) blankLines \(blankLines) badLine \(badLine) backwards \(backwards) "
                + "noFinalLineFeed \(noFinalLineFeed) rateLine \(rateLine) badRate \(badRate) extras \(extras)"
        }

        /// Whether the layout vouches for the file's parse.
        var laidOut: Bool {
            // (TMPlayer gives no end times to be out of order.)
            !labels && !badLine && !(backwards && format != .tmplayer) && !badRate && !(extras && format == .mpl2)
        }

        static func all(_ format: SubtitleFormat) -> [LineShape] {
            var shapes = [LineShape(format: format), LineShape(format: format, labels: true),
                          LineShape(format: format, crlf: true), LineShape(format: format, blankLines: true),
                          LineShape(format: format, badLine: true), LineShape(format: format, backwards: true),
                          LineShape(format: format, noFinalLineFeed: true), LineShape(format: format, extras: true),
                          LineShape(format: format, crlf: true, blankLines: true, noFinalLineFeed: true, extras: true)]
            if format == .microdvd {
                shapes += [LineShape(format: format, rateLine: true), LineShape(format: format, badRate: true),
                           LineShape(format: format, crlf: true, blankLines: true, rateLine: true)]
            }
            return shapes
        }
    }

    /// A file of `cues` lines in `shape.format`: `|` line breaks with and without blanks by them,
    /// blanks at the ends, markup each format cleans (`{y:i}`, `/` italics, `<i>`, `&amp;`), empty
    /// texts, Chinese, Cyrillic, combining marks and a Kelvin sign, and what `shape` adds.
    static func lineFile(cues: Int, seed: UInt64, shape: LineShape) -> String {
        var generator = Generator(state: seed)
        let speakers = ["Alice", "Bob", "Carol"]
        var lines: [String] = []
        switch shape.format {
        case .microdvd where shape.rateLine || shape.badRate: lines.append(shape.badRate ? "{1}{1}5000" : "{1}{1}25.000")
        case .mpl2 where shape.extras: lines += ["HTTP/1.1 200 OK", "Content-Type: text/plain", ""]
        default: break
        }
        func stamp(_ tenths: Int, end: Int, part: Int = 1, equals: Bool = false) -> String {
            switch shape.format {
            case .microdvd: return "{\(tenths * 24 / 10)}{\(end * 24 / 10)}"
            case .mpl2: return "[\(tenths)][\(end)]"
            default:
                let seconds = tenths / 10
                let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
                let clock = "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
                if equals { return "\(clock)=" }
                return part > 1 || shape.extras && part == 1 && tenths % 3 == 0 ? "\(clock),\(part)=" : "\(clock):"
            }
        }
        var time = 0
        for number in 0..<cues {
            time += 10 + Int(generator.next() % 40)
            let end = shape.backwards && number == cues / 2 ? time - 5 : time + 15
            let text: String
            switch generator.next() % 20 {
            case 0: text = "the budget is fine|home town"
            case 1: text = "home |  town budget"
            case 2: text = "预算 budget 预算|второй budget"
            case 3: text = "a budget\u{301} with a mark"
            case 4: text = "BUDGET\u{212A}and home"
            case 5: text = "{y:i}home{c:$0000FF} town|budget"
            case 6: text = ""
            case 7: text = "/home town|/budget"
            case 8 where shape.labels: text = "\(speakers[number % 3].uppercased()): the budget"
            case 9: text = "  budget home  "
            case 10: text = "<i>home</i> town &amp; budget"
            case 11: text = "home||town|"
            case 12: text = "|budget|"
            case 13: text = "k budget and/or {home}"
            case 14: text = "   "
            default: text = "just words \(number)"
            }
            lines.append(stamp(time, end: end) + text)
            if shape.format == .tmplayer && shape.extras {
                switch number % 6 {
                case 0: lines.append(stamp(time, end: end, part: 2) + "second part budget")
                case 1: lines.append(stamp(time, end: end) + "same time budget")
                case 2: lines.append(stamp(time + 1, end: end) + "")
                case 3: lines += [stamp(time, end: end) + "", stamp(time, end: end, part: 2) + "part after none"]
                case 4: lines.append(stamp(time, end: end, equals: true) + "home town")
                default: break
                }
            }
            if shape.badLine && number == cues / 3 { lines.append("not a cue budget") }
            if shape.blankLines && number % 7 == 0 { lines.append(number % 2 == 0 ? "" : "  ") }
        }
        var file = lines.joined(separator: shape.crlf ? "\r\n" : "\n")
        if !shape.noFinalLineFeed { file += shape.crlf ? "\r\n" : "\n" }
        return file
    }

    static let lineShapes = [SubtitleFormat.microdvd, .mpl2, .tmplayer].flatMap(LineShape.all)

    @Test(arguments: lineShapes)
    func generatedLineFilesSearchAsTheWholeParse(shape: LineShape) throws {
        let fileName = shape.format == .microdvd ? "t.sub" : "t.txt"
        for seed: UInt64 in 1...3 {
            let bytes = Array(Self.lineFile(cues: 400, seed: seed, shape: shape).utf8)
            let format = try expectSameOutput(bytes, fileName: fileName)
            #expect(format == shape.format, "\(shape)")
            if shape.format == .microdvd {
                try expectSameOutput(bytes, fileName: fileName, options: LoadOptions(frameRate: FrameRate(numerator: 30, denominator: 1)))
            }
        }
    }

    /// The layout in runs of any size gives every cue's text as the whole parse does, and the cues
    /// read again from where it found them are the parse's own; the search takes its own path where
    /// the layout vouches for the parse.
    @Test(arguments: lineShapes)
    func lineFilesLaidOutInRunsOfAnySizeAreTheWholeParse(shape: LineShape) throws {
        let bytes = Array(Self.lineFile(cues: 300, seed: 5, shape: shape).utf8)
        let parsed = switch shape.format {
        case .microdvd: MicroDVDParser.parse(bytes, fileName: "t")
        case .mpl2: MPL2Parser.parse(bytes, fileName: "t")
        default: TMPlayerParser.parse(bytes, fileName: "t")
        }
        try expectLaidOutInRuns(bytes, format: shape.format, laidOut: shape.laidOut, label: "\(shape)", parsed: parsed)
    }

    /// The layout of `bytes` in `format`, in runs of any size, gives every cue's text and the warnings
    /// as the whole parse (`parsed`) does, and the cues read again from where it found them, all of
    /// them or every other one, are the parse's own, word times and all; the search takes its own path
    /// exactly where the layout vouches for the parse (`laidOut`).
    private func expectLaidOutInRuns(_ bytes: [UInt8], format: SubtitleFormat, laidOut: Bool, label: String,
                                     parsed: (transcript: Transcript, warnings: [Diagnostic])) throws {
        // (A run of 64 bytes has room for a TMPlayer cue still open and the next line's text.)
        for runSize in [64, 200, 700, 1 << 20] {
            var texts: [String] = []
            var starts: [CueLines] = []
            var runs = 0
            var layout = try #require(LineFormatsLayout(format: format, fileName: "t", frameRate: nil))
            let exact = bytes.withByteView { buffer in
                layout.layOut(buffer, runSize: runSize) { run in
                    #expect(run.cuesBefore == texts.count)
                    runs += 1
                    texts += run.spans.map { run.text.extracting($0).string }
                    starts += run.starts
                    return true
                }
            }
            #expect(exact == laidOut, "\(label) runs of \(runSize)")
            guard exact else { continue }
            #expect(texts == parsed.transcript.map(\.text), "\(label) runs of \(runSize)")
            #expect(layout.warnings == parsed.warnings, "\(label) runs of \(runSize)")
            #expect(runSize > 1000 || runs > 2, "\(label) runs of \(runSize)")
            let read = bytes.withByteView { buffer in
                CueCollector.collect(inputBytes: buffer.count) { cues in
                    #expect(layout.read(starts, of: buffer, into: &cues))
                }
            }
            #expect(Array(read) == Array(parsed.transcript), "\(label) runs of \(runSize)")
            #expect(read.wordTimes == parsed.transcript.wordTimes, "\(label) runs of \(runSize)")
            let everyOther = stride(from: 1, to: starts.count, by: 2).map { starts[$0] }
            let readAgain = bytes.withByteView { buffer in
                CueCollector.collect(inputBytes: buffer.count) { cues in
                    #expect(layout.read(everyOther, of: buffer, into: &cues))
                }
            }
            let expected = stride(from: 1, to: parsed.transcript.count, by: 2).map { parsed.transcript[$0] }
            #expect(zip(readAgain, expected).allSatisfy { $0.text == $1.text && $0.start == $1.start && $0.end == $1.end
                && $0.line == $1.line } && readAgain.count == expected.count, "\(label) runs of \(runSize)")
        }
        let matcher = try #require(TranscriptLoader.inPlaceMatcher(for: Query("budget")))
        let found = bytes.withByteView { buffer in
            TranscriptLoader.loadMatchingLaidOut(buffer, format: format, fileName: "t", frameRate: nil, matcher: matcher,
                                                 query: Query("budget"), indexing: true, warnings: [])
        }
        #expect((found != nil) == laidOut, "\(label)")
        if let found { #expect(found.loaded.transcript.count > 10, "\(label)") }
    }

    // MARK: LRC

    /// What a generated LRC file holds besides its ordinary lines.
    struct LRCShape: Sendable, CustomStringConvertible {
        var labels = false
        var crlf = false
        var blankLines = false
        var badLine = false
        /// A stamp earlier than the one before it (the parse orders the cues).
        var backwards = false
        /// A line of two stamps (the parse gives a cue for each).
        var twoStamps = false
        var badOffset = false
        var noFinalLineFeed = false
        /// ID tags between the lines, offsets (the last one counts), several lines at one time.
        var extras = false
        var description: String {
            "labels \(labels) crlf \(crlf) blankLines \(blankLines) badLine \(badLine) backwards \(backwards) "
                + "twoStamps \(twoStamps) badOffset \(badOffset) noFinalLineFeed \(noFinalLineFeed) extras \(extras)"
        }

        /// Whether the layout vouches for the file's parse.
        var laidOut: Bool { !labels && !badLine && !backwards && !twoStamps && !badOffset }
    }

    /// An LRC file of `cues` lines: stamps of every form (`[mm:ss.xx]`, `[mm:ss:xx]`, `[h:mm:ss.xx]`, minutes past
    /// 99, a fraction of one to three digits, a comma or none), word times (`<mm:ss.xx>`), a `<`
    /// that is none, a text starting with a `[`, empty texts (a stamp alone, word times alone), blanks,
    /// Chinese, Cyrillic, combining marks and a Kelvin sign, and what `shape` adds.
    static func lrc(cues: Int, seed: UInt64, shape: LRCShape) -> String {
        var generator = Generator(state: seed)
        let speakers = ["Alice", "Bob", "Carol"]
        var lines = ["[ti:Budget]", " [ar:Someone]"]
        if shape.extras { lines.append("[offset:+1500]") }
        if shape.badOffset { lines.append("[offset:soon]") }
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        // A time of `centiseconds` in the form `form` picks (one that loses no digit of it; with a third
        // digit of fraction, a few milliseconds later).
        func clock(_ centiseconds: Int, form: Int) -> String {
            let minutes = centiseconds / 6000, seconds = centiseconds / 100 % 60, hundredths = centiseconds % 100
            switch form {
            case 1: return "\(minutes / 60):\(two(minutes % 60)):\(two(seconds)).\(two(hundredths))"
            case 2: return "\(two(minutes)):\(two(seconds)).\(two(hundredths))\(centiseconds % 7)"
            case 3 where hundredths == 0: return "\(two(minutes)):\(two(seconds))"
            case 4: return "\(minutes / 60):\(two(minutes % 60)):\(two(seconds)).\(two(hundredths))0"
            case 5: return "00\(minutes):\(two(seconds)).\(two(hundredths))"
            case 6 where hundredths % 10 == 0: return "\(two(minutes)):\(two(seconds)).\(hundredths / 10)"
            case 7: return "\(minutes / 60):\(two(minutes % 60)):\(two(seconds)),\(two(hundredths))"
            case 8: return "\(two(minutes)):\(two(seconds)):\(two(hundredths))"
            default: return "\(two(minutes)):\(two(seconds)).\(two(hundredths))"
            }
        }
        var time = seed == 2 ? 599_000 : 0
        for number in 0..<cues {
            time += 50 + 10 * Int(generator.next() % 40)
            let stampTime = shape.backwards && number == cues / 2 ? time - 1000 : time
            var stamp = "[\(clock(stampTime, form: Int(generator.next() % 9)))]"
            if shape.twoStamps && number == cues / 3 { stamp += " [\(clock(stampTime, form: 0))]" }
            let word = { (later: Int) in "<\(clock(time + later, form: 0))>" }
            let text: String
            switch generator.next() % 20 {
            case 0: text = "the budget is fine"
            case 1: text = "home  town budget  "
            case 2: text = "预算 budget второй"
            case 3: text = "a budget\u{301} with a mark"
            case 4: text = "BUDGET\u{212A}and home"
            case 5: text = ""
            case 6: text = "   "
            case 7: text = "\(word(0))the \(word(40))budget \(word(80))home town\(word(120))"
            case 8 where shape.labels: text = "\(speakers[number % 3].uppercased()): the budget"
            case 9: text = " a < b budget <home>"
            case 10: text = "\(word(0)) \(word(30))"
            case 11: text = "[not a stamp] budget"
            case 12: text = "\tk budget\t"
            case 13: text = "  \(word(10))  budget  home  "
            default: text = "just words \(number)"
            }
            lines.append(stamp + text)
            if shape.extras {
                switch number % 9 {
                case 0: lines.append(stamp + "same time budget")
                case 3: lines.append("[al:An album]")
                case 6: lines.append(stamp)
                default: break
                }
            }
            if shape.badLine && number == cues / 3 { lines.append("not a cue budget") }
            if shape.blankLines && number % 7 == 0 { lines.append(number % 2 == 0 ? "" : "  ") }
        }
        if shape.extras { lines.append("[offset:-250]") }
        var file = lines.joined(separator: shape.crlf ? "\r\n" : "\n")
        if !shape.noFinalLineFeed { file += shape.crlf ? "\r\n" : "\n" }
        return file
    }

    static let lrcShapes: [LRCShape] = [
        LRCShape(), LRCShape(labels: true), LRCShape(crlf: true), LRCShape(blankLines: true), LRCShape(badLine: true),
        LRCShape(backwards: true), LRCShape(twoStamps: true), LRCShape(badOffset: true),
        LRCShape(noFinalLineFeed: true), LRCShape(extras: true),
        LRCShape(crlf: true, blankLines: true, noFinalLineFeed: true, extras: true),
    ]

    @Test(arguments: lrcShapes)
    func generatedLRCSearchesAsTheWholeParse(shape: LRCShape) throws {
        for seed: UInt64 in 1...3 {
            let format = try expectSameOutput(Array(Self.lrc(cues: 400, seed: seed, shape: shape).utf8), fileName: "t.lrc")
            #expect(format == .lrc, "\(shape)")
        }
    }

    /// The layout in runs of any size gives every cue's text as the whole parse does, and the cues
    /// read again from where it found them, all of them or every other one, are the parse's own, word
    /// times and all; the search takes its own path where the layout vouches for the parse.
    @Test(arguments: lrcShapes)
    func lrcLaidOutInRunsOfAnySizeIsTheWholeParse(shape: LRCShape) throws {
        for seed: UInt64 in [2, 5] {
            let bytes = Array(Self.lrc(cues: 300, seed: seed, shape: shape).utf8)
            try expectLaidOutInRuns(bytes, format: .lrc, laidOut: shape.laidOut, label: "\(shape) seed \(seed)",
                                    parsed: LRCParser.parse(bytes, fileName: "t"))
        }
    }

    // MARK: SBV and SubViewer

    /// What a generated SBV file holds besides its ordinary cues.
    struct SBVShape: Sendable, CustomStringConvertible {
        var subViewer = false
        var labels = false
        var crlf = false
        /// Cues with no blank line between them.
        var packed = false
        /// Blanks at the ends of text lines, lines of blanks and several blank lines.
        var blanks = false
        var strayLine = false
        var backwards = false
        var noFinalLineFeed = false
        var description: String {
            "subViewer \(subViewer) labels \(labels) crlf \(crlf) packed \(packed) blanks \(blanks) "
                + "strayLine \(strayLine) backwards \(backwards) noFinalLineFeed \(noFinalLineFeed)"
        }
    }

    /// An SBV file (SubViewer 2 with `subViewer`) of `cues` cues: `[br]` and other brackets, text
    /// lines starting with digits, cues with no text, long hours, Chinese, Cyrillic, combining marks
    /// and a Kelvin sign, and what `shape` adds.
    static func sbv(cues: Int, seed: UInt64, shape: SBVShape = SBVShape()) -> String {
        var generator = Generator(state: seed)
        let speakers = ["Alice", "Bob", "Carol"]
        var lines: [String] = shape.subViewer
            ? ["[INFORMATION]", "[TITLE]A film", "[AUTHOR]", "[END INFORMATION]", "[SUBTITLE]", "[COLF]&HFFFFFF", ""] : []
        func time(_ milliseconds: Int) -> String {
            let hours = milliseconds / 3_600_000, rest = milliseconds % 3_600_000
            let minutes = rest / 60_000, seconds = rest % 60_000 / 1000, fraction = rest % 1000
            let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
            let three = { (value: Int) in value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)" }
            return shape.subViewer ? "\(two(hours)):\(two(minutes)):\(two(seconds)).\(two(fraction / 10))"
                : "\(hours):\(two(minutes)):\(two(seconds)).\(three(fraction))"
        }
        var start = generator.next() % 2 == 0 ? 0 : 359_990_000
        for number in 0..<cues {
            start += 1000 + Int(generator.next() % 3000)
            let end = shape.backwards && number == cues / 2 ? start - 500 : start + 1500
            lines.append(generator.next() % 9 == 0 ? " \(time(start)) , \(time(end)) " : "\(time(start)),\(time(end))")
            if shape.strayLine && number == cues / 3 { lines += ["", "stray budget line"] }
            var text: [String]
            switch generator.next() % 20 {
            case 0: text = ["the budget is fine", "home town"]
            case 1: text = ["bud[br]get[BR]home", "[music] town budget"]
            case 2: text = ["预算 budget 预算", "второй budget"]
            case 3: text = ["a budget\u{301} with a mark"]
            case 4: text = ["BUDGET\u{212A}and home"]
            case 5: text = ["3 budgets", "12 home town"]
            case 6: text = []
            case 7: text = ["[", "budget [br"]
            case 8 where shape.labels: text = ["\(speakers[number % 3].uppercased()): the budget"]
            case 9: text = ["home", "town"]
            case 10: text = ["k budget"]
            case 11 where shape.blanks: text = ["home  ", "  town budget ", "\t"]
            case 12 where shape.blanks: text = ["  budget home", "town\t"]
            case 13 where shape.blanks: text = ["home \t", "town budget"]
            case 14 where shape.blanks: text = ["budget home", "town  "]
            default: text = ["just words \(number)"]
            }
            lines += text
            if !shape.packed || number % 4 == 0 { lines.append(shape.blanks && number % 5 == 0 ? "  " : "") }
            if shape.blanks && number % 7 == 0 { lines.append("") }
        }
        var file = lines.joined(separator: shape.crlf ? "\r\n" : "\n")
        if !shape.noFinalLineFeed { file += shape.crlf ? "\r\n" : "\n" }
        return file
    }

    static let sbvShapes: [SBVShape] = [
        SBVShape(), SBVShape(subViewer: true), SBVShape(labels: true), SBVShape(crlf: true), SBVShape(packed: true),
        SBVShape(blanks: true), SBVShape(strayLine: true), SBVShape(backwards: true), SBVShape(noFinalLineFeed: true),
        SBVShape(subViewer: true, packed: true, blanks: true, noFinalLineFeed: true),
    ]

    @Test(arguments: sbvShapes)
    func generatedSBVSearchesAsTheWholeParse(shape: SBVShape) throws {
        for seed: UInt64 in 1...3 {
            let fileName = shape.subViewer ? "t.sub" : "t.sbv"
            try expectSameOutput(Array(Self.sbv(cues: 400, seed: seed, shape: shape).utf8), fileName: fileName)
        }
    }

    /// The layout in runs of any size gives every cue's text as the whole parse does, and the cues
    /// read again from where it found them are the parse's own.
    @Test(arguments: sbvShapes)
    func sbvLaidOutInRunsOfAnySizeIsTheWholeParse(shape: SBVShape) throws {
        let bytes = Array(Self.sbv(cues: 300, seed: 5, shape: shape).utf8)
        let parsed = SBVParser.parse(bytes, fileName: "t.sbv").transcript
        for runSize in [1, 64, 700, 1 << 20] {
            var texts: [String] = []
            var starts: [CueLines] = []
            var cuesBefore: [Int] = []
            var layout = try #require(LineFormatsLayout(format: .sbv, fileName: "t.sbv", frameRate: nil))
            let exact = bytes.withByteView { buffer in
                layout.layOut(buffer, runSize: runSize) { run in
                    cuesBefore.append(run.cuesBefore)
                    texts += run.spans.map { run.text.extracting($0).string }
                    starts += run.starts
                    return true
                }
            }
            let laidOut = !shape.labels && !shape.strayLine && !shape.backwards
            #expect(exact == laidOut, "\(shape) runs of \(runSize)")
            guard exact else { continue }
            #expect(texts == parsed.map(\.text), "\(shape) runs of \(runSize)")
            #expect(cuesBefore.first == 0 && (runSize > 1000 || cuesBefore.count > 2), "\(shape) runs of \(runSize)")
            let read = bytes.withByteView { buffer in
                CueCollector.collect(inputBytes: buffer.count) { cues in
                    #expect(layout.read(starts, of: buffer, into: &cues))
                }
            }
            #expect(Array(read) == Array(parsed), "\(shape) runs of \(runSize)")
        }
        // The search takes its own path where the layout vouches for the parse.
        let matcher = try #require(TranscriptLoader.inPlaceMatcher(for: Query("budget")))
        let found = bytes.withByteView { buffer in
            TranscriptLoader.loadMatchingLaidOut(buffer, format: .sbv, fileName: "t.sbv", frameRate: nil, matcher: matcher, query: Query("budget"),
                                                 indexing: true, warnings: [])
        }
        #expect((found != nil) == (!shape.labels && !shape.strayLine && !shape.backwards), "\(shape)")
        if let found { #expect(found.loaded.transcript.count > 10, "\(shape)") }
    }

    /// `-l` and `-q` (`enough`) stop laying out at the end of the run where that many matches are
    /// found, once the first cues' speakers are settled, and never count fewer than the whole
    /// parse holds (up to `enough`): not where labels carried through turns leave the text.
    @Test func countsWithEnoughStopEarlyAndStayExact() throws {
        // (An ASS run holds 16,384 cues; a run of the other formats, a megabyte of text: these files fit in one.)
        let files: [(name: String, text: String, stopsEarly: Bool)] = [
            ("t.ass", Self.ass(events: 40_000, seed: 3, shape: ASSShape(names: true)), true),
            ("t.ass", Self.ass(events: 40_000, seed: 3, shape: ASSShape(labels: true)), false),
            ("t.ass", Self.ass(events: 40_000, seed: 3, shape: ASSShape(badLine: true)), false),
            ("t.lrc", Self.lrc(cues: 5_000, seed: 3, shape: LRCShape(extras: true)), false),
            ("t.lrc", Self.lrc(cues: 5_000, seed: 3, shape: LRCShape(labels: true)), false),
            ("t.sub", Self.lineFile(cues: 5_000, seed: 3, shape: LineShape(format: .microdvd)), false),
            ("t.txt", Self.lineFile(cues: 5_000, seed: 3, shape: LineShape(format: .tmplayer, labels: true)), false),
            ("t.sbv", Self.sbv(cues: 5_000, seed: 3), false),
        ]
        for file in files {
            let bytes = Array(file.text.utf8)
            let whole = try TranscriptLoader.load(bytes, fileName: file.name)
            for query in [Query("budget"), Query("alice"), Query("zzqx"), Query("home town"), Query("预算")] {
                let all = MatchIndex.count(transcript: whole.transcript, query: query)
                for enough in [1, 3, Int.max] {
                    let counted = try bytes.withByteView { buffer in
                        try TranscriptLoader.countMatches(inPlace: buffer, fileName: file.name, query: query, enough: enough)
                    }
                    let label = "\(file.name) \(query.keywords) enough \(enough)"
                    #expect(all >= enough ? counted.matches >= enough : counted.matches == all, "\(label): \(counted.matches) of \(all)")
                    #expect(counted.matches <= all, "\(label): \(counted.matches) of \(all)")
                    if enough == 1 && all > 100 {
                        #expect((counted.matches < all) == file.stopsEarly, "\(label): \(counted.matches) of \(all)")
                    }
                }
            }
        }
    }

    /// A file read with a byte order mark, or decoded from UTF-16, goes through `DecodedFile`'s whole text.
    @Test(arguments: ["t.ass", "t.sbv", "t.lrc"])
    func decodedFilesSearchAsTheWholeParse(fileName: String) throws {
        let text = fileName == "t.ass" ? Self.ass(events: 300, seed: 4, shape: ASSShape(names: true))
            : fileName == "t.lrc" ? Self.lrc(cues: 300, seed: 4, shape: LRCShape(extras: true))
            : Self.sbv(cues: 300, seed: 4)
        let inputs: [[UInt8]] = [[0xEF, 0xBB, 0xBF] + Array(text.utf8),
                                 [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }]
        for bytes in inputs {
            let whole = try TranscriptLoader.load(bytes, fileName: fileName)
            for query in Self.queries {
                let expected = MatchIndex(transcript: whole.transcript, query: query)
                let (loaded, index) = try bytes.withByteView { buffer in
                    try DecodedFile(mapped: buffer, fileName: fileName, options: LoadOptions(), releasing: { _ in })
                        .searchMatching(query: query)
                }
                let sameOutput = output(loaded.transcript, index: index) == output(whole.transcript, index: expected)
                #expect(sameOutput, "\(query.keywords)")
                let counted = try bytes.withByteView { buffer in
                    try DecodedFile(mapped: buffer, fileName: fileName, options: LoadOptions(), releasing: { _ in })
                        .countMatches(query: query)
                }
                #expect(counted.matches == expected.count && counted.warnings == whole.warnings, "\(query.keywords)")
            }
        }
    }

    /// `loadMatching`, `searchMatching` and `countMatches` where the bytes lie, against `load`.
    @discardableResult
    private func expectSameOutput(_ bytes: [UInt8], fileName: String,
                                  options: LoadOptions = LoadOptions()) throws -> SubtitleFormat? {
        let whole: LoadedTranscript
        do {
            whole = try TranscriptLoader.load(bytes, fileName: fileName, options: options)
        } catch {
            #expect(throws: error) {
                try bytes.withByteView { buffer in
                    try TranscriptLoader.loadMatching(inPlace: buffer, fileName: fileName, options: options, query: Query("a"))
                }
            }
            return nil
        }
        for query in Self.queries {
            let expected = MatchIndex(transcript: whole.transcript, query: query)
            let part = try bytes.withByteView { buffer in
                try TranscriptLoader.loadMatching(inPlace: buffer, fileName: fileName, options: options, query: query)
            }
            let (searched, index) = try bytes.withByteView { buffer in
                try TranscriptLoader.searchMatching(inPlace: buffer, fileName: fileName, options: options, query: query)
            }
            let counted = try bytes.withByteView { buffer in
                try TranscriptLoader.countMatches(inPlace: buffer, fileName: fileName, options: options, query: query)
            }
            let label = "\(fileName) \(query.keywords)"
            #expect(part.warnings == whole.warnings && part.format == whole.format && part.encoding == whole.encoding, "\(label)")
            #expect(searched.warnings == whole.warnings, "\(label)")
            // (Compared apart: a failed expectation would print every cue.)
            let sameCues = Array(searched.transcript) == Array(part.transcript)
            let sameIndex = Array(index) == Array(MatchIndex(transcript: searched.transcript, query: query))
            let sameOutput = output(part.transcript, index: MatchIndex(transcript: part.transcript, query: query))
                == output(whole.transcript, index: expected)
            #expect(sameCues && sameIndex && sameOutput, "\(label): cues \(sameCues), index \(sameIndex), output \(sameOutput)")
            #expect(counted.matches == expected.count && counted.warnings == whole.warnings, "\(label)")
        }
        return whole.format
    }

    /// The cues with a match (number, times, text, speaker, style, line), their JSON Lines and printed blocks.
    private func output(_ transcript: Transcript, index: MatchIndex) -> Output {
        var result = Output()
        let printer = ResultPrinter(color: false)
        for cue in index.matchCues.map(Int.init) where result.cues.last.map({ $0.ordinal != transcript.ordinal(at: cue) }) ?? true {
            result.cues.append(transcript[cue])
            result.styles.append(transcript.style(at: cue))
            result.blocks += printer.block(cue: cue, of: transcript, index: index)
        }
        for record in MatchRecords(file: "f", transcript: transcript, index: index) {
            JSONLinesWriter.append(record, to: &result.json)
        }
        return result
    }

    private struct Output: Equatable {
        var cues: [Cue] = []
        var styles: [String?] = []
        var json: [UInt8] = []
        var blocks = ""
    }
}

private struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        return z ^ (z >> 27)
    }
}
