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
        systemWrite(descriptor, bytes, count)
    }

    /// `signal(3)`: sets the handler of `number` (`SIG_DFL` for the default action).
    static func signal(_ number: Int32, _ handler: SignalHandler?) {
        systemSignal(number, handler)
    }
}

// At file scope `write` and `signal` are the C library's (inside `Platform` they are its own).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemSignal(_ number: Int32, _ handler: Platform.SignalHandler?) {
    _ = signal(number, handler)
}
