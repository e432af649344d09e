import SeekKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SeekBytes

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
    /// Whether a directory walk found the file (then only a regular file is read, never a
    /// device, pipe or socket a link points to).
    var walked = false

    /// The file's path, or `nil` for standard input.
    var path: SystemPath? {
        if case .path(let path) = source { path } else { nil }
    }

    /// Whether the file is a regular file large enough to be mapped (`mappingSize`), whose matching
    /// cues may then be too many to keep (`DecodedFile.searchMatching(query:handingOnLargeResults:)`).
    var mayHoldLargeResult: Bool {
        guard problem == nil, let path else { return false }
        var info = stat()
        return path.withCString { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFREG
            && Int(info.st_size) >= Self.mappingSize
    }

    /// Files of this size or more are mapped rather than read (`withContents(from:mappingFrom:…)`).
    static let mappingSize = 1 << 22

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
        guard let listing = SystemFiles.listing(of: directory.bytes) else {
            let reason = String(cString: strerror(errno))
            files.append(InputFile(source: .path(directory), displayName: directory.shown,
                                   problem: Diagnostic(file: directory.shown, message: reason)))
            return
        }
        // The names sorted as byte strings, with their types as the directory gives them (no
        // `lstat` unless it gives none).
        for (start, type) in listing.entries {
            let name = listing.name(at: start)
            let path = directory.appending(name)
            var isDirectory = Int32(type) == DT_DIR
            var isFile = Int32(type) == DT_REG
            if Int32(type) == DT_UNKNOWN || Int32(type) == DT_LNK {
                // What a link points at decides, before anything is opened: a regular file is
                // searched; a device, pipe or socket is skipped like a plain one, and so is a
                // directory (links are not followed into directories, so a walk cannot loop).
                var info = stat()
                guard path.withCString({ lstat($0, &info) }) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFLNK {
                    guard path.withCString({ stat($0, &info) }) == 0 else { continue }
                    isDirectory = false
                } else {
                    isDirectory = info.st_mode & S_IFMT == S_IFDIR
                }
                isFile = info.st_mode & S_IFMT == S_IFREG
            }
            if isDirectory {
                walk(directory: path, filter: filter, into: &files)
            } else if isFile, SubtitleFormat.isWalked(fileName: path.shown) || VideoSubtitles.isVideo(path.shown),
                      filter.admits(Array(name)) {
                if Self.name(name, endsWith: ".xml"), !isTimedText(path) { continue }
                if Self.name(name, endsWith: ".json"), !isTranscriptJSON(path) { continue }
                files.append(InputFile(source: .path(path), displayName: path.shown, walked: true))
            }
        }
    }

    /// Whether the bytes of a file's name end with `suffix` (lower-case ASCII) in any case: no
    /// other letter lower-cases to one of an extension's ASCII letters but the Kelvin sign's `k`.
    private static func name(_ name: ArraySlice<UInt8>, endsWith suffix: String) -> Bool {
        guard name.count >= suffix.utf8.count else { return false }
        var place = name.endIndex - suffix.utf8.count
        for lower in suffix.utf8 {
            let byte = name[place]
            guard byte == lower || (0x41...0x5A).contains(byte) && byte | 0x20 == lower else { return false }
            place += 1
        }
        return true
    }

    /// Whether the `.xml` file at `path` starts like TTML or YouTube timed text: a walk takes no other XML.
    private static func isTimedText(_ path: SystemPath) -> Bool {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        guard let head = DescriptorIO.readSome(descriptor, upTo: 4096, at: 0), !head.isEmpty else { return false }
        let format = SubtitleFormat(content: head)
        return format == .ttml || format == .youtube
    }

    /// Whether the `.json` file at `path` starts like a transcript (Whisper's `segments` or
    /// `transcription`, a podcast transcript, an array of timed texts): a walk takes no other JSON,
    /// so a `package.json` beside the subtitles is not an error.
    private static func isTranscriptJSON(_ path: SystemPath) -> Bool {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        guard let head = DescriptorIO.readSome(descriptor, upTo: 4096, at: 0), !head.isEmpty else { return false }
        let text = String(decoding: head, as: UTF8.self)
        if text.contains("\"segments\"") || text.contains("\"transcription\"") { return true }
        return text.contains("\"start") && (text.contains("\"text\"") || text.contains("\"body\""))
    }

    /// The file's whole contents (standard input's, say), read with as few large reads as possible
    /// into memory whose pages can be let go as they are used (`ReleasedPages.lost`).
    ///
    /// With `sniffing`, binary data is refused by its first 64 KiB before the rest is read.
    func readWhole(from standardInput: Int32, sniffing: Bool = true) throws(Diagnostic) -> ReadBuffer {
        try withContents(from: standardInput, mappingFrom: nil, sniffing: sniffing, streaming: true,
                         mapped: { (_, _) throws(Diagnostic) -> ReadBuffer in preconditionFailure("read, not mapped") },
                         streamed: { (buffer) throws(Diagnostic) -> ReadBuffer in buffer },
                         read: { (_) throws(Diagnostic) -> ReadBuffer in preconditionFailure("read into a buffer") })
    }

    /// Opens the file once and hands its contents to `mapped`, mapped into memory without
    /// being read into a buffer, when it is a regular file of at least `minimumSize` bytes
    /// (and can be mapped); a pipe, a device or an empty regular file (which may be a special
    /// file), or any file with `streaming`, to `streamed`, read into a `ReadBuffer`; any other,
    /// read into an array, to `read`.
    ///
    /// Reads are bounded by `InputLimits.current`: a regular file larger than the limit is
    /// refused from its size, and standard input, a pipe or a device once the limit is read.
    /// With `sniffing`, binary data is refused by its first 64 KiB before the rest is read (a regular
    /// file no larger than that is read whole and left to the loader, which makes the same judgement).
    /// Mapped pages are read as `mapped` touches them, on whichever core does; `mapped` may let
    /// them go (`releasePages`) once it has what it needs of them, so they no longer take memory.
    func withContents<Result>(
        from standardInput: Int32, mappingFrom minimumSize: Int?, sniffing: Bool = true, streaming: Bool = false,
        mapped: (ByteView, _ releasePages: () -> Void) throws(Diagnostic) -> Result,
        streamed: (ReadBuffer) throws(Diagnostic) -> Result,
        read: ([UInt8]) throws(Diagnostic) -> Result
    ) throws(Diagnostic) -> Result {
        let limits = InputLimits.current
        let descriptor: Int32
        switch source {
        case .standardInput:
            descriptor = standardInput
        case .path(let path):
            // A walked entry is opened without waiting, so a FIFO put in its place cannot hang the walk.
            let flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | (walked ? O_NONBLOCK : 0)
            descriptor = path.withCString { open($0, flags) }
            guard descriptor >= 0 else { throw Self.diagnostic(displayName) }
        }
        defer { if case .path = source { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Self.diagnostic(displayName) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
            throw Diagnostic(file: displayName, message: "is a directory (use -r to search the files in it)")
        }
        if walked && kind != S_IFREG {
            throw Diagnostic(file: displayName, message: "is not a regular file (a device, pipe or socket); skipped")
        }
        let size = Int(info.st_size)
        if kind == S_IFREG && size > limits.file {
            if sniffing { try Self.sniffHead(descriptor: descriptor, name: displayName) }
            throw Diagnostic(file: displayName, message: "too large to search: \(InputLimits.describe(size)) "
                + "(the limit is \(InputLimits.describe(limits.file)), a quarter of this machine's memory at most)")
        }
        if kind == S_IFREG, let minimumSize, size >= minimumSize, size > 0,
           let result = try DescriptorIO.withMapped(descriptor, size: size, { (bytes, releasePages) throws(Diagnostic) in
               MappedFileGuard.install()
               if sniffing {
                   try TextDecoder.refuseBinaryHead(bytes.extracting(first: Self.headSize).array, fileName: displayName)
               }
               return try mapped(bytes, releasePages)
           }) {
            return result
        }
        // A regular file is read up to the size it had when opened; one that reports no
        // size (as some special files do), a device or a pipe is read to its end, within the limit.
        let knownSize = kind == S_IFREG && size > 0 ? size : nil
        let limit = knownSize == nil ? limits.stream : limits.file
        // A file no larger than the head has no rest to spare: the loader judges the same bytes the same way.
        let sniffsHead = sniffing && (knownSize ?? .max) > Self.headSize
        let capacity = knownSize.map { min(max($0, Self.headSize), limit + 1) } ?? limit + 1
        if streaming || knownSize == nil {
            let buffer = try Self.readAll(descriptor: descriptor, size: knownSize, limit: limit, sniffing: sniffsHead,
                                          name: displayName) { firstRead, step in
                ReadBuffer.read(descriptor, capacity: capacity, firstRead: firstRead, step)
            }
            guard let buffer else {
                throw Diagnostic(file: displayName, message: "no memory to read \(InputLimits.describe(limit)) into")
            }
            return try streamed(buffer)
        }
        return try read(Self.readAll(descriptor: descriptor, size: knownSize, limit: limit, sniffing: sniffsHead,
                                     name: displayName) { firstRead, step in
            DescriptorIO.readUpTo(descriptor, capacity: capacity, firstRead: firstRead, step)
        })
    }

    /// How much of the start of a file the binary check looks at.
    static let headSize = 1 << 16

    /// Refuses the file open on `descriptor` when its first bytes are binary data.
    private static func sniffHead(descriptor: Int32, name: String) throws(Diagnostic) {
        if let head = DescriptorIO.readSome(descriptor, upTo: headSize, at: 0), !head.isEmpty {
            try TextDecoder.refuseBinaryHead(head, fileName: name)
        }
    }

    /// Reads `descriptor` to its end, or until `size` bytes have come when the size is known;
    /// refuses more than `limit` bytes, and (`sniffing`) binary data as soon as its head is read.
    ///
    /// `reader` reads (`DescriptorIO.readUpTo`, `ReadBuffer.read`) into one buffer of the most
    /// the bytes may take (`size`, else `limit` and one more byte to see that there is more),
    /// never copied into a larger one as they grow: the pages of the buffer not yet read into take
    /// no memory, so reading standard input costs what has come, not twice the limit.
    private static func readAll<Bytes: ReadBytes>(
        descriptor: Int32, size: Int?, limit: Int, sniffing: Bool, name: String,
        reader: (_ firstRead: Int, _ step: (_ got: Int, _ bytes: ByteView) -> Int?) -> Bytes
    ) throws(Diagnostic) -> Bytes {
        var problem: Diagnostic?
        var sniffed = !sniffing
        // Until the head is judged, no read goes past it: one read of a device (`/dev/zero`)
        // fills all it is offered.
        let result = reader(sniffed ? .max : headSize) { got, bytes in
            if got < 0 {
                if errno == EINTR { return sniffed ? .max : headSize - bytes.count }
                if errno == EAGAIN {
                    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                    return sniffed ? .max : headSize - bytes.count
                }
                problem = diagnostic(name)
                return nil
            }
            let reachedEnd = got == 0 || bytes.count == size
            if !sniffed && (reachedEnd || bytes.count >= headSize) {
                sniffed = true
                let head = bytes.extracting(first: headSize).array
                if case .failure(let refusal) = Result(catching: { () throws(Diagnostic) in
                    try TextDecoder.refuseBinaryHead(head, fileName: name)
                }) {
                    problem = refusal
                    return nil
                }
            }
            return reachedEnd ? nil : sniffed ? .max : headSize - bytes.count
        }
        if let problem { throw problem }
        if result.readCount > limit {
            throw Diagnostic(file: name, message: "more than \(InputLimits.describe(limit)) to read, "
                + "the limit for standard input, pipes and devices (SEEK_INPUT_LIMIT lowers it); not searched")
        }
        return result
    }

    private static func diagnostic(_ name: String) -> Diagnostic {
        Diagnostic(file: name, message: String(cString: strerror(errno)))
    }

    /// The device and inode of the file, when it exists.
    func identity(standardInput: Int32) -> FileIdentity? {
        switch source {
        case .standardInput: return FileIdentity(descriptor: standardInput)
        case .path(let path): return FileIdentity(path: path)
        }
    }
}

/// A file's device and inode: two names for the same file have the same identity.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init?(path: some CStringBytes) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
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
            SignalCleanup.removePending()
            let message: StaticString = "seek: a file shrank while it was being read (another program changed it); stopping\n"
            DescriptorIO.writeFromSignalHandler(2, message)
            _exit(2)
        }
    }()

    static func install() { _ = installed }
}

/// What `InputFile.readAll` reads into: an array, or a `ReadBuffer` (`nil` when it has no memory).
private protocol ReadBytes {
    /// How many bytes were read.
    var readCount: Int { get }
}

extension [UInt8]: ReadBytes {
    var readCount: Int { count }
}

extension Optional: ReadBytes where Wrapped == ReadBuffer {
    var readCount: Int { self?.count ?? 0 }
}
