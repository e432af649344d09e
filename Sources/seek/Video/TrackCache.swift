import SeekBytes
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Subtitle tracks already extracted from videos, kept on disk under the XDG cache directory
/// (`$XDG_CACHE_HOME/seek`, else `~/.cache/seek`) so a second search costs what a subtitle
/// file costs.
///
/// An entry is named by the video's device, inode, size and modification time and by the
/// part (`probe`, `track2.srt`), and starts with a header line repeating that name and the
/// payload's length: a corrupt, truncated or foreign file is ignored (and replaced).
/// Entries are written to a temporary name and renamed into place, so a reader never sees
/// half of one, even with several Seek processes filling the cache at once. Past the size
/// limit the oldest entries (by last use) are removed.
final class TrackCache: @unchecked Sendable {
    /// The identity of a video file's contents.
    struct Key: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: timespec

        static func == (a: Key, b: Key) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
        }

        var name: String { "v1-\(device)-\(inode)-\(size)-\(modified.tv_sec).\(modified.tv_nsec)" }
    }

    let directory: String
    let sizeLimit: Int
    private let lock = NSLock()
    private var warned = false
    private var readyDirectory = false

    /// The default limit on the cache's size.
    static let defaultSizeLimit = 512 << 20

    init(directory: String, sizeLimit: Int = TrackCache.defaultSizeLimit) {
        self.directory = directory
        self.sizeLimit = sizeLimit
    }

    /// The cache the environment names, or `nil` when neither `XDG_CACHE_HOME` nor `HOME` is set.
    /// `SEEK_CACHE_LIMIT` (bytes) changes the size limit.
    static func standard(environment: [String: String]) -> TrackCache? {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.cache"
        } else {
            return nil
        }
        let limit = environment["SEEK_CACHE_LIMIT"].flatMap(Int.init) ?? defaultSizeLimit
        return TrackCache(directory: base + "/seek", sizeLimit: limit)
    }

    /// The cached bytes of `part` for the video `key`, or `nil`.
    func load(_ key: Key, part: String) -> [UInt8]? {
        let name = key.name + "-" + part
        let path = directory + "/" + name
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = DescriptorIO.readSome(descriptor, into: &chunk)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            contents.append(contentsOf: chunk[..<count])
        }
        guard let newline = contents.firstIndex(of: 0x0A) else { return nil }
        let header = String(decoding: contents[..<newline], as: UTF8.self)
        let payload = contents[(newline + 1)...]
        guard header == "seek-cache 1 \(name) \(payload.count)" else { return nil }
        _ = utimensat(AT_FDCWD, path, nil, 0)
        return Array(payload)
    }

    /// Stores `bytes` as `part` of the video `key`; a warning (once per run) when it cannot.
    func store(_ bytes: [UInt8], key: Key, part: String) -> String? {
        let name = key.name + "-" + part
        var contents = Array("seek-cache 1 \(name) \(bytes.count)\n".utf8)
        contents.append(contentsOf: bytes)
        if let problem = write(contents, as: name) {
            lock.lock()
            defer { lock.unlock() }
            if warned { return nil }
            warned = true
            return "cannot write the cache in \(directory) (\(problem)); videos are searched uncached"
        }
        evictIfNeeded()
        return nil
    }

    private func write(_ contents: [UInt8], as name: String) -> String? {
        if !prepareDirectory() { return String(cString: strerror(errno)) }
        let temporary = directory + "/.tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure = DescriptorIO.writeAll(descriptor, contents) ?? 0
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, directory + "/" + name) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            return String(cString: strerror(failure))
        }
        return nil
    }

    /// Creates the cache directory (and its parents) on first use.
    private func prepareDirectory() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if readyDirectory { return true }
        var path = ""
        for component in directory.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
        }
        readyDirectory = true
        return true
    }

    /// Removes the least recently used entries while the cache is over its limit.
    private func evictIfNeeded() {
        guard let listing = SystemFiles.listing(of: Array(directory.utf8), hidden: true) else { return }
        var entries: [(path: String, size: Int, used: timespec)] = []
        var total = 0
        for entry in listing.entries {
            let name = String(decoding: listing.name(at: entry.start), as: UTF8.self)
            guard name.hasPrefix("v1-") || name.hasPrefix(".tmp-") else { continue }
            let path = directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            total += Int(info.st_size)
            #if canImport(Darwin)
            let used = info.st_mtimespec
            #else
            let used = info.st_mtim
            #endif
            if name.hasPrefix("v1-") { entries.append((path, Int(info.st_size), used)) }
        }
        guard total > sizeLimit else { return }
        entries.sort { ($0.used.tv_sec, $0.used.tv_nsec) < ($1.used.tv_sec, $1.used.tv_nsec) }
        for entry in entries where total > sizeLimit {
            if unlink(entry.path) == 0 { total -= entry.size }
        }
    }
}
