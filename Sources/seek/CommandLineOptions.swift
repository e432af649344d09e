import SeekKit

/// Everything the command line says, parsed by hand (`--opt value`, `--opt=value`,
/// clustered short flags like `-cq`, attached short values like `-C2`, `--` ending options).
struct CommandLineOptions: Equatable {
    enum ColorChoice: String, Equatable { case auto, always, never }
    enum ExportFormat: Equatable {
        case jsonLines, csv
        /// The supercut exports: the matching cues as clips of their media, or as subtitles.
        case edl, cmx3600, srt, vtt

        /// Whether the export is a supercut (clips in time, written once all files are read).
        var isSupercut: Bool { self != .jsonLines && self != .csv }
    }
    /// `-l` and `-L`: only the names of the files that have (or lack) a selected cue.
    enum FileListing: Equatable { case withMatches, withoutMatch }
    /// `-H` and `--no-filename` against the default (names shown when several files are searched).
    enum FileNameChoice: Equatable { case auto, always, never }

    var keywords: [String] = []
    var files: [String] = []
    var caseSensitive = false
    /// `-w`: whole words only, by Unicode's default word boundaries.
    var wholeWords = false
    var ignoreAccents = false
    var speaker: String?
    /// `--style` and `--exclude-style`: style names (ASS/SSA, TTML, SAMI) to keep or drop.
    var styles: [String] = []
    var excludedStyles: [String] = []
    var from: Int?
    var to: Int?
    var format: SubtitleFormat?
    var encoding: String?
    var count = false
    var context = 0
    /// `-B`: cues of context before each matching cue (`-C` when not given).
    var before: Int?
    /// `-A`: cues of context after each matching cue (`-C` when not given).
    var after: Int?
    /// `-m`: at most this many matching cues per file (selected cues with `-v`).
    var maxCount: Int?
    var listFiles: FileListing?
    var fileNames = FileNameChoice.auto
    /// `--include` and `--exclude`: globs on the names of files found in directories.
    var include: [String] = []
    var exclude: [String] = []
    /// `-v`: select the cues in scope that have no match.
    var invert = false
    var color = ColorChoice.auto
    var export: ExportFormat?
    var output: String?
    var onlyMatching = false
    /// The media file of the one FILE (`--media`), instead of the one found beside it.
    var media: String?
    /// Milliseconds played or cut before (and after) each match (`--pad`).
    var pad = 1000
    /// `--fps`: the frame rate of `--cmx3600` timecodes (25 when not given) and of MicroDVD frames.
    var fps: FrameRate?
    /// Whether `--srt`/`--vtt` move the cues onto the supercut's timeline (`--retime`).
    var retime = false
    /// `--safe-csv`: text cells that a spreadsheet would read as formulas get a leading `'`.
    var safeCSV = false
    /// `--play`: play the matches as one mpv playlist.
    var play = false
    /// The player named with `--player` (else `SEEK_PLAYER`, else mpv).
    var player: String?
    var quiet = false
    var recursive = false
    /// `--track N`, `--lang xx`, `--all-tracks`: which subtitle tracks of a video to search.
    var track: Int?
    var language: String?
    var allTracks = false
    /// `--no-cache`: extract video subtitle tracks afresh, and keep nothing.
    var noCache = false
    var listCues = false
    var listSpeakers = false
    var interactive = false
    var help = false
    var version = false

    var scope: Scope { Scope(speaker: speaker, from: from, to: to, styles: styles, excludedStyles: excludedStyles) }
    var query: Query {
        Query(keywords: keywords, caseSensitive: caseSensitive, scope: scope, wholeWords: wholeWords,
              ignoresAccents: ignoreAccents)
    }
    var contextBefore: Int { before ?? context }
    var contextAfter: Int { after ?? context }

    /// Parses `arguments` (without the program name).
    /// - Parameter pathExists: whether a word names an existing file or directory; with `-i`, words
    ///   that all do are files, not a keyword and files (`seek -i S01E01.srt S01E02.srt`).
    static func parse(_ arguments: [String], pathExists: (String) -> Bool = { _ in false }) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var positionals: [String] = []
        var explicitKeywords = false
        var rest = arguments[...]

