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
}
