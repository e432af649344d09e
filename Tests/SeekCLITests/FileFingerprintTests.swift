import Foundation
import Testing
@testable import seek

/// What a file was when read, told apart from what it became.
@Suite struct FileFingerprintTests {
    @Test func aFileWrittenToReplacedOrDeletedIsNoticedAndOneLeftAloneIsNot() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.write("talk.srt", "1\n00:00:01,000 --> 00:00:02,000\nhello\n")
        let path = SystemPath(url.path)
        let read = try #require(FileFingerprint(path: path))
        #expect(FileFingerprint.change(at: path, since: read) == nil)
        #expect(FileFingerprint(path: path) == read)

        try directory.write("talk.srt", "1\n00:00:01,000 --> 00:00:02,000\nhello there\n")
        #expect(FileFingerprint.change(at: path, since: read) == .changed)

        let written = try #require(FileFingerprint(path: path))
        try directory.write("other.srt", "1\n00:00:01,000 --> 00:00:02,000\nhello there\n")
        try FileManager.default.removeItem(at: url)
        try FileManager.default.moveItem(at: directory.url.appendingPathComponent("other.srt"), to: url)
        #expect(FileFingerprint.change(at: path, since: written) == .changed, "replaced by another file of the same size")

        try FileManager.default.removeItem(at: url)
        #expect(FileFingerprint.change(at: path, since: written) == .deleted)
        #expect(FileFingerprint(path: path) == nil)
    }
}
