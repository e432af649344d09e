#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension WritableBytes {
    /// The bytes in `range`, to read (valid as long as the buffer is).
    @inlinable
    package func view(_ range: Range<Int>) -> ByteView {
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a range inside the buffer")
        return ByteView(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// Moves the bytes in `range` to start at `index` (the two may overlap).
    @inlinable
    package func move(_ range: Range<Int>, to index: Int) {
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count && index >= 0
               && index + range.count <= bytes.count, "a move inside the buffer")
        guard !range.isEmpty, index != range.lowerBound, let base = bytes.baseAddress else { return }
        memmove(base + index, base + range.lowerBound, range.count)
    }
}
