import Foundation
import Testing
@testable import SeekBytes

/// A view answers as the array it views does, wherever a range starts and ends, for every way of
/// making one.
@Suite struct ByteViewTests {
    /// Bytes drawn from a few values, so that searches find something and pairs repeat.
    static func sample(count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x20, 0x09, 0x41, 0x61, 0x62, 0xC3, 0xA9, 0x00]
        return (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
    }

    /// The first of four bytes, word by word (`firstIndex(ofAny:)`) or sixteen bytes a step
    /// (`firstIndexInChunks(ofAny:)`), is the array's, for every start and end around the chunks' edges.
    @Test func findsTheFirstOfFourBytesAsTheArrayDoes() {
        let bytes = Self.sample(count: 300, seed: 11).map { $0 == 0x61 ? 0x41 : $0 }
        bytes.withByteView { view in
            for wanted: (UInt8, UInt8, UInt8, UInt8) in [(0x0D, 0x0D, 0x0D, 0x0D), (0x00, 0xA9, 0x00, 0xA9),
                                                         (0x62, 0x09, 0xC3, 0x0A), (0x61, 0x61, 0x7F, 0xFF)] {
                for start in 0..<40 {
                    for end in stride(from: start, through: bytes.count, by: 7) {
                        let range = start..<end
                        let expected = bytes[range].firstIndex {
                            $0 == wanted.0 || $0 == wanted.1 || $0 == wanted.2 || $0 == wanted.3
                        } ?? end
                        #expect(view.firstIndex(ofAny: wanted.0, wanted.1, wanted.2, wanted.3, in: range) == expected,
                                "\(wanted) \(range)")
                        #expect(view.firstIndexInChunks(ofAny: wanted.0, wanted.1, wanted.2, wanted.3, in: range) == expected,
                                "\(wanted) \(range)")
                    }
                }
            }
        }
    }

    /// The first of two bytes (`firstIndex(ofEither:)`, word by word) is the array's, for every
    /// start and end, among bytes that follow a wanted byte with the next value (which a word's
    /// borrow may mark too, after the true one).
    @Test func findsTheFirstOfTwoBytesAsTheArrayDoes() {
        var bytes = Self.sample(count: 300, seed: 12)
        for i in stride(from: 5, to: 290, by: 23) { bytes[i] = 0x3C; bytes[i + 1] = 0x3D; bytes[i + 9] = 0x26; bytes[i + 10] = 0x27 }
        for i in stride(from: 17, to: 290, by: 41) { bytes[i] = 0x00; bytes[i + 1] = 0x01 }
        bytes.withByteView { view in
            for wanted: (UInt8, UInt8) in [(0x3C, 0x26), (0x3D, 0x3D), (0x00, 0x27), (0x01, 0xFF), (0x80, 0x7F)] {
                for start in 0..<40 {
                    for end in stride(from: start, through: bytes.count, by: 3) {
                        let range = start..<end
                        let expected = bytes[range].firstIndex { $0 == wanted.0 || $0 == wanted.1 } ?? end
                        #expect(view.firstIndex(ofEither: wanted.0, wanted.1, in: range) == expected, "\(wanted) \(range)")
                    }
                }
            }
        }
    }

    @Test func findsAsTheArrayDoes() {
        for length in [0, 1, 7, 8, 9, 33, 200] {
            let bytes = Self.sample(count: length, seed: UInt64(length) + 1)
            bytes.withByteView { view in
                #expect(view.count == length)
                #expect(Array(view) == bytes)
                for byte: UInt8 in [0x0A, 0x61, 0xFF] {
                    #expect(view.firstIndex(of: byte) == bytes.firstIndex(of: byte))
                }
                for start in stride(from: 0, through: length, by: 3) {
                    for end in stride(from: start, through: length, by: 5) {
                        let range = start..<end
                        #expect(view.firstIndex(of: 0x61, in: range) == bytes[range].firstIndex(of: 0x61), "\(range)")
                        let pair = range.dropLast().first { bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A }
                        #expect(view.firstIndex(of: 0x0D, followedBy: 0x0A, in: range) == pair, "\(range)")
                        let slice = view.extracting(range)
                        #expect(Array(slice) == Array(bytes[range]), "\(range)")
                        #expect(slice.startIndex == 0 && slice.endIndex == range.count)
                        let blank = bytes[range].firstIndex { $0 != 0x20 && $0 != 0x09 } ?? end
                        #expect(view.skippingBlanks(from: start, to: end) == blank, "\(range)")
                        let last = bytes[range].lastIndex { $0 != 0x20 && $0 != 0x09 }.map { $0 + 1 } ?? blank
                        #expect(view.trimmingBlanks(range) == blank..<Swift.max(blank, last), "\(range)")
                        #expect(view.string(in: range) == String(decoding: bytes[range], as: UTF8.self))
                    }
                }
            }
        }
    }

    /// A line's start, found eight bytes at a time backwards, is the array's: after the last line feed, or 0.
    @Test func findsLineStartsAsTheArrayDoes() {
        let sparse: [UInt8] = (0..<150).map { $0 % 37 == 36 ? 0x0A : 0x61 }
        for bytes in [0, 1, 7, 8, 9, 33, 200].map({ Self.sample(count: $0, seed: UInt64($0) + 5) }) + [sparse, sparse + [0x0A]] {
            bytes.withByteView { view in
                for end in 0...bytes.count {
                    let expected = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                    #expect(view.lineStart(before: end) == expected, "\(end) of \(bytes.count)")
                }
            }
        }
    }

    @Test func loadsWordsAsMemoryHoldsThem() {
        let bytes = Self.sample(count: 40, seed: 9)
        bytes.withByteView { view in
            for index in 0...view.count {
                let expected = (0..<8).reduce(UInt64(0)) { word, offset in
                    let byte = index + offset < bytes.count ? bytes[index + offset] : 0x5A
                    return word | UInt64(byte) << (offset * 8)
                }
                #expect(view.loadWord(at: index, padding: 0x5A) == expected, "\(index)")
                if index + 8 <= view.count { #expect(view.loadWord(at: index) == expected, "\(index)") }
                if index + 16 <= view.count {
                    let vector = view.load(at: index, as: SIMD16<UInt8>.self)
                    #expect((0..<16).allSatisfy { vector[$0] == bytes[index + $0] }, "\(index)")
                }
            }
        }
    }

    @Test func comparesBytes() {
        let text = Array("Dialogue: [Events] dialogue".utf8)
        text.withByteView { view in
            #expect(view.starts(with: "Dialogue"))
            #expect(!view.starts(with: "dialogue"))
            #expect(view.startsCaseless(with: "dialogue:"))
            #expect(view.startsCaseless(with: "[events]", at: 10))
            #expect(!view.startsCaseless(with: "[events]x", at: 10))
            #expect(!view.startsCaseless(with: "dialogue", at: 20), "runs past the end")
            #expect(view.startsCaseless(with: "dialogue", at: 19))
            #expect(view.bytesEqual(1, 20, count: 7))
            #expect(!view.bytesEqual(0, 19, count: 8))
            Array("dialogue".utf8).withByteView { word in
                #expect(view.matches(word, at: 19))
                #expect(!view.matches(word, at: 0))
                #expect(!view.matches(word, at: 20), "runs past the end")
                #expect(view.extracting(19...).elementsEqual(word))
                #expect(!view.extracting(18...).elementsEqual(word))
            }
            #expect(ByteView().elementsEqual(view.extracting(0..<0)))
        }
    }

    @Test func everyEntryPointViewsTheSameBytes() {
        let string = "ça va, 家乡\n"
        let bytes = Array(string.utf8)
        #expect(string.utf8.withByteView { $0.array } == bytes)
        #expect(string.dropFirst().utf8.withByteView { $0.array } == Array(bytes[2...]))
        #expect(bytes[3...].withByteView { $0.array } == Array(bytes[3...]))
        #expect(ContiguousArray(bytes).withByteView { $0.array } == bytes)
        #expect(Data(bytes).withByteView { $0.array } == bytes)
        #expect(Data(bytes)[4...].withByteView { $0.array } == Array(bytes[4...]))
        #expect(bytes.withByteView { $0.string } == string)
        var copy: [UInt8] = [1]
        bytes.withByteView { copy.append(contentsOf: $0.extracting(..<3)) }
        #expect(copy == [1] + bytes[..<3])
    }

    enum Stop: Error { case here }

    @Test func passesTypedErrorsThrough() {
        #expect(throws: Stop.here) {
            try [UInt8](repeating: 1, count: 3).withByteView { (_) throws(Stop) -> Int in throw Stop.here }
        }
        #expect(throws: Stop.here) {
            try "abc".utf8.withByteView { (_) throws(Stop) -> Int in throw Stop.here }
        }
    }
}
