import Testing
@testable import SeekViewer

/// The search field's and the export prompt's editing keys, checked against a model of the line
/// as an array of characters.
@Suite struct EditedLineTests {
    @Test func randomEditsAgreeWithAnArrayOfCharacters() {
        let keys: [Key] = [.backspace, .delete, .control("d"), .control("u"), .left, .control("b"), .right,
                           .control("f"), .home, .control("a"), .end, .control("e")]
        let typed: [String] = ["a", "b", " ", "é", "\u{301}", "日本", "👍🏽", "x y"]
        var state: UInt64 = 0x5EED
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<200 {
            var line = EditedLine(["", "talk", "one two "][random(3)])
            for _ in 0..<40 {
                let before = line
                var model = Array(line.text)
                var cursor = line.cursor
                switch random(4) {
                case 0:
                    let text = typed[random(typed.count)]
                    line.insert(text)
                    // A combining mark may join the character before it: compare as strings.
                    let joined = String(model[..<cursor]) + text + String(model[cursor...])
                    #expect(line.text == joined)
                    #expect(line.cursor == (String(model[..<cursor]) + text).count)
                    continue
                case 1:
                    line.deleteWordBeforeCursor()
                    var start = cursor
                    while start > 0 && model[start - 1] == " " { start -= 1 }
                    while start > 0 && model[start - 1] != " " { start -= 1 }
                    model.removeSubrange(start..<cursor)
                    cursor = start
                default:
                    let key = keys[random(keys.count)]
                    let edit = line.apply(key)
                    switch key {
                    case .backspace where cursor > 0: model.remove(at: cursor - 1); cursor -= 1
                    case .delete where cursor < model.count, .control("d") where cursor < model.count: model.remove(at: cursor)
                    case .control("u"): model = []; cursor = 0
                    case .left, .control("b"): cursor = max(0, cursor - 1)
                    case .right, .control("f"): cursor = min(model.count, cursor + 1)
                    case .home, .control("a"): cursor = 0
                    case .end, .control("e"): cursor = model.count
                    default: break
                    }
                    #expect(edit == (line.text != before.text ? .changed
                        : [.backspace, .delete, .control("d"), .control("u")].contains(key) ? .unchanged : .moved))
                }
                // Removing a character may let its neighbours join: compare as strings.
                #expect(line.text == String(model), "after \(before)")
                #expect(line.cursor == min(String(model[..<cursor]).count, line.text.count))
                #expect(line.cursor >= 0 && line.cursor <= line.text.count)
            }
        }
    }

    @Test func aCompletionReplacesTheWordBeforeTheCursor() {
        var line = EditedLine("say hel world")
        for _ in 0..<6 { _ = line.apply(.left) }
        #expect(line.wordBeforeCursor == "hel")
        line.replaceWordBeforeCursor(with: "hello")
        #expect(line.text == "say hello world")
        #expect(line.cursor == 9)
    }

    @Test func otherKeysAreNotEdits() {
        var line = EditedLine("x")
        for key: Key in [.enter, .tab, .escape, .up, .down, .character("a"), .paste("p"), .control("w")] {
            #expect(line.apply(key) == nil)
        }
        #expect(line == EditedLine("x"))
    }
}
