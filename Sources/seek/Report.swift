import SeekKit

/// Writes each file's outcome in the chosen form (human, count, JSON Lines, CSV, cue listing)
/// and keeps the overall exit status.
struct Report {
    let options: CommandLineOptions
    let output: Invocation.Output
    /// Nothing is written, only the exit status kept (`-q` without `--output`).
    let silent: Bool
    let sink: DescriptorWriter
    let streams: StandardStreams
    let color: Bool
    let showFileNames: Bool
    private(set) var status = ExitStatus.notFound
    private var failed = false
    private var matched = false
    private var printedGroup = false
    private var buffer: [UInt8] = []
    /// The media of a transcript (by its path), for the edit lists.
    private let media: (SystemPath?) -> MediaPath?
    /// The clips of a supercut export, written by `finish()` once every file is in.
    private(set) var supercut: Supercut

    init(options: CommandLineOptions, output: Invocation.Output, silent: Bool, sink: DescriptorWriter,
         streams: StandardStreams, color: Bool, showFileNames: Bool,
         media: @escaping (SystemPath?) -> MediaPath? = { _ in nil }) {
        self.options = options
        self.output = output
        self.silent = silent
        self.sink = sink
        self.streams = streams
        self.color = color
        self.showFileNames = showFileNames
        self.media = media
        supercut = Supercut(pad: options.pad)
    }

    mutating func begin() {
        if output == .export(.csv) && !silent {
            CSVWriter.appendHeader(to: &buffer)
            sink.write(taking: &buffer)
        }
    }

    mutating func add(_ outcome: Outcome) {
        switch outcome.result {
        case .failure(let failure):
            sink.flush()
            streams.writeError("seek: \(failure)\n")
            failed = true
            updateStatus()
        case .success(.counted(let counted)):
            warn(counted.warnings)
            addSelected(options.maxCount == 0 ? 0 : counted.matches, of: outcome.file)
        case .success(.cues(let loaded)):
            warn(loaded.warnings)
            let scope = options.scope
            if case .speakers = output {
                matched = matched || !loaded.transcript.speakers.isEmpty
            } else {
                matched = matched || loaded.transcript.indices.contains { scope.includes($0, of: loaded.transcript) }
            }
            updateStatus()
            if case .cues(let json) = output, !silent { listCues(outcome.file, loaded.transcript, json: json) }
            if case .speakers = output, !silent { listSpeakers(outcome.file, loaded.transcript) }
        case .success(.searched(let loaded, let index)):
            warn(loaded.warnings)
            add(outcome, loaded.transcript, index)
        }
    }

    private mutating func warn(_ warnings: [Diagnostic]) {
        guard !options.quiet && !warnings.isEmpty else { return }
        sink.flush()
        for warning in warnings { streams.writeError("seek: \(warning)\n") }
    }

    /// Keeps the status for `selected` cues or matches of `file`, and writes a count or a file name.
    private mutating func addSelected(_ selected: Int, of file: String) {
        if case .listFiles(let listing) = output {
            matched = matched || (listing == .withMatches) == (selected > 0)
        } else {
            matched = matched || selected > 0
        }
        updateStatus()
        guard !silent else { return }
        switch output {
        case .listFiles(let listing):
            if (listing == .withMatches) == (selected > 0) { sink.write(Sanitizer.sanitize(file) + "\n") }
        case .count:
            sink.write(showFileNames ? "\(Sanitizer.sanitize(file)):\(selected)\n" : "\(selected)\n")
        default:
            break
        }
    }

    private mutating func add(_ outcome: Outcome, _ transcript: Transcript, _ index: MatchIndex) {
        let inverted = options.invert ? invertedCues(transcript, index) : []
        addSelected(options.invert ? inverted.count : options.maxCount == 0 ? 0 : index.count, of: outcome.file)
        if silent { return }
        switch output {
        case .cues, .speakers, .listFiles, .count:
            break
        case .export(let export) where options.invert:
            if export == .jsonLines {
                for cue in inverted { JSONLinesWriter.appendCue(cue, of: transcript, file: outcome.file, to: &buffer) }
                sink.write(taking: &buffer)
            } else {
                printBlocks(outcome.file, transcript, index, selectedCues: inverted)
            }
        case .export(let export) where export.isSupercut:
            addClips(outcome, transcript, index, for: export)
        case .export(let export):
            exportMatches(outcome.file, transcript, index, track: outcome.track, as: export)
        case .onlyMatching:
            printMatchedText(outcome.file, transcript, index)
        case .blocks where options.invert:
            printBlocks(outcome.file, transcript, index, selectedCues: inverted)
        case .blocks:
            var matchingCues: [Int] = []
            for cue in index.matchCues where matchingCues.last != Int(cue) { matchingCues.append(Int(cue)) }
            printBlocks(outcome.file, transcript, index, selectedCues: matchingCues)
        }
    }

    /// `-v`: the cues in scope without a match, at most `-m` of them.
    private func invertedCues(_ transcript: Transcript, _ index: MatchIndex) -> [Int] {
        let limit = options.maxCount ?? Int.max
        var cues: [Int] = []
        var matches = index.matchCues.makeIterator()
        var nextMatch = matches.next().map(Int.init)
        for cue in transcript.indices where cues.count < limit {
            while let next = nextMatch, next < cue { nextMatch = matches.next().map(Int.init) }
            if nextMatch != cue && options.scope.includes(cue, of: transcript) { cues.append(cue) }
        }
        return cues
    }

