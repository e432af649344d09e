import SeekBytes
import SeekKit
import SeekViewer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SeekCommand {
    /// Whether the command-line word `name` names an existing file or directory (by its real bytes
    /// when it is not UTF-8): `seek -i A B` takes A as a file, not the keyword, when A, B and every
    /// other word name one.
    func pathExists(_ name: String) -> Bool {
        let path = undecodableArguments.first { $0.decoded == name }.map { SystemPath(bytes: $0.bytes) } ?? SystemPath(name)
        var info = stat()
        return path.withCString { stat($0, &info) } == 0
    }

    /// `seek -i`: one transcript read before the first frame, or a library (several files, or a
    /// directory) whose files are read in the background while the navigator already runs.
    func runInteractive(
        _ options: CommandLineOptions, inputs: consuming [InputFile], isLibrary: Bool, explicitMedia: SystemPath?
    ) -> ExitStatus {
        if environment.term == "dumb" {
            streams.writeError("seek: -i needs a terminal that can move the cursor, and TERM=dumb says this one cannot"
                + " (without -i, seek prints the matching cues)\n")
            return .error
        }
        guard !inputs.isEmpty else {
            streams.writeError("seek: -i needs at least one FILE (none found)\n\(UsageError.hint)\n")
            return .error
        }
        // The navigator's indexes grow and are replaced query after query: blocks of a mebibyte
        // or more go back to the system when freed, never kept in the heap beside the next.
        LargeAllocations.mapFrom(bytes: 1 << 20)
        let load = LoadOptions(format: options.format, encoding: options.encoding, frameRate: options.fps,
                               language: options.language)
        let video = VideoSettings(options: options, environment: VideoSettings.environment())
        let standardInput = streams.input
        let read: @Sendable (InputFile) -> Outcome = { input in
            if let path = input.path, input.problem == nil, VideoSubtitles.isVideo(path.shown) {
                return Self.work(.loadCues, onVideo: path, video: video, load: load)[0]
            }
            return Outcome(file: input.displayName, path: input.path, result: Result { () throws(Diagnostic) in
                try Self.work(.loadCues, on: input, load: load, standardInput: standardInput)
            })
        }
        var warnings: [String] = []
        var first: (content: LibraryFile.Content, track: SubtitleTrack?)?
        if !isLibrary {
            let outcome = read(inputs[0])
            switch outcome.result {
            case .success(.cues(let loaded)):
                first = (.loaded(loaded.transcript), outcome.track)
                if !options.quiet { warnings = loaded.warnings.map { "\($0)" } }
            case .success(.counted), .success(.searched), .success(.printed):
                preconditionFailure("cues were asked for")
            case .failure(let failure):
                streams.writeError("seek: \(failure)\n")
                return .error
            }
        }
        let track = first?.track
        // Kept for the whole session: packed, and the collected inputs let go.
        let library = LibraryInputs(consume inputs)
        var files = library.indices.map { LibraryFile(name: library.displayName(of: $0)) }
        if let first { files[0].content = first.content }
        var session = InteractiveSession(
            library: library, isLibrary: isLibrary,
            load: { file in
                let outcome = read(library[file])
                switch outcome.result {
                // Kept for the whole session beside every other file's: without the parser's spare room.
                case .success(.cues(let loaded)): return .loaded(loaded.transcript.compacted())
                case .success(.counted), .success(.searched), .success(.printed): preconditionFailure("cues were asked for")
                case .failure(let failure): return .failed("\(failure)")
                }
            },
            keywords: options.keywords, caseSensitive: options.caseSensitive, wholeWords: options.wholeWords,
            ignoresAccents: options.ignoreAccents, scope: options.scope,
            writeJSONLines: { file, transcript, index, writer, progress, isCancelled in
                var bytes: [UInt8] = []
                var records = 0
                // A library's files are read in the background without their tracks: only one file has one.
                let track = isLibrary ? nil : track
                for record in MatchRecords(file: library.displayName(of: file), transcript: transcript, index: index,
                                           track: track?.number, language: track?.language) {
                    JSONLinesWriter.append(record, to: &bytes)
                    records += 1
                    if bytes.count >= DescriptorWriter.flushThreshold {
                        writer.write(taking: &bytes)
                        progress(records)
                        records = 0
                        if isCancelled() { return }
                    }
                }
                writer.write(taking: &bytes)
                progress(records)
            })
        session.warnings = warnings
        if !isLibrary { session.media = MediaLookup.media(forTranscript: library.path(of: 0), explicit: explicitMedia) }
        session.pad = options.pad
        session.player = PlayerCommand.choose(
            option: options.player, environment: getenv("SEEK_PLAYER").map { String(cString: $0) },
            isInstalled: SupercutPlayback.isInstalled)
        session.colors = switch options.color {
        case .always: true
        case .never: false
        case .auto: (environment.noColor ?? "").isEmpty
        }
        return ExitStatus(rawValue: InteractiveCommand.run(session, files: consume files)) ?? .error
    }
}
