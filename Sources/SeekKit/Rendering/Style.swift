/// A text style: the only place that knows terminal escape codes for colours and weights.
public struct Style: Hashable, Sendable {
    /// Terminal colours: the 8 basic ones and their bright variants.
    public enum Color: UInt8, Hashable, Sendable, CaseIterable {
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    public var foreground: Color?
    public var background: Color?
    public var brightForeground = false
    public var brightBackground = false
    public var bold = false
    public var dim = false
    public var underline = false
    public var inverse = false

    public init(
        foreground: Color? = nil, background: Color? = nil, brightForeground: Bool = false,
        brightBackground: Bool = false, bold: Bool = false, dim: Bool = false,
        underline: Bool = false, inverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.brightForeground = brightForeground
        self.brightBackground = brightBackground
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.inverse = inverse
    }

    public static let plain = Style()

    /// The style with its colours taken away but still told apart: a coloured background
    /// becomes inverse video, a coloured foreground bold.
    public var withoutColors: Style {
        var style = self
        if background != nil { style.inverse.toggle() }
        if foreground != nil && background == nil { style.bold = true }
        style.foreground = nil
        style.background = nil
        style.brightForeground = false
        style.brightBackground = false
        return style
    }

    /// The SGR escape sequence that sets this style from a reset state (empty for `plain`).
    public var sgr: String {
        var codes: [String] = []
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if underline { codes.append("4") }
        if inverse { codes.append("7") }
        if let foreground { codes.append(String((brightForeground ? 90 : 30) + Int(foreground.rawValue))) }
        if let background { codes.append(String((brightBackground ? 100 : 40) + Int(background.rawValue))) }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The sequence that returns to the terminal's default style.
    public static let reset = "\u{1B}[0m"
}
