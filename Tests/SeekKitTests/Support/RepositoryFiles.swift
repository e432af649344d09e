import Foundation

/// Folders of the checkout the tests read in place, found from this file's path
/// (so a test file may sit in any subfolder of `Tests/SeekKitTests`).
enum RepositoryFiles {
    /// The checkout's top folder.
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()

    /// `Samples/`, the files written here for the README and the tests.
    static let samples = root.appendingPathComponent("Samples")
}
