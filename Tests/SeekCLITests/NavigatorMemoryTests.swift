import Foundation
import Testing

// Linux only: the peak is read from /proc, which macOS does not have.
#if os(Linux)
/// Issue 22 item 10 in the navigator: ten matches in every line of a hundred letters, a cue's
/// text each (five million matches in 12 MB of SRT). Its index grew past one array after
/// another, each outgrown one cut from the heap and left resident once the allocator's bound for
/// mapping blocks rose (3 times the file above a small file's peak; 4 times the file in all at
/// 24 MB): now large blocks are mapped and given back (1.8 times; 2.7 in all at 24 MB).
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable && FileManager.default.fileExists(atPath: "/proc/self/status"),
                             "needs tmux and /proc to measure the navigator's peak"))
struct NavigatorMemoryTests {
    /// The peak resident memory of `seek -i keyword name`, once it shows `shown`, from /proc.
    static func peak(_ keyword: String, _ name: String, showing shown: String, in directory: URL) throws -> Int? {
        let session = try TmuxSession([keyword, name], in: directory)
        guard session.wait(seconds: 120, for: { $0.contains(shown) }), let pid = session.seekPID(),
              let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kibibytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else {
            Issue.record("\(name): never showed \(shown): \(session.screen())")
            return nil
        }
        try session.press("q")
        #expect(session.exitStatus() == 0)
        return kibibytes * 1024
    }

    @Test func anIndexOfMillionsOfMatchesLeavesNoOutgrownArraysBehind() throws {
        let directory = try TemporaryDirectory()
        let cue = Array(repeating: "a", count: 100).joined(separator: " ")
        var text = ""
        for i in 1...50_000 { text += "\(i)\n00:00:01,000 --> 00:00:02,000\n\(cue)\n\n" }
        try directory.write("dense.srt", text)
        try directory.write("small.srt", "1\n00:00:01,000 --> 00:00:02,000\na cue\n\n")
        let size = text.utf8.count
        guard let base = try Self.peak("a", "small.srt", showing: " 1/1 ", in: directory.url),
              let peak = try Self.peak("a", "dense.srt", showing: " 1/5000000 ", in: directory.url) else { return }
        #expect(peak - base < size * 11 / 5,
                "\((peak - base) >> 10) KiB above a small file's peak for \(size >> 10) KiB of SRT")
    }
}
#endif
