#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SeekBytes

/// A directory only this user can enter (mode 0700, `mkdtemp`), for the player's socket and the
/// supercut `--play` hands to mpv; removed with what Seek put in it.
struct PrivateDirectory {
    /// The directory's path bytes.
    let path: [UInt8]

    /// Makes one in TMPDIR, or in /tmp when TMPDIR is unset or its path would leave a file
    /// named `longestName` longer than `limit` bytes (a socket path has a small limit).
    static func make(longestName: String = "", limit: Int = Int.max) -> PrivateDirectory? {
        var bases: [String] = []
        if let tmp = getenv("TMPDIR").map({ String(cString: $0) }), !tmp.isEmpty { bases.append(tmp) }
        bases.append("/tmp")
        for base in bases {
            let template = Array((base.hasSuffix("/") ? base : base + "/").utf8) + Array("seek-XXXXXX".utf8)
            guard template.count + 1 + longestName.utf8.count <= limit else { continue }
            if let made = SystemFiles.makeTemporaryDirectory(template: template) { return PrivateDirectory(path: made) }
        }
        return nil
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> [UInt8] {
        path + [UInt8(ascii: "/")] + Array(name.utf8)
    }

    /// Removes the files named `names` and then the directory (left in place if anything else is in it).
    func remove(_ names: [String]) {
        for name in names { _ = file(name).withCString { unlink($0) } }
        _ = path.withCString { rmdir($0) }
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with the bytes as a NUL-terminated C string.
}
