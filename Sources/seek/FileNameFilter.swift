#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SeekBytes

/// `--include GLOB` and `--exclude GLOB`: which files found in a directory walk are searched.
///
/// A file is searched when its name (the last path component) matches some `--include`
/// glob, or there is none, and matches no `--exclude` glob. Globs are `fnmatch(3)` patterns
/// (`*`, `?`, `[...]`). Files named on the command line are always searched, as in ripgrep.
struct FileNameFilter {
    var include: [String] = []
    var exclude: [String] = []

    /// Whether a file called `name` (the bytes of a last path component) is searched.
    func admits(_ name: [UInt8]) -> Bool {
        name.withCString { name in
            if !include.isEmpty && !include.contains(where: { fnmatch($0, name, 0) == 0 }) { return false }
            return !exclude.contains { fnmatch($0, name, 0) == 0 }
        }
    }

    /// Whether a file called `name` is searched.
    func admits(_ name: String) -> Bool {
        admits(Array(name.utf8))
    }
}
