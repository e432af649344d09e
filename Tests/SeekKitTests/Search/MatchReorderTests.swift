import Testing
@testable import SeekKit

/// Matches found by where they end come out in `MatchOrder`, holding only those near the scan.
@Suite struct MatchReorderTests {
    @Test func matchesComeOutInIndexOrderWhateverOrderTheyEndIn() {
        var random = SeededRandom(seed: 0x22_0A)
        for round in 0..<200 {
            let longest = Int.random(in: 1...12, using: &random)
            var found: [MatchOrder] = []
            for _ in 0..<Int.random(in: 0...300, using: &random) {
                found.append(MatchOrder(cue: 0, start: Int.random(in: 0...400, using: &random),
                                        length: Int.random(in: 1...longest, using: &random),
                                        token: Int.random(in: 0...3, using: &random)))
            }
            // As a scan finds them: by where they end, those ending together in any order.
            found.sort { $0.start + $0.length < $1.start + $1.length }
            var reorder = MatchReorder(longest: longest)
            var emitted: [MatchOrder] = []
            for match in found {
                reorder.add(match) { emitted.append($0) }
            }
            let beforeFinish = emitted.count
            reorder.finish { emitted.append($0) }
            #expect(emitted == found.sorted(), "round \(round)")
            // Only matches starting within `longest` bytes of the last end are held at the finish.
            let lastEnd = found.last.map { $0.start + $0.length } ?? 0
            #expect(found.count - beforeFinish == found.filter { $0.start >= lastEnd - longest }.count, "round \(round)")
        }
    }
}
