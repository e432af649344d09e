import SeekBytes
import Foundation
import SeekKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `seek` command: arguments, environment and streams in, exit status out.
///
/// Files are loaded and searched in parallel, a window of them at a time, and
/// printed in the order given, so output is stable and memory stays bounded.
struct SeekCommand {
    var arguments: [String]
    var environment: ProcessEnvironment
    var streams: StandardStreams
    /// The arguments that are not valid UTF-8, with their real bytes (`SystemPath.undecodableArguments()`).
    var undecodableArguments: [(decoded: String, bytes: [UInt8])] = []

    func run() -> ExitStatus {
        var options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments, pathExists: pathExists)
            try validateEncoding(options.encoding)
        } catch {
            streams.writeError("seek: \(error.message)\n\(UsageError.hint)\n")
            return .error
        }
        let invocation = Invocation(options)
        switch invocation {
        case .help:
            write(HelpText.help + "\n")
            return .found
        case .version:
            write(HelpText.version + "\n")
            return .found
        case .interactive, .report:
            break
        }

        var fileArguments = options.files
        if fileArguments.isEmpty {
            if streams.inputIsTerminal {
                streams.writeError("seek: no FILE given (and standard input is a terminal)\n\(UsageError.hint)\n")
                return .error
            }
            fileArguments = ["-"]
        }
        let (inputs, expandedDirectory) = InputFile.collect(
            fileArguments, recursive: options.recursive, undecodable: undecodableArguments,
            filter: FileNameFilter(include: options.include, exclude: options.exclude))
        var explicitMedia: SystemPath?
        if let media = options.media {
            guard inputs.count == 1, inputs.first?.source != .standardInput else {
                streams.writeError("seek: --media names the media of one FILE (\(inputs.count) given)\n\(UsageError.hint)\n")
                return .error
            }
            let path = undecodableArguments.first { $0.decoded == media }.map { SystemPath(bytes: $0.bytes) }
                ?? SystemPath(media)
            if let problem = MediaLookup.check(path) {
                streams.writeError("seek: \(problem)\n")
                return .error
            }
            explicitMedia = path
        }
        guard case .report(let output, let silent) = invocation else {
            let isLibrary = inputs.count > 1 || expandedDirectory
            return runInteractive(options, inputs: consume inputs, isLibrary: isLibrary, explicitMedia: explicitMedia)
        }

        var playback: (player: PlayerCommand, directory: PrivateDirectory)?
        if options.play {
            switch SupercutPlayback.player(option: options.player) {
            case .failure(let error):
                streams.writeError("seek: \(error.message)\n")
                return .error
            case .success(let player):
                guard let directory = PrivateDirectory.make() else {
                    streams.writeError("seek: --play found no temporary folder to write the supercut in\n")
                    return .error
                }
                playback = (player, directory)
                options.export = .edl
                options.output = String(decoding: directory.file(SupercutPlayback.edlName), as: UTF8.self)
            }
        }
        defer { playback?.directory.remove([SupercutPlayback.edlName, SupercutPlayback.subtitlesName]) }

        var outputFile: AtomicOutputFile?
        if let argument = options.output {
            let path = SystemPath(argument: argument, undecodable: undecodableArguments)
            if let target = FileIdentity(path: path),
               inputs.contains(where: { $0.identity(standardInput: streams.input) == target }) {
                streams.writeError("seek: refusing to write \(path.shown): it is one of the input files\n")
                return .error
            }
            do {
                outputFile = try AtomicOutputFile(path: path)
            } catch {
                streams.writeError("seek: \(error.message)\n")
                return .error
            }
        }
        let sink = outputFile?.writer ?? DescriptorWriter(descriptor: streams.output)
        // An export is byte-exact in a file or a pipe; on a terminal it shows control codes as the human output does.
        sink.showsControlCodes = options.export != nil && isatty(sink.descriptor) == 1
        let color: Bool = switch options.color {
        case .always: true
        case .never: false
        case .auto: outputFile == nil && streams.outputIsTerminal
            && (environment.noColor ?? "").isEmpty && environment.term != "dumb"
        }
        let showFileNames: Bool = switch options.fileNames {
        case .always: true
        case .never: false
        case .auto: inputs.count > 1 || expandedDirectory || options.allTracks
        }
        var report = Report(
            options: options, output: output, silent: silent, sink: sink, streams: streams, color: color,
            showFileNames: showFileNames, media: { MediaLookup.media(forTranscript: $0, explicit: explicitMedia) })
        report.begin()
        let work = FileWork(output, silent: silent, options: options)
        // A file shown block by block, match by match or record by record may be too large a
        // result to keep: it is searched on this thread, its blocks printed a window of text at a time.
        let handsOnParts = !silent && output.showsOnlyMatchingCues
        // Many files are done ahead, as many as a count keeps of them (nothing) or full results
        // hold within `resultBudget` bytes, so the workers rarely wait for the printing thread.
        let processors = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        // Blocks without colour or context, and JSON Lines and CSV records, are written straight
        // from a plain SRT or untimed text file's bytes.
        var printing: BlockPrinting? = switch output {
        case .blocks where !color: BlockPrinting(showFileNames: showFileNames)
        case .export(.jsonLines): BlockPrinting(showFileNames: showFileNames, records: .jsonLines)
        case .export(.csv): BlockPrinting(showFileNames: showFileNames, records: .csv(guardingFormulas: options.safeCSV))
        default: nil
        }
        if case .searchMatching = work, !silent {} else { printing = nil }
        // With several files, each file's output is rendered by the worker that searched it.
        search(inputs, options: options, work: work, width: processors, window: 1024,
               renderer: inputs.count > 1 && !silent ? report.renderer : nil, handsOnParts: handsOnParts,
               printing: printing,
               flushOutput: { sink.flush() }) { report.add($0) }
        report.finish()

        if let outputFile {
            do {
                try outputFile.commit()
            } catch {
                streams.writeError("seek: \(error.message)\n")
                return .error
            }
        } else {
            sink.flush()
            if let failure = sink.failure, failure != EPIPE {
                streams.writeError("seek: cannot write to standard output: \(String(cString: strerror(failure)))\n")
                return .error
            }
        }
        if let playback {
            guard !report.supercut.clips.isEmpty else {
                if report.status != .error { streams.writeError("seek: nothing to play: no timed matches\n") }
                return report.status == .error ? .error : .notFound
            }
            let status = SupercutPlayback.play(report.supercut, in: playback.directory, player: playback.player,
                                               streams: streams)
            if status != 0 {
                streams.writeError("seek: \(playback.player.program) ended with status \(status)\n")
                return .error
            }
        }
        return report.status
    }

    private func write(_ text: String) {
        let writer = DescriptorWriter(descriptor: streams.output)
        writer.write(text)
        writer.flush()
    }

    private func validateEncoding(_ name: String?) throws(UsageError) {
        guard let name else { return }
        if TextEncoding(name: name) == nil { throw UsageError("unknown encoding '\(name)' for --encoding") }
    }

    /// Loads and searches `inputs` on `width` threads (each outcome rendered there by `renderer`,
    /// when given); `deliver` gets the outcomes in the same order. With `handsOnParts`, an input's
    /// matching cues too many to keep come to `deliver` a window of text at a time, each part an
    /// outcome of its own (`DecodedFile.searchMatching(query:handingOnLargeResults:)`), then its
    /// count: the one input's, or among several each large file's (`InputFile.mayHoldLargeResult`),
    /// searched on this thread when its turn to be delivered comes, while the workers go on with
    /// the files after it. With `printing`, the blocks of a file printed straight from its bytes
    /// come as outcomes of their own too, as they are written, when the file is searched on this thread.
    private func search(
        _ inputs: [InputFile], options: CommandLineOptions, work: FileWork, width: Int, window: Int,
        renderer: OutcomeRenderer?, handsOnParts: Bool = false, printing: BlockPrinting? = nil,
        flushOutput: () -> Void, deliver: (Outcome) -> Void
    ) {
        let loadOptions = LoadOptions(format: options.format, encoding: options.encoding,
                                      frameRate: options.fps, language: options.language)
        let standardInput = streams.input
        // Standard input is read here, once per '-', so two workers never share the descriptor.
        var preread: [Int: Result<ReadBuffer, Diagnostic>] = [:]
        for (i, input) in inputs.enumerated() where input.source == .standardInput && input.problem == nil {
            preread[i] = Result { () throws(Diagnostic) in
                try input.readWhole(from: standardInput, sniffing: loadOptions.encoding == nil)
            }
        }
        let bytes = preread
        let video = VideoSettings(options: options, environment: VideoSettings.environment())
        let isVideo = inputs.map { input in
            input.path.map { input.problem == nil && VideoSubtitles.isVideo($0.shown) } ?? false
        }
        /// Input `i` searched here, its matching cues handed to `deliver` in parts when too many to keep.
        func searchHandingOnParts(_ i: Int) {
            let input = inputs[i]
            withoutActuallyEscaping(deliver) { deliver in
                var matchesBefore = 0
                let part = { (loaded: LoadedTranscript, index: MatchIndex, totalMatches: Int) in
                    var outcome = Outcome(file: input.displayName, path: input.path, result: .success(.searched(loaded, index)))
                    outcome.partOf = (matchesBefore, totalMatches)
                    matchesBefore += index.count
                    deliver(outcome)
                }
                var handingOn = printing
                handingOn?.handOn = { warnings, printed in
                    var taken: [UInt8] = []
                    swap(&taken, &printed)
                    deliver(Outcome(file: input.displayName, path: input.path,
                                    result: .success(.printed(bytes: taken, matches: 0, warnings: warnings))))
                }
                deliver(Outcome(file: input.displayName, path: input.path, result: Result { () throws(Diagnostic) in
                    try Self.work(work, on: input, bytes: bytes[i], load: loadOptions, standardInput: standardInput,
                                  handingOn: part, printing: handingOn)
                }))
            }
        }
        if handsOnParts, inputs.count == 1, !isVideo[0] {
            searchHandingOnParts(0)
            return
        }
        // Several videos show which one is being read, on a terminal only.
        let progress = options.quiet ? nil
            : ExtractionProgress.make(videos: isVideo.lazy.filter { $0 }.count, descriptor: streams.error)
        // A worker keeps the blocks it prints in its outcome.
        let printedNames = printing?.showFileNames
        let printedRecords = printing?.records
        orderedParallelMap(count: inputs.count, width: width, window: window, budget: Self.resultBudget,
                           weight: { $0.outcomes?.reduce(0) { $0 + $1.heldBytes } ?? 0 }, work: { i in
            let input = inputs[i]
            var outcomes: [Outcome]
            if handsOnParts && !isVideo[i] && input.mayHoldLargeResult {
                return Worked(input: i, outcomes: nil)
            } else if isVideo[i], let path = input.path {
                progress?.starting(path.shown)
                outcomes = Self.work(work, onVideo: path, video: video, load: loadOptions)
            } else {
                outcomes = [Outcome(file: input.displayName, path: input.path, result: Result { () throws(Diagnostic) in
                    try Self.work(work, on: input, bytes: bytes[i], load: loadOptions, standardInput: standardInput,
                                  printing: printedNames.map { BlockPrinting(showFileNames: $0, records: printedRecords) })
                })]
            }
            if let renderer {
                for j in outcomes.indices { outcomes[j].rendered = renderer.renderAhead(outcomes[j]) }
            }
            return Worked(input: i, outcomes: outcomes)
        }, deliver: { worked in
            func deliverWorked() {
                guard let outcomes = worked.outcomes else { return searchHandingOnParts(worked.input) }
                outcomes.forEach(deliver)
            }
            guard let progress else { return deliverWorked() }
            // Output and messages go below a cleared line, never after its text.
            progress.aside {
                deliverWorked()
                flushOutput()
            }
        })
        progress?.finish()
    }

    /// About how many bytes of files' results done ahead of printing are held at most, beyond
    /// those being worked on and the next to print (`Outcome.heldBytes`).
    static let resultBudget = 16 << 20

    /// What `work` asks of the chosen subtitle tracks of a video file, each a transcript of its own.
    static func work(_ work: FileWork, onVideo path: SystemPath, video: VideoSettings, load: LoadOptions) -> [Outcome] {
        let extraction: VideoSubtitles.Extraction
        do {
            extraction = try VideoSubtitles.extract(path, selection: video.selection, cache: video.cache,
                                                    timeoutBase: video.timeoutBase)
        } catch {
            return [Outcome(file: path.shown, result: .failure(error))]
        }
        guard !extraction.tracks.isEmpty else {
            let none = LoadedTranscript(transcript: Transcript(), format: .srt, encoding: "UTF-8",
                                        warnings: extraction.warnings)
            return [Outcome(file: path.shown, result: .success(Self.found(work, in: none)))]
        }
        var outcomes: [Outcome] = []
        for (i, track) in extraction.tracks.enumerated() {
            let name = video.name(of: track.track, in: path.shown)
            var trackLoad = load
            trackLoad.format = track.format.subtitleFormat
            trackLoad.encoding = nil
            outcomes.append(Outcome(file: name, track: track.track, result: Result { () throws(Diagnostic) in
                var loaded = try TranscriptLoader.load(track.text, fileName: name, options: trackLoad)
                if i == 0 { loaded.warnings = extraction.warnings + loaded.warnings }
                return Self.found(work, in: loaded)
            }))
        }
        return outcomes
    }

    /// What `work` asks of one file (read from `preread` when given), or why the file could not be read;
    /// with `parts`, matching cues too many to keep are handed to it instead, with the file's number
    /// of matches (see `work(_:decoding:…)`). With `printing`, the blocks of a file searched where it
    /// lies are printed straight from its bytes where they can be (`TranscriptLoader.printMatching`).
    static func work(
        _ work: FileWork, on input: InputFile, bytes preread: Result<ReadBuffer, Diagnostic>? = nil, load: LoadOptions,
        standardInput: Int32, handingOn parts: ((LoadedTranscript, MatchIndex, Int) -> Void)? = nil,
        printing: BlockPrinting? = nil
    ) throws(Diagnostic) -> Outcome.Found {
        if let problem = input.problem { throw problem }
        let name = input.displayName
        // -l, -L and -q stop at the first match, -m after its cues, whether the file was read or mapped.
        // Once loaded, a mapped file's pages are let go before its matches are indexed; searching
        // for matching cues lets them go (`releasing`) as it passes them.
        // The warnings of decoding a text searched where it lies (`searchDecoded`), which come first.
        var decodingWarnings: [Diagnostic] = []
        func searchInPlace(_ bytes: ByteView, _ checked: InPlaceCheck, _ releasePages: () -> Void,
                           _ releasing: ((Range<Int>) -> Void)?) throws(Diagnostic) -> Outcome.Found {
            switch work {
            case .count(let query, let enough):
                return .counted(try TranscriptLoader.countMatches(
                    inPlace: bytes, fileName: name, options: load, query: query, enough: enough, checked: checked))
            case .searchPart(let query, let cues):
                let loaded = try TranscriptLoader.load(inPlace: bytes, fileName: name, options: load,
                                                       untilMatchingCues: cues, of: query, checked: checked)
                releasePages()
                return .searched(loaded, MatchIndex(transcript: loaded.transcript, query: query).limited(toCues: cues))
            case .searchMatching(let query):
                if let printing {
                    let writing: MatchWriting = switch printing.records {
                    case .jsonLines: .jsonLines(file: name)
                    case .csv(let guardingFormulas): .csv(file: name, guardingFormulas: guardingFormulas)
                    case nil: .blocks(ResultPrinter(color: false, fileName: printing.showFileNames ? name : nil))
                    }
                    let handOn = printing.handOn
                    var printed: [UInt8] = []
                    var none: [UInt8] = []
                    let done = try TranscriptLoader.printMatching(
                        inPlace: bytes, fileName: name, options: load, query: query, writing: writing, checked: checked,
                        releasing: releasing, starting: { handOn?(decodingWarnings + $0, &none) }, to: &printed,
                        flush: { handOn?([], &$0) })
                    releasePages()
                    switch done {
                    case .printed(let counted):
                        return .printed(bytes: printed, matches: counted.matches,
                                        warnings: handOn == nil ? decodingWarnings + counted.warnings : [])
                    case .searched(let loaded, let index):
                        return .searched(loaded, index)
                    case .notPlainUTF8:
                        // Only a mapped file is handed over with its start checked (`.start`): its
                        // pages are read again as it is decoded.
                        return try searchDecoded(bytes, pages: .readAgain) { bytes.releaseMappedPages($0) }
                    }
                }
                let (loaded, index) = try TranscriptLoader.searchMatching(
                    inPlace: bytes, fileName: name, options: load, query: query, checked: checked, releasing: releasing)
                releasePages()
                return .searched(loaded, index)
            case .loadCues, .search:
                preconditionFailure("only counts, -m and matching cues work where the bytes lie")
            }
        }
        // An SRT or WebVTT file with CR LF line breaks is searched as its bytes without the carriage returns
        // (`TranscriptLoader.lineFeedBytes(ofCRLF:…)`: it reads exactly as they do).
        // A UTF-8 file that starts with a byte order mark is searched as its bytes after the mark
        // (`TranscriptLoader.textAfterByteOrderMark`: they read exactly as the file does), and
        // decoded whole (its pages let go from the map's start) when it is not searched in place.
        func searchRead(_ read: [UInt8]) throws(Diagnostic) -> Outcome.Found {
            var bytes = read
            if work.worksInPlace,
               let start = read.withByteView({ TranscriptLoader.textAfterByteOrderMark($0, options: load) }) {
                bytes = Array(read[start...])
            }
            if work.worksInPlace, let lines = bytes.withByteView({
                TranscriptLoader.lineFeedBytes(ofCRLF: $0, fileName: name, options: load)
            }) {
                bytes = lines
            }
            // Plain UTF-8 is searched where it lies, judged in one pass (its format detected there once);
            // a text decoded whole where it may be (`searchDecodedText`); anything else is decoded as it is read.
            let isPlain = work.worksInPlace && bytes.withByteView { TranscriptLoader.readsInPlace($0, options: load) }
            if work.worksInPlace && !isPlain, let found = try bytes.withByteView({ (view) throws(Diagnostic) in
                try searchDecodedText(view, pages: .lost) { _ in }
            }) {
                return found
            }
            switch work {
            case .searchPart, .searchMatching, .count(_, enough: ..<Int.max):
                return try bytes.withByteView { (view) throws(Diagnostic) in
                    try searchInPlace(view, isPlain ? .plainUTF8 : .unchecked, {}, nil)
                }
            case .count(let query, _):
                if isPlain {
                    return try bytes.withByteView { (view) throws(Diagnostic) in try searchInPlace(view, .plainUTF8, {}, nil) }
                }
                return .counted(try TranscriptLoader.countMatches(bytes, fileName: name, options: load, query: query))
            case .loadCues, .search:
                return Self.found(work, in: try TranscriptLoader.load(bytes, fileName: name, options: load))
            }
        }
        // A file not read as it lies (a legacy encoding, UTF-16, invalid UTF-8 replaced) whose text is
        // not much larger is decoded whole and searched where its text lies, as a UTF-8 file read
        // whole, its decoding's warnings first (`TranscriptLoader.decodedText`: it reads as the file
        // does); `nil` for any other file.
        func searchDecodedText(
            _ bytes: ByteView, pages: ReleasedPages, releasing: (Range<Int>) -> Void
        ) throws(Diagnostic) -> Outcome.Found? {
            guard work.worksInPlace, let text = TranscriptLoader.decodedText(
                bytes, fileName: name, options: load, pages: pages, releasing: releasing) else { return nil }
            let before = decodingWarnings
            decodingWarnings = text.warnings
            defer { decodingWarnings = before }
            let found = try searchRead(text.utf8)
            switch found {
            case .counted(var counted):
                counted.warnings = text.warnings + counted.warnings
                counted.encoding = text.encoding.name
                return .counted(counted)
            case .cues(var loaded):
                loaded.warnings = text.warnings + loaded.warnings
                loaded.encoding = text.encoding.name
                return .cues(loaded)
            case .searched(var loaded, let index):
                loaded.warnings = text.warnings + loaded.warnings
                loaded.encoding = text.encoding.name
                return .searched(loaded, index)
            case .printed:
                // (Its warnings were given after the decoding's: `decodingWarnings`.)
                return found
            }
        }
        // A file that is not searched where it lies: its text where it may be (`searchDecodedText`),
        // else decoded as it is read (`DecodedFile`).
        func searchDecoded(
            _ bytes: ByteView, pages: ReleasedPages, releasing: (Range<Int>) -> Void
        ) throws(Diagnostic) -> Outcome.Found {
            if let found = try searchDecodedText(bytes, pages: pages, releasing: releasing) { return found }
            return try Self.work(work, decoding: bytes, pages: pages, fileName: name, load: load, handingOn: parts)
        }
        // Standard input, a pipe or a device, read whole, is searched where it lies or decoded from
        // there a piece at a time as it goes, as a mapped file is.
        let searchStreamed = { (buffer: ReadBuffer) throws(Diagnostic) -> Outcome.Found in
            try buffer.withByteView { (whole) throws(Diagnostic) in
                var bytes = whole
                if work.worksInPlace, let start = TranscriptLoader.textAfterByteOrderMark(whole, options: load) {
                    bytes = whole.extracting(start...)
                }
                guard work.worksInPlace, TranscriptLoader.searchesInPlace(bytes, fileName: name, options: load) else {
                    return try searchDecoded(whole, pages: .lost) { whole.releasePages(before: $0.upperBound) }
                }
                return try searchInPlace(bytes, .plainUTF8, { whole.releasePages(before: whole.count) }, nil)
            }
        }
        if let preread { return try searchStreamed(preread.get()) }
        // A large file is mapped: counting, -m and a search that shows only matching cues search
        // it where it lies (so the pages after where -m stops are never read); anything else, and
        // a file to decode, is decoded or copied from the map as its pages go (`DecodedFile`).
        return try input.withContents(
            from: standardInput, mappingFrom: InputFile.mappingSize, sniffing: load.encoding == nil,
            mapped: { whole, releasePages throws(Diagnostic) in
                // -l, -L and -q answered from a large file's ASCII start (after a byte order mark), without
                // checking the rest.
                let markEnd = TranscriptLoader.textAfterByteOrderMark(whole, options: load, checkingText: false) ?? 0
                if case .count(let query, let enough) = work, let found = TranscriptLoader.countMatchesInASCIIStart(
                    whole.extracting(markEnd...), fileName: name, options: load, query: query, enough: enough) {
                    return .counted(found)
                }
                var bytes = whole
                var releasing = { (range: Range<Int>) in whole.releaseMappedPages(range) }
                if work.worksInPlace, markEnd > 0, let start = TranscriptLoader.textAfterByteOrderMark(whole, options: load) {
                    bytes = whole.extracting(start...)
                    releasing = { whole.releaseMappedPages($0.lowerBound + start..<$0.upperBound + start) }
                }
                // A mapped SRT or WebVTT file with CR LF line breaks: copied without its carriage returns as its
                // pages go, then searched as a file read whole.
                if work.worksInPlace, let lines = TranscriptLoader.lineFeedBytes(
                    ofCRLF: bytes, fileName: name, options: load, releasing: releasing) {
                    return try searchRead(lines)
                }
                // A large file counted where it lies: only its start is checked now, each piece of
                // the rest as it is counted (not all of it first, in a pass of its own).
                if case .count(let query, let enough) = work, bytes.count >= 2 * TextPieces.pieceSize,
                   let start = TranscriptLoader.checkedStart(bytes, fileName: name, options: load, query: query,
                                                             forCounting: true) {
                    if let counted = try TranscriptLoader.countMatches(
                        inPlace: bytes, fileName: name, options: load, query: query, enough: enough,
                        checkedStart: start, releasing: releasing) {
                        return .counted(counted)
                    }
                    return try searchDecoded(whole, pages: .readAgain) { whole.releaseMappedPages($0) }
                }
                // A large file printed or exported where it lies: only its start is checked now, each
                // piece of the rest as it is searched, on all cores (not all of it first, in a pass of its own).
                if case .searchMatching(let query) = work, printing != nil, bytes.count >= 2 * TextPieces.pieceSize,
                   let start = TranscriptLoader.checkedStart(bytes, fileName: name, options: load, query: query) {
                    return try searchInPlace(bytes, .start(start), releasePages, releasing)
                }
                guard work.worksInPlace, TranscriptLoader.searchesInPlace(bytes, fileName: name, options: load) else {
                    return try searchDecoded(whole, pages: .readAgain) { whole.releaseMappedPages($0) }
                }
                return try searchInPlace(bytes, .plainUTF8, releasePages, releasing)
            }, streamed: searchStreamed, read: searchRead)
    }

    /// What `work` asks of a file that is not searched where it lies (one to decode, or ASS, TTML,
    /// JSON…), mapped or read whole (standard input): its pages go as its text is decoded or copied, and the text is searched
    /// where it lies or parsed (`DecodedFile`), so the file and its text are never held together,
    /// nor the text twice. With `parts`, matching cues that would hold more text than the file
    /// twice are handed to it a window at a time, and only their count is returned (its warnings
    /// came with the first part).
    private static func work(
        _ work: FileWork, decoding bytes: ByteView, pages: ReleasedPages, fileName name: String, load: LoadOptions,
        handingOn parts: ((LoadedTranscript, MatchIndex, Int) -> Void)? = nil
    ) throws(Diagnostic) -> Outcome.Found {
        let decoded = try DecodedFile(mapped: bytes, fileName: name, options: load, pages: pages) { range in
            switch pages {
            case .readAgain: bytes.releaseMappedPages(range)
            case .lost: bytes.releasePages(before: range.upperBound)
            }
        }
        switch work {
        case .count(let query, let enough):
            return .counted(try decoded.countMatches(query: query, enough: enough))
        case .searchPart(let query, let cues):
            let (loaded, index) = try decoded.search(untilMatchingCues: cues, of: query)
            return .searched(loaded, index.limited(toCues: cues))
        case .searchMatching(let query):
            guard let parts else {
                let (loaded, index) = try decoded.searchMatching(query: query)
                return .searched(loaded, index)
            }
            switch try decoded.searchMatching(query: query, handingOnLargeResults: parts) {
            case .searched(let loaded, let index):
                return .searched(loaded, index)
            case .handedOn(var counted):
                counted.warnings = []
                return .counted(counted)
            }
        case .loadCues, .search:
            return Self.found(work, in: try decoded.load())
        }
    }

    /// What `work` asks of a loaded transcript (a count is a search kept whole).
    private static func found(_ work: FileWork, in loaded: LoadedTranscript) -> Outcome.Found {
        switch work {
        case .loadCues:
            return .cues(loaded)
        case .count(let query, _):
            return .searched(loaded, MatchIndex(transcript: loaded.transcript, query: query))
        case .searchMatching(let query):
            return .searched(loaded, MatchIndex(transcript: loaded.transcript, query: query))
        case .search(let query, let maxCues):
            var index = MatchIndex(transcript: loaded.transcript, query: query)
            if let maxCues { index = index.limited(toCues: maxCues) }
            return .searched(loaded, index)
        case .searchPart(let query, let cues):
            return .searched(loaded, MatchIndex(transcript: loaded.transcript, query: query).limited(toCues: cues))
        }
    }
}

