/// Scans markup (XML, SAMI, JSON) asks of a view: the first of several bytes, and plain runs of text.
extension ByteView {
    /// The index of the first `a`, `b`, `c` or `d` in `range`, or `range.upperBound` when there is none.
    ///
    /// - Complexity: O(result - range.lowerBound), eight bytes at a time.
    @inlinable @inline(__always)
    package func firstIndex(ofAny a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, in range: Range<Int>) -> Int {
        ByteSearch.firstOf(a, b, c, d, in: bytes, from: range.lowerBound, to: range.upperBound)
    }

    /// The index of the first `a` or `b` in `range`, or `range.upperBound` (`ByteSearch.firstOfEither`).
    @inlinable @inline(__always)
    package func firstIndex(ofEither a: UInt8, _ b: UInt8, in range: Range<Int>) -> Int {
        ByteSearch.firstOfEither(a, b, in: bytes, from: range.lowerBound, to: range.upperBound)
    }

    /// `firstIndex(ofAny:_:_:_:in:)` sixteen bytes at a time (`ByteSearch.firstOfInChunks`).
    @inlinable @inline(__always)
    package func firstIndexInChunks(ofAny a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, in range: Range<Int>) -> Int {
        ByteSearch.firstOfInChunks(a, b, c, d, in: bytes, from: range.lowerBound, to: range.upperBound)
    }

    /// The end of the run at `range.lowerBound` that holds no `stop`, no control byte and no space
    /// that is not between two bytes of the run (`ByteSearch.plainRunEnd`).
    ///
    /// - Complexity: O(result - range.lowerBound), eight bytes at a time.
    @inlinable @inline(__always)
    package func plainRunEnd(stop: UInt8, in range: Range<Int>) -> Int {
        ByteSearch.plainRunEnd(stop: stop, in: bytes, from: range.lowerBound, to: range.upperBound)
    }
}

extension ByteView {
    /// How many times `byte` occurs in `range`.
    ///
    /// - Complexity: O(range.count), eight bytes at a time.
    @inlinable
    package func count(of byte: UInt8, in range: Range<Int>) -> Int {
        ByteCounting.count(byte, in: bytes, range)
    }
}

extension ByteView {
    /// Whether the bytes in `range` are the ASCII `name` (given in lower case), ignoring the case
    /// of ASCII letters: a markup reader's name test, inlined where it is asked.
    ///
    /// - Complexity: O(name's length).
    @inlinable @inline(__always)
    package func equalsCaseless(_ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a range outside the view")
        let expected = name.utf8Start
        var offset = 0
        for index in range {
            let byte = bytes[index]
            if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != expected[offset] { return false }
            offset += 1
        }
        return true
    }
}
