extension Transcript {
    /// The same transcript without spare room: its text copied into a string of exactly its
    /// length, its word times into an array of exactly theirs, its ordinals packed again.
    ///
    /// A parser sizes its output for the whole input (timing lines, markup and all), so a file's
    /// text can sit in a string more than twice its length; a transcript kept a long time beside
    /// many others (a library in `seek -i`) should let that room go.
    ///
    /// ```swift
    /// let kept = TranscriptLoader.load(bytes, fileName: name).transcript.compacted()
    /// ```
    ///
    /// - Complexity: O(n) in the text's bytes.
    public func compacted() -> Transcript {
        var compact = Transcript(storage: String(decoding: Array(storage.utf8), as: UTF8.self), records: records,
                                 speakers: speakers, styles: styles, wordTimes: wordTimes.map { $0 })
        compact.ordinals = ordinals
        return compact
    }
}
