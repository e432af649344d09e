import SeekKit

/// A library's file list (`l`): the files with their match counts, filtered by typing.
extension ViewerState {
    /// Opens the file list on the file on screen.
    mutating func openFileList() {
        mode = .files
        refreshFileList()
        fileList.select(row: fileList.row(ofFile: currentFile), height: listHeight)
    }

    /// Lists the files again after the filter, the toggle or what is known of the files changed.
    mutating func refreshFileList() {
        let files = files
        fileList.refresh(count: files.count, name: { files[$0].name }, hasMatch: hasMatch(file:))
        fileList.select(row: fileList.selection, height: listHeight)
    }

    /// Whether `file` may hold a match of the query: `false` once searched without one, or when it
    /// could not be read; `true` while not known, and for every file while the query is empty.
    func hasMatch(file: Int) -> Bool {
        if files[file].failure != nil { return false }
        guard !query.isEmpty, matches.generation == generation, matches.isSearched(file) else { return true }
        return (matches.count(inFile: file) ?? 0) > 0
    }

    /// The number of matches of the query in `file`, once searched for the newest query.
    func matchCount(inFile file: Int) -> Int? {
        guard !query.isEmpty, matches.generation == generation else { return nil }
        return matches.count(inFile: file)
    }

    mutating func handleFileList(_ key: Key) {
        let page = max(1, listHeight - 1)
        switch key {
        case .character(let character) where !character.unicodeScalars.contains { Sanitizer.replacement(for: $0) != nil }:
            guard fileList.filter.count < QueryLimits.keywordCharacters else { return }
            fileList.filter.append(character)
            refreshFileList()
        case .paste(let pasted):
            let flat = pasted.unicodeScalars.filter { Sanitizer.replacement(for: $0) == nil }
            fileList.filter += String(String.UnicodeScalarView(flat).prefix(max(0, QueryLimits.keywordCharacters - fileList.filter.count)))
            refreshFileList()
        case .backspace:
            guard !fileList.filter.isEmpty else { return }
            fileList.filter.removeLast()
            refreshFileList()
        case .control("u"):
            fileList.filter = ""
            refreshFileList()
        case .control("w"):
            while fileList.filter.last == " " { fileList.filter.removeLast() }
            while let last = fileList.filter.last, last != " " { fileList.filter.removeLast() }
            refreshFileList()
        case .tab:
            guard !query.isEmpty else {
                message = .notice("no query: every file is listed")
                return
            }
            fileList.hidesFilesWithoutMatches.toggle()
            message = .info(fileList.hidesFilesWithoutMatches ? "hiding files without matches" : "listing every file")
            refreshFileList()
        case .down, .control("n"):
            fileList.select(row: fileList.selection + 1, height: listHeight)
        case .up, .control("p"):
            fileList.select(row: fileList.selection - 1, height: listHeight)
        case .pageDown:
            fileList.scroll(by: page, height: listHeight)
            fileList.select(row: fileList.selection + page, height: listHeight)
        case .pageUp:
            fileList.scroll(by: -page, height: listHeight)
            fileList.select(row: fileList.selection - page, height: listHeight)
        case .home:
            fileList.select(row: 0, height: listHeight)
        case .end:
            fileList.select(row: fileList.rowCount - 1, height: listHeight)
        case .enter:
            if let file = fileList.selectedFile { choose(file: file) }
        case .escape:
            mode = .browsing
        default:
            break
        }
    }

    /// A click opens the file on its row; the wheel scrolls the list.
    mutating func handleFileListMouse(_ event: MouseEvent) {
        switch event.kind {
        case .wheelUp:
            fileList.scroll(by: -Self.wheelStep, height: listHeight)
        case .wheelDown:
            fileList.scroll(by: Self.wheelStep, height: listHeight)
        case .press(button: 0):
            let row = fileList.top + event.row
            guard event.row < listHeight, row < fileList.rowCount else { return }
            fileList.select(row: row, height: listHeight)
            choose(file: fileList.file(atRow: row))
        default:
            break
        }
    }

    /// Opens `file` at its first match (or its top, without one); an unreadable file says why instead.
    mutating func choose(file: Int) {
        if let failure = files[file].failure {
            message = .error(failure)
            return
        }
        mode = .browsing
        open(file: file, at: nil)
    }
}
