extension RandomAccessCollection {
    /// The index of the first element for which `isUpper` holds, in a collection where it holds
    /// for a suffix (every element after one where it holds); `endIndex` when it holds for none.
    ///
    /// This is the one binary search: a lower bound is `partitionPoint { $0 >= value }`, an upper
    /// bound `partitionPoint { $0 > value }`.
    ///
    /// ```swift
    /// [1, 3, 3, 7].partitionPoint { $0 >= 3 }  // 1
    /// [1, 3, 3, 7].partitionPoint { $0 > 3 }   // 3
    /// ```
    ///
    /// - Complexity: O(log n) calls of `isUpper`.
    package func partitionPoint(where isUpper: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var length = count
        while length > 0 {
            let half = length / 2
            let middle = index(low, offsetBy: half)
            if try isUpper(self[middle]) {
                length = half
            } else {
                low = index(after: middle)
                length -= half + 1
            }
        }
        return low
    }
}
