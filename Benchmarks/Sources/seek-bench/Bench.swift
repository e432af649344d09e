// The benchmark's shared state: options, the binaries it runs, where workloads are written,
// and the table every workload adds its rows to.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `seek-bench [--quick] [--runs N] [--only NAME,...] [--keep DIR] [--load FILE]`.
struct BenchOptions {
    var quick = false
    var runs = 5
    var only: Set<String> = []
    var keep: String?
    /// A file to load in process once and stop (`--load`), for counting a format's parsing
    /// instructions: `valgrind --tool=callgrind seek-bench --load film.ttml`, less the same on an
    /// empty file.
    var load: String?

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--runs": runs = rest.popFirst().flatMap { Int($0) }.map { max(1, $0) } ?? runs
            case "--only": only = Set((rest.popFirst() ?? "").split(separator: ",").map(String.init))
            case "--keep": keep = rest.popFirst()
            case "--load": load = rest.popFirst()
            default:
                FileHandle.standardError.write(Data("seek-bench: unknown argument \(argument)\n".utf8))
                exit(2)
            }
        }
    }

    /// Scales a full-size byte count down for `--quick`.
    func size(_ megabytes: Int) -> Int { (quick ? max(1, megabytes / 25) : megabytes) * 1_000_000 }
}

/// What every workload is given: the options, the programs, a folder to write in, and the table.
///
/// A workload is a function taking a `Bench`, called in one line from `main.swift`:
///
///     func ass(_ bench: Bench) {
///         guard bench.wants("ass") else { return }
///         let path = bench.write(assText(bytes: bench.options.size(50), seed: 11), to: "subtitles.ass")
///         bench.compareWithRipgrep("subtitles.ass 50 MB, 'budget'", .files([path]), keyword: "budget",
///                                  modes: [.print, .count], target: 1.0)
///     }
final class Bench {
    let options: BenchOptions
    /// The `seek` binary beside this one.
    let seek: String
    /// `rg` and `grep` when installed (a comparison without one times seek alone, with a note).
    let ripgrep: String?
    let grep: String?
    /// Where workloads are written (removed at the end unless `--keep DIR` names it).
    let directory: String
    private(set) var rows: [[String]] = []
    private(set) var notes: [String] = []
    /// Reference matches already computed, by input, keyword and modes.
    var references: [String: ReferenceMatches] = [:]

    init(options: BenchOptions, seek: String) {
        self.options = options
        self.seek = seek
        ripgrep = ProcessRun.isInstalled("rg") ? "rg" : nil
        grep = ProcessRun.isInstalled("grep") ? "grep" : nil
        directory = options.keep ?? NSTemporaryDirectory() + "seek-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if ripgrep == nil { note("rg is not installed: seek is timed alone (apt-get install ripgrep)") }
    }

    /// Whether `--only` leaves the workload `name` in.
    func wants(_ name: String) -> Bool { options.only.isEmpty || options.only.contains(name) }

    /// Writes `text` to `name` in the work folder, unless a file is there already; returns its path.
    func write(_ text: @autoclosure () -> String, to name: String) -> String {
        let path = directory + "/" + name
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: Data(text().utf8))
        }
        return path
    }

    /// Adds a row: the columns are `Bench.header`'s, missing ones left empty.
    func row(_ workload: String, seek: String, rg: String = "", ratio: String = "", target: String = "",
             grep: String = "", peak: String = "", matches: String = "", check: String = "") {
        rows.append([workload, seek, rg, ratio, target, grep, peak, matches, check])
    }

    /// A line printed under the table.
    func note(_ text: String) { notes.append(text) }

    static let header = ["workload", "seek", "rg", "ratio", "target", "grep", "peak: seek (x largest file), rg", "matches", "check"]

    /// The table, columns padded to their widest cell, then the notes.
    func printTable() {
        let all = [Self.header] + rows
        let widths = Self.header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        for row in all {
            let line = row.indices.map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
            print(String(line.reversed().drop(while: { $0 == " " }).reversed()))
        }
        for note in notes { print(note) }
    }

    /// Removes the work folder unless it was named with `--keep`.
    func cleanUp() {
        if options.keep == nil { try? FileManager.default.removeItem(atPath: directory) }
    }
}
