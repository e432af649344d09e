import Foundation
import Testing

/// Long outputs on the sample transcripts, compared with files in `Snapshots/`.
///
/// Re-record after an intended change with `SEEK_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests`.
@Suite struct SnapshotTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    @Test(arguments: [
        ("talk-context.txt", ["-C", "1", "-e", "budget", "-e", "noise", "talk.srt"]),
        ("talk-colour.txt", ["--color=always", "-e", "budget", "-e", "noise", "talk.srt"]),
        ("panel-data.jsonl", ["--json", "data", "panel.vtt"]),
        ("meeting-csv.csv", ["--csv", "-e", "csv", "-e", "budget", "meeting.txt"]),
        ("samples-count.txt", ["-c", "the", "talk.srt", "panel.vtt", "autocaptions.vtt", "chinese.srt",
                               "meeting.txt"]),
        ("chinese-cues.txt", ["--cues", "chinese.srt"]),
        ("panel-cues.jsonl", ["--cues", "--json", "panel.vtt"]),
        ("help.txt", ["--help"]),
    ] as [(String, [String])])
    func matchesSnapshot(name: String, arguments: [String]) throws {
        let result = try SeekProcess.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let file = Self.folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SEEK_RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(result.stdoutBytes).write(to: file)
            return
        }
        let expected = try Data(contentsOf: file)
        #expect(result.stdoutBytes == Array(expected), "\(name) differs; output was:\n\(result.stdout)")
    }
}
