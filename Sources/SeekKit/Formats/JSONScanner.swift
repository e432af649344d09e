import SeekBytes

/// Reads JSON text value by value, for parsers that know the shape they expect.
///
/// Nothing is built that the caller does not ask for: a value it does not want is
/// skipped without being decoded, so memory stays bounded by the largest string read,
/// whatever the file holds. Containers are nested at most `maximumDepth` deep.
/// Errors carry the byte offset where the text stops making sense.
///
///     var json = JSONScanner(bytes)
///     var fields = try json.beginObject()
///     while let key = try json.nextKey(&fields) {
///         if json.key(key, is: "text") { try json.readString(into: &text) } else { try json.skipValue() }
///     }
struct JSONScanner {
    let bytes: ByteView
    private(set) var position = 0
    /// Set when a `\u` escape named a lone surrogate (it was read as U+FFFD).
    private(set) var sawLoneSurrogate = false

    /// Reads the digits at `position` into `number`'s mantissa (those past the 19th only scale
    /// it: kept as a power of ten in the integer part, dropped in the fraction).
    @inline(__always)
    private mutating func readDigits(into number: inout Number, fraction: Bool) {
        var index = position
        var mantissa = number.mantissa
        var exponent = number.exponent
        while index < bytes.count {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { break }
            if mantissa < 1_000_000_000_000_000_000 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                if fraction { exponent -= 1 }
            } else if !fraction {
                exponent += 1
            }
            index += 1
        }
        position = index
        number.mantissa = mantissa
        number.exponent = exponent
    }

    static let maximumDepth = 512

    /// Where and why reading stopped.
    struct Failure: Error, Equatable {
        var offset: Int
        var message: String
    }

    /// The state of one object or array being read: whether an element has been read yet.
    struct Cursor {
        fileprivate var first = true
    }

    /// A number as written: `±mantissa × 10^exponent`, with digits past the 19th dropped.
    struct Number: Equatable {
        var negative: Bool
        var mantissa: UInt64
        var exponent: Int

        /// The number times 10^`scale`, rounded to the nearest integer (half away from zero),
        /// or `nil` when its magnitude is 10^15 or more.
        func scaled(by scale: Int) -> Int? {
            var value = mantissa
            let power = exponent + scale
            if power >= 0 {
                guard power <= 15 else { return mantissa == 0 ? 0 : nil }
                for _ in 0..<power {
                    let (product, overflow) = value.multipliedReportingOverflow(by: 10)
                    guard !overflow else { return nil }
                    value = product
                }
            } else {
                guard power >= -19 else { return 0 }
                var divisor: UInt64 = 1
                for _ in 0..<(-power) { divisor *= 10 }
                let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
                value = quotient + (remainder >= divisor - divisor / 2 ? 1 : 0)
            }
            guard value < 1_000_000_000_000_000 else { return nil }
            return negative ? -Int(value) : Int(value)
        }
    }

    init(_ bytes: ByteView, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var atEnd: Bool { position >= bytes.count }

    /// Goes back to `offset`, a place read before (to read what follows it another way).
    mutating func rewind(to offset: Int) {
        position = offset
    }

    /// Consumes the `}` that ends an object when it is the next byte that is not white space.
    @inline(__always)
    mutating func endsObject() -> Bool {
        guard peek() == UInt8(ascii: "}") else { return false }
        position += 1
        return true
    }

    /// A number of seconds written with one to seven digits, a point and one to three digits
    /// (`2.779`, `0.48`, `12.0`, as most times are written), in milliseconds: `readNumber().scaled(by: 3)`,
    /// the same value, read with two word loads. `nil`, with nothing consumed, for any other value.
    @inline(__always)
    mutating func readMilliseconds() -> Int? {
        skipSpace()
        let index = position
        guard index + 16 <= bytes.count else { return nil }
        let whole = bytes.loadWord(at: index)
        let wholeDigits = WordBytes.leadingDigits(whole)
        guard wholeDigits > 0, wholeDigits < 8, bytes[index + wholeDigits] == UInt8(ascii: ".") else { return nil }
        let fraction = bytes.loadWord(at: index + wholeDigits + 1)
        let fractionDigits = WordBytes.leadingDigits(fraction)
        // Three digits, the usual case, first (their count a constant).
        if fractionDigits == 3, bytes[index + wholeDigits + 4] | 0x20 != UInt8(ascii: "e") {
            position = index + wholeDigits + 4
            return Int(WordBytes.value(whole, digits: wholeDigits) &* 1000 &+ WordBytes.value(fraction, digits: 3))
        }
        let end = index + wholeDigits + 1 + fractionDigits
        guard fractionDigits == 1 || fractionDigits == 2, bytes[end] | 0x20 != UInt8(ascii: "e") else { return nil }
        position = end
        let thousandths = fractionDigits == 2 ? WordBytes.value(fraction, digits: 2) &* 10 : WordBytes.value(fraction, digits: 1) &* 100
        return Int(WordBytes.value(whole, digits: wholeDigits) &* 1000 &+ thousandths)
    }

    /// The 1-based line that byte `offset` is on.
    ///
    /// - Complexity: O(offset).
    func line(at offset: Int) -> Int {
        1 + bytes.count(of: 0x0A, in: 0..<max(0, min(offset, bytes.count)))
    }

    func failure(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? position, message: message)
    }

    /// Moves past spaces, tabs and line breaks.
    @inline(__always)
    mutating func skipSpace() {
        // Most calls find a value's first byte or one space before it.
        guard position < bytes.count, bytes[position] <= 0x20 else { return }
        if bytes[position] == 0x20, position + 1 < bytes.count, bytes[position + 1] > 0x20 {
            position += 1
            return
        }
        skipSpaceRun()
    }

    private mutating func skipSpaceRun() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// The next byte that is not white space, without consuming it.
    mutating func peek() -> UInt8? {
        skipSpace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// What the next value is, in words, for messages.
    mutating func describeNext() -> String {
        guard let byte = peek() else { return "the end of the text" }
        switch byte {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        default: return "'\(Self.describe(byte))'"
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(UnicodeScalar(byte)) : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard peek() == byte else { throw failure("expected \(what), found \(describeNext())") }
        position += 1
    }

    /// Consumes `{`.
    mutating func beginObject() throws(Failure) -> Cursor {
        try expect(UInt8(ascii: "{"), "an object")
        return Cursor()
    }

    /// Consumes `[`.
    mutating func beginArray() throws(Failure) -> Cursor {
        try expect(UInt8(ascii: "["), "an array")
        return Cursor()
    }

    /// Reads the next key of the object and its `:`; `nil` (the `}` consumed) at the end.
    ///
    /// - Returns: the key's bytes as written, escapes not decoded.
    mutating func nextKey(_ cursor: inout Cursor) throws(Failure) -> Range<Int>? {
        if let key = nextPlainKey(&cursor) { return key }
        if peek() == UInt8(ascii: "}") {
            position += 1
            return nil
        }
        if !cursor.first { try expect(UInt8(ascii: ","), "',' or '}' after a value in an object") }
        cursor.first = false
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes, found \(describeNext())") }
        position += 1
        let start = position
        try skipStringBody()
        let key = start..<(position - 1)
        try expect(UInt8(ascii: ":"), "':' after a key")
        return key
    }

    /// The next key when it is written plainly (`, "key": ` with no escape in it), read in one
    /// pass, `cursor` and `position` moved past its `:`; `nil`, nothing moved, for anything
    /// else (the end of the object, an escape, broken JSON), which `nextKey` reads.
    @inline(__always)
    private mutating func nextPlainKey(_ cursor: inout Cursor) -> Range<Int>? {
        let count = bytes.count
        var index = position
        while index < count, Self.isSpace(bytes[index]) { index += 1 }
        if !cursor.first {
            guard index < count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
            while index < count, Self.isSpace(bytes[index]) { index += 1 }
        }
        guard index < count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        // Keys are short: eight bytes at a time finds the closing quote sooner than a call to
        // the byte search.
        let quote = firstQuote(from: start)
        guard quote < count, bytes[quote - 1] != UInt8(ascii: "\\") else { return nil }
        index = quote + 1
        while index < count, Self.isSpace(bytes[index]) { index += 1 }
        guard index < count, bytes[index] == UInt8(ascii: ":") else { return nil }
        position = index + 1
        cursor.first = false
        return start..<quote
    }

    /// The index of the first `"` at or after `index`, or the end of the text.
    @inline(__always)
    private func firstQuote(from index: Int) -> Int {
        var index = index
        while index + 8 <= bytes.count {
            let quotes = WordBytes.equal(bytes.loadWord(at: index), UInt8(ascii: "\""))
            if quotes != 0 { return index + quotes.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
        return index
    }

    /// The index of the first `"` or `\\` at or after `index`, or the end of the text.
    @inline(__always)
    private func firstQuoteOrBackslash(from index: Int) -> Int {
        // Sixteen bytes at a time: a text's string is some tens of bytes long.
        let (quote, backslash) = (SIMD16<UInt8>(repeating: UInt8(ascii: "\"")), SIMD16<UInt8>(repeating: UInt8(ascii: "\\")))
        var index = index
        while index + 16 <= bytes.count {
            let chunk = bytes.load(at: index, as: SIMD16<UInt8>.self)
            if let lane = ((chunk .== quote) .| (chunk .== backslash)).firstTrueLane { return index + lane }
            index += 16
        }
        return bytes.firstIndex(ofEither: UInt8(ascii: "\""), UInt8(ascii: "\\"), in: index..<bytes.count)
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// Moves to the next element of the array; `false` (the `]` consumed) at the end.
    mutating func nextElement(_ cursor: inout Cursor) throws(Failure) -> Bool {
        // After the first element, most are announced by a `,` (as `expect` reads it).
        skipSpace()
        if !cursor.first, position < bytes.count, bytes[position] == UInt8(ascii: ",") {
            position += 1
            return true
        }
        if peek() == UInt8(ascii: "]") {
            position += 1
            return false
        }
        if !cursor.first { try expect(UInt8(ascii: ","), "',' or ']' after a value in an array") }
        cursor.first = false
        return true
    }

    /// Whether the key bytes `key` are `name`.
    func key(_ key: Range<Int>, is name: StaticString) -> Bool {
        key.count == name.utf8CodeUnitCount && bytes.starts(with: name, at: key.lowerBound)
    }

    /// Whether the next value is `null`; consumes it when it is.
    mutating func readNull() -> Bool {
        guard peek() == UInt8(ascii: "n"), position + 4 <= bytes.count, bytes[position + 1] == UInt8(ascii: "u"),
              bytes[position + 2] == UInt8(ascii: "l"), bytes[position + 3] == UInt8(ascii: "l") else { return false }
        position += 4
        return true
    }

    /// Reads a string value, decoded, appending its UTF-8 to `output`.
    mutating func readString<Output: JSONStringOutput>(into output: inout Output) throws(Failure) {
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string, found \(describeNext())") }
        position += 1
        while true {
            let run = firstQuoteOrBackslash(from: position)
            if run > position { output.appendRun(bytes.extracting(position..<run)) }
            position = run
            guard position < bytes.count else { throw failure("string not closed before the end of the text") }
            if bytes[position] == UInt8(ascii: "\"") {
                position += 1
                return
            }
            // A run of `\\uXXXX` (text in a language not written in ASCII, as Python's `json.dump`
            // writes it) read in one loop, each escape's four digits at once; a surrogate, U+0000 and
            // any other escape are `readEscape`'s.
            while position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                  let value = Self.hexValue(UInt64(bytes.load(at: position + 2, as: UInt32.self))),
                  value != 0, value < 0xD800 || value >= 0xE000 {
                output.appendScalar(value)
                position += 6
            }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\\") else { continue }
            try readEscape(into: &output)
        }
    }

    /// The value of four hex digits (`0` to `9`, `A` to `F` in either case) in the low four bytes of
    /// `word` (the first lowest), or `nil` when any of them is not one.
    @inline(__always)
    static func hexValue(_ word: UInt64) -> UInt32? {
        let letters = (word | WordBytes.spread(0x20)) ^ WordBytes.spread(0x60)
        let hex = WordBytes.below(word ^ WordBytes.spread(0x30), 10)
            | (WordBytes.below(letters, 7) & ~WordBytes.zeros(letters))
        guard hex & 0x8080_8080 == 0x8080_8080 else { return nil }
        // A digit's value is its low four bits; a letter's those and 9 (its bit 6 set).
        let nibbles = (word & 0x0F0F_0F0F) &+ 9 &* ((word >> 6) & 0x0101_0101)
        let high: UInt64 = (nibbles & 0xFF) << 12 | (nibbles >> 8 & 0xFF) << 8
        let low: UInt64 = (nibbles >> 16 & 0xFF) << 4 | nibbles >> 24 & 0xFF
        return UInt32(truncatingIfNeeded: high | low)
    }

    /// Reads a string value written with no escape in it and returns where its bytes are (as
    /// decoded: the same bytes); `nil`, with nothing consumed, for anything else.
    @inline(__always)
    mutating func readPlainString() -> Range<Int>? {
        guard peek() == UInt8(ascii: "\"") else { return nil }
        let start = position + 1
        let end = firstQuoteOrBackslash(from: start)
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        position = end + 1
        return start..<end
    }

    private mutating func readEscape<Output: JSONStringOutput>(into output: inout Output) throws(Failure) {
        let start = position
        position += 1
        guard position < bytes.count else { throw failure("string not closed before the end of the text") }
        let letter = bytes[position]
        position += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.appendASCII(letter)
        case UInt8(ascii: "n"): output.appendASCII(0x0A)
        case UInt8(ascii: "t"): output.appendASCII(0x09)
        case UInt8(ascii: "r"): output.appendASCII(0x0D)
        case UInt8(ascii: "b"): output.appendASCII(0x08)
        case UInt8(ascii: "f"): output.appendASCII(0x0C)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(escapeStart: start)
            if scalar >= 0xD800 && scalar < 0xDC00, position + 1 < bytes.count,
               bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                let saved = position
                position += 2
                let low = try hexQuad(escapeStart: saved)
                if low >= 0xDC00 && low < 0xE000 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    position = saved
                }
            }
            if (scalar >= 0xD800 && scalar < 0xE000) || scalar == 0 {
                if scalar != 0 { sawLoneSurrogate = true }
                scalar = 0xFFFD
            }
            output.appendScalar(scalar)
        default:
            throw failure("invalid escape '\\\(Self.describe(letter))' in a string", at: start)
        }
    }

    private mutating func hexQuad(escapeStart: Int) throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("\\u needs four hex digits", at: escapeStart) }
        if let value = Self.hexValue(UInt64(bytes.load(at: position, as: UInt32.self))) {
            position += 4
            return value
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw failure("\\u needs four hex digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// Moves past the rest of a string whose opening quote is consumed.
    private mutating func skipStringBody() throws(Failure) {
        while position < bytes.count {
            guard let quote = bytes.firstIndex(of: UInt8(ascii: "\""), in: position..<bytes.count) else { break }
            var backslashes = 0
            while quote - backslashes - 1 >= position && bytes[quote - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            position = quote + 1
            if backslashes % 2 == 0 { return }
        }
        position = bytes.count
        throw failure("string not closed before the end of the text")
    }

    /// Reads a number value.
    mutating func readNumber() throws(Failure) -> Number {
        skipSpace()
        if let number = readShortNumber() { return number }
        let start = position
        var number = Number(negative: false, mantissa: 0, exponent: 0)
        if position < bytes.count && bytes[position] == UInt8(ascii: "-") {
            number.negative = true
            position += 1
        }
        let integerStart = position
        readDigits(into: &number, fraction: false)
        guard position > integerStart else { throw failure("expected a number, found \(describeNext())", at: start) }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            readDigits(into: &number, fraction: true)
            guard position > fractionStart else { throw failure("expected digits after '.' in a number", at: start) }
        }
        if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            var negative = false
            if position < bytes.count && (bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+")) {
                negative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            var exponent = 0
            var exponentDigits = 0
            while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[position] - 0x30) }
                exponentDigits += 1
                position += 1
            }
            guard exponentDigits > 0 else { throw failure("expected digits after 'e' in a number", at: start) }
            number.exponent += negative ? -exponent : exponent
        }
        return number
    }

    /// A number of one to seven digits, or that with a fraction of one to seven digits (`2.779`,
    /// as times are written), read a word at a time; `nil`, nothing moved, for any other (which
    /// `readNumber` reads digit by digit, to the same value).
    @inline(__always)
    private mutating func readShortNumber() -> Number? {
        var index = position
        guard index + 17 <= bytes.count else { return nil }
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let whole = bytes.loadWord(at: index)
        let wholeDigits = WordBytes.leadingDigits(whole)
        guard wholeDigits > 0, wholeDigits < 8 else { return nil }
        index += wholeDigits
        var number = Number(negative: negative, mantissa: WordBytes.value(whole, digits: wholeDigits), exponent: 0)
        if bytes[index] == UInt8(ascii: ".") {
            let fraction = bytes.loadWord(at: index + 1)
            let fractionDigits = WordBytes.leadingDigits(fraction)
            guard fractionDigits > 0, fractionDigits < 8 else { return nil }
            index += 1 + fractionDigits
            var scale: UInt64 = 1
            for _ in 0..<fractionDigits { scale &*= 10 }
            number.mantissa = number.mantissa &* scale &+ WordBytes.value(fraction, digits: fractionDigits)
            number.exponent = -fractionDigits
        }
        guard bytes[index] | 0x20 != UInt8(ascii: "e") else { return nil }
        position = index
        return number
    }

    /// Moves past one value of any kind, without decoding it.
    ///
    /// - Throws: when containers nest deeper than `maximumDepth`, a bracket does not
    ///   match, or the text ends inside the value.
    @inline(__always)
    mutating func skipValue() throws(Failure) {
        // A number, as most skipped values are (after one space, as most are written): its run
        // of number bytes, no more to check.
        if position + 1 < bytes.count, bytes[position] == 0x20, case let first = bytes[position + 1],
           first &- 0x30 < 10 || first == UInt8(ascii: "-") {
            skipNumber(from: position + 2)
            return
        }
        try skipAnyValue()
    }

    /// Moves past the run of number bytes that starts at `start` (a number's first byte is behind it).
    @inline(__always)
    private mutating func skipNumber(from start: Int) {
        // Digits, `.` and `-` (most of a number's bytes) passed over a word at a time, to the first
        // other byte; from there byte by byte (an exponent's letter, say, or the byte after the number).
        var index = start
        while index + 8 <= bytes.count {
            let word = bytes.loadWord(at: index)
            let plain = WordBytes.below(word ^ WordBytes.spread(0x30), 10)
                | WordBytes.equal(word, UInt8(ascii: ".")) | WordBytes.equal(word, UInt8(ascii: "-"))
            guard plain == WordBytes.highBits else {
                index += (~plain & WordBytes.highBits).trailingZeroBitCount / 8
                break
            }
            index += 8
        }
        position = index
        while position < bytes.count, Self.isNumberByte(bytes[position]) { position += 1 }
    }

    /// `skipValue` for any value.
    private mutating func skipAnyValue() throws(Failure) {
        switch peek() ?? 0 {
        case UInt8(ascii: "["):
            if skipArrayOfNumbers() { return }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            skipNumber(from: position + 1)
            return
        default:
            break
        }
        var closers: [UInt8] = []
        repeat {
            guard let byte = peek() else { throw failure("the text ends inside a value") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                try skipStringBody()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard closers.count < Self.maximumDepth else {
                    throw failure("arrays and objects nested deeper than \(Self.maximumDepth) levels")
                }
                closers.append(byte + 2)
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard closers.last == byte else { throw failure("unexpected '\(Self.describe(byte))'") }
                closers.removeLast()
                position += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                guard !closers.isEmpty else { throw failure("unexpected '\(Self.describe(byte))'") }
                position += 1
            default:
                let start = position
                while position < bytes.count {
                    let next = bytes[position]
                    guard (next >= 0x30 && next <= 0x39) || (next | 0x20 >= 0x61 && next | 0x20 <= 0x7A)
                            || next == UInt8(ascii: "-") || next == UInt8(ascii: "+") || next == UInt8(ascii: ".")
                    else { break }
                    position += 1
                }
                guard position > start else { throw failure("expected a value, found \(describeNext())") }
                let word = bytes.extracting(start..<position)
                if let first = word.first, first | 0x20 >= 0x61 && first | 0x20 <= 0x7A,
                   !(word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8) || word.elementsEqual("null".utf8)) {
                    throw failure("expected a value, found '\(String(decoding: word.prefix(16), as: UTF8.self))'", at: start)
                }
            }
        } while !closers.isEmpty
    }
}

