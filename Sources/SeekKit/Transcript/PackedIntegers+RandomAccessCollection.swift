/// A packed column reads like an array of its values: `partitionPoint`, `lazy.map` and
/// `for value in column` work on it.
extension PackedIntegers: RandomAccessCollection {
    typealias Element = Int64
    typealias Index = Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }
}
