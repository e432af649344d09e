#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A checked view of contiguous bytes: what code outside SeekBytes takes instead of
/// `UnsafeBufferPointer<UInt8>`, so that raw pointers stay in this module.
///
/// A view is valid only inside the closure that made it, as a buffer pointer is. Every step
/// is asserted in debug builds; everything is `@inlinable`, so release builds run as fast as
/// pointer code.
///
///     let count = bytes.withByteView { view in          // [UInt8], ArraySlice, ContiguousArray,
///         var lines = 0                                  // Data, String.UTF8View, Substring.UTF8View
///         var from = 0
///         while let end = view.firstIndex(of: 0x0A, in: from..<view.count) {   // memchr
///             lines += 1
///             from = end + 1
///         }
///         return lines
///     }
///
/// The API, in one place:
/// - Reading: `count`, `isEmpty`, `view[i]` (asserted), `for byte in view` (a
///   `RandomAccessCollection` of `UInt8` indexed from 0).
/// - Slicing: `view.extracting(a..<b)` (also `a...`, `..<b`, `first: n`) is a view of those bytes
///   indexed from 0; it replaces `UnsafeBufferPointer(rebasing: bytes[a..<b])`. `view[a..<b]` is
///   the usual `Slice`, keeping the indices.
/// - Finding: `firstIndex(of: byte)` and `firstIndex(of: byte, in: range)` with `memchr`;
///   `firstIndex(of: a, followedBy: b, in: range)` for a pair of bytes in a row.
/// - Blanks: `skippingBlanks(from:to:)`, `trimmingBlanks(range)` (spaces and tabs).
/// - Words: `loadWord(at: i)` (eight bytes, `i + 8 <= count` asserted), `loadWord(at: i, padding:)`
///   (short words padded at the end), `load(at: i, as: SIMD16<UInt8>.self)`.
/// - Comparing: `elementsEqual(other)` and `matches(other, at: i)` with `memcmp`,
///   `bytesEqual(a, b, count:)` within the view, `starts(with: "text")`,
///   `startsCaseless(with: "text", at: i)` for a lowercase ASCII `StaticString`.
/// - Copying out: `array.append(contentsOf: view)` (one copy), `view.array`, `view.string` and
///   `view.string(in: range)` (UTF-8 decoded, errors repaired).
///
/// Only SeekBytes makes a view from a pointer or reaches the pointer behind one (`ByteView(buffer)`
/// and `view.buffer` are internal): other modules get views from `withByteView` and the readers
/// here, so the compiler keeps raw pointers inside this module.
@frozen
public struct ByteView {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

    /// A view of no bytes.
    @inlinable
    package init() { bytes = UnsafeBufferPointer(start: nil, count: 0) }

    /// A view of the bytes of `buffer`, valid as long as they are.
    @inlinable
    init(_ buffer: UnsafeBufferPointer<UInt8>) { bytes = buffer }

    /// A view of the bytes of `buffer`, valid as long as they are.
    @inlinable
    init(_ buffer: UnsafeRawBufferPointer) { bytes = buffer.assumingMemoryBound(to: UInt8.self) }

    /// The bytes as a buffer pointer, for the scanners of this module.
    @inlinable
    var buffer: UnsafeBufferPointer<UInt8> { bytes }

    /// How many bytes the view holds.
    @inlinable
    public var count: Int { bytes.count }

    /// Whether the view holds no bytes.
    @inlinable
    public var isEmpty: Bool { bytes.count == 0 }

    /// The byte at `index` (asserted to lie in `0..<count` in debug builds).
    @inlinable
    public subscript(_ index: Int) -> UInt8 {
        @inline(__always) get {
            assert(index >= 0 && index < bytes.count, "a byte outside the view")
            return bytes[index]
        }
    }

    // MARK: Slicing

    /// The bytes of `range`, as a view indexed from 0.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package func extracting(_ range: Range<Int>) -> ByteView {
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a range outside the view")
        guard let base = bytes.baseAddress else { return ByteView() }
        return ByteView(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// The bytes of `range` (such as `a...` or `..<b`), as a view indexed from 0.
    @inlinable @inline(__always)
    package func extracting(_ range: some RangeExpression<Int>) -> ByteView {
        extracting(range.relative(to: 0..<bytes.count))
    }

    /// The first `maxLength` bytes (all of them when there are fewer).
    @inlinable @inline(__always)
    package func extracting(first maxLength: Int) -> ByteView {
        extracting(0..<Swift.min(Swift.max(maxLength, 0), bytes.count))
    }

    // MARK: Finding

    /// The index of the first `byte`, or `nil`.
    ///
    /// - Complexity: O(result), with `memchr`.
    @inlinable
    package func firstIndex(of byte: UInt8) -> Int? {
        firstIndex(of: byte, in: 0..<bytes.count)
    }

    /// The index of the first `byte` in `range`, or `nil`.
    ///
    /// - Complexity: O(result - range.lowerBound), with `memchr`.
    @inlinable
    package func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        assert(range.lowerBound >= 0 && range.upperBound <= bytes.count, "a range outside the view")
        guard !range.isEmpty, let base = bytes.baseAddress,
              let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        assert(range.contains(index), "memchr answered outside the range")
        return index
    }

