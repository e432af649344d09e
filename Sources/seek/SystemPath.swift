#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path as the file system spells it: its exact bytes, which need not be UTF-8 (names
/// from old archives are often Latin-1 or a Windows code page), and the name shown for it.
///
/// The shown name is the bytes read as UTF-8, each byte that is not part of a valid
/// character written as `\xE9`, so the file is still named recognisably and opened by
/// its real name.
struct SystemPath: Equatable, Sendable {
    /// The path's bytes, without a terminating NUL.
    let bytes: [UInt8]
    /// The name shown in output, errors and exports.
    let shown: String

    init(bytes: [UInt8]) {
        self.bytes = bytes
        shown = Self.show(bytes)
    }

    init(_ string: String) {
        bytes = Array(string.utf8)
        shown = string
    }

    /// The path of `name` (a file name's bytes) inside this directory.
    func appending(_ name: some Collection<UInt8>) -> SystemPath {
        var joined = bytes
        if joined.last != UInt8(ascii: "/") { joined.append(UInt8(ascii: "/")) }
        joined.append(contentsOf: name)
        return SystemPath(bytes: joined)
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// `bytes` as UTF-8, with each byte that is not part of a valid character as `\xHH`.
    static func show(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.utf8.elementsEqual(bytes) { return text }
        var shown = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var position = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                shown.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                position += encoded.count
            case .error(let length):
                for byte in bytes[position..<position + length] {
                    let hex = String(byte, radix: 16, uppercase: true)
                    shown += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                }
                position += length
            case .emptyInput:
                return shown
            }
        }
    }

    /// The command-line arguments that are not valid UTF-8: the string Swift made of each
    /// (with replacement characters) and its real bytes, so that a file named in one is
    /// still found. Almost always empty.
    static func undecodableArguments() -> [(decoded: String, bytes: [UInt8])] {
        var found: [(decoded: String, bytes: [UInt8])] = []
        for i in 1..<max(1, Int(CommandLine.argc)) {
            guard let argument = CommandLine.unsafeArgv[i] else { continue }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument)).map { $0 }
            let decoded = String(decoding: bytes, as: UTF8.self)
            if !decoded.utf8.elementsEqual(bytes) { found.append((decoded, bytes)) }
        }
        return found
    }
}
