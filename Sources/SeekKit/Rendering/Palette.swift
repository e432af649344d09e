#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The styles Seek uses, shared by the command's output and the interactive viewer.
public enum Palette {
    /// Background colours given to keywords in order (the first keyword gets the first).
    public static let keywordColors: [Style.Color] = [.yellow, .cyan, .magenta, .green, .blue, .red]

    /// The style of a match of keyword `token`; the current match is brighter and bold.
    ///
    /// The text is black or bright white, whichever stands out more from the background
    /// (at least 4.5:1 in xterm's palette, see `contrast`). Keywords past the sixth reuse
    /// the colours, underlined (the 7th to 12th) or bold (the 13th on).
    public static func match(token: Int, current: Bool = false) -> Style {
        let count = keywordColors.count
        let color = keywordColors[((token % count) + count) % count]
        let round = max(0, token) / count
        let text = readableText(on: color, bright: current)
        var style = Style(foreground: text.color, background: color, brightForeground: text.bright,
                          brightBackground: current, bold: current || round >= 2, underline: current || round % 2 == 1)
        if current { style.underline = true }
        return style
    }

    /// xterm's default palette (the same in its 16- and 256-colour modes): the 8 colours, then their bright forms.
    public static let xtermRGB: [(red: UInt8, green: UInt8, blue: UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255),
    ]

    /// The WCAG contrast ratio (1 to 21) of two colours of `xtermRGB`.
    public static func contrast(_ first: Style.Color, bright firstBright: Bool,
                                _ second: Style.Color, bright secondBright: Bool) -> Double {
        let one = luminance(xtermRGB[Int(first.rawValue) + (firstBright ? 8 : 0)])
        let two = luminance(xtermRGB[Int(second.rawValue) + (secondBright ? 8 : 0)])
        return (max(one, two) + 0.05) / (min(one, two) + 0.05)
    }

    private static func readableText(on background: Style.Color, bright: Bool) -> (color: Style.Color, bright: Bool) {
        contrast(.black, bright: false, background, bright: bright) >= contrast(.white, bright: true, background, bright: bright)
            ? (.black, false) : (.white, true)
    }

    private static func luminance(_ rgb: (red: UInt8, green: UInt8, blue: UInt8)) -> Double {
        func linear(_ value: UInt8) -> Double {
            let channel = Double(value) / 255
            return channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(rgb.red) + 0.7152 * linear(rgb.green) + 0.0722 * linear(rgb.blue)
    }

    /// Timestamps and cue numbers.
    public static let timestamp = Style(dim: true)
    /// Context cues shown around matches (`-C`).
    public static let context = Style(dim: true)
    /// Visible stand-ins for control characters.
    public static let control = Style(foreground: .red, brightForeground: true)
    /// Speaker names before a cue's text.
    public static let speaker = Style(bold: true)
    /// File names before results when several files are searched.
    public static let fileName = Style(foreground: .magenta, bold: true)
    /// The search bar and other chrome.
    public static let bar = Style(inverse: true)
    /// Messages that report a problem.
    public static let warning = Style(foreground: .red, bold: true)
}
