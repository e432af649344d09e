#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SeekBytes

/// A `ReadBuffer` holds what was read, as an array read the same way would, and lets its pages
/// go only before the index it is given.
@Suite struct ReadBufferTests {
    @Test func readsAPipeAsAnArrayReadsIt() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let bytes = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(DescriptorIO.writeAll(ends[1], bytes) == nil)
        close(ends[1])
        var seen: [Int] = []
        let read = try #require(ReadBuffer.read(ends[0], capacity: 5000, firstRead: 1000) { got, view in
            seen.append(got)
            return got == 0 ? nil : 700
        })
        #expect(read.count == 3000 && read.array == bytes)
        #expect(seen.first == 1000 && seen.dropFirst().dropLast().allSatisfy { $0 <= 700 } && seen.last == 0)
    }

    @Test func readsStopAtTheCapacity() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(DescriptorIO.writeAll(ends[1], [UInt8](repeating: 0x61, count: 100)) == nil)
        close(ends[1])
        let read = try #require(ReadBuffer.read(ends[0], capacity: 40) { _, _ in .max })
        #expect(read.array == [UInt8](repeating: 0x61, count: 40))
        let empty = try #require(ReadBuffer.read(ends[0], capacity: 0) { _, _ in .max })
        #expect(empty.count == 0 && empty.array.isEmpty)
    }

    /// The bytes from the page that holds `end` on are kept; whole pages before it go.
    @Test func pagesGoOnlyBeforeTheIndexGiven() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let bytes = (0..<3 * page).map { UInt8(truncatingIfNeeded: $0 % 251 + 1) }
        #expect(DescriptorIO.writeAll(ends[1], bytes) == nil)
        close(ends[1])
        let read = try #require(ReadBuffer.read(ends[0], capacity: 4 * page) { got, _ in got > 0 ? .max : nil })
        read.withByteView { view in
            view.releasePages(before: 2 * page - 1)
            #expect(Array(view[page...]) == Array(bytes[page...]), "the page holding the index is kept")
            view.releasePages(before: 3 * page)
            #if os(Linux)
            #expect(view.allSatisfy { $0 == 0 }, "pages let go come back zeroed")
            #endif
        }
    }
}
