import SeekKit

/// Writes the part of a report that one file's outcome makes on its own: its blocks, `-o`
/// lines, JSON Lines or CSV rows, cue listing or speaker list.
///
/// It needs nothing of the files before it (a `--` before a file's first group is left to
/// the caller), so with several files a worker renders each file while others are searched,
/// and the thread that prints only writes bytes. Counts, file names and supercuts are
/// written by `Report` itself.
struct OutcomeRenderer: Sendable {
    let options: CommandLineOptions
    let output: Invocation.Output
    let color: Bool
    let showFileNames: Bool

    /// One file's rendered output, made ahead of printing.
    struct Rendered: Sendable {
        var bytes: [UInt8]
        /// Whether it starts with a group of blocks (a `--` goes before it when context is
        /// shown and a group was printed before).
        var startsWithGroup: Bool
    }

    /// At most this many matches (or selected cues) are rendered ahead: a file with more is
    /// rendered as it is printed, so memory stays bounded by the output buffer.
    static let aheadLimit = 20_000

    /// Nor is a file whose cues hold more text than this rendered ahead: its output would hold
    /// about as much again beside them (one cue as long as its file, printed or listed).
    static let aheadTextLimit = 4 << 20

    /// Whether context is shown, so groups of blocks are separated by `--`.
    var showsContext: Bool { options.contextBefore > 0 || options.contextAfter > 0 }

    /// The `--` line between groups of blocks.
    var separator: String {
        Highlighter.ansi([Segment(text: ResultPrinter.groupSeparator, style: Palette.context, source: 0..<0)],
                         color: color) + "\n"
    }

    /// `outcome` rendered into bytes, when this output renders it and it is small enough to
    /// be rendered ahead (see `aheadLimit`).
    func renderAhead(_ outcome: Outcome) -> Rendered? {
        switch outcome.result {
        case .success(.searched(let loaded, let index)):
            guard index.count <= Self.aheadLimit, !options.invert || loaded.transcript.count <= Self.aheadLimit,
                  loaded.transcript.storage.utf8.count <= Self.aheadTextLimit
            else { return nil }
        case .success(.cues(let loaded)):
            guard loaded.transcript.count <= Self.aheadLimit, loaded.transcript.storage.utf8.count <= Self.aheadTextLimit
            else { return nil }
        case .success(.counted), .success(.printed), .failure:
            return nil
        }
        var bytes: [UInt8] = []
        guard let startsWithGroup = render(outcome, groupPrinted: false, into: &bytes, flush: { _ in }) else { return nil }
        return Rendered(bytes: bytes, startsWithGroup: startsWithGroup)
    }

    /// Renders `outcome` into `buffer`, handing it to `flush` whenever it grows past
    /// `DescriptorWriter.flushThreshold` (and leaving the rest in it).
    ///
    /// - Parameter groupPrinted: whether a group of blocks was printed before (with context,
    ///   a `--` then comes before this file's first group).
    /// - Returns: whether a group of blocks was printed, or `nil` when this output is not
    ///   rendered here (counts, file lists, supercuts).
    func render(
        _ outcome: Outcome, groupPrinted: Bool, into buffer: inout [UInt8], flush: (inout [UInt8]) -> Void
    ) -> Bool? {
        switch outcome.result {
        case .success(.cues(let loaded)):
            switch output {
            case .cues(let json): listCues(outcome.file, loaded.transcript, json: json, into: &buffer, flush: flush)
            case .speakers: listSpeakers(outcome.file, loaded.transcript, into: &buffer)
            default: return nil
            }
            return false
        case .success(.searched(let loaded, let index)):
            let transcript = loaded.transcript
            switch output {
            case .cues, .speakers, .listFiles, .count:
                return nil
            case .export(let export) where options.invert:
                guard export == .jsonLines else {
                    return printBlocks(outcome.file, transcript, index, selectedCues: invertedCues(transcript, index),
                                       groupPrinted: groupPrinted, into: &buffer, flush: flush)
                }
                for cue in invertedCues(transcript, index) {
                    JSONLinesWriter.appendCue(cue, of: transcript, file: outcome.file, to: &buffer)
                    if buffer.count >= DescriptorWriter.flushThreshold { flush(&buffer) }
                }
                return false
            case .export(let export) where export.isSupercut:
                return nil
            case .export(let export):
                exportMatches(outcome.file, transcript, index, track: outcome.track, partOf: outcome.partOf, as: export,
                              into: &buffer, flush: flush)
                return false
            case .onlyMatching:
                printMatchedText(outcome.file, transcript, index, into: &buffer, flush: flush)
                return false
            case .blocks where options.invert:
                return printBlocks(outcome.file, transcript, index, selectedCues: invertedCues(transcript, index),
                                   groupPrinted: groupPrinted, into: &buffer, flush: flush)
            case .blocks:
                return printBlocks(outcome.file, transcript, index, selectedCues: index.matchingCues,
                                   groupPrinted: groupPrinted, into: &buffer, flush: flush)
            }
        case .success(.counted), .success(.printed), .failure:
            return nil
        }
    }