        func value(for name: String, attached: String?) throws(UsageError) -> String {
            if let attached { return attached }
            guard let next = rest.popFirst() else { throw UsageError("option \(name) needs a value") }
            return next
        }

        while let argument = rest.popFirst() {
            if argument == "--" {
                positionals.append(contentsOf: rest)
                break
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: String
                var attached: String?
                if let equals = body.firstIndex(of: "=") {
                    name = "--" + body[..<equals]
                    attached = String(body[body.index(after: equals)...])
                } else {
                    name = argument
                }
                guard let option = Option.long(name) else {
                    throw UsageError("unknown option \(name)")
                }
                if !option.takesValue, attached != nil {
                    throw UsageError("option \(name) takes no value")
                }
                let text = option.takesValue ? try value(for: name, attached: attached) : nil
                try options.apply(option, value: text, name: name, explicitKeywords: &explicitKeywords)
                continue
            }
            if argument.hasPrefix("-") && argument != "-" {
                var letters = argument.dropFirst()
                while let letter = letters.popFirst() {
                    let name = "-" + String(letter)
                    guard let option = Option.short(letter) else {
                        throw UsageError("unknown option \(name)")
                    }
                    var text: String?
                    if option.takesValue {
                        text = try value(for: name, attached: letters.isEmpty ? nil : String(letters))
                        letters = ""
                    }
                    try options.apply(option, value: text, name: name, explicitKeywords: &explicitKeywords)
                }
                continue
            }
            positionals.append(argument)
        }

