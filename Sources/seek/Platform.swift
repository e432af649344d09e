#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's calls whose names Seek's own types reuse, reached without naming Glibc or Darwin.
///
/// Inside `DescriptorWriter`, `write` means the writer's method; `Platform.write` is the system call.
enum Platform {
    /// The signal handler type both C libraries take.
    typealias SignalHandler = @convention(c) (Int32) -> Void

    /// `write(2)`: writes up to `count` bytes, returning how many were written or -1 with `errno` set.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #elseif canImport(Darwin)
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// `signal(3)`: sets the handler of `number` (`SIG_DFL` for the default action).
    static func signal(_ number: Int32, _ handler: SignalHandler?) {
        #if canImport(Glibc)
        _ = Glibc.signal(number, handler)
        #elseif canImport(Darwin)
        _ = Darwin.signal(number, handler)
        #endif
    }
}