    /// `-v`: the cues in scope without a match, at most `-m` of them (found as they are read).
    func invertedCues(_ transcript: Transcript, _ index: MatchIndex) -> some Sequence<Int> {
        let limit = options.maxCount ?? Int.max
        let scope = options.scope
        var matches = index.matchingCues.makeIterator()
        let state = (cue: 0, taken: 0, nextMatch: matches.next(), matches: matches)
        return sequence(state: state) { state -> Int? in
            while state.cue < transcript.count && state.taken < limit {
                let cue = state.cue
                state.cue += 1
                while let next = state.nextMatch, next < cue { state.nextMatch = state.matches.next() }
                if state.nextMatch != cue && scope.includes(cue, of: transcript) {
                    state.taken += 1
                    return cue
                }
            }
            return nil
        }
    }

    /// `NAME: N cues, M words` per speaker (`FILE:` first with several files).
    private func listSpeakers(_ file: String, _ transcript: Transcript, into buffer: inout [UInt8]) {
        let prefix = showFileNames ? Sanitizer.sanitize(file) + ":" : ""
        for tally in transcript.speakerTallies() {
            buffer.append(contentsOf: (prefix + Sanitizer.sanitize(tally.name)
                + ": \(tally.cues) cue\(tally.cues == 1 ? "" : "s"), \(tally.words) word\(tally.words == 1 ? "" : "s")\n").utf8)
        }
    }

    private func listCues(
        _ file: String, _ transcript: Transcript, json: Bool, into buffer: inout [UInt8], flush: (inout [UInt8]) -> Void
    ) {
        let printer = ResultPrinter(color: color, fileName: showFileNames ? file : nil)
        let scope = options.scope
        for cue in transcript.indices where scope.includes(cue, of: transcript) {
            if json {
                JSONLinesWriter.appendCue(cue, of: transcript, file: file, to: &buffer)
            } else {
                printer.appendCueListing(cue: cue, of: transcript, to: &buffer, flush: flush)
            }
            if buffer.count >= DescriptorWriter.flushThreshold { flush(&buffer) }
        }
    }

    private func exportMatches(
        _ file: String, _ transcript: Transcript, _ index: MatchIndex, track: SubtitleTrack?,
        partOf: (matchesBefore: Int, totalMatches: Int)?, as format: CommandLineOptions.ExportFormat,
        into buffer: inout [UInt8], flush: (inout [UInt8]) -> Void
    ) {
        for record in MatchRecords(file: file, transcript: transcript, index: index,
                                   track: track?.number, language: track?.language,
                                   matchesBefore: partOf?.matchesBefore ?? 0, totalMatches: partOf?.totalMatches) {
            switch format {
            case .jsonLines: JSONLinesWriter.append(record, to: &buffer)
            case .csv: CSVWriter.append(record, to: &buffer, guardingFormulas: options.safeCSV)
            case .edl, .cmx3600, .srt, .vtt: break
            }
            if buffer.count >= DescriptorWriter.flushThreshold { flush(&buffer) }
        }
    }

    private func printMatchedText(
        _ file: String, _ transcript: Transcript, _ index: MatchIndex, into buffer: inout [UInt8],
        flush: (inout [UInt8]) -> Void
    ) {
        let printer = ResultPrinter(color: color, fileName: showFileNames ? file : nil)
        for position in 1..<index.count + 1 {
            buffer.append(contentsOf: printer.onlyMatching(at: position, of: transcript, index: index).utf8)
            if buffer.count >= DescriptorWriter.flushThreshold { flush(&buffer) }
        }
    }

    /// One block per selected cue (matching cues, or with `-v` the cues without a match), with the
    /// `-A`/`-B`/`-C` cues around them dimmed; returns whether a group was printed.
    private func printBlocks(
        _ file: String, _ transcript: Transcript, _ index: MatchIndex, selectedCues: some Sequence<Int>,
        groupPrinted: Bool, into buffer: inout [UInt8], flush: (inout [UInt8]) -> Void
    ) -> Bool {
        var selected = selectedCues.makeIterator()
        var nextSelected = selected.next()
        guard nextSelected != nil else { return false }
        let printer = ResultPrinter(color: color, fileName: showFileNames ? file : nil)
        let separator = showsContext ? Array(separator.utf8) : []
        var printed = groupPrinted
        for group in CueGroups(selectedCues, before: options.contextBefore, after: options.contextAfter,
                               cueCount: transcript.count) {
            if printed { buffer.append(contentsOf: separator) }
            printed = true
            for cue in group {
                while let next = nextSelected, next < cue { nextSelected = selected.next() }
                if color {
                    buffer.append(contentsOf: printer.block(cue: cue, of: transcript, index: index,
                                                            isContext: nextSelected != cue).utf8)
                } else {
                    printer.appendBlock(cue: cue, of: transcript, index: index, isContext: nextSelected != cue,
                                        to: &buffer, flush: flush)
                }
                if buffer.count >= DescriptorWriter.flushThreshold { flush(&buffer) }
            }
        }
        return true
    }
}
