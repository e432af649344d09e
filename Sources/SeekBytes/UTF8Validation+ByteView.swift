extension UTF8Validation {
    /// `isValidWithoutNULsInPieces` of the bytes a view shows (say, a mapped file).
    package static func isValidWithoutNULsInPieces(_ bytes: ByteView) -> Bool {
        isValidWithoutNULsInPieces(bytes.buffer)
    }
}
