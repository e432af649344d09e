#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's calls whose names Seek's own types reuse, reached without naming Glibc or Darwin.
///
/// (Writes go through `DescriptorIO.writeAll` in SeekBytes.)
enum Platform {
    /// The signal handler type both C libraries take.
    typealias SignalHandler = @convention(c) (Int32) -> Void

    /// `signal(3)`: sets the handler of `number` (`SIG_DFL` for the default action).
    static func signal(_ number: Int32, _ handler: SignalHandler?) {
        systemSignal(number, handler)
    }
}

// At file scope `signal` is the C library's (inside `Platform` it is its own).
private func systemSignal(_ number: Int32, _ handler: Platform.SignalHandler?) {
    _ = signal(number, handler)
}
