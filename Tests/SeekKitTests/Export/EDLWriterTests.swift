import Testing
import SeekKit

/// The mpv EDL: header, `file,start,length` lines, and paths mpv must read literally.
@Suite struct EDLWriterTests {
    static func edl(_ clips: [Clip]) -> [UInt8] {
        var out: [UInt8] = []
        EDLWriter.append(clips, to: &out)
        return out
    }

    static func clip(_ path: [UInt8], _ start: Int, _ end: Int) -> Clip {
        Clip(file: "t.srt", media: MediaPath(bytes: path, shown: String(decoding: path, as: UTF8.self)),
             start: start, end: end, cues: [])
    }

    @Test func linesGiveStartAndLengthInSeconds() {
        let out = Self.edl([Self.clip(Array("/m/talk.mkv".utf8), 9000, 15_250),
                            Self.clip(Array("/m/talk.mkv".utf8), 61_005, 62_000)])
        #expect(String(decoding: out, as: UTF8.self)
            == "# mpv EDL v0\n/m/talk.mkv,9.000,6.250\n/m/talk.mkv,61.005,0.995\n")
    }

    @Test(arguments: [
        "/m/a,b.mkv", "/m/a;b.mkv", "/m/a=b.mkv", "/m/100%.mkv", "/m/line\nbreak.mkv", "#start.mkv",
        "/m/caf\u{E9}.mkv", "",
    ])
    func reservedBytesAreLengthPrefixed(path: String) {
        let bytes = Array(path.utf8)
        let out = Self.edl([Self.clip(bytes, 0, 1000)])
        let expected = Array("# mpv EDL v0\n%\(bytes.count)%".utf8) + bytes + Array(",0.000,1.000\n".utf8)
        #expect(out == expected)
    }

    @Test func plainPathsStayPlain() {
        let out = Self.edl([Self.clip(Array("/m/it's a \"film\" -x $(rm -rf).mkv".utf8), 0, 1000)])
        #expect(String(decoding: out, as: UTF8.self).hasSuffix("\n/m/it's a \"film\" -x $(rm -rf).mkv,0.000,1.000\n"))
    }

    @Test func bytesThatAreNotUTF8AreWrittenAsThemselves() {
        let bytes: [UInt8] = Array("/m/caf".utf8) + [0xE9] + Array(".mkv".utf8)
        let out = Self.edl([Self.clip(bytes, 0, 1000)])
        #expect(out == Array("# mpv EDL v0\n%11%".utf8) + bytes + Array(",0.000,1.000\n".utf8))
    }

    @Test func clipsWithoutMediaAreSkipped() {
        let out = Self.edl([Clip(file: "t.srt", media: nil, start: 0, end: 1000, cues: [])])
        #expect(out == Array(EDLWriter.header.utf8))
    }
}
