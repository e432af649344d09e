/// A video frame rate as an exact fraction (`25`, `24000/1001` for 23.976).
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    public init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The PAL rate, the edit list's default.
    public static let pal = FrameRate(numerator: 25, denominator: 1)

    /// Parses a rate as written on a command line: a decimal number of frames per second
    /// (`25`, `12.5`); the NTSC rates `23.976`, `29.97`, `47.952`, `59.94` and `119.88` mean
    /// their exact fractions (24000/1001 …). `nil` for anything else, zero, or above 1000.
    public static func parse(_ text: String) -> FrameRate? {
        let ntsc = ["23.976": 24, "23.98": 24, "29.97": 30, "47.952": 48, "59.94": 60, "119.88": 120]
        if let nominal = ntsc[text] { return FrameRate(numerator: nominal * 1000, denominator: 1001) }
        let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        guard isDigits(pieces[0]), pieces[0].utf8.count <= 4,
              pieces.count == 1 || (isDigits(pieces[1]) && pieces[1].utf8.count <= 3),
              let whole = Int(pieces[0]) else { return nil }
        var numerator = whole
        var denominator = 1
        if pieces.count == 2, let fraction = Int(pieces[1]) {
            denominator = [10, 100, 1000][pieces[1].utf8.count - 1]
            numerator = whole * denominator + fraction
        }
        guard numerator > 0, numerator <= 1000 * denominator else { return nil }
        return FrameRate(numerator: numerator, denominator: denominator)
    }

    /// Frames per second counted by a timecode: the rate rounded to a whole number (24 for 23.976).
    public var timecodeBase: Int { max(1, (numerator + denominator / 2) / denominator) }

    /// The frame shown at `milliseconds` (rounded to the nearest frame).
    public func frame(at milliseconds: Int) -> Int {
        let scaled = milliseconds * numerator
        let divisor = 1000 * denominator
        return (scaled + divisor / 2) / divisor
    }

    public var description: String {
        if denominator == 1 { return String(numerator) }
        if denominator == 1001 { return String(format3(numerator * 1000 / 1001)) }
        return format3(numerator * 1000 / denominator)
    }

    private func format3(_ thousandths: Int) -> String {
        var text = String(thousandths / 1000) + "." + String(1000 + thousandths % 1000).dropFirst()
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