    /// The index of the first `first` that `second` follows in `range` (both bytes in it), or `nil`.
    ///
    /// - Complexity: O(result - range.lowerBound), with `memchr` from one `first` to the next.
    @inlinable
    package func firstIndex(of first: UInt8, followedBy second: UInt8, in range: Range<Int>) -> Int? {
        var from = range.lowerBound
        while let found = firstIndex(of: first, in: from..<range.upperBound) {
            if found + 1 < range.upperBound && bytes[found + 1] == second { return found }
            from = found + 1
        }
        return nil
    }

    /// The start of the line that runs up to `end`: the index after the last line feed before
    /// `end`, or 0.
    ///
    /// - Complexity: O(end - result), eight bytes at a time.
    @inlinable
    package func lineStart(before end: Int) -> Int {
        assert(end >= 0 && end <= bytes.count, "an index inside the view")
        var index = end
        while index >= 8 {
            // The byte before `index` is the word's highest: the last line feed is its highest mark.
            let feeds = WordBytes.equal(loadWord(at: index - 8), 0x0A)
            if feeds != 0 { return index - feeds.leadingZeroBitCount / 8 }
            index -= 8
        }
        while index > 0 && bytes[index - 1] != 0x0A { index -= 1 }
        return index
    }

    /// The first index in `from..<to` that holds neither a space nor a tab, or `to`.
    @inlinable @inline(__always)
    package func skippingBlanks(from: Int, to: Int) -> Int {
        assert(from >= 0 && to <= bytes.count, "a range outside the view")
        var index = from
        while index < to && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        return index
    }

    /// `range` without the spaces and tabs at its ends.
    @inlinable @inline(__always)
    package func trimmingBlanks(_ range: Range<Int>) -> Range<Int> {
        let low = skippingBlanks(from: range.lowerBound, to: range.upperBound)
        var high = range.upperBound
        while high > low && (bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09) { high -= 1 }
        return low..<high
    }

    // MARK: Words

    /// The eight bytes at `index` (asserted to lie in the view) in one word, as memory holds them.
    @inlinable @inline(__always)
    package func loadWord(at index: Int) -> UInt64 {
        load(at: index, as: UInt64.self)
    }

    /// The eight bytes at `index`; near the end, the bytes left followed by `padding`.
    @inlinable @inline(__always)
    package func loadWord(at index: Int, padding: UInt8) -> UInt64 {
        assert(index >= 0 && index <= bytes.count, "a word outside the view")
        return WordBytes.load(bytes, at: index, padding: padding)
    }

