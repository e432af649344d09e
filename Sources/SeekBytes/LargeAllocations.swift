#if canImport(Glibc)
import Glibc

/// glibc's `mallopt(3)`, declared in `malloc.h`, which the Glibc module leaves out.
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// `M_MMAP_THRESHOLD` in `malloc.h`.
private let mmapThreshold: Int32 = -3
#endif

/// Where the C library's allocator takes large blocks from.
package enum LargeAllocations {
    /// Takes every block of `bytes` or more from a mapping of its own, given back to the system
    /// when it is freed (glibc; elsewhere nothing changes).
    ///
    /// glibc maps blocks from 128 KiB, but raises that bound to the size of each mapped block
    /// freed, up to 32 MiB: after the first large array is let go, the arrays that grow past one
    /// another (an index of ten million matches) are cut from the heap, and the pages of those
    /// outgrown stay resident beside them (4 times a 24 MB file in the navigator, 2.7 with the
    /// bound fixed). A bound that is set stays where it is.
    package static func mapFrom(bytes: Int) {
        #if canImport(Glibc)
        _ = mallopt(mmapThreshold, Int32(clamping: bytes))
        #endif
    }

    /// Asks the system for large pages where the `count` bytes at `start` hold whole ones (Linux,
    /// 2 MiB; elsewhere nothing changes): a page fault then brings 2 MiB of fresh memory, not 4 KiB
    /// (for 50 MB written once, about 25 faults, not 12,000). For room about to be written whole.
    package static func adviseHugePages(_ start: UnsafeMutableRawPointer, count: Int) {
        #if os(Linux)
        let huge = 2 << 20
        let address = Int(bitPattern: start)
        let first = (address + huge - 1) & ~(huge - 1)
        let end = (address + count) & ~(huge - 1)
        guard end > first, let pages = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(pages, end - first, 14)  // MADV_HUGEPAGE
        #endif
    }

    /// An empty array with room for `capacity` bytes, asked for in large pages (`adviseHugePages`):
    /// for a text about to be appended to it, up to most of that room.
    package static func emptyBytes(reservingHugePages capacity: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            if let start = buffer.baseAddress { adviseHugePages(start, count: capacity) }
            count = 0
        }
    }
}
