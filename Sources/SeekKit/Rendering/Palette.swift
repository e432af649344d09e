/// The styles Seek uses, shared by the command's output and the interactive viewer.
public enum Palette {
    /// Background colours given to keywords in order (the first keyword gets the first).
    public static let keywordColors: [Style.Color] = [.yellow, .cyan, .magenta, .green, .blue, .red]

    /// The style of a match of keyword `token`; the current match is brighter and bold.
    public static func match(token: Int, current: Bool = false) -> Style {
        let color = keywordColors[((token % keywordColors.count) + keywordColors.count) % keywordColors.count]
        if current {
            return Style(foreground: .black, background: color, brightBackground: true, bold: true, underline: true)
        }
        return Style(foreground: .black, background: color)
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
