#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SeekBytes
import Testing
@testable import SeekKit

@Suite struct DecodedFileWindowsTests {
    /// Random text made of `units`: each draw appends one of them.
    static func text(of units: [[UInt8]], count: Int, random: inout SeededRandom) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count { bytes += units.randomElement(using: &random)! }
        return bytes
    }

    /// SRT blocks of random `units`, numbered and timed in order.
    static func srt(of units: [[UInt8]], blocks: Int, random: inout SeededRandom) -> [UInt8] {
        var bytes: [UInt8] = []
        for i in 1...blocks {
            let clock = { (ms: Int) in "00:\(ms / 60_000 % 60 / 10)\(ms / 60_000 % 10):\(ms / 10_000 % 6)\(ms / 1000 % 10),000" }
            bytes += Array("\(i)\n\(clock(i * 1000)) --> \(clock(i * 1000 + 500))\n".utf8)
            bytes += text(of: units, count: 12, random: &random).filter { $0 != 0x0A } + [0x0A, 0x0A]
        }
        return bytes
    }

    /// A file decoded a window at a time (windows of 2,000 bytes of text, in pieces of 300
    /// bytes, judged by a first window of 5 lines) counts and loads what it does decoded whole:
    /// the same matches, cues (text, times, lines, numbers), matching cues (all, or up to the
    /// second: `-m 2`), format, encoding and warnings. Every
    /// window cut lands somewhere else in the lines, blocks and characters of each shape.
    @Test func windowsCountAndLoadWhatTheWholeTextDoes() throws {
        var random = SeededRandom(seed: 2210)
        let latin1: [[UInt8]] = [[0x63, 0x61, 0x66, 0xE9], [0x20, 0x61], [0xE9, 0x74, 0xE9], [0x0A], [0x0A, 0x0A], [0x62]]
        let thai: [[UInt8]] = [[0xCA, 0xC7, 0xD1, 0xCA], [0xB4, 0xD5], [0x20, 0x61], [0x0A], [0xA4, 0xC3, 0xD1, 0xBA]]
        let utf16: [[UInt8]] = [[0x61, 0x00], [0x20, 0x00], [0x60, 0x4F], [0x0A, 0x00], [0xE9, 0x00]]
        let shapes: [(name: String, bytes: [UInt8], encoding: String?, windows: Bool, loads: Bool)] = [
            ("Latin-1 lines", Self.text(of: latin1, count: 30_000, random: &random), nil, true, true),
            ("windows-874 lines", Self.text(of: thai, count: 30_000, random: &random), "windows-874", true, true),
            ("UTF-16 lines", [0xFF, 0xFE] + Self.text(of: utf16, count: 30_000, random: &random), nil, true, true),
            ("Latin-1 CRLF lines", Self.text(of: latin1 + [[0x0D, 0x0A]], count: 30_000, random: &random), nil, true, true),
            ("Latin-1 SRT", Self.srt(of: latin1, blocks: 900, random: &random), nil, true, false),
            ("Latin-1 SRT, zzz late", Self.srt(of: latin1, blocks: 900, random: &random)
                + Array("901\n00:15:01,000 --> 00:15:01,500\nzzz\n\n".utf8), nil, true, false),
            ("Latin-1 lines, zzz late", Self.text(of: latin1, count: 25_000, random: &random) + Array("\nzzz\n".utf8)
                + Self.text(of: latin1, count: 3_000, random: &random), nil, true, true),
            ("Latin-1 lines, a timestamp late", Self.text(of: latin1, count: 20_000, random: &random)
                + Array("\n[00:01:02] caf\u{E9}\n".unicodeScalars.map { UInt8($0.value) })
                + Self.text(of: latin1, count: 5_000, random: &random), nil, false, false),
        ]
        for shape in shapes {
            let options = LoadOptions(encoding: shape.encoding)
            let name = shape.name.contains("SRT") ? "x.srt" : "x.txt"
            func file(_ view: ByteView) throws(Diagnostic) -> DecodedFile {
                try DecodedFile(mapped: view, fileName: name, options: options, pages: .lost, pieceSize: 300,
                                windowSize: 2_000, firstWindowLines: 5) { _ in }
            }
            for keyword in ["a", "café", "zzz"] {
                let query = Query(keyword)
                let whole = try TranscriptLoader.countMatches(shape.bytes, fileName: name, options: options, query: query)
                let (inWindows, counted, enough) = try shape.bytes.withByteView { (view) throws(Diagnostic) in
                    (try file(view).countInWindows(query: query, enough: .max), try file(view).countMatches(query: query),
                     try file(view).countMatches(query: query, enough: 1))
                }
                let label = "\(shape.name), \(keyword)"
                #expect((inWindows != nil) == shape.windows, "\(label): counted in windows: \(inWindows != nil)")
                #expect(counted.matches == whole.matches && counted.format == whole.format
                        && counted.encoding == whole.encoding && counted.warnings == whole.warnings,
                        "\(label): \(counted) for \(whole)")
                #expect((enough.matches > 0) == (whole.matches > 0) && enough.warnings == whole.warnings,
                        "\(label), enough 1: \(enough) for \(whole)")
                // The cues with a match, and those up to the second matching cue (-m 2), with
                // their numbers, times and lines in the file.
                let loaded = try TranscriptLoader.load(shape.bytes, fileName: name, options: options)
                let index = MatchIndex(transcript: loaded.transcript, query: query)
                // Their matches, found as they are loaded, are those of the transcript they make.
                let (matching, firstTwo) = try shape.bytes.withByteView { (view) throws(Diagnostic) in
                    (try file(view).searchMatching(query: query), try file(view).search(untilMatchingCues: 2, of: query))
                }
                let parts: [((loaded: LoadedTranscript, index: MatchIndex), Int)] = [(matching, Int.max), (firstTwo, 2)]
                for ((part, found), cueLimit) in parts {
                    let partIndex = MatchIndex(transcript: part.transcript, query: query).limited(toCues: cueLimit)
                    #expect(Array(found.limited(toCues: cueLimit)) == Array(partIndex),
                            "\(label), -m \(cueLimit): \(found.count) matches found for \(partIndex.count)")
                    let cues = partIndex.matchingCues.map { part.transcript[$0] }
                    let wanted = index.limited(toCues: cueLimit).matchingCues.map { loaded.transcript[$0] }
                    #expect(cues == wanted && partIndex.count == index.limited(toCues: cueLimit).count,
                            "\(label), -m \(cueLimit): \(cues.count) matching cues for \(wanted.count)")
                    #expect(part.format == loaded.format && part.encoding == loaded.encoding
                            && part.warnings == loaded.warnings, "\(label), -m \(cueLimit): \(part.warnings) for \(loaded.warnings)")
                }
                let matchingInWindows = try shape.bytes.withByteView { (view) throws(Diagnostic) in
                    try file(view).searchInWindows(of: query)
                }
                #expect((matchingInWindows != nil) == shape.windows,
                        "\(label): matching cues loaded in windows: \(matchingInWindows != nil)")
            }
            let whole = try TranscriptLoader.load(shape.bytes, fileName: name, options: options)
            let (inWindows, loaded) = try shape.bytes.withByteView { (view) throws(Diagnostic) in
                (try file(view).loadInWindows(), try file(view).load())
            }
            #expect((inWindows != nil) == shape.loads, "\(shape.name): loaded in windows: \(inWindows != nil)")
            #expect(Array(loaded.transcript) == Array(whole.transcript), "\(shape.name): \(loaded.transcript.count) cues for \(whole.transcript.count)")
            #expect(loaded.format == whole.format && loaded.encoding == whole.encoding && loaded.warnings == whole.warnings,
                    "\(shape.name): \(loaded.warnings) for \(whole.warnings)")
        }
    }

    /// Standard input read whole loses its pages once they are let go (read again, they hold
    /// zeros): untimed text read from it is loaded a window at a time with its pages going as it
    /// is decoded (`-v`, `--cues` never hold the input beside the text), once a first reading has
    /// found that every window answers; a text with a timestamp after its first window is decoded
    /// whole from pages still there. Either way the cues, format, encoding and warnings are those
    /// of the text loaded whole.
    @Test func lostPagesGoAsUntimedTextIsLoaded() throws {
        var random = SeededRandom(seed: 2212)
        let latin1: [[UInt8]] = [[0x63, 0x61, 0x66, 0xE9], [0x20, 0x61], [0xE9, 0x74, 0xE9], [0x0A], [0x0A, 0x0A], [0x62]]
        let lines = Self.text(of: latin1, count: 50_000, random: &random)
        let stamped = Array(lines.prefix(30_000)) + Array("\n[00:01:02] caf\u{E9}\n".unicodeScalars.map { UInt8($0.value) })
            + Self.text(of: latin1, count: 10_000, random: &random)
        for (name, bytes) in [("lines", lines), ("a timestamp late", stamped)] {
            let whole = try TranscriptLoader.load(bytes, fileName: "x.txt")
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            defer { close(ends[0]) }
            #expect(DescriptorIO.writeAll(ends[1], bytes) == nil)
            close(ends[1])
            let input = try #require(ReadBuffer.read(ends[0], capacity: bytes.count + 1) { got, _ in got > 0 ? .max : nil })
            var released = 0
            let loaded = try input.withByteView { (view) throws(Diagnostic) in
                let file = try DecodedFile(mapped: view, fileName: "x.txt", options: LoadOptions(), pages: .lost,
                                           pieceSize: 300, windowSize: 2_000, firstWindowLines: 5) { range in
                    view.releasePages(before: range.upperBound)
                    released = max(released, range.upperBound)
                }
                return try file.load()
            }
            #expect(released == bytes.count, "\(name): \(released) bytes let go")
            #expect(Array(loaded.transcript) == Array(whole.transcript),
                    "\(name): \(loaded.transcript.count) cues for \(whole.transcript.count)")
            #expect(loaded.format == whole.format && loaded.encoding == whole.encoding && loaded.warnings == whole.warnings,
                    "\(name): \(loaded.warnings) for \(whole.warnings)")
        }
    }

    /// Matching cues that would hold more text than the budget are handed on a window at a time
    /// (the first part with those kept until the budget is passed, and the warnings), once every
    /// window is found to answer: their cues (text, times, lines, numbers in the file) and matches
    /// are those `searchMatching(query:)` keeps, the count is its matches (each part is told it,
    /// the first too), and the same comes of standard input's lost pages (let go with madvise as
    /// the windows are read again). A text a window cannot answer for is searched whole, as before.
    @Test func matchingCuesTooManyToKeepAreHandedOnAWindowAtATime() throws {
        var random = SeededRandom(seed: 2213)
        let latin1: [[UInt8]] = [[0x63, 0x61, 0x66, 0xE9], [0x20, 0x61], [0xE9, 0x74, 0xE9], [0x0A], [0x0A, 0x0A], [0x62]]
        let shapes: [(name: String, bytes: [UInt8], handsOn: Bool)] = [
            ("Latin-1 lines", Self.text(of: latin1, count: 40_000, random: &random), true),
            ("Latin-1 SRT", Self.srt(of: latin1, blocks: 1_000, random: &random), true),
            ("Latin-1 lines, a timestamp late", Self.text(of: latin1, count: 30_000, random: &random)
                + Array("\n[00:01:02] caf\u{E9}\n".unicodeScalars.map { UInt8($0.value) })
                + Self.text(of: latin1, count: 5_000, random: &random), false),
        ]
        for shape in shapes {
            let name = shape.name.contains("SRT") ? "x.srt" : "x.txt"
            func file(_ view: ByteView, _ pages: ReleasedPages) throws(Diagnostic) -> DecodedFile {
                try DecodedFile(mapped: view, fileName: name, options: LoadOptions(), pages: pages, pieceSize: 300,
                                windowSize: 2_000, firstWindowLines: 5) { range in
                    if pages == .lost { view.releasePages(before: range.upperBound) }
                }
            }
            for keyword in ["a", "café"] {
                let query = Query(keyword)
                let whole = try shape.bytes.withByteView { (view) throws(Diagnostic) in
                    try file(view, .readAgain).searchMatching(query: query)
                }
                let wanted = whole.index.matchingCues.map { whole.loaded.transcript[$0] }
                for pages in [ReleasedPages.readAgain, .lost] {
                    let label = "\(shape.name), \(keyword), \(pages)"
                    var parts: [(loaded: LoadedTranscript, index: MatchIndex)] = []
                    var totals: [Int] = []
                    let input = try Self.lostPages(shape.bytes)
                    let found = try input.withByteView { (view) throws(Diagnostic) in
                        try file(view, pages).searchMatching(query: query, keepingAtMost: 1_000) {
                            parts.append(($0, $1))
                            totals.append($2)
                        }
                    }
                    switch found {
                    case .searched(let loaded, let index):
                        #expect(!shape.handsOn && parts.isEmpty, "\(label): kept whole")
                        #expect(index.matchingCues.map { loaded.transcript[$0] } == wanted && index.count == whole.index.count
                                && loaded.warnings == whole.loaded.warnings, "\(label): \(index.count) for \(whole.index.count)")
                    case .handedOn(let counted):
                        #expect(shape.handsOn && parts.count > 2, "\(label): \(parts.count) parts")
                        let cues = parts.flatMap { part in part.index.matchingCues.map { part.loaded.transcript[$0] } }
                        #expect(cues == wanted, "\(label): \(cues.count) cues handed on for \(wanted.count)")
                        #expect(parts.allSatisfy { Array($0.index) == Array(MatchIndex(transcript: $0.loaded.transcript, query: query)) },
                                "\(label): the matches of each part are those of its cues")
                        #expect(counted.matches == whole.index.count && parts.reduce(0) { $0 + $1.index.count } == whole.index.count,
                                "\(label): \(counted.matches) matches for \(whole.index.count)")
                        #expect(totals.allSatisfy { $0 == whole.index.count },
                                "\(label): every part told the file's \(whole.index.count) matches: \(Set(totals))")
                        #expect(parts.first?.loaded.warnings == whole.loaded.warnings
                                && parts.dropFirst().allSatisfy { $0.loaded.warnings.isEmpty }
                                && counted.warnings == whole.loaded.warnings, "\(label): the warnings come first")
                    }
                }
            }
        }
    }

    /// `bytes` read from a pipe into a `ReadBuffer`, whose pages are lost once let go.
    static func lostPages(_ bytes: [UInt8]) throws -> ReadBuffer {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(DescriptorIO.writeAll(ends[1], bytes) == nil)
        close(ends[1])
        return try #require(ReadBuffer.read(ends[0], capacity: bytes.count + 1) { got, _ in got > 0 ? .max : nil })
    }

    /// A first window with fewer lines than the start of a file is judged by is not handed on:
    /// the text is decoded whole.
    @Test func aShortFirstWindowDecodesTheWholeText() throws {
        let bytes = [UInt8](repeating: 0xE9, count: 9_000) + [0x0A] + [UInt8](repeating: 0xE9, count: 9_000)
        let options = LoadOptions(encoding: "latin1")
        let whole = try TranscriptLoader.countMatches(bytes, fileName: "x.txt", options: options, query: Query("\u{E9}"))
        try bytes.withByteView { (view) throws(Diagnostic) in
            let file = try DecodedFile(mapped: view, fileName: "x.txt", options: options, pages: .lost, pieceSize: 300,
                                       windowSize: 2_000, firstWindowLines: 5) { _ in }
            #expect(try file.countInWindows(query: Query("\u{E9}"), enough: .max) == nil)
            #expect(try file.countMatches(query: Query("\u{E9}")).matches == whole.matches)
        }
    }
}
