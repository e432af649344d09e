#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's file calls that fill or read raw memory: temporary names, directory
/// listings, Unix socket addresses, the bytes of C structures.
public enum SystemFiles {
    /// `mkstemp(3)` of `template` (ending in `XXXXXX`): the open descriptor and the name made,
    /// or `nil` with `errno` set.
    package static func makeTemporaryFile(template: [UInt8]) -> (descriptor: Int32, path: [UInt8])? {
        var buffer = (template + [0]).map { CChar(bitPattern: $0) }
        let descriptor = buffer.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        return (descriptor, buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
    }

    /// `mkdtemp(3)` of `template` (ending in `XXXXXX`): the directory made, or `nil` with `errno` set.
    package static func makeTemporaryDirectory(template: [UInt8]) -> [UInt8]? {
        var buffer = (template + [0]).map { CChar(bitPattern: $0) }
        let made = buffer.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { return nil }
        return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    }

    /// The entries of the directory at `path` but `.` and `..` and (unless `hidden`) other names
    /// starting with a dot, sorted as byte strings; `nil` with `errno` set when it cannot be opened.
    package static func listing(of path: [UInt8], hidden: Bool = false) -> DirectoryListing? {
        guard let handle = path.withCString({ opendir($0) }) else { return nil }
        defer { closedir(handle) }
        var listing = DirectoryListing()
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(handle) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            if name[0] == CChar(UInt8(ascii: ".")) {
                let isSelfOrParent = name[1] == 0 || (name[1] == CChar(UInt8(ascii: ".")) && name[2] == 0)
                if !hidden || isSelfOrParent { continue }
            }
            listing.entries.append((listing.names.count, entry.pointee.d_type))
            listing.names.append(contentsOf: UnsafeRawBufferPointer(start: name, count: strlen(name) + 1))
        }
        listing.names.withUnsafeBufferPointer { buffer in
            let text = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            listing.entries.sort { strcmp(text + $0.start, text + $1.start) < 0 }
        }
        return listing
    }

    /// The longest path a Unix socket address takes (`sun_path` less its NUL).
    package static var maximumSocketPathLength: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

    /// `connect(2)` of `socket` to the Unix socket at `path` (at most `maximumSocketPathLength`
    /// bytes): 0, or -1 with `errno` set.
    package static func connect(_ socket: Int32, toSocketAt path: [UInt8]) -> Int32 {
        precondition(path.count <= maximumSocketPathLength, "a socket path too long for sun_path")
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.enumerated() { raw[i] = byte }
            raw[path.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemConnect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// Sets byte `index` of `value` (a C array imported as a tuple, such as `termios.c_cc`).
    package static func setByte<Value>(_ index: Int, of value: inout Value, to byte: UInt8) {
        withUnsafeMutableBytes(of: &value) { bytes in
            precondition(index >= 0 && index < bytes.count, "a byte outside the value")
            bytes[index] = byte
        }
    }
}

/// A directory's entries as `SystemFiles.listing(of:)` reads them: their names one after
/// another, each ending in a NUL, in one array.
public struct DirectoryListing {
    /// The names, each followed by a NUL.
    package var names: [UInt8] = []
    /// Where each name starts in `names`, and the entry's type as the directory gives it (`DT_…`).
    package var entries: [(start: Int, type: UInt8)] = []

    /// The name starting at `start`, without its NUL.
    package func name(at start: Int) -> ArraySlice<UInt8> {
        names[start..<names[start...].firstIndex(of: 0)!]
    }
}

/// `connect(2)`, under a name `SystemFiles.connect` does not hide.
private func systemConnect(_ socket: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(socket, address, length)
}
