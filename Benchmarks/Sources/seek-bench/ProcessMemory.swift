import Foundation

/// The resident memory and its peak (VmRSS, VmHWM) of process `pid`, in KiB: read from /proc on
/// Linux; `nil` elsewhere (no such file), so the rows that need them print no figure.
func processMemory(of pid: Int32) -> (resident: Int?, peak: Int?) {
    #if os(Linux)
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return (nil, nil) }
    func kilobytes(_ field: String) -> Int? {
        status.split(separator: "\n").first { $0.hasPrefix(field) }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }
    return (kilobytes("VmRSS:"), kilobytes("VmHWM:"))
    #else
    return (nil, nil)
    #endif
}
