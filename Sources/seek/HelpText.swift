import SeekKit

/// The text of `seek --help` and `seek --version`.
enum HelpText {
    static let version = "seek 0.1.0"

    /// The export's columns as `--help` lists them: `MatchRecord.columns`, comma-separated, indented
    /// two spaces and wrapped at 79 columns.
    static let exportColumns: String = {
        var words = MatchRecord.columns.map { $0 + "," }
        words[words.count - 1].removeLast()
        return wrap(words, indent: "  ", width: 79)
    }()

    /// `words` joined by spaces into lines of at most `width` columns (a longer word gets a line of its own).
    static func wrap(_ words: [String], indent: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty && indent.count + line.count + 1 + word.count > width {
                lines.append(indent + line)
                line = ""
            }
            line += line.isEmpty ? word : " " + word
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines.joined(separator: "\n")
    }

    static let help = """
    seek: find keywords in subtitle and transcript files (SRT, WebVTT, ASS/SSA, TTML/DFXP/IMSC,
    SAMI, SBV/SubViewer, MicroDVD, LRC, TMPlayer, MPL2, YouTube timed text, Whisper and podcast
    JSON, Whisper TSV, timestamped text)

    Usage:
      seek [OPTIONS] KEYWORD [FILE…]
      seek [OPTIONS] -e KEYWORD [-e KEYWORD…] [FILE…]
      seek --cues [--json] [--speaker NAME] [--from T] [--to T] FILE…
      seek --speaker NAME [--from T] [--to T] FILE      what NAME said (no keyword)
      seek --speakers FILE…               each speaker with cue and word counts
      seek -i [KEYWORD] FILE…             interactive navigator (one for all the files)

    With no FILE, or FILE '-', seek reads standard input (when it is not a terminal).
    A keyword is literal text (no patterns), found anywhere in a cue, case-insensitively
    unless --case-sensitive; a line break inside a cue matches a space.

    Search:
      -e, --keyword KW        a keyword; repeat for several (each gets its own colour)
          --case-sensitive    match case exactly
      -w, --word-regexp       match whole words only (Unicode word boundaries: 'it' is not
                              found in "it's"; each Chinese or Japanese ideograph is a word)
          --ignore-accents    fold before matching: accents (cafe = café), typographic
                              quotes, apostrophes and dashes (it's = it’s), full-width forms
                              (seek = ｓｅｅｋ); the navigator's 'a' key toggles it
          --speaker NAME      only cues spoken by NAME (case-insensitive)
          --style NAME        only cues of style NAME (ASS/SSA Style, TTML style or region,
                              SAMI Class; whole name, case-insensitive); repeat for several
          --exclude-style NAME  drop cues of style NAME; repeatable
          --from TIME         only cues that end at or after TIME
          --to TIME           only cues that start at or before TIME
                              TIME is HH:MM:SS[.mmm], MM:SS[.mmm] or seconds (90, 90.5);
                              a cue is in scope when it overlaps the window
          --format FMT        auto (default: by content, then by name), srt, vtt, ass (ssa),
                              ttml (dfxp, imsc), sami (smi), sbv (subviewer), microdvd, lrc,
                              tmplayer (tmp), mpl2, youtube (ytt, srv1, srv3: YouTube's
                              timed-text XML), text, json (Whisper, WhisperX, whisper.cpp,
                              podcast) or tsv (Whisper)
          --encoding NAME     the files' encoding: utf-8, utf-16le/be, latin1, windows-1250
                              … windows-1258, windows-874, iso-8859-2, koi8-r, x-mac-cyrillic,
                              shift_jis, euc-kr, big5, gb18030, …; detected when not given
      -v, --invert-match      select the cues in scope that have no match
      -r, --recursive         search directories: .srt .vtt .webvtt .ass .ssa .ttml .dfxp
                              .xml .smi .sami .sbv .sub .lrc .ytt .srv1 .srv2 .srv3 .txt .md
                              .log .json .tsv files and videos (.mkv .mp4 .webm …), hidden
                              entries skipped
          --include GLOB      in directories, search only files whose name matches GLOB
          --exclude GLOB      in directories, skip files whose name matches GLOB
                              (both repeatable; files named on the command line are searched)

    Videos (their subtitle tracks, read with ffprobe and ffmpeg, cached in
    $XDG_CACHE_HOME/seek or ~/.cache/seek):
          --track N           search subtitle track N (1-based) of each video
          --lang LANG         the first text track in LANG (en, eng, spa, …); by default the
                              track in LANG's language, else the default or first text track
                              (and in SAMI and TTML files, only the text in LANG)
          --all-tracks        search every text track, named FILE#N [lang]
          --no-cache          extract the tracks afresh and keep nothing

    Output:
      -c, --count             print the number of matches (FILE:N with several files)
      -C, --context N         show N cues before and after each matching cue, dimmed;
                              '--' separates groups
      -B, --before-context N  show N cues before each matching cue
      -A, --after-context N   show N cues after each matching cue
      -m, --max-count N       stop after N matching cues in each file
      -l, --files-with-matches     print only the names of files with a match
      -L, --files-without-match    print only the names of files without one
      -H, --with-filename     show 'FILE:' even for one file
          --no-filename       never show 'FILE:'
          --color WHEN        auto (default: only on a terminal, without NO_COLOR,
                              and TERM not 'dumb'), always or never
          --json              JSON Lines: one object per match
          --csv               CSV (RFC 4180, CRLF rows, header, no byte-order mark);
                              cells are written exactly, even when they start with
                              = + - @ (which a spreadsheet may read as a formula)
          --safe-csv          CSV whose text cells starting with = + - @, a tab or CR
                              get a leading ' (spreadsheets show them as text)
          --edl               an mpv EDL: the matching cues as clips of their media,
                              one after another (a supercut: 'mpv out.edl' plays it)
          --cmx3600           a CMX 3600 edit decision list of the same clips
                              (DaVinci Resolve, Premiere and other editors import it)
          --srt, --vtt        the matching cues as SRT or WebVTT, at their own times
          --retime            with --srt/--vtt: times on the supercut's timeline
          --pad SECONDS       clips start SECONDS before a cue and end SECONDS
                              after it (default 1); overlapping clips are merged
          --fps RATE          frame rate of --cmx3600 timecodes (default 25) and of
                              MicroDVD files that give none (default 23.976, said in a
                              warning); 23.976 and 29.97 mean 24000/1001 and 30000/1001
          --media FILE        the media file of the one FILE (instead of the file
                              beside it with the same name)
          --play              play the supercut in mpv (an EDL, with its subtitles)
          --player CMD        the player for -i's p key, which plays the current match
                              (default: SEEK_PLAYER, else mpv); CMD is one program,
                              started as CMD --start=SECONDS FILE (ffplay gets
                              -ss SECONDS, vlc --start-time=SECONDS)
      -o, --only-matching     print only the matched text, one match a line ('FILE:' first
                              when several files are searched)
          --output FILE       write the output to FILE atomically (never over an input file)
      -q, --quiet             print nothing to standard output, and no warnings; only the status
          --cues              list the parsed cues (with --json: one object per cue)
      -i, --interactive       open the full-screen navigator (not grep's -i: seek ignores
                              case already unless --case-sensitive)
      -h, --help              show this help
          --version           show the version

    Human output: one block per matching cue, 'FILE:' first when several files are
    searched, then the cue number, start time, speaker and text with matches
    highlighted ('NUMBER TIME: text'; context cues use '-' instead of ':').
    Control characters in the text are shown visibly ('^[', '<U+202E>').

    Export columns (JSON keys and CSV header, in this order):
    \(exportColumns)
    position is 1-based within the file (the navigator's "3/17"); char_* count
    Unicode scalars, utf16_* UTF-16 code units, byte_* UTF-8 bytes, all 0-based
    and end-exclusive offsets into text; line is the source line of the match.
    match_start_ms/match_end_ms are when the match's first word starts and its last
    word ends, where the file times words (WebVTT <00:00:05.600> tags, enhanced LRC
    <01:02.50> tags, Whisper and podcast word lists); elsewhere the cue's times.
    track and language: a video's subtitle track (its number, 1-based, and language
    tag); absent for subtitle files. style: the cue's ASS/SSA style, TTML style (or
    region) or SAMI class; absent in formats without one. Absent values are null in
    JSON and empty in CSV. --cues --json keys: file, cue, id, start_ms, end_ms,
    speaker, style, line, text.

    Media: for Show.S01E02.en.srt, seek looks beside it for Show.S01E02.en and
    then Show.S01E02 (language and flag suffixes like .en .eng .pt-BR .forced .sdh
    .hi .cc dropped) with .mkv .mp4 .webm .avi .mov .m4v .mp3 .m4a .aac .opus .ogg
    .flac or .wav. --edl and --cmx3600 need it (a file without it is an error);
    their paths are absolute. Clips are in time order within a file, files in
    the order given; the edit lists start each clip --pad before its cue.

    Exit status: 0 if anything matched, 1 if nothing did, 2 on any error
    (an error wins). Errors name the file and line; other files are still searched.

    Examples:
      seek budget talk.srt                       cues that mention "budget"
      seek -e budget -e noise -C 1 talk.srt      two keywords, one cue of context
      seek --speaker Omar --from 1:00 data panel.vtt
      seek -c -r budget transcripts/             matches per file, recursively
      seek --json budget talk.srt | jq .start     JSON Lines for other tools
      seek --csv --output hits.csv budget *.srt  a spreadsheet of every match
      seek -o -e budget -e noise talk.srt        just the matched words, one a line
      seek --edl --output cut.edl budget *.srt   a supercut: mpv cut.edl plays it
      seek --srt --retime --output cut.srt budget *.srt   its subtitles
      seek --cues panel.vtt                      what seek parsed from the file
      cat meeting.txt | seek -e CSV              search standard input
      seek -i budget talk.srt                    browse the matches interactively
      seek -i -r budget Season1/                 one navigator over every file of a season
      seek -i S01E01.srt S01E02.srt              every word a file: no keyword, type one
    """
}
