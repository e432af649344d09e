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
    /// Writes each file's blocks, lines or records (also ahead of time, on the workers).
    let renderer: OutcomeRenderer
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
        renderer = OutcomeRenderer(options: options, output: output, color: color, showFileNames: showFileNames)
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
            if !silent { write(outcome) }
        case .success(.searched(let loaded, let index)):
            warn(loaded.warnings)
            add(outcome, loaded.transcript, index)
        case .success(.printed(var bytes, let matches, let warnings)):
            warn(warnings)
            addSelected(matches, of: outcome.file)
            if !silent && !bytes.isEmpty {
                printedGroup = true
                sink.write(taking: &bytes)
            }
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
        let selected = options.invert ? renderer.invertedCues(transcript, index).reduce(0) { count, _ in count + 1 }
            : options.maxCount == 0 ? 0 : index.count
        addSelected(selected, of: outcome.file)
        if silent { return }
        if case .export(let export) = output, export.isSupercut, !options.invert {
            addClips(outcome, transcript, index, for: export)
        } else {
            write(outcome)
        }
    }

    /// Writes a file's blocks, lines or records: rendered ahead by a worker, or here.
    private mutating func write(_ outcome: Outcome) {
        if var rendered = outcome.rendered {
            if rendered.startsWithGroup {
                if renderer.showsContext && printedGroup { sink.write(renderer.separator) }
                printedGroup = true
            }
            sink.write(taking: &rendered.bytes)
            return
        }
        let sink = self.sink
        var bytes: [UInt8] = []
        if renderer.render(outcome, groupPrinted: printedGroup, into: &bytes, flush: { sink.write(taking: &$0) }) == true {
            printedGroup = true
        }
        sink.write(taking: &bytes)
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
}
