import SeekKit
import Testing
@testable import SeekViewer

/// `w`: a file name asked for in the status line, then whether to replace an existing file.
@Suite struct ExportPromptTests {
    func typing(_ keys: [Key], into prompt: inout ExportPrompt) -> ExportPrompt.Outcome {
        var outcome = ExportPrompt.Outcome.editing
        for key in keys { outcome = prompt.handle(key) }
        return outcome
    }

    @Test func enterAcceptsTheDefaultName() {
        var prompt = ExportPrompt(defaultName: "talk.matches.jsonl")
        #expect(prompt.handle(.enter) == .submitted(ExportRequest(name: nil)))
    }

    @Test func anEditedNameIsSubmittedAsTyped() {
        var prompt = ExportPrompt(defaultName: "talk.jsonl")
        let keys: [Key] = [.control("u"), .character("a"), .character("b"), .left, .character("x"), .enter]
        #expect(typing(keys, into: &prompt) == .submitted(ExportRequest(name: "axb")))
    }

    @Test func escapeOrAnEmptyNameCancels() {
        var prompt = ExportPrompt(defaultName: "talk.jsonl")
        #expect(prompt.handle(.escape) == .cancelled)
        var emptied = ExportPrompt(defaultName: "t")
        #expect(typing([.backspace, .enter], into: &emptied) == .cancelled)
    }

    @Test func aCombiningMarkTypedAfterALetterKeepsTheCursorInTheName() {
        // The mark joins the letter before it: the name grows by no character, so a cursor
        // moved by the typed length stood past the end and the next Backspace crashed.
        var prompt = ExportPrompt(defaultName: "cafe")
        let keys: [Key] = [.character("\u{301}"), .backspace, .character("s"), .enter]
        #expect(typing(keys, into: &prompt) == .submitted(ExportRequest(name: "cafs")))
        #expect(prompt.cursor <= prompt.text.count)
    }

    @Test func onlyYReplacesAnExistingFile() {
        for (key, expected) in [(Key.character("y"), ExportPrompt.Outcome.submitted(ExportRequest(name: "x", replace: true))),
                                (.character("n"), .cancelled), (.enter, .cancelled), (.escape, .cancelled)] {
            var prompt = ExportPrompt(defaultName: "t")
            prompt.askToReplace(ExportRequest(name: "x"), shownName: "x")
            #expect(prompt.handle(key) == expected)
        }
    }

    @Test func controlCodesInTheNameAreShownNotSent() {
        let prompt = ExportPrompt(defaultName: "a\u{1B}[2Jb")
        let (spans, cursor) = prompt.render(width: 40)
        let text = spans.map(\.text).joined()
        #expect(text.contains("write matches to: a^[[2Jb"))
        #expect(!text.contains("\u{1B}"))
        #expect(cursor == DisplayWidth.of(" write matches to: a^[[2Jb"))
    }

    @Test func aLongNameKeepsItsEndAndTheCursorInView() {
        let prompt = ExportPrompt(defaultName: String(repeating: "d/", count: 40) + "talk.matches.jsonl")
        let (spans, cursor) = prompt.render(width: 40)
        #expect(spans.reduce(0) { $0 + DisplayWidth.of($1.text) } == 40)
        #expect(spans.map(\.text).joined().hasSuffix("talk.matches.jsonl "))
        #expect(cursor == 39)
    }

    @Test func wInTheViewerOpensThePromptAndEnterAsksTheHost() {
        var state = ViewerFixture.state(["city"])
        state.exportDefaultName = "talk.matches.jsonl"
        #expect(state.handle(.character("w")) == nil)
        #expect(FrameRenderer.render(state).plainText.contains("write matches to: talk.matches.jsonl"))
        #expect(state.handle(.character("n")) == nil, "keys edit the name while the prompt is open")
        #expect(state.handle(.backspace) == nil)
        #expect(state.handle(.enter) == .export(ExportRequest(name: nil)))
        #expect(state.exportPrompt == nil)
        state.askToReplace(ExportRequest(name: nil), shownName: "talk.matches.jsonl")
        #expect(FrameRenderer.render(state).plainText.contains("talk.matches.jsonl exists: replace it? (y/n)"))
        #expect(state.handle(.character("y")) == .export(ExportRequest(name: nil, replace: true)))
    }

    @Test func wWithoutMatchesSaysSo() {
        var state = ViewerFixture.state(["zzzz"])
        #expect(state.handle(.character("w")) == nil)
        #expect(state.exportPrompt == nil)
        #expect(state.message == .notice("nothing to export: no matches"))
    }
}
