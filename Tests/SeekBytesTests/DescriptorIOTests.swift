#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import SeekBytes

/// Reads and writes through real pipes and files move the bytes they say.
@Suite struct DescriptorIOTests {
    @Test func writesAndReadsThroughAPipe() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let bytes = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(DescriptorIO.writeAll(ends[1], bytes) == nil)
        close(ends[1])
        var seen: [Int] = []
        let read = DescriptorIO.readUpTo(ends[0], capacity: 5000, firstRead: 1000) { got, view in
            seen.append(got)
            return got == 0 ? nil : 700
        }
        #expect(read == bytes)
        #expect(seen.first == 1000, "the first read takes at most firstRead")
        #expect(seen.dropFirst().dropLast().allSatisfy { $0 <= 700 }, "later reads take at most what step allows")
        #expect(seen.last == 0)
    }

    @Test func readsStopAtTheCapacity() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(DescriptorIO.writeAll(ends[1], [UInt8](repeating: 0x61, count: 100)) == nil)
        close(ends[1])
        let read = DescriptorIO.readUpTo(ends[0], capacity: 40) { _, _ in .max }
        #expect(read == [UInt8](repeating: 0x61, count: 40))
        var rest = [UInt8](repeating: 0, count: 100)
        #expect(DescriptorIO.readSome(ends[0], into: &rest) == 60)
    }

    @Test func mapsAndReadsAFile() throws {
        try SystemFilesTests.withDirectory { directory in
            let made = try #require(SystemFiles.makeTemporaryFile(template: directory + Array("/file-XXXXXX".utf8)))
            defer { close(made.descriptor) }
            #expect(made.path.starts(with: directory) && !made.path.contains(0))
            let text = Array("Dialogue: one\nDialogue: two\n".utf8)
            #expect(DescriptorIO.writeAll(made.descriptor, text) == nil)
            #expect(DescriptorIO.readSome(made.descriptor, upTo: 9, at: 15) == Array(text[15..<24]))
            #expect(DescriptorIO.readSome(made.descriptor, upTo: 100, at: 0) == text)
            let mapped = DescriptorIO.withMapped(made.descriptor, size: text.count) { view, releasePages in
                let before = view.array
                releasePages()
                return (before, view.array)
            }
            #expect(mapped?.0 == text)
            #expect(mapped?.1 == text, "pages let go are read again from the file")
        }
    }
}
