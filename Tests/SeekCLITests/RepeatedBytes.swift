import Foundation

/// `unit` repeated to `count` bytes (the last copy cut short), built by doubling: a few copies
/// of memory, where the test's debug build took seconds to map a closure over millions of bytes.
func repeatedBytes(_ unit: [UInt8], count: Int) -> Data {
    var data = Data(unit)
    data.reserveCapacity(count)
    while data.count < count {
        data.append(data.prefix(min(data.count, count - data.count)))
    }
    return data.prefix(count)
}