/// Blocks printed without colour or context, or records exported, straight from the bytes of a
/// file searched where it lies (`TranscriptLoader.printMatching`: plain SRT or untimed text), instead of from its
/// transcript.
struct BlockPrinting {
    /// Whether each block starts with the file's name.
    var showFileNames: Bool
    /// The records written instead of blocks (`--json`, `--csv`), if any.
    var records: Records?

    /// A record for each match: a JSON line, or a CSV row (formulas guarded or not: `--safe-csv`).
    enum Records: Sendable {
        case jsonLines
        case csv(guardingFormulas: Bool)
    }

    /// For a file searched on the printing thread: told of the warnings, then of the blocks each
    /// time they hold `ResultPrinter.flushThreshold` bytes (which it takes), so they are never held
    /// whole. Without it, the blocks are kept in the outcome (`Outcome.Found.printed`).
    var handOn: ((_ warnings: [Diagnostic], _ bytes: inout [UInt8]) -> Void)?
}

/// What a worker did with input `input`: its outcomes, or `nil` when it is left to be searched
/// on its turn to be delivered.
private struct Worked: Sendable {
    var input: Int
    var outcomes: [Outcome]?
}

/// What working on one file produced, or why it failed.
struct Outcome: Sendable {
    var file: String
    /// The file's path, or `nil` for standard input.
    var path: SystemPath?
    /// The video subtitle track the transcript came from, if any.
    var track: SubtitleTrack?
    var result: Result<Found, Diagnostic>
    /// The file's blocks, lines or records, when a worker rendered them ahead of printing.
    var rendered: OutcomeRenderer.Rendered?
    /// For a part of a file's matching cues handed on a window at a time: how many of the file's
    /// matches come before the part's and how many the file holds (what an export numbers by).
    var partOf: (matchesBefore: Int, totalMatches: Int)?