extension JSONScanner {
    /// How one key of an object was written: the bytes from the end of the value before it (or
    /// the object's `{`) to just past its `:`, and what its reader made of it. Objects of one
    /// list (a transcript's segments, a segment's words) mostly write the same keys the same way,
    /// so the next object's key is known by comparing bytes (`repeats`), not read.
    struct KeyPattern {
        var start: Int
        var count: Int
        var kind: UInt8
    }

    /// Whether the text at `position` holds the same bytes as `pattern` (the same key written the
    /// same way, which `nextKey` would read alike): if so, moves past them as `nextKey` would have.
    /// `pattern` must come from the same place in an earlier object (its first key for a first key).
    @inline(__always)
    mutating func repeats(_ pattern: KeyPattern, _ cursor: inout Cursor) -> Bool {
        let count = pattern.count
        guard position + count <= bytes.count else { return false }
        if count >= 8 {
            // The first word and the last (ending where the pattern does, overlapping the one
            // before), then any between: most keys take the first two alone.
            let (here, there) = (position, pattern.start)
            guard bytes.loadWord(at: here) == bytes.loadWord(at: there),
                  bytes.loadWord(at: here &+ count &- 8) == bytes.loadWord(at: there &+ count &- 8) else { return false }
            var offset = 8
            while offset &+ 8 < count {
                guard bytes.loadWord(at: here &+ offset) == bytes.loadWord(at: there &+ offset) else { return false }
                offset &+= 8
            }
        } else if position + 8 <= bytes.count {
            // (The pattern lies before `position`: a word at its start lies in the text too.)
            let mask: UInt64 = (1 << (8 * UInt64(count))) &- 1
            guard (bytes.loadWord(at: position) ^ bytes.loadWord(at: pattern.start)) & mask == 0 else { return false }
        } else {
            for offset in 0..<count where bytes[position + offset] != bytes[pattern.start + offset] { return false }
        }
        position += count
        cursor.first = false
        return true
    }