    /// The value of type `T` whose bytes start at `index` (all of them asserted to lie in the view).
    @inlinable @inline(__always)
    package func load<T: BitwiseCopyable>(at index: Int, as type: T.Type) -> T {
        assert(index >= 0 && index + MemoryLayout<T>.size <= bytes.count, "a load outside the view")
        return UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: index, as: T.self)
    }

    // MARK: Comparing

    /// Whether `other` holds the same bytes.
    ///
    /// - Complexity: O(count), with `memcmp`.
    @inlinable
    package func elementsEqual(_ other: ByteView) -> Bool {
        bytes.count == other.count && matches(other, at: 0)
    }

    /// Whether the bytes at `index` are those of `other` (`false` when they would run past the end).
    ///
    /// - Complexity: O(other.count), with `memcmp`.
    @inlinable
    package func matches(_ other: ByteView, at index: Int) -> Bool {
        assert(index >= 0, "a negative index")
        guard index + other.count <= bytes.count else { return false }
        guard other.count > 0, let base = bytes.baseAddress, let otherBase = other.bytes.baseAddress else { return true }
        return memcmp(base + index, otherBase, other.count) == 0
    }

    /// Whether the `count` bytes at `a` equal the `count` bytes at `b`.
    ///
    /// - Complexity: O(count), with `memcmp`.
    @inlinable
    package func bytesEqual(_ a: Int, _ b: Int, count: Int) -> Bool {
        ByteSearch.equal(in: bytes, a, b, count: count)
    }

    /// Whether the view starts with the bytes of `prefix` at `index` (0 unless given).
    @inlinable
    package func starts(with prefix: StaticString, at index: Int = 0) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index >= 0, index + count <= bytes.count else { return false }
        let expected = prefix.utf8Start
        for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
        return true
    }

    /// Where `literal` (not empty) next starts at or after `start`, or `nil`.
    ///
    /// - Complexity: O(n·m) at worst for a view of n bytes and a literal of m; meant for short
    ///   literals such as `-->`.
    @inlinable
    package func firstIndex(of literal: StaticString, from start: Int) -> Int? {
        precondition(literal.utf8CodeUnitCount > 0, "a literal to find")
        let first = literal.utf8Start[0]
        var index = Swift.max(start, 0)
        while index < count {
            guard let at = firstIndex(of: first, in: index..<count) else { return nil }
            if starts(with: literal, at: at) { return at }
            index = at + 1
        }
        return nil
    }

    /// Whether the view starts, at `index` (0 unless given), with the ASCII `prefix` (given in
    /// lower case), ignoring the case of ASCII letters.
    @inlinable
    package func startsCaseless(with prefix: StaticString, at index: Int = 0) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index >= 0, index + count <= bytes.count else { return false }
        let expected = prefix.utf8Start
        for offset in 0..<count {
            let byte = bytes[index + offset]
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lower != expected[offset] { return false }
        }
        return true
    }

    // MARK: Copying out

    /// The bytes, copied into an array.
    @inlinable
    package var array: [UInt8] { Array(bytes) }

    /// The bytes decoded as UTF-8 (invalid sequences replaced by U+FFFD).
    @inlinable
    package var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The bytes of `range` decoded as UTF-8 (invalid sequences replaced by U+FFFD).
    @inlinable
    package func string(in range: Range<Int>) -> String { extracting(range).string }
}

extension ByteView: RandomAccessCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { bytes.count }
    @inlinable public var indices: Range<Int> { 0..<bytes.count }
    @inlinable public func index(after i: Int) -> Int { i + 1 }
    @inlinable public func index(before i: Int) -> Int { i - 1 }

    @inlinable
    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try body(bytes)
    }
}

extension Array where Element == UInt8 {
    /// Appends the bytes of `view`, copied at once.
    @inlinable
    package mutating func append(contentsOf view: ByteView) {
        append(contentsOf: view.bytes)
    }

    /// Calls `body` with a view of the array's bytes.
    @inlinable
    package func withByteView<Result, Failure>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        try withUnsafeBufferPointer { (buffer) throws(Failure) in try body(ByteView(buffer)) }
    }
}

extension ArraySlice where Element == UInt8 {
    /// Calls `body` with a view of the slice's bytes (indexed from 0).
    @inlinable
    package func withByteView<Result, Failure>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        try withUnsafeBufferPointer { (buffer) throws(Failure) in try body(ByteView(buffer)) }
    }
}

extension ContiguousArray where Element == UInt8 {
    /// Calls `body` with a view of the array's bytes.
    @inlinable
    package func withByteView<Result, Failure>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        try withUnsafeBufferPointer { (buffer) throws(Failure) in try body(ByteView(buffer)) }
    }
}

extension String.UTF8View {
    /// Calls `body` with a view of the string's UTF-8 (copied first when the string is not
    /// stored as contiguous UTF-8, as a bridged one may be).
    @inlinable
    package func withByteView<Result>(_ body: (ByteView) -> Result) -> Result {
        if let result = withContiguousStorageIfAvailable({ body(ByteView($0)) }) { return result }
        return Array(self).withByteView(body)
    }

    /// Calls `body` with a view of the string's UTF-8 (copied first when the string is not
    /// stored as contiguous UTF-8, as a bridged one may be).
    @inlinable
    package func withByteView<Result, Failure>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        try withContiguousOrCopiedBytes(body)
    }
}

extension Substring.UTF8View {
    /// Calls `body` with a view of the substring's UTF-8 (indexed from 0; copied first when the
    /// string is not stored as contiguous UTF-8).
    @inlinable
    package func withByteView<Result, Failure>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        try withContiguousOrCopiedBytes(body)
    }
}

extension Collection where Element == UInt8 {
    /// Calls `body` with a view of the bytes where they lie, or of a copy when they are not
    /// stored contiguously: what the UTF-8 views' `withByteView` share.
    @inlinable
    func withContiguousOrCopiedBytes<Result, Failure>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        var result: Swift.Result<Result, Failure>?
        _ = withContiguousStorageIfAvailable { buffer in
            result = Swift.Result { () throws(Failure) in try body(ByteView(buffer)) }
        }
        if let result { return try result.get() }
        return try Array(self).withByteView(body)
    }
}
