/// What a transcript knows of each cue besides its text: a column of `PackedIntegers` per field.
///
/// Kept by column rather than by cue, a field that is the same for every cue (no speaker, no
/// time in untimed text) costs nothing, and one that climbs steadily (text positions, line
/// numbers, times, SRT's numbering) a few bits a cue: a file of a hundred million two-byte
/// lines needs a few megabytes besides its text, where a record of 48 bytes a cue needed 2.4 GB.
/// Reading a field is O(1). `records[i]` gives a `Record` that reads its fields where asked.
struct CueRecords: Sendable, RandomAccessCollection {
    /// The columns, filled one cue at a time.
    struct Columns: Sendable {
        var textStarts = PackedIntegers()
        /// `textEnd - textStart`.
        var textLengths = PackedIntegers()
        /// Milliseconds, or `Transcript.noTime`.
        var starts = PackedIntegers()
        var ends = PackedIntegers()
        var lines = PackedIntegers()
        /// Index into the transcript's `speakers`, or -1.
        var speakers = PackedIntegers()
        /// Index into the transcript's `styles`, or -1.
        var styles = PackedIntegers()
        /// 0 for no identifier; n > 0 for the number n − 1 written in decimal (SRT's numbering
        /// costs nothing); n < 0 for `idNames[−n − 1]`.
        var ids = PackedIntegers()
        var idNames: [String] = []

        /// Packs every column's unfinished last block (`PackedIntegers.seal()`).
        mutating func seal() {
            textStarts.seal()
            textLengths.seal()
            starts.seal()
            ends.seal()
            lines.seal()
            speakers.seal()
            styles.seal()
            ids.seal()
        }

        /// Appends a cue; its identifier is `idNumber` written in decimal when given (a number of
        /// at most 18 digits, as `decimalNumber` reads them), else `id`.
        mutating func append(textStart: Int, textEnd: Int, id: String?, idNumber: Int64? = nil, start: Int64, end: Int64,
                             line: Int, speaker: Int32, style: Int32) {
            textStarts.append(Int64(textStart))
            textLengths.append(Int64(textEnd - textStart))
            starts.append(start)
            ends.append(end)
            lines.append(Int64(line))
            speakers.append(Int64(speaker))
            styles.append(Int64(style))
            if let idNumber {
                ids.append(idNumber + 1)
            } else if let id {
                if let number = Self.decimalNumber(id) {
                    ids.append(number + 1)
                } else {
                    idNames.append(id)
                    ids.append(-Int64(idNames.count))
                }
            } else {
                ids.append(0)
            }
        }

        /// Appends a copy of cue `index` of `other`, with its text at `textStart..<textEnd`
        /// and its line moved on by `lineOffset`; times, speaker, style and identifier kept as
        /// they are (speaker and style are indices into the same lists).
        mutating func append(copyOf index: Int, in other: Columns, textStart: Int, textEnd: Int, lineOffset: Int) {
            textStarts.append(Int64(textStart))
            textLengths.append(Int64(textEnd - textStart))
            starts.append(other.starts[index])
            ends.append(other.ends[index])
            lines.append(other.lines[index] + Int64(lineOffset))
            speakers.append(other.speakers[index])
            styles.append(other.styles[index])
            let id = other.ids[index]
            if id < 0 {
                idNames.append(other.idNames[Int(-id - 1)])
                ids.append(-Int64(idNames.count))
            } else {
                ids.append(id)
            }
        }

        /// The value of `text` when it is a number written plainly in decimal (no sign, no
        /// leading zero, at most 18 digits), so that writing the number gives `text` back.
        static func decimalNumber(_ text: String) -> Int64? {
            let digits = text.utf8
            guard (1...18).contains(digits.count), digits.first != UInt8(ascii: "0") || digits.count == 1 else {
                return nil
            }
            var value: Int64 = 0
            for digit in digits {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
                value = value * 10 + Int64(digit - UInt8(ascii: "0"))
            }
            return value
        }
    }

    /// The columns, shared by every copy (a `Record` holds one reference, not nine arrays).
    final class Storage: Sendable {
        let columns: Columns
        init(_ columns: Columns) { self.columns = columns }
    }

    /// One cue's record; each field is read from its column when asked for.
    struct Record {
        let storage: Storage
        let index: Int

        var textStart: Int { Int(storage.columns.textStarts[index]) }
        var textEnd: Int { textStart + Int(storage.columns.textLengths[index]) }
        /// Milliseconds, or `Transcript.noTime`.
        var start: Int64 { storage.columns.starts[index] }
        var end: Int64 { storage.columns.ends[index] }
        var line: Int { Int(storage.columns.lines[index]) }
        /// Index into the transcript's `speakers`, or -1.
        var speaker: Int32 { Int32(truncatingIfNeeded: storage.columns.speakers[index]) }
        /// Index into the transcript's `styles`, or -1.
        var style: Int32 { Int32(truncatingIfNeeded: storage.columns.styles[index]) }
    }

    let storage: Storage

    /// Records of `columns`, each column sealed (they are not appended to once here).
    init(_ columns: Columns = Columns()) {
        var sealed = columns
        sealed.seal()
        storage = Storage(sealed)
    }

    var columns: Columns { storage.columns }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.columns.textStarts.count }

    subscript(index: Int) -> Record { Record(storage: storage, index: index) }

    /// The byte range of cue `index`'s text in the transcript's storage.
    func textRange(at index: Int) -> Range<Int> {
        let start = Int(storage.columns.textStarts[index])
        return start..<start + Int(storage.columns.textLengths[index])
    }

    /// Bytes the columns take (spare capacity and identifiers' text left out).
    var storedBytes: Int {
        let c = storage.columns
        return [c.textStarts, c.textLengths, c.starts, c.ends, c.lines, c.speakers, c.styles, c.ids]
            .reduce(c.idNames.count * MemoryLayout<String>.stride) { $0 + $1.storedBytes }
    }

    /// Cue `index`'s identifier, if the file gave one.
    func id(at index: Int) -> String? {
        let value = storage.columns.ids[index]
        if value > 0 { return String(value - 1) }
        if value < 0 { return storage.columns.idNames[Int(-value - 1)] }
        return nil
    }

    /// These records with each cue's text at `starts[i]..<starts[i] + lengths[i]` instead.
    func replacingTextRanges(starts: PackedIntegers, lengths: PackedIntegers) -> CueRecords {
        precondition(starts.count == count && lengths.count == count, "a text range for every cue")
        var columns = storage.columns
        columns.textStarts = starts
        columns.textLengths = lengths
        return CueRecords(columns)
    }

    /// These records with each speaker replaced by `transform` of it, called on the cues in order.
    func replacingSpeakers(_ transform: (Int32) -> Int32) -> CueRecords {
        var columns = storage.columns
        var speakers = PackedIntegers()
        for index in indices {
            speakers.append(Int64(transform(Int32(truncatingIfNeeded: columns.speakers[index]))))
        }
        columns.speakers = speakers
        return CueRecords(columns)
    }
}
