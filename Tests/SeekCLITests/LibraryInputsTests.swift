import Foundation
import Testing
import SeekKit
@testable import seek

/// A library's inputs packed for the navigator's session give back what was collected.
@Suite struct LibraryInputsTests {
    @Test func everyInputComesBackAsItWasCollected() {
        let inputs = [
            InputFile(source: .path(SystemPath("season/S01E01.srt")), displayName: "season/S01E01.srt", walked: true),
            InputFile(source: .standardInput, displayName: InputFile.standardInputName),
            InputFile(source: .path(SystemPath(bytes: Array("caf".utf8) + [0xE9] + Array(".srt".utf8))),
                      displayName: "caf\\xE9.srt"),
            InputFile(source: .path(SystemPath("missing.srt")), displayName: "missing.srt",
                      problem: Diagnostic(file: "missing.srt", message: "No such file or directory")),
            InputFile(source: .path(SystemPath("")), displayName: ""),
            InputFile(source: .path(SystemPath("文字幕/第一集.srt")), displayName: "文字幕/第一集.srt", walked: true),
        ]
        let library = LibraryInputs(inputs)
        #expect(library.count == inputs.count)
        for file in inputs.indices {
            #expect(library[file] == inputs[file], "file \(file)")
            #expect(library.path(of: file) == inputs[file].path, "file \(file)")
            #expect(library.displayName(of: file) == inputs[file].displayName, "file \(file)")
        }
        #expect(library.paths == inputs.compactMap(\.path))
    }

    @Test func noInputsPackToNothing() {
        let library = LibraryInputs([])
        #expect(library.count == 0)
        #expect(library.paths.isEmpty)
    }
}
