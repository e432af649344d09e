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
