/// Completions for a keyword being typed, drawn from the transcript's own words.
///
/// Words are runs of letters, marks and digits (an apostrophe between letters
/// stays inside: `don't`). Han ideographs have no spaces between words, so a run
/// of them contributes each overlapping pair of ideographs (`预算` from `今年的预算`),
/// which is what a completion of one typed ideograph most often wants.
/// Case is folded for matching; each word is shown in its most frequent spelling
/// (on a tie, the one with more lowercase letters).
public struct Suggestions: Sendable {
    struct Entry: Sendable {
        var folded: [UInt8]
        var word: String
        var count: Int
    }

    /// Sorted by `folded` bytes, so the words with a given prefix are adjacent.
    private let entries: [Entry]

    /// The number of distinct (case-folded) words.
    public var count: Int { entries.count }

    /// Counts the words of every cue.
    ///
    /// - Complexity: O(total text length + w log w) for w distinct words.
    public init(transcript: Transcript) {
        var counts: [String: Int] = [:]
        Suggestions.forEachWord(in: transcript.storage) { word in counts[word, default: 0] += 1 }
        var spellings: [String: [String: Int]] = [:]
        for (word, count) in counts { spellings[word.lowercased(), default: [:]][word] = count }
        var entries = spellings.map { folded, forms in
            let best = forms.max { Suggestions.spellingOrder($0, $1) }
            return Entry(folded: Array(folded.utf8), word: best?.key ?? folded,
                         count: forms.values.reduce(0, +))
        }
        entries.sort { $0.folded.lexicographicallyPrecedes($1.folded) }
        self.entries = entries
    }

    /// Up to `limit` words starting with `prefix` (ignoring case), most frequent first,
    /// ties in alphabetical order; never the prefix itself.
    ///
    /// - Complexity: O(log w + k log k) for k words with that prefix.
    public func completions(for prefix: String, limit: Int) -> [String] {
        let folded = Array(prefix.lowercased().utf8)
        guard !folded.isEmpty, limit > 0 else { return [] }
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].folded.lexicographicallyPrecedes(folded) { low = mid + 1 } else { high = mid }
        }
        var candidates: [Entry] = []
        var index = low
        while index < entries.count, entries[index].folded.starts(with: folded) {
            if entries[index].folded != folded { candidates.append(entries[index]) }
            index += 1
        }
        candidates.sort {
            $0.count != $1.count ? $0.count > $1.count : $0.folded.lexicographicallyPrecedes($1.folded)
        }
        return candidates.prefix(limit).map(\.word)
    }

    /// Orders spellings of one word, least preferred first: by frequency, then by
    /// how many lowercase letters they have (so `budget` beats `Budget` on a tie).
    static func spellingOrder(_ a: (key: String, value: Int), _ b: (key: String, value: Int)) -> Bool {
        func lowercaseCount(_ word: String) -> Int { word.unicodeScalars.count { $0.properties.isLowercase } }
        if a.value != b.value { return a.value < b.value }
        let (lowerA, lowerB) = (lowercaseCount(a.key), lowercaseCount(b.key))
        if lowerA != lowerB { return lowerA < lowerB }
        return a.key > b.key
    }

    /// Calls `body` with each word of `text`, in order.
    static func forEachWord(in text: String, _ body: (String) -> Void) {
        var word = String.UnicodeScalarView()
        var han: [Unicode.Scalar] = []
        var pendingApostrophe: Unicode.Scalar?
        func flushWord() {
            if !word.isEmpty { body(String(word)) }
            word = String.UnicodeScalarView()
            pendingApostrophe = nil
        }
        func flushHan() {
            if han.count == 1 {
                body(String(han[0]))
            } else {
                for i in 1..<max(han.count, 1) {
                    var pair = String.UnicodeScalarView()
                    pair.append(han[i - 1])
                    pair.append(han[i])
                    body(String(pair))
                }
            }
            han.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if !han.isEmpty { flushHan() }
                let value = scalar.value
                if (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value) {
                    if let apostrophe = pendingApostrophe {
                        word.append(apostrophe)
                        pendingApostrophe = nil
                    }
                    word.append(scalar)
                } else if scalar == "'", !word.isEmpty, pendingApostrophe == nil {
                    pendingApostrophe = scalar
                } else {
                    flushWord()
                }
                continue
            }
            let properties = scalar.properties
            if properties.isIdeographic {
                flushWord()
                han.append(scalar)
                continue
            }
            if !han.isEmpty { flushHan() }
            if properties.isAlphabetic || properties.numericType != nil || isMark(properties.generalCategory) {
                if let apostrophe = pendingApostrophe {
                    word.append(apostrophe)
                    pendingApostrophe = nil
                }
                word.append(scalar)
            } else if (scalar == "'" || scalar == "\u{2019}"), !word.isEmpty, pendingApostrophe == nil {
                pendingApostrophe = scalar
            } else {
                flushWord()
            }
        }
        flushWord()
        if !han.isEmpty { flushHan() }
    }

    private static func isMark(_ category: Unicode.GeneralCategory) -> Bool {
        category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
    }
}
