import Testing
@testable import SeekBytes

/// Strings assembled from pieces of other bytes, and the byte comparison the rolling-caption merge uses.
@Suite struct StringAssemblyTests {
    @Test func piecesAndBytesComeOutInTheOrderWritten() {
        let source = Array("héllo wörld\nsecond line".utf8)
        let text = source.withUnsafeBufferPointer { bytes in
            StringAssembly.make(capacity: bytes.count) { output in
                output.append(bytes, 7..<13)
                output.append(0x0A)
                output.append(bytes, 0..<0)
                output.append(bytes, 0..<6)
                #expect(output.count == 13)
            }
        }
        #expect(text == "wörld\nhéllo")
    }

    @Test func nothingWrittenIsTheEmptyString() {
        #expect(StringAssembly.make(capacity: 0) { _ in } == "")
    }

    @Test func equalComparesTheBytesAtBothPlaces() {
        let bytes = Array("abcabdabc".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(ByteSearch.equal(in: buffer, 0, 6, count: 3))
            #expect(!ByteSearch.equal(in: buffer, 0, 3, count: 3))
            #expect(ByteSearch.equal(in: buffer, 0, 3, count: 2))
            #expect(ByteSearch.equal(in: buffer, 4, 1, count: 0))
        }
    }
}
