import SeekViewer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a file on disk was when the navigator read it: enough to tell, later, that it was
/// deleted, replaced or written to since.
struct FileFingerprint: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64

    /// The file at `path` as it is now, or `nil` when there is none.
    init?(path: SystemPath) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int64(modified.tv_sec)
        modifiedNanoseconds = Int64(modified.tv_nsec)
    }

    /// What happened to the file at `path` since it was `read` (`nil`: nothing).
    static func change(at path: SystemPath, since read: FileFingerprint) -> FileChange? {
        guard let now = FileFingerprint(path: path) else { return .deleted }
        return now == read ? nil : .changed
    }
}
