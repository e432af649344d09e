import SeekKit

/// Writes each file's outcome in the chosen form (human, count, JSON Lines, CSV, cue listing)
/// and keeps the overall exit status.
struct Report {
    let options: CommandLineOptions
    let sink: DescriptorWriter
    let streams: StandardStreams
    let color: Bool
    let showFileNames: Bool
    private(set) var status = ExitStatus.notFound
    private var failed = false
    private var matched = false
    private var printedGroup = false
    private var buffer: [UInt8] = []

    init(options: CommandLineOptions, sink: DescriptorWriter, streams: StandardStreams, color: Bool,
         showFileNames: Bool) {
        self.options = options
        self.sink = sink
        self.streams = streams
        self.color = color
        self.showFileNames = showFileNames
    }

    /// Whether anything goes to the output at all (`-q` without `-o` prints nothing).
    private var silent: Bool { options.quiet && options.output == nil }

    mutating func begin() {
        if options.export == .csv && !options.listCues && !silent {
            CSVWriter.appendHeader(to: &buffer)
            sink.write(taking: &buffer)
        }
    }

    mutating func add(_ outcome: Outcome) {
        if let failure = outcome.failure {
            sink.flush()
            streams.writeError("seek: \(failure)\n")
            failed = true
            updateStatus()
            return
        }
        guard let loaded = outcome.loaded else { return }
        if !options.quiet && !loaded.warnings.isEmpty {
            sink.flush()
            for warning in loaded.warnings { streams.writeError("seek: \(warning)\n") }
        }
        let transcript = loaded.transcript
        if options.listCues {
            matched = matched || !transcript.isEmpty
        } else {
            matched = matched || outcome.matchCount > 0
        }
        updateStatus()
        if silent { return }
        if options.listCues {
            listCues(outcome.file, transcript)
        } else if options.count {
            sink.write(showFileNames
                ? "\(Sanitizer.sanitize(outcome.file)):\(outcome.matchCount)\n" : "\(outcome.matchCount)\n")
        } else if let export = options.export {
            exportMatches(outcome.file, transcript, outcome.index, as: export)
        } else if options.onlyMatching {
            printMatchedText(outcome.file, transcript, outcome.index)
        } else {
            printBlocks(outcome.file, transcript, outcome.index)
        }
    }

    private mutating func updateStatus() {
        status = failed ? .error : matched ? .found : .notFound
    }

    private mutating func listCues(_ file: String, _ transcript: Transcript) {
        let printer = ResultPrinter(color: color, fileName: showFileNames ? file : nil)
        for cue in transcript.indices {
            if options.export == .jsonLines {
                JSONLinesWriter.appendCue(cue, of: transcript, file: file, to: &buffer)
            } else {
                buffer.append(contentsOf: printer.cueListing(cue: cue, of: transcript).utf8)
            }
            if buffer.count >= DescriptorWriter.flushThreshold { sink.write(taking: &buffer) }
        }
        sink.write(taking: &buffer)
    }

    private mutating func exportMatches(
        _ file: String, _ transcript: Transcript, _ index: MatchIndex, as format: CommandLineOptions.ExportFormat
    ) {
        for record in MatchRecords(file: file, transcript: transcript, index: index) {
            switch format {
            case .jsonLines: JSONLinesWriter.append(record, to: &buffer)
            case .csv: CSVWriter.append(record, to: &buffer)
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

    private mutating func printBlocks(_ file: String, _ transcript: Transcript, _ index: MatchIndex) {
        guard !index.isEmpty else { return }
        let printer = ResultPrinter(color: color, fileName: showFileNames ? file : nil)
        var matchingCues: [Int] = []
        for cue in index.matchCues where matchingCues.last != Int(cue) { matchingCues.append(Int(cue)) }
        let separator = Highlighter.ansi(
            [Segment(text: ResultPrinter.groupSeparator, style: Palette.context, source: 0..<0)], color: color) + "\n"
        for group in ResultPrinter.groups(matchingCues: matchingCues, context: options.context,
                                          cueCount: transcript.count) {
            if options.context > 0 && printedGroup { sink.write(separator) }
            printedGroup = true
            for cue in group {
                let isContext = index.positions(inCue: cue).isEmpty
                sink.write(printer.block(cue: cue, of: transcript, index: index, isContext: isContext))
            }
        }
    }
}
