// seek against rg (and GNU grep where it can do the same) on the same input, one row per mode:
// runs alternate, medians are compared, output is always piped, and seek's output is checked
// against the matches of the Regex reference (`ReferenceMatcher`, cue by cue).

import Foundation
import SeekKit

/// What seek is asked to write, and how rg and grep are asked to do the same.
enum SearchMode: String, CaseIterable {
    case print, json, csv, count, list

    var seekFlags: [String] {
        switch self {
        case .print: []
        case .json: ["--json"]
        case .csv: ["--csv"]
        case .count: ["-c"]
        case .list: ["-l"]
        }
    }

    /// rg has no CSV: `--csv` is compared with its JSON, the nearest export it has.
    var ripgrepFlags: [String] {
        switch self {
        case .print: []
        case .json, .csv: ["--json"]
        case .count: ["--count-matches"]
        case .list: ["-l"]
        }
    }

    /// GNU grep has no export; its `-c` counts lines, not matches.
    var grepFlags: [String]? {
        switch self {
        case .print: []
        case .json, .csv: nil
        case .count: ["-c"]
        case .list: ["-l"]
        }
    }

    var label: String {
        switch self {
        case .print: "printed"
        case .json: "--json"
        case .csv: "--csv (rg --json)"
        case .count: "-c (rg --count-matches)"
        case .list: "-l"
        }
    }
}

/// Files named one by one, or a folder searched recursively (`seek -r DIR`, `rg DIR`, `grep -r DIR`).
enum BenchInput {
    case files([String])
    case directory(String)

    var seekArguments: [String] {
        switch self {
        case .files(let paths): paths
        case .directory(let path): ["-r", path]
        }
    }

    var ripgrepArguments: [String] {
        switch self {
        case .files(let paths): paths
        case .directory(let path): [path]
        }
    }

    var grepArguments: [String] {
        switch self {
        case .files(let paths): paths
        case .directory(let path): ["-r", path]
        }
    }

    /// Whether seek shows file names (several files, or a walk).
    var showsFileNames: Bool {
        switch self {
        case .files(let paths): paths.count > 1
        case .directory: true
        }
    }

    /// The files seek searches, in the order it reports them: a walk goes depth first, names
    /// sorted as bytes, hidden entries and files that are not subtitles left out.
    var paths: [String] {
        switch self {
        case .files(let paths): return paths
        case .directory(let path): return Self.walk(path)
        }
    }

    private static func walk(_ directory: String) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return names.flatMap { name -> [String] in
            let path = directory + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
            if isDirectory.boolValue { return walk(path) }
            return SubtitleFormat.isWalked(fileName: name) ? [path] : []
        }
    }

    var description: String {
        switch self {
        case .files(let paths): paths.count == 1 ? paths[0] : "\(paths.count) files"
        case .directory(let path): path
        }
    }
}

/// Every match the Regex reference finds in some files, file by file, cue by cue.
struct ReferenceMatches {
    struct Match: Equatable {
        var file: String
        /// 0-based cue index.
        var cue: Int
        /// UTF-8 offsets in the cue's text.
        var bytes: Range<Int>
    }

    var files: [String] = []
    var matches: [Match] = []
    var problems: [String] = []

    /// Loads each file as seek does (format and encoding detected) and runs `ReferenceMatcher` on every cue.
    init(paths: [String], keyword: String, query: Query) {
        let reference = ReferenceMatcher(keyword: keyword, caseSensitive: query.caseSensitive,
                                         wholeWords: query.wholeWords, ignoresAccents: query.ignoresAccents)
        for path in paths {
            files.append(path)
            guard let data = FileManager.default.contents(atPath: path),
                  let loaded = try? TranscriptLoader.load([UInt8](data), fileName: path, options: LoadOptions())
            else {
                problems.append(path)
                continue
            }
            let transcript = loaded.transcript
            for cue in transcript.indices {
                for range in reference.ranges(in: transcript.text(at: cue)) {
                    matches.append(Match(file: path, cue: cue, bytes: range))
                }
            }
        }
    }

    func count(in file: String) -> Int { matches.lazy.filter { $0.file == file }.count }

    var counts: [String: Int] { Dictionary(matches.map { ($0.file, 1) }, uniquingKeysWith: +) }

    /// Matching cues, file by file, in order.
    var matchingCues: [String: Int] {
        var cues: [String: Int] = [:]
        var last: (String, Int)?
        for match in matches where last.map({ $0 != (match.file, match.cue) }) ?? true {
            cues[match.file, default: 0] += 1
            last = (match.file, match.cue)
        }
        return cues
    }

