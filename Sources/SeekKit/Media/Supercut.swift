/// A media file as the file system names it: its exact bytes and the name shown for it.
public struct MediaPath: Hashable, Sendable {
    /// The path's bytes (not necessarily UTF-8), without a terminating NUL.
    public var bytes: [UInt8]
    /// The name shown to people (`\xE9` for a byte that is not UTF-8).
    public var shown: String

    public init(bytes: [UInt8], shown: String) {
        self.bytes = bytes
        self.shown = shown
    }

    /// The file's name without its directory, as shown.
    public var fileName: String {
        shown.lastIndex(of: "/").map { String(shown[shown.index(after: $0)...]) } ?? shown
    }
}

/// One stretch of one media file in a supercut, and the matching cues inside it.
public struct Clip: Hashable, Sendable {
    /// The transcript's name as shown.
    public var file: String
    /// The media the clip is cut from, when known.
    public var media: MediaPath?
    /// Where the clip starts and ends in the media, in milliseconds.
    public var start: Int
    public var end: Int
    /// The matching cues inside the clip, at their original times, in order.
    public var cues: [Cue]

    public init(file: String, media: MediaPath?, start: Int, end: Int, cues: [Cue]) {
        self.file = file
        self.media = media
        self.start = start
        self.end = end
        self.cues = cues
    }

    public var length: Int { end - start }
}

/// The matching cues of one or more transcripts as clips to play one after another.
///
/// Each matching cue becomes a clip from `pad` before it starts to `pad` after it ends;
/// clips of one file are put in time order and merged where they overlap or touch;
/// files follow each other in the order they were added.
///
/// ```swift
/// var cut = Supercut(pad: 1000)
/// cut.add(file: "talk.srt", transcript: transcript, index: index, media: nil)
/// cut.clips        // [Clip(start: 11_000, end: 16_500, …), …]
/// cut.retimedCues  // the cues on the supercut's own timeline
/// ```
public struct Supercut: Sendable {
    /// Milliseconds added before and after each cue.
    public let pad: Int
    public private(set) var clips: [Clip] = []

    /// How long a cue lasts when its file gives no end and no later cue (plain timestamped text).
    public static let defaultCueLength = 3000

    public init(pad: Int) {
        self.pad = max(0, pad)
    }

    /// Adds the cues of `transcript` that hold a match in `index`.
    ///
    /// - Returns: the number of matching cues left out because they have no time.
    /// - Complexity: O(m log m) for m matching cues.
    @discardableResult
    public mutating func add(file: String, transcript: Transcript, index: MatchIndex, media: MediaPath?) -> Int {
        var pieces: [Clip] = []
        var untimed = 0
        var lastCue = -1
        for cue32 in index.matchCues where Int(cue32) != lastCue {
            let cue = Int(cue32)
            lastCue = cue
            guard let start = transcript.start(at: cue) else {
                untimed += 1
                continue
            }
            var timed = transcript[cue]
            timed.end = Self.end(ofCue: cue, startingAt: start, in: transcript)
            pieces.append(Clip(file: file, media: media, start: max(0, start - pad), end: timed.end! + pad,
                               cues: [timed]))
        }
        pieces.sort { $0.start < $1.start }
        var merged: [Clip] = []
        for piece in pieces {
            if var last = merged.last, piece.start <= last.end {
                last.end = max(last.end, piece.end)
                last.cues += piece.cues
                merged[merged.count - 1] = last
            } else {
                merged.append(piece)
            }
        }
        clips += merged
        return untimed
    }

    /// The cue's end, or when the file gives none the next cue's start, or a default length.
    static func end(ofCue cue: Int, startingAt start: Int, in transcript: Transcript) -> Int {
        if let end = transcript.end(at: cue), end >= start { return end }
        if cue + 1 < transcript.count, let next = transcript.start(at: cue + 1), next > start { return next }
        return start + defaultCueLength
    }

    /// Where each clip starts on the supercut's timeline (the sum of the lengths before it).
    public var recordStarts: [Int] {
        var starts: [Int] = []
        var time = 0
        for clip in clips {
            starts.append(time)
            time += clip.length
        }
        return starts
    }

    /// The supercut's length in milliseconds.
    public var duration: Int { clips.reduce(0) { $0 + $1.length } }

    /// The matching cues at their original times, clip by clip (a cue without an end gets one).
    public var originalCues: [Cue] { clips.flatMap(\.cues) }

    /// The matching cues moved onto the supercut's timeline, each cut to its clip.
    public var retimedCues: [Cue] {
        var cues: [Cue] = []
        for (clip, recordStart) in zip(clips, recordStarts) {
            for var cue in clip.cues {
                let start = max(cue.start ?? clip.start, clip.start)
                let end = min(cue.end ?? clip.end, clip.end)
                cue.start = recordStart + start - clip.start
                cue.end = recordStart + max(start, end) - clip.start
                cues.append(cue)
            }
        }
        return cues
    }
}