        if options.help || options.version { return options }
        try options.assign(positionals: positionals, explicitKeywords: explicitKeywords, pathExists: pathExists)
        try options.validate()
        return options
    }

    private mutating func assign(positionals: [String], explicitKeywords: Bool, pathExists: (String) -> Bool) throws(UsageError) {
        var positionals = positionals[...]
        if listSpeakers {
            if explicitKeywords { throw UsageError("--speakers lists speakers; it takes no keyword") }
        } else if listCues {
            if explicitKeywords { throw UsageError("--cues lists cues; it takes no keyword") }
        } else if interactive {
            // The first of several words is the keyword, unless every one names an existing file or
            // directory: then they are all files, and the navigator opens with an empty query.
            if !explicitKeywords && positionals.count >= 2 && !positionals.allSatisfy(pathExists),
               let keyword = positionals.popFirst() {
                keywords.append(keyword)
            }
            if positionals.isEmpty { throw UsageError("-i needs at least one FILE") }
        } else if !explicitKeywords {
            // With a scope and a lone FILE, there is no keyword: the cues in scope are listed.
            if !scope.isUnrestricted && positionals.count == 1 && !count && export == nil {
                listCues = true
                files = Array(positionals)
                return
            }
            guard let keyword = positionals.popFirst() else { throw UsageError("no KEYWORD given") }
            keywords.append(keyword)
        }
        files = Array(positionals)
    }

    private func validate() throws(UsageError) {
        if keywords.contains(where: \.isEmpty) { throw UsageError("empty keyword") }
        if let problem = QueryLimits.problem(with: keywords, wholeWords: wholeWords, ignoresAccents: ignoreAccents) {
            throw UsageError(problem)
        }
        if let from, let to, from > to {
            throw UsageError("--from \(Timestamp.format(from)) is after --to \(Timestamp.format(to))")
        }
        if export != nil && count { throw UsageError("--count cannot be combined with an export (--json, --csv, --edl, …)") }
        if retime && export != .srt && export != .vtt { throw UsageError("--retime goes with --srt or --vtt") }
        if safeCSV && export != .csv { throw UsageError("--safe-csv is a kind of --csv; it cannot be combined with another export") }
        if listCues && (count || (export != nil && export != .jsonLines)) {
            throw UsageError("--cues can only be combined with --json")
        }
        if play && (count || export != nil || output != nil || interactive || listCues || onlyMatching) {
            throw UsageError("--play plays the matches; it cannot be combined with --count, an export, --output, --cues, -o or -i")
        }
        if interactive && (count || export != nil || output != nil) {
            throw UsageError("-i cannot be combined with --count, --json, --csv or --output")
        }
        if onlyMatching && (count || export != nil || listCues || interactive) {
            throw UsageError("-o prints only the matched text; it cannot be combined with --count, --json, --csv, --cues or -i")
        }
        if listFiles != nil && (count || export != nil || listCues || interactive || onlyMatching) {
            throw UsageError("-l and -L print file names; they cannot be combined with --count, --json, --csv, --cues, -o or -i")
        }
        if allTracks && track != nil { throw UsageError("--track and --all-tracks cannot be combined") }
        if track != nil && language != nil { throw UsageError("--track and --lang cannot be combined") }
        if track == 0 { throw UsageError("--track counts from 1") }
        if invert && (onlyMatching || export == .csv || listCues || interactive) {
            throw UsageError("-v selects cues without a match; it cannot be combined with -o, --csv, --cues or -i")
        }
    }

    private mutating func apply(
        _ option: Option, value: String?, name: String, explicitKeywords: inout Bool
    ) throws(UsageError) {
        let value = value ?? ""
        switch option {
        case .keyword:
            keywords.append(value)
            explicitKeywords = true
        case .caseSensitive: caseSensitive = true
        case .wholeWords: wholeWords = true
        case .ignoreAccents: ignoreAccents = true
        case .speaker:
            guard !value.isEmpty else { throw UsageError("empty speaker name for \(name)") }
            speaker = value
        case .style, .excludeStyle:
            guard !value.isEmpty else { throw UsageError("empty style name for \(name)") }
            if option == .style { styles.append(value) } else { excludedStyles.append(value) }
        case .from: from = try Self.time(value, name: name)
        case .to: to = try Self.time(value, name: name)
        case .format:
            if value == "auto" {
                format = nil
            } else if let known = SubtitleFormat(name: value) {
                format = known
            } else {
                let names = SubtitleFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("unknown format '\(value)' for \(name) (use auto, \(names))")
            }
        case .encoding:
            guard !value.isEmpty else { throw UsageError("empty encoding name for \(name)") }
            encoding = value
        case .count: count = true
        case .context: context = try Self.number(value, name: name)
        case .before: before = try Self.number(value, name: name)
        case .after: after = try Self.number(value, name: name)
        case .maxCount: maxCount = try Self.number(value, name: name)
        case .filesWithMatches: listFiles = .withMatches
        case .filesWithoutMatch: listFiles = .withoutMatch
        case .withFilename: fileNames = .always
        case .noFilename: fileNames = .never
        case .include, .exclude:
            guard !value.isEmpty else { throw UsageError("empty pattern for \(name)") }
            if option == .include { include.append(value) } else { exclude.append(value) }
        case .invert: invert = true
        case .color:
            guard let choice = ColorChoice(rawValue: value) else {
                throw UsageError("unknown colour mode '\(value)' for \(name) (use auto, always or never)")
            }
            color = choice
        case .json: export = .jsonLines
        case .csv: export = .csv
        case .edl: export = .edl
        case .cmx3600: export = .cmx3600
        case .srt: export = .srt
        case .vtt: export = .vtt
        case .retime: retime = true
        case .play: play = true
        case .safeCSV:
            export = .csv
            safeCSV = true
        case .player:
            guard !value.isEmpty else { throw UsageError("empty program name for \(name)") }
            player = value
        case .media:
            guard !value.isEmpty else { throw UsageError("empty file name for \(name)") }
            media = value
        case .pad:
            guard let milliseconds = Timestamp.parse(value), milliseconds <= 600_000 else {
                throw UsageError("\(name) needs seconds from 0 to 600 (1, 0.5, 2.25), not '\(value)'")
            }
            pad = milliseconds
        case .fps:
            guard let rate = FrameRate.parse(value) else {
                throw UsageError("\(name) needs frames per second (25, 24, 23.976, 29.97), not '\(value)'")
            }
            fps = rate
        case .output:
            guard !value.isEmpty else { throw UsageError("empty file name for \(name)") }
            output = value
        case .onlyMatching: onlyMatching = true
        case .quiet: quiet = true
        case .recursive: recursive = true
        case .track:
            guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(value) else {
                throw UsageError("\(name) needs a track number, not '\(value)'")
            }
            track = number
        case .language:
            guard !value.isEmpty else { throw UsageError("empty language for \(name)") }
            language = value
        case .allTracks: allTracks = true
        case .noCache: noCache = true
        case .cues: listCues = true
        case .speakers: listSpeakers = true
        case .interactive: interactive = true
        case .help: help = true
        case .version: version = true
        }
    }

    private static func number(_ text: String, name: String) throws(UsageError) -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw UsageError("\(name) needs a number of cues, not '\(text)'")
        }
        return Int(text) ?? Int.max
    }

    private static func time(_ text: String, name: String) throws(UsageError) -> Int {
        guard let milliseconds = Timestamp.parse(text) else {
            throw UsageError("invalid time '\(text)' for \(name) (use HH:MM:SS[.mmm], MM:SS or seconds)")
        }
        return milliseconds
    }

    /// The options the command knows, with their spellings.
    enum Option: CaseIterable {
        case keyword, caseSensitive, wholeWords, ignoreAccents, speaker, from, to, format, encoding, count, context, before, after, color
        case maxCount, filesWithMatches, filesWithoutMatch, withFilename, noFilename, include, exclude, invert
        case json, csv, safeCSV, edl, cmx3600, srt, vtt, retime, media, pad, fps, play, player
        case output, onlyMatching, quiet, recursive, cues, speakers, interactive, help, version
        case track, language, allTracks, noCache, style, excludeStyle

        var longName: String {
            switch self {
            case .keyword: "--keyword"
            case .caseSensitive: "--case-sensitive"
            case .wholeWords: "--word-regexp"
            case .ignoreAccents: "--ignore-accents"
            case .speaker: "--speaker"
            case .from: "--from"
            case .to: "--to"
            case .format: "--format"
            case .encoding: "--encoding"
            case .count: "--count"
            case .context: "--context"
            case .before: "--before-context"
            case .after: "--after-context"
            case .maxCount: "--max-count"
            case .filesWithMatches: "--files-with-matches"
            case .filesWithoutMatch: "--files-without-match"
            case .withFilename: "--with-filename"
            case .noFilename: "--no-filename"
            case .include: "--include"
            case .exclude: "--exclude"
            case .invert: "--invert-match"
            case .color: "--color"
            case .json: "--json"
            case .csv: "--csv"
            case .edl: "--edl"
            case .cmx3600: "--cmx3600"
            case .srt: "--srt"
            case .vtt: "--vtt"
            case .retime: "--retime"
            case .media: "--media"
            case .pad: "--pad"
            case .fps: "--fps"
            case .play: "--play"
            case .safeCSV: "--safe-csv"
            case .player: "--player"
            case .output: "--output"
            case .onlyMatching: "--only-matching"
            case .quiet: "--quiet"
            case .recursive: "--recursive"
            case .cues: "--cues"
            case .speakers: "--speakers"
            case .interactive: "--interactive"
            case .help: "--help"
            case .version: "--version"
            case .track: "--track"
            case .language: "--lang"
            case .allTracks: "--all-tracks"
            case .noCache: "--no-cache"
            case .style: "--style"
            case .excludeStyle: "--exclude-style"
            }
        }

        var shortName: Character? {
            switch self {
            case .keyword: "e"
            case .wholeWords: "w"
            case .count: "c"
            case .context: "C"
            case .before: "B"
            case .after: "A"
            case .maxCount: "m"
            case .filesWithMatches: "l"
            case .filesWithoutMatch: "L"
            case .withFilename: "H"
            case .invert: "v"
            case .onlyMatching: "o"
            case .quiet: "q"
            case .recursive: "r"
            case .interactive: "i"
            case .help: "h"
            default: nil
            }
        }

        var takesValue: Bool {
            switch self {
            case .keyword, .speaker, .from, .to, .format, .encoding, .context, .before, .after, .maxCount, .include,
                 .exclude, .color, .output, .media, .pad, .fps, .track, .language, .player,
                 .style, .excludeStyle: true
            default: false
            }
        }

        /// The option spelled `name` in full (`--colour` too).
        static func long(_ name: String) -> Option? {
            name == "--colour" ? .color : allCases.first { $0.longName == name }
        }

        /// The option whose short form is `-letter`.
        static func short(_ letter: Character) -> Option? {
            allCases.first { $0.shortName == letter }
        }
    }
}
