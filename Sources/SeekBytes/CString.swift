#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes handed to the C library as NUL-terminated strings (paths, arguments), and C strings
/// it hands back, copied into arrays.
extension Array where Element == UInt8 {
    /// Calls `body` with the bytes as a NUL-terminated C string.
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (self + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The bytes of the C string at `cString`, without its NUL.
    package init(cString: UnsafePointer<CChar>) {
        self.init(UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
    }
}

/// A value that names something to the C library by its bytes (a path): `withCString` hands
/// them over NUL-terminated.
package protocol CStringBytes {
    /// The bytes, without a NUL.
    var bytes: [UInt8] { get }
}

extension CStringBytes {
    /// Calls `body` with `bytes` as a NUL-terminated C string.
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try bytes.withCString(body)
    }
}

/// Arguments for `execve`/`posix_spawn`: each a NUL-terminated copy, the list ended by a null.
public enum CStringVector {
    /// Calls `body` with the C vector of `arguments` (valid until it returns).
    package static func with<Result>(_ arguments: [[UInt8]], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let vector = arguments.map { bytes -> UnsafeMutablePointer<CChar>? in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, byte) in bytes.enumerated() { copy[i] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
        defer { for pointer in vector { pointer?.deallocate() } }
        return body(vector)
    }
}

/// Bytes copied once into memory that is never freed or moved, for signal handlers, which may
/// not allocate: the terminal's reset sequence, the path of a temporary file to remove.
public struct SignalSafeBytes: @unchecked Sendable {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>

    /// A NUL-terminated copy of `bytes` (the NUL is not counted).
    package init(_ bytes: [UInt8]) {
        buffer = .allocate(capacity: bytes.count + 1)
        _ = buffer.initialize(from: bytes + [0])
    }

    /// How many bytes there are.
    package var count: Int { buffer.count - 1 }

    /// Writes the bytes to `descriptor`, retrying short writes and interruptions; async-signal-safe.
    package func writeAll(to descriptor: Int32) {
        var offset = 0
        while offset < count {
            let written = write(descriptor, buffer.baseAddress! + offset, count - offset)
            if written <= 0 { if written < 0 && errno == EINTR { continue }; break }
            offset += written
        }
    }

    /// `unlink(2)` of the bytes as a path; async-signal-safe.
    package func unlinkPath() {
        _ = buffer.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) }
    }

    /// Frees the copy; the value must not be used again.
    package func free() { buffer.deallocate() }
}

extension Array: CStringBytes where Element == UInt8 {
    /// The array itself.
    package var bytes: [UInt8] { self }
}