    /// Writes what waits for every file: a supercut export.
    mutating func finish() {
        guard case .export(let export) = output, export.isSupercut, !silent else { return }
        switch export {
        case .edl:
            EDLWriter.append(supercut.clips, to: &buffer)
        case .cmx3600:
            if supercut.clips.count > CMX3600Writer.maximumEvents {
                sink.flush()
                streams.writeError("seek: a CMX 3600 list holds \(CMX3600Writer.maximumEvents) events; "
                    + "the first \(CMX3600Writer.maximumEvents) of \(supercut.clips.count) clips were written\n")
                failed = true
                updateStatus()
            }
            CMX3600Writer.append(supercut.clips, title: "seek " + options.keywords.joined(separator: " "),
                                 rate: options.fps ?? .pal, to: &buffer)
        case .srt, .vtt:
            let cues = options.retime ? supercut.retimedCues : supercut.originalCues
            SubtitleWriter.append(cues, as: export == .srt ? .srt : .webVTT, to: &buffer)
        case .jsonLines, .csv:
            break
        }
        sink.write(taking: &buffer)
    }

    /// Adds a file's matching cues to the supercut; an edit list needs the file's media.
    private mutating func addClips(_ outcome: Outcome, _ transcript: Transcript, _ index: MatchIndex,
                                   for export: CommandLineOptions.ExportFormat) {
        guard !index.isEmpty else { return }
        var found: MediaPath?
        if export == .edl || export == .cmx3600 {
            found = media(outcome.path)
            guard found != nil else {
                sink.flush()
                streams.writeError("seek: \(MediaLookup.missing(forTranscript: outcome.file))\n")
                failed = true
                updateStatus()
                return
            }
        }
        let untimed = supercut.add(file: outcome.file, transcript: transcript, index: index, media: found)
        if untimed > 0 && !options.quiet {
            sink.flush()
            streams.writeError("seek: \(outcome.file): \(untimed) matching cue\(untimed == 1 ? " has" : "s have") "
                + "no time and \(untimed == 1 ? "was" : "were") left out\n")
        }
    }

    private mutating func updateStatus() {
        status = failed ? .error : matched ? .found : .notFound
    }

    /// `NAME: N cues, M words` per speaker (`FILE:` first with several files).
    private mutating func listSpeakers(_ file: String, _ transcript: Transcript) {
        let prefix = showFileNames ? Sanitizer.sanitize(file) + ":" : ""
        for tally in transcript.speakerTallies() {
            buffer.append(contentsOf: (prefix + Sanitizer.sanitize(tally.name)
                + ": \(tally.cues) cue\(tally.cues == 1 ? "" : "s"), \(tally.words) word\(tally.words == 1 ? "" : "s")\n").utf8)
        }
        sink.write(taking: &buffer)
    }

    private mutating func listCues(_ file: String, _ transcript: Transcript, json: Bool) {
        let printer = ResultPrinter(color: color, fileName: showFileNames ? file : nil)
        let scope = options.scope
        for cue in transcript.indices where scope.includes(cue, of: transcript) {
            if json {
                JSONLinesWriter.appendCue(cue, of: transcript, file: file, to: &buffer)
            } else {
                buffer.append(contentsOf: printer.cueListing(cue: cue, of: transcript).utf8)
            }
            if buffer.count >= DescriptorWriter.flushThreshold { sink.write(taking: &buffer) }
        }
        sink.write(taking: &buffer)
    }

    private mutating func exportMatches(
        _ file: String, _ transcript: Transcript, _ index: MatchIndex, track: SubtitleTrack?,
        as format: CommandLineOptions.ExportFormat
    ) {
        for record in MatchRecords(file: file, transcript: transcript, index: index,
                                   track: track?.number, language: track?.language) {
            switch format {
            case .jsonLines: JSONLinesWriter.append(record, to: &buffer)
            case .csv: CSVWriter.append(record, to: &buffer, guardingFormulas: options.safeCSV)
            case .edl, .cmx3600, .srt, .vtt: break
            }
            if buffer.count >= DescriptorWriter.flushThreshold { sink.write(taking: &buffer) }
        }
        sink.write(taking: &buffer)
    }

    private mutating func printMatchedText(_ file: String, _ transcript: Transcript, _ index: MatchIndex) {
        let printer = ResultPrinter(color: color, fileName: showFileNames ? file : nil)
        for position in 1..<index.count + 1 {
            buffer.append(contentsOf: printer.onlyMatching(at: position, of: transcript, index: index).utf8)
            if buffer.count >= DescriptorWriter.flushThreshold { sink.write(taking: &buffer) }
        }
        sink.write(taking: &buffer)
    }

    /// One block per selected cue (matching cues, or with `-v` the cues without a match), with the
    /// `-A`/`-B`/`-C` cues around them dimmed.
    private mutating func printBlocks(
        _ file: String, _ transcript: Transcript, _ index: MatchIndex, selectedCues: [Int]
    ) {
        guard !selectedCues.isEmpty else { return }
        let printer = ResultPrinter(color: color, fileName: showFileNames ? file : nil)
        let separator = Highlighter.ansi(
            [Segment(text: ResultPrinter.groupSeparator, style: Palette.context, source: 0..<0)], color: color) + "\n"
        let withContext = options.contextBefore > 0 || options.contextAfter > 0
        var selected = selectedCues.makeIterator()
        var nextSelected = selected.next()
        for group in ResultPrinter.groups(matchingCues: selectedCues, before: options.contextBefore,
                                          after: options.contextAfter, cueCount: transcript.count) {
            if withContext && printedGroup { sink.write(separator) }
            printedGroup = true
            for cue in group {
                while let next = nextSelected, next < cue { nextSelected = selected.next() }
                sink.write(printer.block(cue: cue, of: transcript, index: index, isContext: nextSelected != cue))
            }
        }
    }
}
