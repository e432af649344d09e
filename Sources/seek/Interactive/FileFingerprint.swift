import SeekViewer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file on disk was when the navigator read it: enough to tell, later, that it was
/// deleted, replaced or written to since.
///
/// Its device, inode, size and modification time are mixed into one number, so a library of
/// 100,000 files keeps 8 bytes a file; two different states give the same number with odds of
/// one in 2⁶⁴.
struct FileFingerprint: Hashable, Sendable {
    let digest: UInt64

    /// The file at `path` as it is now, or `nil` when there is none.
    init?(path: SystemPath) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        let fields = [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(bitPattern: Int64(info.st_size)),
                      UInt64(bitPattern: Int64(modified.tv_sec)), UInt64(bitPattern: Int64(modified.tv_nsec))]
        digest = fields.reduce(0) { Self.mix($0 ^ $1) }
    }

    /// SplitMix64's finaliser: every bit of `value` moves about half the bits of the result.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// What happened to the file at `path` since it was `read` (`nil`: nothing).
    static func change(at path: SystemPath, since read: FileFingerprint) -> FileChange? {
        guard let now = FileFingerprint(path: path) else { return .deleted }
        return now == read ? nil : .changed
    }
}
