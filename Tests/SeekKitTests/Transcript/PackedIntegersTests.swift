import Testing
@testable import SeekKit

/// Packed columns give back exactly what was appended, whatever the values, in a few bits each.
@Suite struct PackedIntegersTests {
    static func packed(_ values: [Int64]) -> PackedIntegers {
        var column = PackedIntegers()
        for value in values { column.append(value) }
        return column
    }

    static func unpacked(_ column: PackedIntegers) -> [Int64] {
        (0..<column.count).map { column[$0] }
    }

    /// The values as the column's iterator reads them.
    static func inOrder(_ column: PackedIntegers) -> [Int64] {
        var values: [Int64] = []
        var iterator = column.makeIterator()
        while let value = iterator.next() { values.append(value) }
        return values
    }

    static func shapes() -> [(String, [Int64])] {
        var random = SeededRandom(seed: 22)
        let line = (0..<1000).map { Int64(7 + 3 * $0) }
        func leaving(at index: Int) -> [Int64] {
            var values = line
            values[index] += 1
            return values
        }
        return [
            ("empty", []),
            ("one", [42]),
            ("two", [Int64.max, Int64.min]),
            ("constant", Array(repeating: -1, count: 700)),
            ("a line", line),
            ("a falling line", (0..<600).map { Int64(1_000_000 - 5 * $0) }),
            ("leaving the line at 1", leaving(at: 1)),
            ("leaving the line at 2", leaving(at: 2)),
            ("leaving the line at 255", leaving(at: 255)),
            ("leaving the line at 256", leaving(at: 256)),
            ("leaving the line at 999", leaving(at: 999)),
            ("climbing with jitter", (0..<3000).map { Int64($0 * 40) + Int64.random(in: 0...37, using: &random) }),
            ("any 64 bits", (0..<1500).map { _ in Int64(bitPattern: random.next()) }),
            ("extremes", (0..<800).map { [Int64.min, Int64.max, 0, -1][$0 % 4] }),
            ("times with gaps", (0..<2000).map { $0 % 97 == 0 ? Int64.min : Int64($0) * 86_400_000 }),
            ("a slope past 32 bits", (0..<900).map { Int64($0) * 5_000_000_000 }),
            ("a line that overflows", (0..<600).map { Int64.max - 3 + Int64($0 % 3) }),
            ("steps beyond a word", (0..<1024).map { $0 % 2 == 0 ? Int64.min : Int64.max }),
            // A block for each width of distance, 1 to 64 bits (the first and last values of each
            // block are 0: no slope).
            ("every width", (1...64).flatMap { width in
                (0..<256).map { $0 % 3 == 1 ? Int64(bitPattern: 1 << UInt64(width - 1)) : 0 }
            }),
        ]
    }

    @Test func everyValueComesBackExactly() {
        for (shape, values) in Self.shapes() {
            let column = Self.packed(values)
            #expect(column.count == values.count, "\(shape)")
            #expect(Self.unpacked(column) == values, "\(shape)")
        }
    }

    /// Reading in order (`for value in column`, which reads a block's header once for its values)
    /// gives what reading each value by its index gives: as appended, sealed, and appended to again.
    @Test func readingInOrderGivesEveryValue() {
        for (shape, values) in Self.shapes() {
            var column = Self.packed(values)
            #expect(Self.inOrder(column) == values, "\(shape)")
            column.seal()
            #expect(Self.inOrder(column) == values, "\(shape), sealed")
            column.append(5)
            column.append(-9)
            #expect(Self.inOrder(column) == values + [5, -9], "\(shape), appended to after sealing")
            #expect(Self.inOrder(column) == Self.unpacked(column), "\(shape), by index")
        }
    }

    /// `forEachValue` (which reads a column still on its line without an iterator) hands on the values in order.
    @Test func eachValueIsHandedOnInOrder() {
        for (shape, values) in Self.shapes() {
            var column = Self.packed(values)
            var handed: [Int64] = []
            column.forEachValue { handed.append($0) }
            #expect(handed == values, "\(shape)")
            column.seal()
            column.append(5)
            handed = []
            column.forEachValue { handed.append($0) }
            #expect(handed == values + [5], "\(shape), sealed and appended to")
        }
    }

    @Test func valuesOnALineHoldNoBlock() {
        let column = Self.packed((0..<100_000).map { Int64(2 * $0) })
        #expect(column.storedBytes == 0)
        #expect(column[99_999] == 199_998)
    }

    @Test func steadilyClimbingValuesTakeAFewBitsEach() {
        var random = SeededRandom(seed: 10)
        let values = (0..<100_000).map { Int64($0 * 3) + Int64.random(in: 0...15, using: &random) }
        let column = Self.packed(values)
        #expect(Self.unpacked(column) == values)
        #expect(column.storedBytes < values.count, "more than a byte a value: \(column.storedBytes)")
    }

