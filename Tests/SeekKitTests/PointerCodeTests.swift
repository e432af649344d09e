import Foundation
import Testing

/// Raw pointer code has one home, `Sources/SeekBytes`: every other module reads bytes through
/// `ByteView` and the calls SeekBytes offers. The compiler keeps `ByteView`'s pointer internal;
/// this test keeps the spellings that would reach a pointer another way out of the other modules.
@Suite struct PointerCodeTests {
    /// Spellings that hold, make or read through a raw pointer.
    static let spellings = [
        "Unsafe", "withUnsafe", "baseAddress", "loadUnaligned", "memchr", "memcmp", "memcpy",
        "utf8Start", "withUTF8Buffer", "unsafeBitCast",
    ]

    @Test func noPointerCodeOutsideSeekBytes() throws {
        let sources = RepositoryFiles.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        var found: [String] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let path = url.path.dropFirst(sources.path.count + 1)
            guard !path.hasPrefix("SeekBytes/") else { continue }
            checked += 1
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where Self.spellings.contains(where: { line.contains($0) }) {
                found.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(checked > 50, "the sources of SeekKit, SeekViewer and seek were read")
        #expect(found.isEmpty, "pointer code outside SeekBytes:\n\(found.joined(separator: "\n"))")
    }
}
