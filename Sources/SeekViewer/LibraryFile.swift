import SeekKit

/// One file of the navigator's library, as far as it has been read.
///
/// The host reads files in the background and hands each one over with
/// `ViewerState.fileLoaded(_:content:)`; until then a file is `pending`.
public struct LibraryFile: Sendable {
    /// What reading the file gave.
    public enum Content: Sendable {
        /// Not read yet.
        case pending
        /// Read; its cues.
        case loaded(Transcript)
        /// Unreadable, binary, too large or broken: the message says which (it names the file).
        case failed(String)

        /// The cues, once read.
        public var transcript: Transcript? {
            if case .loaded(let transcript) = self { return transcript }
            return nil
        }

        /// Why the file could not be read, if it could not.
        public var failure: String? {
            if case .failed(let message) = self { return message }
            return nil
        }
    }

    /// The name shown for the file (as the command prints it).
    public var name: String
    public var content: Content
    /// What happened to the file on disk since it was read, once the host noticed.
    public var changeOnDisk: FileChange?

    public init(name: String, content: Content = .pending) {
        self.name = name
        self.content = content
    }

    /// The file's cues, once read.
    public var transcript: Transcript? { content.transcript }

    /// Why the file could not be read, if it could not.
    public var failure: String? { content.failure }

    /// Whether the file has been read (or failed to be).
    public var isRead: Bool {
        if case .pending = content { return false }
        return true
    }
}

/// What happened on disk to a file after the navigator read it (the navigator keeps showing what it read).
public enum FileChange: Hashable, Sendable {
    /// The file is gone.
    case deleted
    /// The file was written to or replaced.
    case changed

    /// The words for `name`'s change, for the status line and the file list.
    public func describe(_ name: String) -> String {
        switch self {
        case .deleted: "\(name) was deleted after it was read; showing the text read then"
        case .changed: "\(name) changed on disk after it was read; showing the text read then (run seek again to read it anew)"
        }
    }
}
