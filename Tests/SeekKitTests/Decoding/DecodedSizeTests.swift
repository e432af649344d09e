import Testing
@testable import SeekKit

/// A file that decodes to more text than a transcript holds is refused with a message, never cut or aborted.
@Suite struct DecodedSizeTests {
    @Test(arguments: [
        ([UInt8](repeating: 0xE9, count: 600) + [0x0A], "windows-1252"),
        ([0xFF, 0xFE] + Array(repeating: [0x3A, 0x4E], count: 400).joined() + [0x0A, 0x00], "UTF-16LE"),
    ])
    func textGrowingPastTheLimitIsRefusedWithAMessage(_ bytes: [UInt8], _ encoding: String) {
        let options = LoadOptions(encoding: encoding == "UTF-16LE" ? nil : encoding, largestText: 1_000)
        #expect(throws: Diagnostic.self) { try TranscriptLoader.load(bytes, fileName: "big.txt", options: options) }
        do {
            _ = try TranscriptLoader.load(bytes, fileName: "big.txt", options: options)
        } catch {
            #expect(error.file == "big.txt")
            #expect(error.message.hasPrefix("too large to search: its \(bytes.count) bytes of \(encoding) decode to"),
                    "\(error.message)")
        }
        #expect(throws: Diagnostic.self) {
            try TranscriptLoader.countMatches(bytes, fileName: "big.txt", options: options, query: Query("a"))
        }
    }

    @Test func textWithinTheLimitIsRead() throws {
        let bytes = [UInt8](repeating: 0xE9, count: 400) + [0x0A]
        let loaded = try TranscriptLoader.load(bytes, fileName: "ok.txt",
                                               options: LoadOptions(encoding: "windows-1252", largestText: 1_000))
        #expect(loaded.transcript.count == 1 && loaded.transcript.text(at: 0).count == 400)
    }
}
