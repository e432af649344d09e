// Running a command the way a user's pipeline does: standard output into a pipe that is read
// to its end (GNU grep reads almost nothing when its output is /dev/null, so nothing here is
// ever timed unpiped), wall time from the monotonic clock around spawn and wait4.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run of a command did.
struct ProcessRun {
    var seconds: Double
    var status: Int32
    /// Standard output, when it was asked to be kept.
    var output: [UInt8]
    /// Standard error, when it was asked to be kept.
    var errors: String
    /// The child's peak resident memory as `wait4` reports it (see `peakKilobytes` for why Linux does not use it).
    var waitPeakKilobytes = 0
    /// User and system CPU time, from `wait4`: steadier than wall time on a loaded machine.
    var cpuSeconds = 0.0

    /// Runs `arguments` (the first is looked up in `PATH`) with standard output piped to this
    /// process, which reads it to its end; keeps it and standard error only when `keeping`.
    static func run(_ arguments: [String], keeping: Bool = false, errorPath: String = "/dev/null") -> ProcessRun {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return ProcessRun(seconds: 0, status: -1, output: [], errors: "no pipe") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        let environment = _NSGetEnviron().pointee
        #else
        var actions = posix_spawn_file_actions_t()
        let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addopen(&actions, 2, keeping ? errorPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = now()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environment)
        close(writeEnd)
        defer { close(readEnd) }
        guard spawned == 0 else {
            return ProcessRun(seconds: 0, status: -1, output: [], errors: "could not start \(arguments[0]): \(spawned)")
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            if keeping { output.append(contentsOf: chunk[0..<got]) }
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = now() - start
        let errors = keeping ? (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" : ""
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss) / 1024  // bytes on Apple's systems
        #else
        let peak = Int(usage.ru_maxrss)
        #endif
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return ProcessRun(seconds: seconds, status: status, output: output, errors: errors, waitPeakKilobytes: peak,
                          cpuSeconds: cpu)
    }

    /// Peak memory of a command in kilobytes, its output piped and read as in a timed run: on
    /// Linux from GNU time's `%M`, on macOS from `wait4`.
    ///
    /// On Linux `wait4`'s own figure is not used for this: a child spawned with a shared address
    /// space starts its high-water mark at the parent's size, and this parent holds the
    /// generated workloads. macOS spawns into a fresh address space.
    static func peakKilobytes(_ arguments: [String], scratch: String) -> Int {
        #if canImport(Darwin)
        return run(arguments).waitPeakKilobytes
        #else
        let memoryPath = scratch + "/memory"
        _ = run(["/usr/bin/time", "-f", "%M", "-o", memoryPath] + arguments)
        let text = (try? String(contentsOfFile: memoryPath, encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isNewline).last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        #endif
    }

    /// Whether `program` is found in `PATH`.
    static func isInstalled(_ program: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}

func megabytes(_ kilobytes: Int) -> String { String(format: "%.0f MB", Double(kilobytes) / 1024) }

func format(_ seconds: Double) -> String {
    seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
}