    /// The next key's kind (`classify` tells it from the key's bytes; `nil` at the object's end),
    /// the `index`th key of its object; `patterns` remembers how each was written.
    @inline(__always)
    mutating func nextKeyKind(_ cursor: inout Cursor, index: Int, patterns: inout [KeyPattern],
                              classify: (JSONScanner, Range<Int>) -> UInt8) throws(Failure) -> UInt8? {
        if index < patterns.count, repeats(patterns[index], &cursor) { return patterns[index].kind }
        let start = position
        guard let key = try nextKey(&cursor) else { return nil }
        let pattern = KeyPattern(start: start, count: position - start, kind: classify(self, key))
        if index < patterns.count {
            patterns[index] = pattern
        } else if index == patterns.count, index < 64 {
            patterns.append(pattern)
        }
        return pattern.kind
    }
}

extension JSONScanner {
    /// Whether `byte` continues a number as `skipValue` reads one: a digit, a letter, `-`, `+` or `.`.
    @inline(__always)
    static func isNumberByte(_ byte: UInt8) -> Bool {
        // Below 0x40: `+`, `-`, `.` and the digits; from 0x40 to 0x7F: the letters. One bit each.
        let low: UInt64 = 0x03FF_6800_0000_0000
        let high: UInt64 = 0x07FF_FFFE_07FF_FFFE
        return byte < 0x80 && ((byte < 0x40 ? low : high) >> (byte & 0x3F)) & 1 != 0
    }