    @Test func aTranscriptOfTinyCuesKeepsLittleBesidesItsText() {
        var builder = TranscriptBuilder()
        for i in 0..<200_000 {
            builder.append(text: i % 3 == 0 ? "ab" : "a", line: 1 + i + i / 5)
        }
        let transcript = builder.build()
        #expect(transcript.records.storedBytes < transcript.count,
                "\(transcript.records.storedBytes) bytes for \(transcript.count) cues")
        #expect(transcript.text(at: 199_999) == "a" && transcript.line(at: 199_999) == 1 + 199_999 + 39_999)
    }

    @Test func identifiersComeBackAsWritten() {
        let cases = [
            ("1", true), ("0", true), ("12345", true), ("999999999999999999", true),
            ("01", false), ("", false), ("-1", false), ("+1", false), ("1a", false), ("1 ", false),
            ("1234567890123456789", false), ("٣", false), ("intro", false),
        ]
        for (id, isNumber) in cases {
            #expect((CueRecords.Columns.decimalNumber(id) != nil) == isNumber, "\(id.debugDescription)")
            let transcript = Transcript([Cue(ordinal: 1, id: id, text: "x", line: 1), Cue(ordinal: 2, text: "y", line: 3)])
            #expect(transcript.id(at: 0) == id && transcript.id(at: 1) == nil, "\(id.debugDescription)")
        }
    }

    @Test func everyFieldOfACueComesBack() {
        var random = SeededRandom(seed: 5)
        let cues = (0..<3000).map { i -> Cue in
            let timed = i % 11 != 0
            let start = timed ? Int.random(in: -5_000...90_000_000, using: &random) : nil
            return Cue(ordinal: i + 1, id: i % 7 == 0 ? "id\(i)" : i % 5 == 0 ? nil : String(i + 1),
                       start: start, end: i % 13 == 0 ? nil : start.map { $0 + Int.random(in: 0...9_000, using: &random) },
                       speaker: i % 4 == 0 ? nil : ["Ana", "Bo", "Cy"][i % 3], style: i % 6 == 0 ? "Signs" : nil,
                       text: String(repeating: "é", count: i % 9), line: 1 + 5 * i + i % 3)
        }
        let transcript = Transcript(cues)
        #expect(Array(transcript) == cues)
    }

    @Test func aSealedColumnKeepsEveryValueAndGoesOnAfterAppending() {
        for (shape, values) in Self.shapes() {
            for cut in [0, 1, 2, 255, 256, 257, 300, 511, values.count].filter({ $0 <= values.count }) {
                var column = Self.packed(Array(values[..<cut]))
                column.seal()
                #expect(Self.unpacked(column) == Array(values[..<cut]), "\(shape), sealed at \(cut)")
                column.seal()
                for value in values[cut...] { column.append(value) }
                #expect(column.count == values.count && Self.unpacked(column) == values, "\(shape), sealed at \(cut)")
                column.seal()
                #expect(Self.unpacked(column) == values, "\(shape), sealed again")
            }
        }
    }

    /// A table's records sealed where they lie (`sealedRecords`, what the parsers' collector hands
    /// over) are the records `records` seals in a copy, and the table goes on appending after it.
    @Test func recordsSealedInTheTableAreTheRecordsSealedInACopy() {
        /// A table of `count` cues of every kind of field; `sealedRecords()` also called after `sealing` cues.
        func table(_ count: Int, sealingAt sealing: Int? = nil) -> (CueRecordTable, sealed: CueRecords?) {
            var random = SeededRandom(seed: 16)
            var table = CueRecordTable()
            var sealed: CueRecords?
            for i in 0..<count {
                if i == sealing { sealed = table.sealedRecords() }
                let start = i % 11 == 0 ? nil : Int.random(in: 0...90_000_000, using: &random)
                table.append(textStart: 3 * i, textEnd: 3 * i + i % 4, id: i % 7 == 0 ? "id\(i)" : i % 5 == 0 ? nil : String(i),
                             start: start, end: i % 13 == 0 ? nil : start.map { $0 + i % 900 },
                             speaker: i % 4 == 0 ? nil : ["Ana", "Bo"][i % 2], style: i % 6 == 0 ? "Signs" : nil,
                             line: i % 300 == 0 ? 5 * i + Int.random(in: 0...1_000_000, using: &random) : 5 * i)
            }
            return (table, sealed)
        }
        func fields(_ records: CueRecords) -> [[String]] {
            records.indices.map { i in
                let record = records[i]
                return [record.textStart, record.textEnd, Int(record.start), Int(record.end), record.line,
                        Int(record.speaker), Int(record.style)].map(String.init) + [records.id(at: i) ?? "-"]
            }
        }
        for count in [0, 1, 2, 255, 256, 257, 300, 1_000, 3_001] {
            var (whole, _) = table(count)
            let copied = whole.records
            let sealed = whole.sealedRecords()
            #expect(sealed.count == count && fields(sealed) == fields(copied), "\(count) cues")
            #expect(fields(whole.records) == fields(copied), "\(count) cues, read again")
            // Sealed at `count`, then appended to: the records of a table never sealed on the way.
            var (appended, sealedOnTheWay) = table(count + 300, sealingAt: count)
            #expect(sealedOnTheWay.map(fields) == fields(copied), "\(count) cues, sealed on the way")
            #expect(fields(appended.sealedRecords()) == fields(table(count + 300).0.records), "\(count) cues and 300 more")
        }
    }

    @Test func sealingPacksTheUnfinishedBlock() {
        var random = SeededRandom(seed: 5)
        var column = Self.packed((0..<1_000).map { Int64($0 * 70) + Int64.random(in: 0...60, using: &random) })
        let open = column.storedBytes
        column.seal()
        #expect(column.storedBytes * 2 < open, "\(open) bytes before sealing, \(column.storedBytes) after")
    }
}
