extension WritableBytes {
    /// No bytes at all: what stands in for a buffer while the real one is lent out.
    @inlinable
    package static var none: WritableBytes { WritableBytes(UnsafeMutableBufferPointer(start: nil, count: 0)) }
}
