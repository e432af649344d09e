import SeekKit

/// What one run of `seek` does, decided once from the parsed options.
///
/// ```swift
/// Invocation(try CommandLineOptions.parse(["-c", "budget", "talk.srt"]))  // .report(.count, silent: false)
/// ```
enum Invocation: Equatable {
    case help
    case version
    /// The full-screen navigator on one file (`-i`).
    case interactive
    /// Every file loaded and reported in one form; `silent` when nothing is written (`-q` without `--output`).
    case report(Output, silent: Bool)

    /// The form a report takes for each file.
    enum Output: Equatable {
        /// One block per matching cue (per cue without a match with `-v`), context around it.
        case blocks
        /// `-o`: only the matched text, one line a match.
        case onlyMatching
        /// `-c`: the number of matches (of selected cues with `-v` or `-m`).
        case count
        /// `-l` and `-L`: the names of the files with (or without) a selected cue.
        case listFiles(CommandLineOptions.FileListing)
        /// `--cues`: every cue as read, as text or JSON Lines.
        case cues(json: Bool)
        /// `--speakers`: each speaker with their cue and word counts.
        case speakers
        /// `--json`, `--csv` and the supercut exports (`--play` writes an EDL for the player).
        case export(CommandLineOptions.ExportFormat)

        /// Whether the output shows nothing of a file but its matches and the cues that hold
        /// them (with no context around them): blocks, `-o`, `--json` and `--csv`.
        var showsOnlyMatchingCues: Bool {
            switch self {
            case .blocks, .onlyMatching, .export(.jsonLines), .export(.csv): true
            case .count, .listFiles, .cues, .speakers, .export: false
            }
        }
    }

    init(_ options: CommandLineOptions) {
        if options.help {
            self = .help
        } else if options.version {
            self = .version
        } else if options.interactive {
            self = .interactive
        } else {
            let output: Output = if options.listSpeakers {
                .speakers
            } else if options.listCues {
                .cues(json: options.export == .jsonLines)
            } else if let listing = options.listFiles {
                .listFiles(listing)
            } else if options.count {
                .count
            } else if let export = options.export {
                .export(export)
            } else if options.play {
                .export(.edl)  // written to a private folder, then played
            } else if options.onlyMatching {
                .onlyMatching
            } else {
                .blocks
            }
            self = .report(output, silent: options.quiet && options.output == nil && !options.play)
        }
    }
}

/// What each file needs for a report: its cues, its matches, or only how many there are.
enum FileWork: Equatable, Sendable {
    /// `--cues` and the navigator: the transcript, no search.
    case loadCues
    /// Only the number of matches, counted until there are `enough` (1 for `-l`, `-L` and `-q`):
    /// no transcript, no index; large files are searched where they lie.
    case count(Query, enough: Int)
    /// The transcript and its matches, at most `maxCues` matching cues of them (`-m` with `-A`).
    case search(Query, maxCues: Int?)
    /// `-m N`: only the part of the file that holds the first `matchingCues` matching cues is loaded.
    case searchPart(Query, matchingCues: Int)
    /// The matches, with only the cues that hold them (no context, no `-v`): large files are
    /// searched where they lie and only their matching cues are read (`TranscriptLoader.loadMatching`).
    case searchMatching(Query)

    init(_ output: Invocation.Output, silent: Bool, options: CommandLineOptions) {
        if case .cues = output {
            self = .loadCues
            return
        }
        if case .speakers = output {
            self = .loadCues
            return
        }
        let maxCues = options.invert ? nil : options.maxCount
        let countsOnly: Bool = switch output {
        case .count: maxCues == nil
        case .listFiles: true
        default: silent
        }
        if countsOnly && !options.invert {
            self = .count(options.query, enough: output == .count ? .max : 1)
        } else if let maxCues, options.contextAfter == 0 {
            self = .searchPart(options.query, matchingCues: maxCues)
        } else if maxCues == nil, !options.invert, options.contextBefore == 0, options.contextAfter == 0,
                  output.showsOnlyMatchingCues {
            self = .searchMatching(options.query)
        } else {
            self = .search(options.query, maxCues: maxCues)
        }
    }

    /// Whether only the number of matches is kept.
    var countsOnly: Bool {
        if case .count = self { true } else { false }
    }

    /// Whether a large file is mapped and worked on where it lies, rather than read.
    var worksInPlace: Bool {
        switch self {
        case .count, .searchPart, .searchMatching: true
        case .loadCues, .search: false
        }
    }
}
