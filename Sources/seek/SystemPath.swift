#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SeekBytes

/// A path as the file system spells it: its exact bytes, which need not be UTF-8 (names
/// from old archives are often Latin-1 or a Windows code page), and the name shown for it.
///
/// The shown name is the bytes read as UTF-8, each byte that is not part of a valid
/// character written as `\xE9` and each control character escaped (a newline as `\n`,
/// ESC as `\x1B`, U+0085 as `\u0085`), so the file is still named recognisably, opened
/// by its real name, and never breaks or forges a line of a message.
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
        shown = Self.show(bytes)
    }

    /// The directory part and the last component (`a/b/c.srt` → `a/b/`, `c.srt`; `c.srt` → ``, `c.srt`).
    var split: (directory: [UInt8], name: [UInt8]) {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return ([], bytes) }
        return (Array(bytes[...slash]), Array(bytes[(slash + 1)...]))
    }

    /// The path a command-line argument names: its real bytes when it is one of `undecodable`.
    init(argument: String, undecodable: [(decoded: String, bytes: [UInt8])]) {
        if let match = undecodable.first(where: { $0.decoded == argument }) {
            self.init(bytes: match.bytes)
        } else {
            self.init(argument)
        }
    }

    /// The path of `name` (a file name's bytes) inside this directory.
    func appending(_ name: some Collection<UInt8>) -> SystemPath {
        var joined = bytes
        if joined.last != UInt8(ascii: "/") { joined.append(UInt8(ascii: "/")) }
        joined.append(contentsOf: name)
        return SystemPath(bytes: joined)
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    /// (`withCString`, from `CStringBytes`.)

    /// `bytes` as UTF-8, with each byte that is not part of a valid character as `\xHH`
    /// and each control character escaped (see the type's summary).
    static func show(_ bytes: [UInt8]) -> String {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(decoding: bytes, as: UTF8.self) }
        var shown = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var position = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if let escaped = escape(scalar) { shown += escaped } else { shown.unicodeScalars.append(scalar) }
                position += encoded.count
            case .error(let length):
                for byte in bytes[position..<position + length] { shown += "\\x" + hex(UInt32(byte), digits: 2) }
                position += length
            case .emptyInput:
                return shown
            }
        }
    }

    /// The escaped form of a control character (or a line or bidirectional override) in a name.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        case 0x09: "\\t"
        case 0x00...0x1F, 0x7F: "\\x" + hex(scalar.value, digits: 2)
        case 0x80...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: "\\u" + hex(scalar.value, digits: 4)
        default: nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The command-line arguments that are not valid UTF-8: the string Swift made of each
    /// (with replacement characters) and its real bytes, so that a file named in one is
    /// still found. Almost always empty.
    static func undecodableArguments() -> [(decoded: String, bytes: [UInt8])] {
        var found: [(decoded: String, bytes: [UInt8])] = []
        for i in 1..<max(1, Int(CommandLine.argc)) {
            guard let argument = CommandLine.unsafeArgv[i] else { continue }
            let bytes = [UInt8](cString: argument)
            let decoded = String(decoding: bytes, as: UTF8.self)
            if !decoded.utf8.elementsEqual(bytes) { found.append((decoded, bytes)) }
        }
        return found
    }
}

extension SystemPath: CStringBytes {}
