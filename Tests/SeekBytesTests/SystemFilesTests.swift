#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import SeekBytes

/// Temporary names, directory listings and C arrays, on a directory made for the test.
@Suite struct SystemFilesTests {
    /// A temporary directory, removed with everything in it when `body` returns.
    static func withDirectory(_ body: ([UInt8]) throws -> Void) throws {
        let template = Array((NSTemporaryDirectory() + "/seekbytes-XXXXXX").utf8)
        let directory = try #require(SystemFiles.makeTemporaryDirectory(template: template))
        defer { try? FileManager.default.removeItem(atPath: String(decoding: directory, as: UTF8.self)) }
        try body(directory)
    }

    @Test func listsADirectorySortedAsBytes() throws {
        try Self.withDirectory { directory in
            for name in ["b.srt", "a.srt", "B.srt", ".hidden", "é.vtt"] {
                let descriptor = (directory + Array("/\(name)".utf8)).withCString { open($0, O_CREAT | O_WRONLY, 0o600) }
                #expect(descriptor >= 0)
                close(descriptor)
            }
            let listing = try #require(SystemFiles.listing(of: directory))
            let names = listing.entries.map { String(decoding: listing.name(at: $0.start), as: UTF8.self) }
            #expect(names == ["B.srt", "a.srt", "b.srt", "é.vtt"])
            let all = try #require(SystemFiles.listing(of: directory, hidden: true))
            #expect(all.entries.map { String(decoding: all.name(at: $0.start), as: UTF8.self) }.first == ".hidden")
            #expect(all.entries.count == 5, "no . or ..")
            #expect(SystemFiles.listing(of: directory + Array("/missing".utf8)) == nil)
        }
    }

    @Test func setsAByteOfACArray() {
        var value: (UInt8, UInt8, UInt8) = (1, 2, 3)
        SystemFiles.setByte(1, of: &value, to: 9)
        #expect(value == (1, 9, 3))
    }
}