    /// Skips the array at `position` when it holds only numbers (`[50364, 1000, -3.5e2]`, as
    /// Whisper's `tokens` do: most of its bytes), in one tight pass; `false`, with nothing
    /// consumed, for any other array (or anything `skipValue` would refuse), left to `skipValue`.
    ///
    /// - Complexity: O(length of the array), or of its numbers before the first other byte.
    mutating func skipArrayOfNumbers() -> Bool {
        let (zero, ten) = (SIMD16<UInt8>(repeating: 0x30), SIMD16<UInt8>(repeating: 10))
        let (comma, space) = (SIMD16<UInt8>(repeating: UInt8(ascii: ",")), SIMD16<UInt8>(repeating: 0x20))
        var index = position + 1
        while index < bytes.count {
            // Most of a `tokens` array is digits, commas and spaces: passed over sixteen bytes at a
            // time, to the first other byte (the array's end, say), read below.
            if index + 16 <= bytes.count {
                let chunk = bytes.load(at: index, as: SIMD16<UInt8>.self)
                let (low, high) = (((chunk &- zero) .< ten) .| (chunk .== comma) .| (chunk .== space)).words
                if low & high == ~0 {
                    index += 16
                    continue
                }
                index += ~low != 0 ? (~low).trailingZeroBitCount / 8 : 8 + (~high).trailingZeroBitCount / 8
            }
            switch numberListByte(at: index) {
            case .inside:
                index += 1
            case .end:
                position = index + 1
                return true
            case .other:
                return false
            }
        }
        return false
    }

