import SeekKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One thing to search: a file path or standard input, or an argument that is already known to be bad.
struct InputFile: Equatable {
    enum Source: Equatable {
        case standardInput
        case path(SystemPath)
    }

    var source: Source
    /// The name shown in output, errors and exports.
    var displayName: String
    /// A problem found while collecting (a directory without `-r`, a missing path).
    var problem: Diagnostic?

    static let standardInputName = "<stdin>"

    /// Expands the FILE arguments: `-` is standard input, directories are walked with `recursive`
    /// (in path order, hidden entries skipped, only subtitle and transcript files), otherwise an error.
    ///
    /// An argument found in `undecodable` (see `SystemPath.undecodableArguments()`) names the
    /// file by those bytes.
    ///
    /// - Returns: the inputs, and whether a directory was expanded (file names are then always shown).
    static func collect(
        _ arguments: [String], recursive: Bool, undecodable: [(decoded: String, bytes: [UInt8])] = [],
        filter: FileNameFilter = FileNameFilter()
    ) -> (files: [InputFile], expandedDirectory: Bool) {
        var files: [InputFile] = []
        var expanded = false
        for argument in arguments {
            if argument == "-" {
                files.append(InputFile(source: .standardInput, displayName: standardInputName))
                continue
            }
            let path = SystemPath(argument: argument, undecodable: undecodable)
            var info = stat()
            if path.withCString({ stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                guard recursive else {
                    files.append(InputFile(source: .path(path), displayName: path.shown, problem: Diagnostic(
                        file: path.shown, message: "is a directory (use -r to search the files in it)")))
                    continue
                }
                expanded = true
                walk(directory: path, filter: filter, into: &files)
            } else {
                files.append(InputFile(source: .path(path), displayName: path.shown))
            }
        }
        return (files, expanded)
    }

    /// Subtitle and transcript files under `directory`, depth first, names in byte order.
    private static func walk(directory: SystemPath, filter: FileNameFilter, into files: inout [InputFile]) {
        guard let handle = directory.withCString({ opendir($0) }) else {
            let reason = String(cString: strerror(errno))
            files.append(InputFile(source: .path(directory), displayName: directory.shown,
                                   problem: Diagnostic(file: directory.shown, message: reason)))
            return
        }
        // The names, each ending in a NUL, one after another in one buffer, with their types as
        // the directory gives them (no `lstat` unless it gives none); sorted as byte strings.
        var names: [UInt8] = []
        var entries: [(start: Int, type: UInt8)] = []
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(handle) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            if name.pointee == CChar(UInt8(ascii: ".")) { continue }
            entries.append((names.count, entry.pointee.d_type))
            names.append(contentsOf: UnsafeRawBufferPointer(start: name, count: strlen(name) + 1))
        }
        closedir(handle)
        names.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            let text = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            entries.sort { strcmp(text + $0.start, text + $1.start) < 0 }
        }
        for (start, type) in entries {
            let end = names[start...].firstIndex(of: 0)!
            let name = names[start..<end]
            let path = directory.appending(name)
            var isDirectory = Int32(type) == DT_DIR
            var isFile = Int32(type) == DT_REG || Int32(type) == DT_LNK
            if Int32(type) == DT_UNKNOWN {
                var info = stat()
                guard path.withCString({ lstat($0, &info) }) == 0 else { continue }
                isDirectory = info.st_mode & S_IFMT == S_IFDIR
                isFile = info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFLNK
            }
            if isDirectory {
                walk(directory: path, filter: filter, into: &files)
            } else if isFile, SubtitleFormat(fileName: path.shown) != nil,
                      names[start...end].withUnsafeBufferPointer({ bytes in
                          bytes.withMemoryRebound(to: CChar.self) { filter.admits($0.baseAddress!) }
                      }) {
                files.append(InputFile(source: .path(path), displayName: path.shown))
            }
        }
    }

    /// The file's whole contents, read with as few large reads as possible.
    func read(from standardInput: Int32) throws(Diagnostic) -> [UInt8] {
        try withContents(from: standardInput, mappingFrom: nil, mapped: { _ in [] }, read: { $0 })
    }

    /// Opens the file once and hands its contents to `mapped`, mapped into memory without
    /// being read into a buffer, when it is a regular file of at least `minimumSize` bytes
    /// (and can be mapped); otherwise reads them and hands them to `read`.
    ///
    /// Mapped pages are read as `mapped` touches them, on whichever core does.
    func withContents<Result>(
        from standardInput: Int32, mappingFrom minimumSize: Int?,
        mapped: (UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Result,
        read: ([UInt8]) throws(Diagnostic) -> Result
    ) throws(Diagnostic) -> Result {
        guard case .path(let path) = source else {
            return try read(Self.readAll(descriptor: standardInput, size: nil, name: displayName))
        }
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw Self.diagnostic(displayName) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Self.diagnostic(displayName) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
            throw Diagnostic(file: displayName, message: "is a directory (use -r to search the files in it)")
        }
        let size = Int(info.st_size)
        if kind == S_IFREG, let minimumSize, size >= minimumSize,
           let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED {
            defer { munmap(address, size) }
            MappedFileGuard.install()
            return try mapped(UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size))
        }
        // A regular file is read up to the size it had when opened; one that reports no
        // size (as some special files do), a device or a pipe is read to its end.
        let knownSize = kind == S_IFREG && size > 0 ? size : nil
        return try read(Self.readAll(descriptor: descriptor, size: knownSize, name: displayName))
    }

    /// Reads `descriptor` to its end, or until `size` bytes have come when the size is known.
    private static func readAll(descriptor: Int32, size: Int?, name: String) throws(Diagnostic) -> [UInt8] {
        var result: [UInt8] = []
        var capacity = max(size ?? 0, 1 << 16)
        while true {
            var failure: Int32?
            var reachedEnd = false
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < buffer.count {
                    let got = readBytes(descriptor, buffer.baseAddress! + count, buffer.count - count)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    count += got
                    if got == 0 || result.count + count == size {
                        reachedEnd = true
                        return
                    }
                }
            }
            if let failure {
                errno = failure
                throw diagnostic(name)
            }
            if result.isEmpty { result = chunk } else { result.append(contentsOf: chunk) }
            if reachedEnd { return result }
            capacity = max(capacity, result.count)
        }
    }

    private static func diagnostic(_ name: String) -> Diagnostic {
        Diagnostic(file: name, message: String(cString: strerror(errno)))
    }

    /// The device and inode of the file, when it exists.
    func identity(standardInput: Int32) -> FileIdentity? {
        switch source {
        case .standardInput: return FileIdentity(descriptor: standardInput)
        case .path(let path): return path.withCString { FileIdentity(path: $0) }
        }
    }
}

/// `read(2)`, under a name the methods called `read` do not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// A file's device and inode: two names for the same file have the same identity.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init?(path: UnsafePointer<CChar>) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// Turns the bus error a mapped file raises when another program truncates it while
/// `seek` reads it into a clear message and status 2, instead of a crash.
enum MappedFileGuard {
    private static let installed: Void = {
        signal(SIGBUS) { _ in
            let message: StaticString = "seek: a file shrank while it was being read (another program changed it); stopping\n"
            _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
            _exit(2)
        }
    }()

    static func install() { _ = installed }
}
