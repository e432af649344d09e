@testable import SeekKit
import Testing

/// The one binary search, against a walk from the front on every prefix of sorted arrays with repeats.
@Suite struct PartitionPointTests {
    @Test(arguments: [[], [5], [1, 3, 3, 7], [2, 2, 2, 2], [0, 1, 2, 3, 4, 5, 6, 7, 8], [1, 1, 4, 4, 4, 9, 9, 12]])
    func findsTheFirstElementOfTheUpperPart(sorted: [Int]) {
        for value in -1...13 {
            #expect(sorted.partitionPoint { $0 >= value } == (sorted.firstIndex { $0 >= value } ?? sorted.count))
            #expect(sorted.partitionPoint { $0 > value } == (sorted.firstIndex { $0 > value } ?? sorted.count))
        }
    }

    @Test func keepsTheIndicesOfASlice() {
        let numbers = [1, 3, 3, 7, 9, 11]
        let slice = numbers[2...]
        #expect(slice.partitionPoint { $0 >= 9 } == 4)
        #expect(slice.partitionPoint { $0 >= 100 } == slice.endIndex)
        #expect(slice.partitionPoint { $0 >= 0 } == slice.startIndex)
    }
}
