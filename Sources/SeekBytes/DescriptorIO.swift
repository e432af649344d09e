#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes of file descriptors, sockets and pipes into and out of Swift arrays: the
/// system calls that take raw buffers, kept here so that the command has no pointer code.
///
/// Each call answers as the system call does (a count, 0 at the end, or -1 with `errno` set),
/// except where it says it retries.
public enum DescriptorIO {
    /// One `write(2)` of `message`, and nothing else: safe in a signal handler (no allocation,
    /// no lock). A short write is not retried.
    package static func writeFromSignalHandler(_ descriptor: Int32, _ message: StaticString) {
        _ = write(descriptor, message.utf8Start, message.utf8CodeUnitCount)
    }

    /// `read(2)` into `buffer`, as many bytes as it holds.
    package static func readSome(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    }

    /// `pread(2)` of up to `count` bytes at `offset`: the bytes read, or `nil` on an error.
    package static func readSome(_ descriptor: Int32, upTo count: Int, at offset: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        guard got >= 0 else { return nil }
        buffer.removeSubrange(got...)
        return buffer
    }

    /// `recv(2)` into `buffer`, as many bytes as it holds.
    package static func receiveSome(_ socket: Int32, into buffer: inout [UInt8], flags: Int32 = 0) -> Int {
        buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, flags) }
    }

    /// `send(2)` of `bytes`.
    package static func sendSome(_ socket: Int32, _ bytes: ArraySlice<UInt8>, flags: Int32) -> Int {
        bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, flags) }
    }

    /// Writes all of `bytes`, retrying short writes and interruptions (and, with
    /// `retryingWouldBlock`, `EAGAIN`); returns `errno` when a write fails, else `nil`.
    @discardableResult
    package static func writeAll(_ descriptor: Int32, _ bytes: ByteView, retryingWouldBlock: Bool = false) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes, from: offset)
            if written < 0 {
                if errno == EINTR || (retryingWouldBlock && errno == EAGAIN) { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// `writeAll` of an array's bytes.
    @discardableResult
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], retryingWouldBlock: Bool = false) -> Int32? {
        bytes.withByteView { writeAll(descriptor, $0, retryingWouldBlock: retryingWouldBlock) }
    }

    /// Reads until the descriptor (a non-blocking pipe) has nothing more: empties a wake-up pipe.
    package static func drain(_ descriptor: Int32) {
        var sink = [UInt8](repeating: 0, count: 256)
        while readSome(descriptor, into: &sink) > 0 {}
    }

    /// Reads `descriptor` into a new array of at most `capacity` bytes, whose pages take memory
    /// only as bytes come. The first `read(2)` takes at most `firstRead` bytes; after each, `step`
    /// is given its result (-1 with `errno` set, 0 at the end, else a count) and the bytes read so
    /// far, and answers how many bytes the next read may take at most, or `nil` to stop. Reading
    /// also stops once `capacity` bytes have come.
    ///
    /// - Complexity: O(bytes read).
    package static func readUpTo(
        _ descriptor: Int32, capacity: Int, firstRead: Int = .max, _ step: (_ got: Int, _ bytes: ByteView) -> Int?
    ) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            var wanted = firstRead
            while count < buffer.count {
                let room = Swift.min(wanted, buffer.count - count)
                assert(room > 0 && count + room <= buffer.count, "a read outside the buffer")
                let got = read(descriptor, buffer.baseAddress! + count, room)
                if got > 0 { count += got }
                guard let next = step(got, ByteView(UnsafeBufferPointer(start: buffer.baseAddress, count: count))) else { return }
                wanted = Swift.max(next, 1)
            }
        }
    }

    /// Maps the regular file open on `descriptor` (of `size` bytes, at least one) read-only and
    /// hands its bytes to `body`, with a function that lets the pages go (they are read again
    /// from the file if touched); `nil` when the file cannot be mapped. The map ends when `body` returns.
    package static func withMapped<Result, Failure>(
        _ descriptor: Int32, size: Int, _ body: (ByteView, _ releasePages: @escaping () -> Void) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        precondition(size > 0, "an empty file is not mapped")
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        defer { munmap(address, size) }
        let bytes = ByteView(UnsafeRawBufferPointer(start: address, count: size))
        // A private map never written: pages let go are read again from the file.
        return try body(bytes, { _ = madvise(address, size, MADV_DONTNEED) })
    }
}

/// `write(2)` of `bytes[from...]`, under a name `DescriptorIO`'s own methods do not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: ByteView, from offset: Int) -> Int {
    let rest = bytes.extracting(offset...)
    return write(descriptor, rest.buffer.baseAddress, rest.count)
}
