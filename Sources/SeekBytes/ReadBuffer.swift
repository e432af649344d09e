#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What becomes of bytes whose pages are let go (`ByteView.releaseMappedPages`).
public enum ReleasedPages: Sendable {
    /// They are read again from the file when touched: a file's map (`DescriptorIO.withMapped`).
    case readAgain
    /// They are lost: memory of the process's own (`ReadBuffer`), handed back to the system.
    case lost
}

/// Bytes read from a descriptor (standard input, a pipe, a device) into memory mapped for them
/// alone, whose pages take memory only once read into and can be handed back a part at a time
/// once used (`releasePages(before:)`): text decoded from it a piece at a time is then never
/// held beside all of it.
///
///     let input = ReadBuffer.read(0, capacity: limit + 1) { got, _ in got > 0 ? .max : nil }
///     input?.withByteView { view in … view.releasePages(before: decoded) … }
public final class ReadBuffer: @unchecked Sendable {
    // Written only while reading, in `read`; then only read, or its pages let go.
    private let address: UnsafeMutableRawPointer?
    private let capacity: Int
    /// How many bytes were read.
    public private(set) var count: Int

    private init(capacity: Int) {
        self.capacity = capacity
        count = 0
        guard capacity > 0 else {
            address = nil
            return
        }
        let mapped = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0)
        address = mapped == MAP_FAILED ? nil : mapped
    }

    deinit {
        if let address { munmap(address, capacity) }
    }

    /// Reads `descriptor` into a new buffer of at most `capacity` bytes, as
    /// `DescriptorIO.readUpTo` reads into an array: the first `read(2)` takes at most `firstRead`
    /// bytes; after each, `step` is given its result (-1 with `errno` set, 0 at the end, else a
    /// count) and the bytes read so far, and answers how many bytes the next read may take at
    /// most, or `nil` to stop. Reading also stops once `capacity` bytes have come.
    ///
    /// `nil` when the system has no room for `capacity` bytes (`mmap` fails).
    ///
    /// - Complexity: O(bytes read).
    package static func read(
        _ descriptor: Int32, capacity: Int, firstRead: Int = .max, _ step: (_ got: Int, _ bytes: ByteView) -> Int?
    ) -> ReadBuffer? {
        let buffer = ReadBuffer(capacity: capacity)
        guard capacity == 0 || buffer.address != nil else { return nil }
        guard let address = buffer.address else { return buffer }
        var wanted = firstRead
        while buffer.count < capacity {
            let room = Swift.min(wanted, capacity - buffer.count)
            assert(room > 0 && buffer.count + room <= capacity, "a read outside the buffer")
            let got = systemRead(descriptor, address + buffer.count, room)
            if got > 0 { buffer.count += got }
            let view = ByteView(UnsafeRawBufferPointer(start: address, count: buffer.count))
            guard let next = step(got, view) else { break }
            wanted = Swift.max(next, 1)
        }
        return buffer
    }

    /// `body` given a view of the bytes read, valid inside it. Pages let go
    /// (`view.releasePages(before:)`) are `ReleasedPages.lost`: read again, they hold zeros.
    package func withByteView<Result, Failure>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(ByteView(UnsafeRawBufferPointer(start: address, count: count)))
    }

    /// A copy of the bytes read, in an array.
    package var array: [UInt8] { withByteView { $0.array } }
}

/// `read(2)`, under a name `ReadBuffer`'s own `read` does not hide.
private func systemRead(_ descriptor: Int32, _ into: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, into, count)
}

extension ByteView {
    /// Lets go, for good, the whole pages of a `ReadBuffer`'s view that lie before `end`, so that
    /// they no longer take memory (`ReleasedPages.lost`: read again, they hold zeros). A page that
    /// also holds bytes from `end` on is kept, and goes with a later call that passes it.
    package func releasePages(before end: Int) {
        precondition(end >= 0 && end <= count, "an index of the view")
        guard let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let address = Int(bitPattern: base)
        assert(address % page == 0, "a buffer starts on a page")
        let length = end / page * page
        guard length > 0, let pages = UnsafeMutableRawPointer(bitPattern: address) else { return }
        _ = madvise(pages, length, MADV_DONTNEED)
    }
}
