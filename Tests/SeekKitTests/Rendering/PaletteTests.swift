import Foundation
import Testing
@testable import SeekKit

@Suite struct PaletteTests {
    /// xterm's default colours 0–15, as its 16-colour mode and the first 16 of its 256-colour mode draw them.
    static let xterm: [[Double]] = [
        [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0], [0, 0, 238], [205, 0, 205], [0, 205, 205], [229, 229, 229],
        [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0], [92, 92, 255], [255, 0, 255], [0, 255, 255],
        [255, 255, 255],
    ]

    /// WCAG 2 relative luminance.
    static func luminance(_ rgb: [Double]) -> Double {
        let linear = rgb.map { $0 / 255 }.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    static func rgb(_ color: Style.Color?, bright: Bool, default fallback: Int) -> [Double] {
        xterm[color.map { Int($0.rawValue) + (bright ? 8 : 0) } ?? fallback]
    }

    @Test func everyMatchColourHasContrastOfAtLeast4Point5() {
        for token: Int in 0..<12 {
            for current in [false, true] {
                let style = Palette.match(token: token, current: current)
                let text = Self.luminance(Self.rgb(style.foreground, bright: style.brightForeground, default: 7))
                let back = Self.luminance(Self.rgb(style.background, bright: style.brightBackground, default: 0))
                let ratio = (max(text, back) + 0.05) / (min(text, back) + 0.05)
                #expect(ratio >= 4.5, "token \(token) current \(current): \(ratio)")
            }
        }
    }

    @Test func blackOnBlueIsTheCaseThatFailedBefore() {
        let ratio = (Self.luminance(Self.xterm[4]) + 0.05) / (Self.luminance(Self.xterm[0]) + 0.05)
        #expect(ratio < 2.5)
        #expect(Palette.match(token: 4).foreground != .black)
    }

    @Test func theSeventhKeywordIsToldApartFromTheFirst() {
        #expect(Palette.match(token: 6) != Palette.match(token: 0))
        #expect(Palette.match(token: 12) != Palette.match(token: 6))
        #expect(Palette.match(token: 6).background == Palette.match(token: 0).background)
        #expect(Set((0..<18).map { Palette.match(token: $0) }).count == 18)
    }
}
