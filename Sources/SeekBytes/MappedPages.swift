#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ByteView {
    /// Lets go the pages of a file map that hold the bytes of `range`; they are read again from
    /// the file if touched. A file read once from start to end, each part let go once read,
    /// then takes the memory of a part, not of the whole file.
    ///
    /// Only for a view of a private, read-only map of a file (`DescriptorIO.withMapped`): its pages
    /// are `ReleasedPages.readAgain`. (A `ReadBuffer`'s are lost: `releasePages(before:)`.)
    package func releaseMappedPages(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range of the view")
        guard let base = bytes.baseAddress, !range.isEmpty else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let address = Int(bitPattern: base)
        assert(address % page == 0, "a file map starts on a page")
        let first = (address + range.lowerBound) / page * page
        let end = (address + range.upperBound + page - 1) / page * page
        guard let pages = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(pages, end - first, MADV_DONTNEED)
    }
}
