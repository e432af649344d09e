#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much `seek` reads of one input before it refuses it with a message.
///
/// - A regular file: at most 4 GiB and at most a quarter of the machine's memory (searching
///   it takes about three times its size), judged from its size before anything is read.
/// - Standard input, a pipe or a device (`/dev/zero`): 1 GiB, judged while reading.
///
/// `SEEK_INPUT_LIMIT` (bytes) lowers both, for tests and small machines.
struct InputLimits: Sendable {
    /// The largest regular file searched.
    var file: Int
    /// The most read from standard input, a pipe or a device.
    var stream: Int

    static let standardStream = 1 << 30
    /// Under 4 GiB: offsets into a transcript are kept in 32 bits.
    static let largestFile = (1 << 32) - 1

    /// The limits for this process, from the machine's memory and `SEEK_INPUT_LIMIT`.
    static let current: InputLimits = {
        let pages = Int(sysconf(Int32(_SC_PHYS_PAGES)))
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var file = largestFile
        if pages > 0 && pageSize > 0 { file = min(file, pages / 4 * pageSize) }
        var stream = standardStream
        if let text = getenv("SEEK_INPUT_LIMIT"), let lowered = Int(String(cString: text)), lowered > 0 {
            file = min(file, lowered)
            stream = min(stream, lowered)
        }
        return InputLimits(file: file, stream: stream)
    }()

    /// `1.5 GiB`, `300 MiB`, `12 KiB`, `900 bytes`: sizes in messages.
    static func describe(_ bytes: Int) -> String {
        let units: [(Double, String)] = [(0x1p40, "TiB"), (0x1p30, "GiB"), (0x1p20, "MiB"), (0x1p10, "KiB")]
        for (scale, name) in units where Double(bytes) >= scale {
            let value = Double(bytes) / scale
            let tenths = (value * 10).rounded() / 10
            let text = tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
            return text + " " + name
        }
        return "\(bytes) bytes"
    }
}
