import SeekBytes

/// The in-place loaders for callers that still hold buffer pointers (they go once every caller
/// takes a `ByteView`).
extension TranscriptLoader {
    /// `countMatches(inPlace:fileName:options:query:enough:)` over a buffer pointer.
    public static func countMatches(
        inPlace bytes: UnsafeBufferPointer<UInt8>, fileName: String, options: LoadOptions = LoadOptions(),
        query: Query, enough: Int = .max
    ) throws(Diagnostic) -> MatchCount {
        try countMatches(inPlace: ByteView(bytes), fileName: fileName, options: options, query: query, enough: enough)
    }

    /// `loadMatching(inPlace:fileName:options:query:)` over a buffer pointer.
    public static func loadMatching(
        inPlace bytes: UnsafeBufferPointer<UInt8>, fileName: String, options: LoadOptions = LoadOptions(), query: Query
    ) throws(Diagnostic) -> LoadedTranscript {
        try loadMatching(inPlace: ByteView(bytes), fileName: fileName, options: options, query: query)
    }

    /// `load(inPlace:fileName:options:untilMatchingCues:of:)` over a buffer pointer.
    public static func load(
        inPlace bytes: UnsafeBufferPointer<UInt8>, fileName: String, options: LoadOptions = LoadOptions(),
        untilMatchingCues cueLimit: Int, of query: Query
    ) throws(Diagnostic) -> LoadedTranscript {
        try load(inPlace: ByteView(bytes), fileName: fileName, options: options, untilMatchingCues: cueLimit, of: query)
    }

    /// `readsInPlace(_:options:)` over a buffer pointer.
    public static func readsInPlace(_ bytes: UnsafeBufferPointer<UInt8>, options: LoadOptions) -> Bool {
        readsInPlace(ByteView(bytes), options: options)
    }
}
