import SeekKit

/// The file list `l` opens over a library: which files it lists, which row is selected and which
/// rows are on screen.
///
/// Files keep the order the command prints them. A filter typed into the list keeps the files whose
/// name contains it (ignoring case); `hidesFilesWithoutMatches` leaves out the files the query finds
/// nothing in (unreadable ones included). With neither, no row array is built at all, so a library
/// of 100,000 files opens its list without walking it; only the rows on screen are ever drawn.
///
/// ```swift
/// var list = FileList()
/// list.filter = "s01"
/// list.refresh(count: names.count, name: { names[$0] }, hasMatch: { _ in true })   // the files named *s01*
/// list.select(row: 0, height: 20)
/// ```
public struct FileList: Sendable {
    /// The typed filter (empty: every file).
    public var filter = ""
    /// Whether files the query finds nothing in are left out (Tab toggles it).
    public var hidesFilesWithoutMatches = false
    /// The files listed, ascending; `nil` when every file is.
    private var listed: [Int]?
    /// The number of files in the library.
    private var fileCount = 0
    /// The selected row.
    public private(set) var selection = 0
    /// The first row on screen.
    public private(set) var top = 0

    public init() {}

    /// How many rows the list has.
    public var rowCount: Int { listed?.count ?? fileCount }

    /// Whether some files are left out (by the filter or the toggle).
    public var isNarrowed: Bool { listed != nil }

    /// The file on `row`.
    public func file(atRow row: Int) -> Int { listed?[row] ?? row }

    /// The selected file, if any row is listed.
    public var selectedFile: Int? { rowCount == 0 ? nil : file(atRow: selection) }

    /// The row showing `file`, or the first row after where it would be.
    ///
    /// - Complexity: O(log r) in the number of rows.
    public func row(ofFile file: Int) -> Int {
        guard let listed else { return min(max(0, file), max(0, fileCount - 1)) }
        return min(listed.partitionPoint { $0 >= file }, max(0, listed.count - 1))
    }

    /// Lists the files among `count` whose `name` passes the filter and, when hiding, that have a
    /// match (`hasMatch(file)`: `false` for a file searched without a match or unreadable, `true`
    /// while unknown); the selection stays on the same file, or the nearest listed after it.
    ///
    /// - Complexity: O(f) in the number of files when narrowed; O(1) otherwise.
    public mutating func refresh(count: Int, name: (Int) -> String, hasMatch: (Int) -> Bool) {
        let selected = selectedFile
        fileCount = count
        if filter.isEmpty && !hidesFilesWithoutMatches {
            listed = nil
        } else {
            let needle = filter.lowercased()
            listed = (0..<count).filter { file in
                (!hidesFilesWithoutMatches || hasMatch(file)) && (needle.isEmpty || name(file).lowercased().contains(needle))
            }
        }
        selection = selected.map { row(ofFile: $0) } ?? 0
        top = min(top, max(0, rowCount - 1))
    }

    /// Selects `row` (clamped to the rows) and scrolls so it is one of the `height` rows on screen,
    /// the screen kept full while there are rows enough (a filter that leaves fewer rows below the
    /// top than the screen holds brings the rows above it back into view).
    public mutating func select(row: Int, height: Int) {
        selection = min(max(0, row), max(0, rowCount - 1))
        if height > 0 { top = min(top, max(0, rowCount - height)) }
        if selection < top { top = selection }
        if height > 0, selection >= top + height { top = selection - height + 1 }
    }

    /// Scrolls by `rows` (negative: up) without moving past the ends, the selection kept on screen.
    public mutating func scroll(by rows: Int, height: Int) {
        top = min(max(0, top + rows), max(0, rowCount - max(1, height)))
        if selection < top { selection = top }
        if height > 0, selection >= top + height { selection = top + height - 1 }
    }
}