    /// Whether seek's `output` in `mode` says what the reference found: "ok", or what differs.
    func check(_ output: [UInt8], mode: SearchMode, showsFileNames: Bool) -> String {
        guard problems.isEmpty else { return "reference could not read \(problems.count) file(s)" }
        let lines = output.split(separator: 0x0A, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
        switch mode {
        case .count:
            let said: [String: Int]
            if showsFileNames {
                said = Dictionary(lines.compactMap { line -> (String, Int)? in
                    guard let colon = line.lastIndex(of: ":"), let count = Int(line[line.index(after: colon)...]) else { return nil }
                    return (String(line[..<colon]), count)
                }, uniquingKeysWith: +)
            } else {
                said = files.first.map { [$0: Int(lines.first ?? "") ?? -1] } ?? [:]
            }
            let expected = Dictionary(files.map { ($0, count(in: $0)) }, uniquingKeysWith: +)
            return said == expected ? "ok" : Self.mismatch(said.values.reduce(0, +), expected.values.reduce(0, +), "matches")
        case .list:
            let expected = files.filter { file in matches.contains { $0.file == file } }
            return lines == expected ? "ok" : Self.mismatch(lines.count, expected.count, "files listed")
        case .print:
            // A block starts at a line that does not start with the indentation of a continued cue.
            var said: [String: Int] = [:]
            for line in lines where !line.hasPrefix(" ") {
                let file = showsFileNames ? String(line.prefix(while: { $0 != ":" })) : files.first ?? ""
                said[file, default: 0] += 1
            }
            let expected = matchingCues
            return said == expected ? "ok" : Self.mismatch(said.values.reduce(0, +), expected.values.reduce(0, +), "cues printed")
        case .json:
            let said = JSONLinesFields.matches(output, defaultFile: files.first ?? "")
            return said == matches ? "ok" : Self.mismatch(said.count, matches.count, "matches", firstDifference(said))
        case .csv:
            let said = CSVFields.matches(output)
            return said == matches ? "ok" : Self.mismatch(said.count, matches.count, "matches", firstDifference(said))
        }
    }

    private func firstDifference(_ said: [Match]) -> String {
        let common = min(said.count, matches.count)
        guard let i = (0..<common).first(where: { said[$0] != matches[$0] }) ?? (said.count != matches.count ? common : nil)
        else { return "" }
        let show = { (match: Match?) in match.map { "cue \($0.cue + 1) bytes \($0.bytes)" } ?? "none" }
        return "; #\(i + 1): \(show(i < said.count ? said[i] : nil)), reference \(show(i < matches.count ? matches[i] : nil))"
    }

    private static func mismatch(_ said: Int, _ expected: Int, _ what: String, _ detail: String = "") -> String {
        "MISMATCH: \(said) \(what), reference \(expected)\(detail)"
    }
}

/// The fields of seek's JSON Lines that locate a match, read without a JSON parser (keys are
/// written in a fixed order and a string never holds an unescaped quote).
enum JSONLinesFields {
    static func matches(_ output: [UInt8], defaultFile: String) -> [ReferenceMatches.Match] {
        output.split(separator: 0x0A).map { line in
            let file = string(after: #""file":""#, in: line) ?? defaultFile
            return ReferenceMatches.Match(file: file, cue: (number(after: #""cue":"#, in: line) ?? 0) - 1,
                                          bytes: (number(after: #""byte_start":"#, in: line) ?? -1)
                                              ..< (number(after: #""byte_end":"#, in: line) ?? -1))
        }
    }

    private static func position(of key: String, in line: ArraySlice<UInt8>) -> Int? {
        let key = Array(key.utf8)
        var i = line.startIndex
        while i + key.count <= line.endIndex {
            if line[i] == key[0] && line[i..<i + key.count].elementsEqual(key) { return i + key.count }
            i += 1
        }
        return nil
    }

    private static func number(after key: String, in line: ArraySlice<UInt8>) -> Int? {
        guard let start = position(of: key, in: line) else { return nil }
        let digits = line[start...].prefix { (0x30...0x39).contains($0) }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    private static func string(after key: String, in line: ArraySlice<UInt8>) -> String? {
        guard let start = position(of: key, in: line) else { return nil }
        return String(decoding: line[start...].prefix { $0 != 0x22 }, as: UTF8.self)
    }
}

/// The fields of seek's CSV (RFC 4180) that locate a match, found by the header's names.
enum CSVFields {
    static func matches(_ output: [UInt8]) -> [ReferenceMatches.Match] {
        let records = self.records(output)
        guard let header = records.first,
              let file = header.firstIndex(of: "file"), let cue = header.firstIndex(of: "cue"),
              let start = header.firstIndex(of: "byte_start"), let end = header.firstIndex(of: "byte_end")
        else { return [] }
        return records.dropFirst().map { record in
            let field = { (i: Int) in i < record.count ? record[i] : "" }
            return ReferenceMatches.Match(file: field(file), cue: (Int(field(cue)) ?? 0) - 1,
                                          bytes: (Int(field(start)) ?? -1)..<(Int(field(end)) ?? -1))
        }
    }

    /// Records of fields; quoted fields may hold commas, line breaks and doubled quotes.
    static func records(_ bytes: [UInt8]) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if quoted {
                if byte == 0x22 {
                    if i + 1 < bytes.count && bytes[i + 1] == 0x22 {
                        field.append(0x22)
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
            } else if byte == 0x22 {
                quoted = true
            } else if byte == 0x2C {
                record.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            } else if byte == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A {
                record.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                records.append(record)
                record.removeAll(keepingCapacity: true)
                i += 1
            } else {
                field.append(byte)
            }
            i += 1
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(String(decoding: field, as: UTF8.self))
            records.append(record)
        }
        return records
    }
}

extension Bench {
    /// One row per mode: seek against `rg -i -F` (and `grep -i -F` where it can do the same) on
    /// `input`, runs alternating after one warm-up each, medians; seek's output checked against
    /// the Regex reference; seek's and rg's peak memory against the largest file.
    ///
    /// - Parameters:
    ///   - flags: given to seek, rg and grep alike (`-w`).
    ///   - seekFlags: given to seek only (`--ignore-accents`); `query` says the same to the reference.
    func compareWithRipgrep(
        _ name: String, _ input: BenchInput, keyword: String, modes: [SearchMode] = SearchMode.allCases,
        target: Double, flags: [String] = [], seekFlags: [String] = [], query: Query = Query(keywords: [])
    ) {
        let paths = input.paths
        let key = "\(input.description)|\(keyword)|\(query.wholeWords)|\(query.ignoresAccents)|\(query.caseSensitive)"
        let reference = references[key] ?? ReferenceMatches(paths: paths, keyword: keyword, query: query)
        references[key] = reference
        let largest = paths.map { ((try? FileManager.default.attributesOfItem(atPath: $0)[.size]) as? Int) ?? 0 }.max() ?? 0
        for mode in modes {
            let seekCommand = [seek] + mode.seekFlags + flags + seekFlags + ["-e", keyword] + input.seekArguments
            let ripgrepCommand = ripgrep.map { [$0, "-i", "-F"] + mode.ripgrepFlags + flags + ["-e", keyword] + input.ripgrepArguments }
            let grepCommand = grep.flatMap { grep in
                mode.grepFlags.map { [grep, "-i", "-F"] + $0 + flags + ["-e", keyword] + input.grepArguments }
            }
            let commands = [seekCommand, ripgrepCommand, grepCommand]
            let timed = timeAlternating(commands.compactMap { $0 })
            var medians = timed.map(\.wall).makeIterator()
            let (seekTime, ripgrepTime, grepTime) = (medians.next()!, ripgrepCommand.flatMap { _ in medians.next() },
                                                     grepCommand.flatMap { _ in medians.next() })
            let cpuRatio = ripgrepCommand == nil ? "" : String(format: " (CPU %.2fx)", timed[0].cpu / max(timed[1].cpu, 1e-9))
            let checked = ProcessRun.run(seekCommand, keeping: true, errorPath: directory + "/errors")
            var check = checked.status > 0x1FF || checked.status & 0x7F != 0
                ? "seek failed (status \(checked.status >> 8)): \(checked.errors.prefix(200))"
                : reference.check(checked.output, mode: mode, showsFileNames: input.showsFileNames)
            if checked.status >> 8 == 2 { check += " (status 2: \(checked.errors.prefix(120)))" }
            let seekPeak = ProcessRun.peakKilobytes(seekCommand, scratch: directory)
            let ripgrepPeak = ripgrepCommand.map { ProcessRun.peakKilobytes($0, scratch: directory) }
            let share = { (peak: Int) in String(format: "%.1fx", Double(peak * 1024) / Double(max(largest, 1))) }
            let hits = mode == .list ? "\(reference.counts.count) files" : "\(reference.matches.count)"
            row("\(name) \(mode.label)", seek: format(seekTime), rg: ripgrepTime.map(format) ?? "-",
                ratio: ripgrepTime.map { String(format: "%.2fx", seekTime / max($0, 1e-9)) + cpuRatio } ?? "",
                target: String(format: "≤ %.1fx", target), grep: grepTime.map(format) ?? "",
                peak: megabytes(seekPeak) + " (\(share(seekPeak)))" + (ripgrepPeak.map { ", rg " + megabytes($0) } ?? ""),
                matches: hits, check: check)
        }
    }

    /// Runs the commands in turn, one warm-up each, then `options.runs` rounds, output piped;
    /// the median wall time and CPU time (user and system) of each.
    func timeAlternating(_ commands: [[String]]) -> [(wall: Double, cpu: Double)] {
        for command in commands { _ = ProcessRun.run(command) }
        var runs = Array(repeating: [ProcessRun](), count: commands.count)
        for _ in 0..<options.runs {
            for (i, command) in commands.enumerated() { runs[i].append(ProcessRun.run(command)) }
        }
        return runs.map { (median($0.map(\.seconds)), median($0.map(\.cpuSeconds))) }
    }
}
