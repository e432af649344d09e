import SeekKit

/// A library's files as the navigator keeps them for its whole session: every path's bytes in one
/// buffer, so a file costs its path's bytes and an offset rather than an `InputFile` (a path, its
/// bytes and its shown name, each on the heap) that lives as long as the navigator.
///
/// ```swift
/// let library = LibraryInputs(inputs)   // the collected inputs, let go once packed
/// library[12]                           // file 12 as an InputFile again, to read it
/// library.path(of: 12)                  // its path, to check it on disk
/// ```
struct LibraryInputs: Sendable {
    /// Every path's bytes, one after another.
    private var bytes: [UInt8] = []
    /// `ends[i]`: where file `i`'s path ends in `bytes` (it starts where file `i - 1`'s ends).
    private var ends: [Int] = []
    /// The files read from standard input (they have no path).
    private var standardInput: Set<Int> = []
    /// Whether a directory walk found each file (only a regular file is read for those).
    private var walked: [Bool] = []
    /// What was found wrong with a file while collecting (a missing path, a directory without -r).
    private var problems: [Int: Diagnostic] = [:]
    /// Names shown that are not the path's own shown form (none today; kept so nothing is lost).
    private var renamed: [Int: String] = [:]

    /// Packs `inputs`.
    ///
    /// - Complexity: O(n) in the inputs and their paths' bytes.
    init(_ inputs: [InputFile]) {
        ends.reserveCapacity(inputs.count)
        walked.reserveCapacity(inputs.count)
        bytes.reserveCapacity(inputs.reduce(0) { $0 + ($1.path?.bytes.count ?? 0) })
        for (file, input) in inputs.enumerated() {
            switch input.source {
            case .standardInput:
                standardInput.insert(file)
                if input.displayName != InputFile.standardInputName { renamed[file] = input.displayName }
            case .path(let path):
                bytes += path.bytes
                if input.displayName != path.shown { renamed[file] = input.displayName }
            }
            ends.append(bytes.count)
            walked.append(input.walked)
            if let problem = input.problem { problems[file] = problem }
        }
    }

    /// The number of files.
    var count: Int { ends.count }

    var indices: Range<Int> { ends.indices }

    /// File `file`'s path, or `nil` for standard input.
    func path(of file: Int) -> SystemPath? {
        guard !standardInput.contains(file) else { return nil }
        return SystemPath(bytes: Array(bytes[(file == 0 ? 0 : ends[file - 1])..<ends[file]]))
    }

    /// The name shown for file `file` (as the command prints it).
    func displayName(of file: Int) -> String {
        renamed[file] ?? path(of: file)?.shown ?? InputFile.standardInputName
    }

    /// File `file` as it was collected.
    subscript(file: Int) -> InputFile {
        let path = path(of: file)
        return InputFile(source: path.map(InputFile.Source.path) ?? .standardInput,
                         displayName: renamed[file] ?? path?.shown ?? InputFile.standardInputName,
                         problem: problems[file], walked: walked[file])
    }

    /// Every file's path (standard input has none).
    var paths: [SystemPath] { indices.compactMap(path(of:)) }
}
