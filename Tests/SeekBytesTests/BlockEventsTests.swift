import Testing
@testable import SeekBytes

/// `BlockEvents` hands out exactly the places a byte loop finds: a line feed before a line feed,
/// a space or a tab; a space or tab before a line feed; a byte of markup (`{`, `&`, `<`, `>`).
@Suite struct BlockEventsTests {
    /// The places of `bytes` from `start` on, byte by byte (a line feed that ends the bytes is none).
    static func expectedPlaces(_ bytes: [UInt8], from start: Int) -> [Int] {
        bytes.indices.filter { index in
            guard index >= start else { return false }
            let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
            switch bytes[index] {
            case 0x0A: return next == 0x0A || next == 0x20 || next == 0x09
            case 0x20, 0x09: return next == 0x0A
            case UInt8(ascii: "{"), UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return true
            default: return false
            }
        }
    }

    @Test(arguments: [0, 1, 2, 15, 16, 17, 18, 31, 32, 33, 34, 47, 48, 49, 64, 65, 200, 1000])
    func handsOutEveryPlaceAByteLoopFinds(length: Int) {
        // Bytes that are places, bytes that are almost ("=" and "?" differ from "<" and ">" by
        // the bit the scan masks; "z" and "'" are "{" and "&" less one), and letters.
        let alphabet = Array("\n\n \t{&<>=?z'ab".utf8)
        for seed: UInt64 in 0..<6 {
            var state = UInt64(length) &* 31 &+ seed &+ 7
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Runs of letters between the others, as in text, in some seeds; dense in the rest.
                let letter = seed % 2 == 0 && state >> 60 < 10
                return letter ? 0x61 : alphabet[Int(state >> 33) % alphabet.count]
            }
            bytes.withUnsafeBufferPointer { buffer in
                var events = BlockEvents(ByteView(buffer))
                for start in Set([0, 1, length / 3, length / 2 + 5, length - 17, length - 1, length]) where start >= 0 && start <= length {
                    events.move(to: start)
                    var found: [Int] = []
                    while case let place = events.next(), place < length { found.append(place) }
                    #expect(found == Self.expectedPlaces(bytes, from: start), "length \(length), seed \(seed), from \(start)")
                    #expect(events.next() == length, "and then none")
                }
            }
        }
    }

    @Test func aLineFeedEndingTheTextIsNoPlace() {
        let bytes = Array("text \n\n".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var events = BlockEvents(ByteView(buffer))
            events.move(to: 0)
            #expect(events.next() == 4)
            #expect(events.next() == 5)
            #expect(events.next() == bytes.count)
        }
    }
}
