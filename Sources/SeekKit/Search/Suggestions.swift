#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Completions for a keyword being typed, drawn from the transcript's own words.
///
/// Words are runs of letters, marks and digits (an apostrophe between letters
/// stays inside: `don't`). Scripts written without spaces between words (Han,
/// kana, Thai, Lao, Khmer, Myanmar) have no such runs, so a run of them
/// contributes each overlapping pair of characters (`预算` from `今年的预算`),
/// which is what a completion of one typed character most often wants; a
/// character keeps its combining marks. Case is folded for matching; each word
/// is shown in its most frequent spelling (on a tie, the one with more lowercase
/// letters).
///
/// Words are ranked by how characteristic they are of this transcript (tf-idf
/// across its cues: the count times the log of how many cues there are for each
/// one that has the word), so `the`, which is in nearly every cue, comes after
/// `theatre`, which a few cues keep returning to.
public struct Suggestions: Sendable {
    struct Entry: Sendable {
        /// The word case-folded (compared by its UTF-8 bytes; most words fit in the string itself).
        var folded: String
        var word: String
        var count: Int
        var score: Double
    }

    /// Sorted by `folded` bytes, so the words with a given prefix are adjacent.
    private let entries: [Entry]
    /// The most characteristic words, best first (what an empty field suggests).
    private let characteristic: [String]

    /// Words longer than this (in characters) are never suggested.
    public static let longestWord = 24

    /// The number of distinct (case-folded) words.
    public var count: Int { entries.count }

    /// Counts the words of every cue.
    ///
    /// - Complexity: O(total text length + w log w) for w distinct words.
    public init(transcript: Transcript) {
        self.init(transcripts: [transcript])
    }

    /// Counts the words of every cue of every transcript, ranked across all their cues: a library's
    /// suggestions, as if its files were one transcript.
    ///
    /// - Complexity: O(total text length + w log w) for w distinct words.
    public init(transcripts: some Sequence<Transcript>) {
        var counts: [String: (count: Int, cues: Int, lastCue: Int)] = [:]
        var cueNumber = 0
        for transcript in transcripts {
            for cue in 0..<transcript.count {
                Suggestions.forEachWord(in: transcript.text(at: cue)) { word in
                    var known = counts[word] ?? (0, 0, -1)
                    known.count += 1
                    if known.lastCue != cueNumber { known.cues += 1; known.lastCue = cueNumber }
                    counts[word] = known
                }
                cueNumber += 1
            }
        }
        // Every spelling beside its folded form, sorted so a word's spellings are neighbours (a
        // library's hundred thousand words cost no dictionary each).
        var spellings = counts.compactMap { word, count in
            word.count <= Self.longestWord ? (folded: word.lowercased(), word: word, count: count.count, cues: count.cues) : nil
        }
        counts = [:]
        spellings.sort { $0.folded.utf8.lexicographicallyPrecedes($1.folded.utf8) }
        let cueCount = Double(max(1, cueNumber))
        var entries: [Entry] = []
        var start = 0
        while start < spellings.count {
            let folded = spellings[start].folded
            var end = start + 1
            while end < spellings.count, spellings[end].folded.utf8.elementsEqual(folded.utf8) { end += 1 }
            let forms = spellings[start..<end]
            let best = forms.max { Suggestions.spellingOrder(($0.word, $0.count), ($1.word, $1.count)) }
            let count = forms.reduce(0) { $0 + $1.count }
            let cues = min(Int(cueCount), forms.reduce(0) { $0 + $1.cues })
            entries.append(Entry(folded: folded, word: best?.word ?? folded, count: count,
                                 score: Double(count) * log((cueCount + 1) / Double(cues))))
            start = end
        }
        self.entries = entries
        self.characteristic = entries.filter { $0.count > 1 && $0.word.count >= 3 }
            .sorted(by: Self.ranksBefore).prefix(20).map(\.word)
    }

    /// Up to `limit` words starting with `prefix` (ignoring case), most characteristic first,
    /// ties by count then in alphabetical order; never the prefix itself. An empty prefix
    /// gives the transcript's most characteristic words.
    ///
    /// - Complexity: O(log w + k log k) for k words with that prefix.
    public func completions(for prefix: String, limit: Int) -> [String] {
        guard limit > 0 else { return [] }
        let folded = prefix.lowercased().utf8
        guard !folded.isEmpty else { return Array(characteristic.prefix(limit)) }
        var candidates: [Entry] = []
        var index = entries.partitionPoint { !$0.folded.utf8.lexicographicallyPrecedes(folded) }
        while index < entries.count, entries[index].folded.utf8.starts(with: folded) {
            if !entries[index].folded.utf8.elementsEqual(folded) { candidates.append(entries[index]) }
            index += 1
        }
        candidates.sort(by: Self.ranksBefore)
        return candidates.prefix(limit).map(\.word)
    }

    private static func ranksBefore(_ a: Entry, _ b: Entry) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.count != b.count { return a.count > b.count }
        return a.folded.utf8.lexicographicallyPrecedes(b.folded.utf8)
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
    static func forEachWord(in text: some StringProtocol, _ body: (String) -> Void) {
        var word = String.UnicodeScalarView()
        /// A run in a script without spaces, one character (with its marks) per element.
        var unspaced: [String.UnicodeScalarView] = []
        var pendingApostrophe: Unicode.Scalar?
        func flushWord() {
            if !word.isEmpty { body(String(word)) }
            word = String.UnicodeScalarView()
            pendingApostrophe = nil
        }
        func flushUnspaced() {
            if unspaced.count == 1 {
                body(String(unspaced[0]))
            } else {
                for i in 1..<max(unspaced.count, 1) {
                    var pair = unspaced[i - 1]
                    pair.append(contentsOf: unspaced[i])
                    body(String(pair))
                }
            }
            unspaced.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if !unspaced.isEmpty { flushUnspaced() }
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
            if isWrittenWithoutSpaces(scalar) {
                flushWord()
                if isMark(properties.generalCategory), !unspaced.isEmpty {
                    unspaced[unspaced.count - 1].append(scalar)
                } else {
                    unspaced.append(String.UnicodeScalarView([scalar]))
                }
                continue
            }
            if !unspaced.isEmpty {
                if isMark(properties.generalCategory) {
                    unspaced[unspaced.count - 1].append(scalar)
                    continue
                }
                flushUnspaced()
            }
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
        if !unspaced.isEmpty { flushUnspaced() }
    }

    /// Han ideographs, kana, and the Thai, Lao, Khmer and Myanmar scripts: written without spaces between words.
    static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isIdeographic { return true }
        switch scalar.value {
        case 0x0E01...0x0E3A, 0x0E40...0x0E4E, // Thai letters, vowels and marks (not its digits)
             0x0E81...0x0EDF,                  // Lao
             0x1000...0x103F, 0x1050...0x109F, // Myanmar
             0x1780...0x17D3,                  // Khmer
             0x3041...0x309F, 0x30A1...0x30FA, 0x30FC...0x30FF: // Hiragana, Katakana
            return true
        default:
            return false
        }
    }

    private static func isMark(_ category: Unicode.GeneralCategory) -> Bool {
        category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
    }
}
