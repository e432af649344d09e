import SeekBytes

extension DecodedFile {
    /// Where `forEachWindow` gathers a window of text: each decoded piece is added at its end,
    /// and the part handed on is dropped from its start.
    protocol WindowText {
        /// How many bytes of text the window holds.
        var count: Int { get }
        /// Adds the text of piece `i` of `pieces` at the end; `false` when there is no room for it.
        mutating func append(_ i: Int, of pieces: inout TextDecoder.Pieces) throws(Diagnostic) -> Bool
        /// Runs `body` on the window's text.
        func withView<Result, Failure>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result
        /// Drops the first `count` bytes (the part handed on).
        mutating func removeFirst(_ count: Int)
        /// Drops the whole window (text decoded only for its warnings).
        mutating func removeAll()
    }

    /// A window in an array of its own: the part handed on goes, the rest moves to the front, so
    /// it holds a window or two of text, never the whole text.
    struct ArrayWindow: WindowText {
        private var bytes: [UInt8] = []

        init(capacity: Int) {
            bytes.reserveCapacity(capacity)
        }

        var count: Int { bytes.count }

        mutating func append(_ i: Int, of pieces: inout TextDecoder.Pieces) throws(Diagnostic) -> Bool {
            try pieces.append(i, to: &bytes)
            return true
        }

        func withView<Result, Failure>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
            try bytes.withByteView(body)
        }

        mutating func removeFirst(_ count: Int) {
            bytes.removeSubrange(..<count)
        }

        mutating func removeAll() {
            bytes.removeAll(keepingCapacity: true)
        }
    }

    /// A window lying in the storage of the transcript its cues are read into, after them
    /// (`CueCollector.storageBytes`): the text is decoded where the cues are then written, so a
    /// window without a place to cut (a text without line breaks) is held once, not once as text
    /// and again as its cue. Nothing is moved: the window only moves on through the storage.
    struct StorageWindow: WindowText {
        private let storage: WritableBytes
        /// Where the window starts and ends in the storage.
        private var start = 0
        private var end = 0
        /// A piece's text on its way into the storage.
        private var piece: [UInt8] = []

        /// A window at the start of `storage`.
        init(in storage: WritableBytes) {
            self.storage = storage
        }

        var count: Int { end - start }

        mutating func append(_ i: Int, of pieces: inout TextDecoder.Pieces) throws(Diagnostic) -> Bool {
            piece.removeAll(keepingCapacity: true)
            try pieces.append(i, to: &piece)
            guard piece.count < storage.count - end else { return false }
            piece.withByteView { storage.copy($0, count: $0.count, to: end) }
            end += piece.count
            return true
        }

        func withView<Result, Failure>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
            try body(storage.view(start..<end))
        }

        mutating func removeFirst(_ count: Int) {
            start += count
        }

        mutating func removeAll() {
            end = start
        }
    }
}
