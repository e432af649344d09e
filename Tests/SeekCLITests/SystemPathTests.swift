import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import seek

/// Paths kept as the file system's bytes, shown readably.
@Suite struct SystemPathTests {
    @Test(arguments: [
        (Array("talk.srt".utf8), "talk.srt"),
        (Array("文字幕/é.srt".utf8), "文字幕/é.srt"),
        (Array("caf".utf8) + [0xE9] + Array(".srt".utf8), "caf\\xE9.srt"),
        ([0xFF, 0xFE], "\\xFF\\xFE"),
        (Array("a".utf8) + [0xE6, 0x96], "a\\xE6\\x96"),                 // a character cut short at the end
        ([0xE6, 0x96] + Array("字".utf8), "\\xE6\\x96字"),                 // cut short before a whole one
        ([0xC0, 0xAF, 0x41], "\\xC0\\xAFA"),                            // an overlong encoding
        ([0xED, 0xA0, 0x80], "\\xED\\xA0\\x80"),                        // a surrogate
        ([UInt8](), ""),
        (Array("no\nseek: forged".utf8), "no\\nseek: forged"),              // a newline never starts a line
        (Array("a\u{1B}[2J\t\r\u{7F}.srt".utf8), "a\\x1B[2J\\t\\r\\x7F.srt"),
        (Array("b\u{85}\u{202E}.srt".utf8), "b\\u0085\\u202E.srt"),          // C1 controls and bidi overrides
    ] as [([UInt8], String)])
    func shownWithBytesThatAreNotUTF8WrittenOut(bytes: [UInt8], shown: String) {
        let path = SystemPath(bytes: bytes)
        #expect(path.shown == shown)
        #expect(path.bytes == bytes)
    }

    @Test func aNameFromAStringIsShownTheSameWay() {
        #expect(SystemPath("x\ny.srt").shown == "x\\ny.srt")
        #expect(SystemPath("x\ny.srt").bytes == Array("x\ny.srt".utf8))
    }

    @Test func theExportNameIsBuiltFromTheTranscriptsBytes() {
        let transcript = SystemPath(bytes: Array("d".utf8) + [0xE9] + Array("/lat".utf8) + [0xE9] + Array(".srt".utf8))
        #expect(ExportFile.path(forTranscript: transcript).bytes
            == Array("d".utf8) + [0xE9] + Array("/lat".utf8) + [0xE9] + Array(".matches.jsonl".utf8))
        #expect(ExportFile.path(forTranscript: SystemPath(".hidden")).shown == ".hidden.matches.jsonl")
        #expect(ExportFile.path(forTranscript: nil).shown == "seek-matches.jsonl")
    }

    @Test func appendingKeepsTheBytes() {
        let folder = SystemPath(bytes: Array("d".utf8) + [0xFF])
        let file = folder.appending(Array("x".utf8) + [0xE9])
        #expect(file.bytes == Array("d".utf8) + [0xFF, UInt8(ascii: "/"), UInt8(ascii: "x"), 0xE9])
        #expect(file.shown == "d\\xFF/x\\xE9")
        #expect(SystemPath("shows/").appending(Array("a.srt".utf8)).shown == "shows/a.srt")
        #expect(file.withCString { strlen($0) } == 5)
    }
}
