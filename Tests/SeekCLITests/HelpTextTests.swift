import Foundation
import SeekKit
import Testing
@testable import seek

/// `seek --help` says what the code does: its export column list is the export's schema.
@Suite struct HelpTextTests {
    /// The columns `--help` lists under "Export columns", read back from the printed help.
    static func listedColumns(in help: String) throws -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("Export columns") })
        let list = lines[(heading + 1)...].prefix { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        return list.joined(separator: " ").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theHelpListsTheExportColumnsOfTheSchemaInOrder() throws {
        let result = try SeekProcess.run(["--help"])
        #expect(try Self.listedColumns(in: result.stdout) == MatchRecord.Column.allCases.map(\.name))
    }

    @Test func theReadmeListsTheSameColumns() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let after = try #require(readme.range(of: "with these columns in this order: `"))
        let end = try #require(readme[after.upperBound...].firstIndex(of: "`"))
        let listed = readme[after.upperBound..<end].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(listed == MatchRecord.columns)
    }

    @Test func theColumnListFitsSeventyNineColumns() {
        let lines = HelpText.exportColumns.split(separator: "\n")
        #expect(lines.count > 1)
        for line in lines {
            #expect(line.count <= 79, "\(line)")
            #expect(line.hasPrefix("  "))
        }
    }

    @Test(arguments: [
        (["a", "b"], 10, "  a b"),
        (["aaaa", "bbbb", "cccc"], 11, "  aaaa bbbb\n  cccc"),
        (["averylongword", "x"], 6, "  averylongword\n  x"),
        ([], 10, ""),
    ] as [([String], Int, String)])
    func wrapFillsLinesGreedily(_ words: [String], _ width: Int, _ wrapped: String) {
        #expect(HelpText.wrap(words, indent: "  ", width: width) == wrapped)
    }
}
