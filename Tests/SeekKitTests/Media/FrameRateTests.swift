import Testing
import SeekKit

@Suite struct FrameRateTests {
    @Test func parses() throws {
        let cases: [(String, Int, Int, Int)] = [
            ("25", 25, 1, 25), ("24", 24, 1, 24), ("23.976", 24000, 1001, 24), ("29.97", 30000, 1001, 30),
            ("59.94", 60000, 1001, 60), ("12.5", 125, 10, 13), ("50", 50, 1, 50),
        ]
        for (text, numerator, denominator, base) in cases {
            let rate = try #require(FrameRate.parse(text), "\(text)")
            #expect(rate.numerator == numerator && rate.denominator == denominator && rate.timecodeBase == base,
                    "\(text): \(rate.numerator)/\(rate.denominator), base \(rate.timecodeBase)")
        }
    }

    @Test func rejects() {
        for text in ["", "0", "0.0", "-25", "25fps", "1001", "2.5.1", ".5", "25.", "24.1234"] {
            #expect(FrameRate.parse(text) == nil, "\(text)")
        }
    }

    @Test func framesAreRoundedToTheNearest() {
        #expect(FrameRate.pal.frame(at: 0) == 0)
        #expect(FrameRate.pal.frame(at: 1000) == 25)
        #expect(FrameRate.pal.frame(at: 19) == 0)
        #expect(FrameRate.pal.frame(at: 20) == 1)
        let ntsc = FrameRate.parse("23.976")!
        #expect(ntsc.frame(at: 1_001_000) == 24_000)
        #expect(ntsc.description == "23.976")
        #expect(FrameRate.parse("12.5")?.description == "12.5")
    }
}