    /// About how many bytes the outcome holds: its transcript's text and cues, its matches and
    /// its rendered output (what waiting to be printed costs).
    var heldBytes: Int {
        var bytes = rendered?.bytes.count ?? 0
        switch result {
        case .success(.searched(let loaded, let index)):
            bytes += loaded.transcript.storage.utf8.count + 48 * loaded.transcript.count + 16 * index.count
        case .success(.cues(let loaded)):
            bytes += loaded.transcript.storage.utf8.count + 48 * loaded.transcript.count
        case .success(.printed(let printed, _, _)):
            bytes += printed.count
        case .success(.counted), .failure:
            break
        }
        return bytes
    }

    /// What a file yielded, by the work asked of it.
    enum Found: Sendable {
        /// Only the number of matches, with the format, encoding and warnings (`FileWork.count`).
        case counted(MatchCount)
        /// The cues as read, not searched (`FileWork.loadCues`).
        case cues(LoadedTranscript)
        /// The cues and their matches (`FileWork.search`).
        case searched(LoadedTranscript, MatchIndex)
        /// Blocks printed straight from the file's bytes (`BlockPrinting`): the bytes, how many
        /// matches they show and the warnings, which come before them.
        case printed(bytes: [UInt8], matches: Int, warnings: [Diagnostic])
    }
}
