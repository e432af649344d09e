import Testing
@testable import SeekBytes

/// Writing into room made at an array's end against plain appends of the same bytes.
@Suite struct OutputCursorTests {
    /// One random write, done both ways: through a cursor and through `Array.append`.
    enum Write {
        case byte(UInt8)
        case bytes([UInt8])
        case decimal(Int)
        case time(Int)
        case repeated(UInt8, Int)

        var maximum: Int {
            switch self {
            case .byte: 1
            case .bytes(let bytes): bytes.count
            case .decimal: 20
            case .time: 32
            case .repeated(_, let count): count
            }
        }

        func write(to cursor: inout OutputCursor) {
            switch self {
            case .byte(let byte): cursor.append(byte)
            case .bytes(let bytes): bytes.withByteView { cursor.append($0) }
            case .decimal(let value): cursor.appendDecimal(value)
            case .time(let milliseconds): cursor.appendTime(milliseconds)
            case .repeated(let byte, let count): cursor.append(repeating: byte, count: count)
            }
        }

        func append(to out: inout [UInt8]) {
            switch self {
            case .byte(let byte): out.append(byte)
            case .bytes(let bytes): out += bytes
            case .decimal(let value): out += Array(String(value).utf8)
            case .time(let milliseconds): ByteWriting.appendTime(milliseconds, to: &out)
            case .repeated(let byte, let count): out += repeatElement(byte, count: count)
            }
        }

        /// A power of ten, one less or one more, either sign: where a count of digits changes.
        static func powerOfTen(using random: inout SeededRandom) -> Int {
            var power = 1
            for _ in 0..<Int.random(in: 0...18, using: &random) { power *= 10 }
            return (power + Int.random(in: -1...1, using: &random)) * (Bool.random(using: &random) ? 1 : -1)
        }

        static func random(using random: inout SeededRandom) -> Write {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: .byte(UInt8.random(in: 0...255, using: &random))
            case 1: .bytes((0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            case 2: .decimal([Int.min, Int.max, 0, -1, Int.random(in: -1_000_000...1_000_000, using: &random),
                              Int.random(in: Int.min...Int.max, using: &random), Self.powerOfTen(using: &random)]
                .randomElement(using: &random)!)
            case 3: .repeated(UInt8.random(in: 0...255, using: &random), Int.random(in: 0...200, using: &random))
            default: .time([-1, 0, 359_999_999, 360_000_000, Int.max, Int.min, -360_000_000, Int.random(in: -400_000_000...400_000_000, using: &random)]
                .randomElement(using: &random)!)
            }
        }
    }

    /// Every count of digits, at both of its ends and either sign, is written as `String` writes it.
    @Test func everyCountOfDigitsIsWrittenInFull() {
        var values = [0, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var power = 1
        for _ in 0...18 {
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
            if power <= Int.max / 10 { power *= 10 }
        }
        for value in values {
            var written: [UInt8] = []
            written.appendWriting(atMost: 20) { $0.appendDecimal(value) }
            #expect(written == Array(String(value).utf8), "\(value)")
        }
    }

    /// Times with hours of one to four digits and either sign, at both ends of each width, are
    /// written as `ByteWriting.appendTime` writes them.
    @Test func timesOfEveryWidthOfHoursAreWrittenInFull() {
        let hour = 3_600_000
        var values = [0, 1, 999, 1_000, 59_999, 60_000, hour - 1, hour, Int.max, Int.min, Int.min + 1]
        for hours in [9, 10, 99, 100, 999, 1_000, 9_999, 10_000] {
            values += [hours * hour - 1, hours * hour, hours * hour + 59 * 60_000 + 59_999, hours * hour + 61_001]
        }
        for value in values + values.filter({ $0 != Int.min }).map({ -$0 }) {
            var written: [UInt8] = []
            written.appendWriting(atMost: 32) { $0.appendTime(value) }
            var expected: [UInt8] = []
            ByteWriting.appendTime(value, to: &expected)
            #expect(written == expected, "\(value)")
        }
    }

    /// The table of digit pairs holds each number below 100 as `String` writes it, zero-padded.
    @Test func digitPairsHoldEveryNumberBelowAHundred() {
        let table = OutputCursor.digitPairs
        let bytes = Array(UnsafeBufferPointer(start: table.utf8Start, count: table.utf8CodeUnitCount))
        #expect(bytes.count == 200)
        for value in 0..<100 {
            let expected = Array((value < 10 ? "0\(value)" : "\(value)").utf8)
            #expect(Array(bytes[2 * value..<2 * value + 2]) == expected, "\(value)")
        }
    }

    /// Every time of a day and of the hours around the widths' edges, millisecond by millisecond
    /// over a few seconds and minute by minute over the hours, is written as `ByteWriting.appendTime`
    /// and `String(format:)`'s reading of its fields write it.
    @Test func timesAcrossMinutesAndHoursAreWrittenAsBefore() {
        var values: [Int] = Array(0..<3_000) + Array(59_000..<61_000)
        for hours in [0, 1, 9, 10, 23, 99, 100, 101, 359, 999, 1_000, 1_001] {
            for minute in 0..<60 { values += [(hours * 60 + minute) * 60_000 + 59_999, (hours * 60 + minute) * 60_000 + 1_001] }
        }
        for value in values + values.map({ -$0 }) {
            var written: [UInt8] = []
            written.appendWriting(atMost: 32) { $0.appendTime(value) }
            var expected: [UInt8] = []
            ByteWriting.appendTime(value, to: &expected)
            let magnitude = value.magnitude
            let fields = (magnitude / 3_600_000, magnitude / 60_000 % 60, magnitude / 1_000 % 60, magnitude % 1_000)
            let hours = fields.0 < 10 ? "0\(fields.0)" : "\(fields.0)"
            func two(_ n: UInt) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let millis = fields.3 < 10 ? "00\(fields.3)" : fields.3 < 100 ? "0\(fields.3)" : "\(fields.3)"
            let text = (value < 0 ? "-" : "") + "\(hours):\(two(fields.1)):\(two(fields.2)).\(millis)"
            #expect(written == expected, "\(value)")
            #expect(written == Array(text.utf8), "\(value)")
            if written != expected { return }
        }
    }

    @Test func keepsExactlyWhatWasWrittenAfterWhatWasThere() {
        var random = SeededRandom(seed: 19)
        var written: [UInt8] = []
        var appended: [UInt8] = []
        for _ in 0..<2_000 {
            let writes = (0..<Int.random(in: 0...6, using: &random)).map { _ in Write.random(using: &random) }
            let slack = Int.random(in: 0...5_000, using: &random)
            written.appendWriting(atMost: writes.reduce(1 + slack) { $0 + $1.maximum }) { cursor in
                for write in writes { write.write(to: &cursor) }
            }
            for write in writes { write.append(to: &appended) }
            #expect(written == appended)
            if written != appended { return }
        }
        #expect(written.count > 100_000)
    }

    @Test func leavesACopyOfTheArrayAsItWas() {
        var out: [UInt8] = Array("before".utf8)
        out.reserveCapacity(100)
        let copy = out
        out.appendWriting(atMost: 50) { $0.append("after") }
        #expect(out == Array("beforeafter".utf8))
        #expect(copy == Array("before".utf8))
    }
}
