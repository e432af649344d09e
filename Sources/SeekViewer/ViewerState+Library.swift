import SeekKit

/// A library: several files in one navigator, positions counted across them.
extension ViewerState {
    /// Takes a file the host has read (or could not read); the file on screen is shown once read.
    public mutating func fileLoaded(_ file: Int, content: LibraryFile.Content) {
        guard files.indices.contains(file) else { return }
        setContent(content, ofFile: file)
        if let transcript = content.transcript { addSpeakers(of: transcript) }
        if content.failure != nil, matches.generation == generation {
            matches.recordFailure(file: file)
            if matches.isFinal {
                isSearching = false
                matches.settle()
            }
        }
        if file == currentFile { open(file: file, at: navigator.current) }
        if mode == .files && content.failure != nil && fileList.hidesFilesWithoutMatches { refreshFileList() }
    }

    /// Takes the news that `file` was deleted or changed on disk after it was read: the status line
    /// says so while the file is on screen (and each time it opens), the file list marks it.
    public mutating func fileChangedOnDisk(_ file: Int, _ change: FileChange) {
        guard files.indices.contains(file), files[file].changeOnDisk != change else { return }
        files[file].changeOnDisk = change
        if file == currentFile { message = .warning(change.describe(Sanitizer.sanitize(files[file].name))) }
    }

    /// How many files have been read (or could not be).
    public var readCount: Int { files.reduce(0) { $0 + ($1.isRead ? 1 : 0) } }

    /// Shows `file`, its match `position` current (or none), the view reset to reveal it.
    mutating func open(file: Int, at position: Int?) {
        let read = files[file].transcript ?? Transcript([])
        currentFile = file
        transcript = read
        displayName = files[file].name
        resetLayout()
        let index = matches.index(ofFile: file) ?? MatchIndex(query: query)
        navigator = Navigator(index: index, current: position)
        if position == nil, !index.isEmpty { navigator.first() }
        nearestScan = nil
        revealCurrent()
        if let change = files[file].changeOnDisk { message = .warning(change.describe(Sanitizer.sanitize(files[file].name))) }
    }

    /// Makes match `position` of `file` current, opening the file if it is not on screen.
    mutating func go(toFile file: Int, position: Int) {
        if file == currentFile, navigator.jump(to: position) {
            revealCurrent()
        } else {
            open(file: file, at: position)
        }
    }

    /// The current file has no match: opens the nearest file after it (wrapping) that has one,
    /// as soon as every file in between is known to have none.
    ///
    /// - Complexity: amortised O(f) over a search, however its results arrive.
    mutating func openNearestFileWithMatches() {
        let count = files.count
        var offset = nearestScan ?? 1
        while offset < count {
            let file = (currentFile + offset) % count
            guard matches.isSearched(file) else { break }
            if (matches.count(inFile: file) ?? 0) > 0 {
                open(file: file, at: 1)
                startsOnFirstMatch = false
                return
            }
            offset += 1
        }
        nearestScan = offset
    }

    /// `n` / `N` in a library: the next match, into the next file with one at a file's end,
    /// "search wrapped" past the library's ends.
    mutating func stepAcrossFiles(forward: Bool) {
        matches.settle()
        guard matches.total > 0 else {
            if !query.isEmpty && !isSearching { message = .noMatches }
            return
        }
        if let current = navigator.current, forward ? current < navigator.index.count : current > 1 {
            if forward { navigator.next() } else { navigator.previous() }
            message = nil
            revealCurrent()
            return
        }
        if forward {
            if let next = matches.nextFile(after: currentFile) {
                go(toFile: next, position: 1)
            } else if let first = matches.firstFile {
                go(toFile: first, position: 1)
                message = .searchWrapped
            }
        } else {
            if let previous = matches.previousFile(before: currentFile) {
                go(toFile: previous, position: matches.count(inFile: previous) ?? 1)
            } else if let last = matches.lastFile {
                go(toFile: last, position: matches.count(inFile: last) ?? 1)
                message = .searchWrapped
            }
        }
    }

    /// `]` / `[`: the first match of the next / previous file that has one, wrapping at the ends.
    mutating func stepToFile(forward: Bool) {
        matches.settle()
        guard matches.total > 0 else {
            message = query.isEmpty ? .notice("no query: type / to search") : isSearching ? .notice("still searching") : .noMatches
            return
        }
        let target = forward ? matches.nextFile(after: currentFile) : matches.previousFile(before: currentFile)
        if let target {
            go(toFile: target, position: 1)
        } else if let wrapped = forward ? matches.firstFile : matches.lastFile {
            go(toFile: wrapped, position: 1)
            message = .searchWrapped
        }
    }
}
