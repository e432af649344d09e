import SeekKit

/// Wraps a cue's highlighted lines to a width, the way the navigator shows them.
///
/// Lines break after the last space that fits, or between characters when a
/// word is longer than the width; a character is never split, and each counts
/// the most columns a terminal may draw it in (`DisplayWidth.widest`), so no
/// row ever reaches past the margin. Each row keeps the source
/// UTF-8 ranges of its segments, so a click can be mapped back to the text.
public enum CueLayout {
    /// The wrapped rows of `lines` (as made by `Highlighter.lines`), each at most `width` columns.
    ///
    /// An empty line gives one empty row; a character wider than `width` gets a row of its own.
    /// - Complexity: O(n) in the length of the text.
    public static func rows(of lines: [[Segment]], width: Int) -> [[Segment]] {
        let width = max(1, width)
        var rows: [[Segment]] = []
        for line in lines {
            rows += wrap(cells(of: line), width: width)
        }
        return rows.isEmpty ? [[]] : rows
    }

    /// The wrapped rows of a cue's plain text (no highlights).
    public static func rows(of text: Substring, width: Int) -> [[Segment]] {
        rows(of: Highlighter.lines(of: text, highlights: []), width: width)
    }

    /// How many rows `text` takes at `width`.
    public static func rowCount(of text: Substring, width: Int) -> Int {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) {
            if text.utf8.count <= width { return 1 }
        }
        return rows(of: text, width: width).count
    }

    /// The UTF-8 offset of the text shown at `column` of `row` (from `rows(of:width:)`), if any.
    public static func sourceOffset(inRow row: [Segment], column: Int) -> Int? {
        var used = 0
        for segment in row {
            if segment.source.isEmpty && !segment.text.isEmpty {
                used += segment.text.reduce(0) { $0 + DisplayWidth.of($1) }
                continue
            }
            let mapsExactly = segment.text.utf8.count == segment.source.count
            var offset = segment.source.lowerBound
            for character in segment.text {
                let width = DisplayWidth.of(character)
                if column >= used && column < used + max(1, width) {
                    return mapsExactly ? offset : segment.source.lowerBound
                }
                used += width
                offset += character.utf8.count
            }
        }
        return nil
    }

    struct Cell {
        var character: Character
        var width: Int
        var style: Style
        var source: Range<Int>
        /// Stands for an empty segment that still covers source text (keeps its range).
        var isPlaceholder = false
    }

    static func cells(of line: [Segment]) -> [Cell] {
        var cells: [Cell] = []
        for segment in line {
            let mapsExactly = segment.text.utf8.count == segment.source.count
            var offset = segment.source.lowerBound
            for character in segment.text {
                let length = character.utf8.count
                let source = mapsExactly ? offset..<offset + length : segment.source
                cells.append(Cell(character: character, width: DisplayWidth.widest(character),
                                  style: segment.style, source: source))
                offset += length
            }
            if segment.text.isEmpty && !segment.source.isEmpty {
                cells.append(Cell(character: " ", width: 0, style: segment.style, source: segment.source,
                                  isPlaceholder: true))
            }
        }
        return cells
    }

    static func wrap(_ cells: [Cell], width: Int) -> [[Segment]] {
        var rows: [[Segment]] = []
        var start = 0
        var used = 0
        var lastSpace: Int?
        var index = 0
        while index < cells.count {
            let cell = cells[index]
            if used + cell.width > width && index > start {
                let end = (lastSpace.map { $0 + 1 }) ?? index
                rows.append(segments(cells[start..<end]))
                start = end
                used = cells[start..<index].reduce(0) { $0 + $1.width }
                lastSpace = nil
                continue
            }
            used += cell.width
            if cell.character == " " && !cell.isPlaceholder { lastSpace = index }
            index += 1
        }
        rows.append(segments(cells[start..<cells.count]))
        return rows
    }

    static func segments(_ cells: ArraySlice<Cell>) -> [Segment] {
        var result: [Segment] = []
        for cell in cells {
            let text = cell.isPlaceholder ? "" : String(cell.character)
            if var last = result.last, last.style == cell.style, last.source.upperBound <= cell.source.lowerBound
                || last.source == cell.source {
                last.text += text
                last.source = last.source.lowerBound..<max(last.source.upperBound, cell.source.upperBound)
                result[result.count - 1] = last
            } else {
                result.append(Segment(text: text, style: cell.style, source: cell.source))
            }
        }
        return result
    }
}