    /// What a byte of an array `skipArrayOfNumbers` reads is to it.
    private enum NumberListByte {
        case inside, end, other
    }

    /// What the byte at `index` (after the array's `[`) is to an array of numbers.
    @inline(__always)
    private func numberListByte(at index: Int) -> NumberListByte {
        // Digits, `,`, white space, `-`, `+` and `.`: one bit each, all below 0x40.
        let numberBytes: UInt64 = 0x03FF_7801_0000_2600
        let byte = bytes[index]
        if byte < 0x40 { return (numberBytes >> byte) & 1 != 0 ? .inside : .other }
        switch byte {
        case UInt8(ascii: "e"), UInt8(ascii: "E"):
            // An exponent's letter follows a digit (the byte before is the array's `[` at worst).
            return bytes[index - 1] &- 0x30 < 10 ? .inside : .other
        case UInt8(ascii: "]"):
            return .end
        default:
            return .other
        }
    }
}

/// Where `JSONScanner.readString` writes a string's UTF-8: a byte array, or a cue's text written
/// in place (`CueCollector`).
protocol JSONStringOutput {
    /// Appends bytes copied from the text (whole characters).
    mutating func appendRun(_ bytes: ByteView)
    /// Appends an ASCII byte.
    mutating func appendASCII(_ byte: UInt8)
    /// Appends a scalar in UTF-8 (U+FFFD when `value` is none).
    mutating func appendScalar(_ value: UInt32)
}

extension Array: JSONStringOutput where Element == UInt8 {
    mutating func appendRun(_ bytes: ByteView) { append(contentsOf: bytes) }
    mutating func appendASCII(_ byte: UInt8) { append(byte) }
    mutating func appendScalar(_ value: UInt32) { UTF8Writer.append(value, to: &self) }
}

extension CueCollector: JSONStringOutput {
    mutating func appendRun(_ bytes: ByteView) { place(bytes) }
    mutating func appendASCII(_ byte: UInt8) { place(byte) }
    mutating func appendScalar(_ value: UInt32) { place(scalar: value) }
}
