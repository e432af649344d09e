import SeekBytes

/// Walks XML (and the HTML-like markup of SAMI) as a flat series of tags and text, in place.
///
/// It is no validating parser, and on purpose does less than one: a `<!DOCTYPE …>` with its
/// internal subset is skipped whole, so no entity is ever declared, expanded or fetched;
/// comments, processing instructions and the XML declaration are skipped; `<![CDATA[…]]>` is
/// text. Names keep their namespace prefix; `localName` drops it. Broken markup (a `<` that
/// opens no tag, a tag never closed) is read as text or ends the walk, never loops.
///
/// - Complexity: each `next()` is O(length of what it returns); each `<` is found with `ByteView.firstIndex(of:in:)`.
struct XMLScanner {
    enum Token: Equatable {
        /// `<name attributes>` or `<name attributes/>`; ranges index the scanned bytes.
        case start(name: Range<Int>, attributes: Range<Int>, selfClosing: Bool)
        /// `</name>`.
        case end(name: Range<Int>)
        /// Character data, references not yet decoded.
        case text(Range<Int>)
        /// `<![CDATA[…]]>`: text taken literally.
        case cdata(Range<Int>)
    }

    let bytes: ByteView
    private(set) var position = 0

    init(_ bytes: ByteView) {
        self.bytes = bytes
    }

    /// Goes on from `index` (a place a reader found the markup before it to end), past what it
    /// has read itself.
    mutating func move(to index: Int) {
        position = min(max(index, position), bytes.count)
    }

    /// The next token, or `nil` at the end.
    mutating func next() -> Token? {
        let count = bytes.count
        guard position < count else { return nil }
        if bytes[position] != UInt8(ascii: "<") {
            let start = position
            position = bytes.firstIndex(of: UInt8(ascii: "<"), in: position..<count) ?? count
            return .text(start..<position)
        }
        let open = position
        guard open + 1 < count else {
            position = count
            return .text(open..<count)
        }
        switch bytes[open + 1] {
        case UInt8(ascii: "!"):
            if starts(open, "<!--") {
                position = find("-->", from: open + 4).map { $0 + 3 } ?? count
                return next()
            }
            if starts(open, "<![CDATA[") {
                let end = find("]]>", from: open + 9) ?? count
                position = min(end + 3, count)
                return .cdata((open + 9)..<end)
            }
            position = declarationEnd(from: open + 2)
            return next()
        case UInt8(ascii: "?"):
            position = find("?>", from: open + 2).map { $0 + 2 } ?? count
            return next()
        case UInt8(ascii: "/"):
            let nameStart = open + 2
            var index = nameStart
            while index < count, isNameByte(bytes[index]) { index += 1 }
            let nameEnd = index
            guard let close = index < count && bytes[index] == UInt8(ascii: ">") ? index : tagEnd(from: index) else {
                position = count
                return nil
            }
            position = close + 1
            return .end(name: nameStart..<nameEnd)
        default:
            let nameStart = open + 1
            var index = nameStart
            while index < count, isNameByte(bytes[index]) { index += 1 }
            guard index > nameStart else {
                // A lone `<` (as in `a < b`) is text.
                position = open + 1
                return .text(open..<(open + 1))
            }
            let nameEnd = index
            guard let close = plainTagEnd(from: index) ?? tagEnd(from: index) else {
                position = count
                return nil
            }
            position = close + 1
            let selfClosing = close > nameEnd && bytes[close - 1] == UInt8(ascii: "/")
            return .start(name: nameStart..<nameEnd, attributes: nameEnd..<(selfClosing ? close - 1 : close),
                          selfClosing: selfClosing)
        }
    }

    /// The index of the `>` that ends a tag whose attributes start at `from`, skipping quoted
    /// values; `nil` when the text ends first.
    private func tagEnd(from: Int) -> Int? {
        var index = from
        let count = bytes.count
        while index < count {
            index = bytes.firstIndex(ofAny: UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"),
                                     in: index..<count)
            guard index < count else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return index }
            if byte == UInt8(ascii: "<") {
                // A tag broken off by the next one: end it here.
                return index - 1 >= from ? index - 1 : nil
            }
            // A quoted value: skip to its closing quote.
            index = (bytes.firstIndex(of: byte, in: (index + 1)..<count) ?? count) + 1
            guard index <= count else { return nil }
        }
        return nil
    }

    /// The `>` of a tag with no attributes (`<br>`, `<br/>`), its name ending at `from`; `nil` for any other.
    @inline(__always)
    private func plainTagEnd(from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        if bytes[from] == UInt8(ascii: ">") { return from }
        if bytes[from] == UInt8(ascii: "/"), from + 1 < bytes.count, bytes[from + 1] == UInt8(ascii: ">") { return from + 1 }
        return nil
    }

    /// Past the `>` that closes a `<!DOCTYPE …>` or other declaration, with its `[…]` internal subset.
    private func declarationEnd(from: Int) -> Int {
        var index = from
        var depth = 0
        var quote: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            } else if byte == UInt8(ascii: ">") && depth == 0 {
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }

    private func starts(_ index: Int, _ text: StaticString) -> Bool {
        bytes.starts(with: text, at: index)
    }

    /// Where `text` next starts at or after `from`.
    private func find(_ text: StaticString, from: Int) -> Int? {
        bytes.firstIndex(of: text, from: from)
    }

    /// Name bytes below 0x40 (`-`, `.`, digits, `:`) and from 0x40 to 0x7F (letters, `_`), one bit each.
    private static let nameBytesLow: UInt64 = 0x07FF_6000_0000_0000
    private static let nameBytesHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE

    @inline(__always)
    func isNameByte(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        let mask = byte < 0x40 ? Self.nameBytesLow : Self.nameBytesHigh
        return (mask >> (byte & 0x3F)) & 1 != 0
    }

    /// `name` without its namespace prefix (`tt:p` → `p`).
    func localName(_ name: Range<Int>) -> Range<Int> {
        var index = name.upperBound
        while index > name.lowerBound, bytes[index - 1] != UInt8(ascii: ":") { index -= 1 }
        return index..<name.upperBound
    }

    /// Whether the attribute `name` (its local part `local`) has the prefix `xml:`.
    func isXML(_ name: Range<Int>, _ local: Range<Int>) -> Bool {
        local.lowerBound > name.lowerBound && equals(name.lowerBound..<(local.lowerBound - 1), "xml")
    }

    /// Whether `range` holds `name` (given in lower case), ignoring ASCII case.
    @inline(__always)
    func equals(_ range: Range<Int>, _ name: StaticString) -> Bool {
        bytes.equalsCaseless(range, name)
    }

    /// The value of the attribute whose local name is `name` (any prefix, any case), without its
    /// quotes, in the attribute text `attributes`; `nil` when absent.
    @inline(__always)
    func attribute(_ name: StaticString, in attributes: Range<Int>, prefix: StaticString? = nil) -> Range<Int>? {
        if prefix == nil, let value = leadingAttribute(name, in: attributes) { return value }
        return walkingAttributes(name, in: attributes, prefix: prefix)
    }

    /// `attribute`, by the general walk.
    private func walkingAttributes(_ name: StaticString, in attributes: Range<Int>, prefix: StaticString?) -> Range<Int>? {
        var index = attributes.lowerBound
        while let (attributeName, local, value) = nextAttribute(&index, attributes.upperBound) {
            guard equals(local, name) else { continue }
            if let prefix {
                let given = attributeName.lowerBound..<max(attributeName.lowerBound, local.lowerBound - 1)
                if !equals(given, prefix) { continue }
            }
            return value
        }
        return nil
    }

    /// The value of `name` when it is the first attribute, written ` name=value` (one space before
    /// it, no prefix, no space around `=`): what `attribute` finds, read without the general walk.
    /// Any other writing (a space after `=` included) returns `nil` and takes the walk.
    @inline(__always)
    private func leadingAttribute(_ name: StaticString, in attributes: Range<Int>) -> Range<Int>? {
        let nameStart = attributes.lowerBound + 1
        let equalsSign = nameStart + name.utf8CodeUnitCount
        let end = attributes.upperBound
        guard equalsSign < end, bytes[attributes.lowerBound] == 0x20, bytes[equalsSign] == UInt8(ascii: "="),
              bytes.equalsCaseless(nameStart..<equalsSign, name) else { return nil }
        var index = equalsSign + 1
        guard index < end, !isSpace(bytes[index]) else { return nil }
        if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
            let valueStart = index + 1
            return valueStart..<(bytes.firstIndex(of: bytes[index], in: valueStart..<end) ?? end)
        }
        let valueStart = index
        while index < end, !isSpace(bytes[index]) { index += 1 }
        return valueStart..<index
    }

    /// The next attribute in the attribute text `index..<end`: its name as written (perhaps
    /// empty, for stray bytes), its local name (after any prefix) and its value without quotes
    /// (empty when it has none); `index` moves past it. `nil` when no attribute is left.
    @inline(__always)
    func nextAttribute(_ index: inout Int, _ end: Int) -> (name: Range<Int>, local: Range<Int>, value: Range<Int>)? {
        while index < end, !isNameByte(bytes[index]) { index += 1 }
        guard index < end else { return nil }
        let nameStart = index
        var localStart = index
        while index < end, isNameByte(bytes[index]) {
            if bytes[index] == UInt8(ascii: ":") { localStart = index + 1 }
            index += 1
        }
        let name = nameStart..<index
        let local = localStart..<index
        while index < end, isSpace(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return (name, local, index..<index) }
        index += 1
        while index < end, isSpace(bytes[index]) { index += 1 }
        if index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
            let quote = bytes[index]
            let valueStart = index + 1
            index = valueStart
            index = bytes.firstIndex(of: quote, in: index..<end) ?? end
            let value = valueStart..<index
            if index < end { index += 1 }
            return (name, local, value)
        }
        let valueStart = index
        while index < end, !isSpace(bytes[index]) { index += 1 }
        return (name, local, valueStart..<index)
    }

    @inline(__always)
    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The end of the run of character data at `from` (before `to`) that a reader can copy as it
    /// is: up to the first `&`, tab, line break or other control, or space not between two bytes
    /// of the run; at least past `from`, whose byte the reader has looked at (a control byte not
    /// handled otherwise is copied alone, so the reader always moves on).
    func plainRunEnd(from: Int, to: Int) -> Int {
        max(from + 1, bytes.plainRunEnd(stop: UInt8(ascii: "&"), in: from..<to))
    }

    /// Whether the two ranges hold the same bytes: one word each for names of up to eight bytes
    /// (most element names) with eight bytes to read at both places.
    @inline(__always)
    func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        let length = a.count
        guard length == b.count else { return false }
        if length <= 8, a.lowerBound + 8 <= bytes.count, b.lowerBound + 8 <= bytes.count {
            // (The first byte lowest: the name's bytes are the word's low ones.)
            let kept: UInt64 = length == 8 ? ~0 : (1 << (UInt64(length) * 8)) &- 1
            return (bytes.loadWord(at: a.lowerBound) ^ bytes.loadWord(at: b.lowerBound)) & kept == 0
        }
        return sameBytesOneByOne(a, b)
    }

    private func sameBytesOneByOne(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        var i = a.lowerBound
        var j = b.lowerBound
        while i < a.upperBound {
            if bytes[i] != bytes[j] { return false }
            i += 1
            j += 1
        }
        return true
    }

    /// Appends the text in `range` to `output`, decoding the five predefined entities and
    /// numeric character references; any other `&name;` stays as written.
    static func appendDecoded(_ bytes: ByteView, _ range: Range<Int>, to output: inout [UInt8]) {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&"), let (scalar, length) = reference(bytes, index, end) {
                UTF8Writer.append(scalar, to: &output)
                index += length
                continue
            }
            output.append(byte)
            index += 1
        }
    }

    /// The character of the reference at `index` (`&amp;`, `&#233;`, `&#xE9;`) and its length.
    static func reference(_ bytes: ByteView, _ index: Int, _ end: Int) -> (UInt32, Int)? {
        var semicolon = index + 1
        while semicolon < end, semicolon - index <= 10, bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
        guard semicolon < end, bytes[semicolon] == UInt8(ascii: ";") else { return nil }
        let name = bytes.extracting((index + 1)..<semicolon)
        let length = semicolon + 1 - index
        guard !name.isEmpty else { return nil }
        if name[0] == UInt8(ascii: "#") {
            var value: UInt32 = 0
            var digits = name.dropFirst()
            var radix: UInt32 = 10
            if let first = digits.first, first | 0x20 == UInt8(ascii: "x") {
                radix = 16
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty else { return nil }
            for digit in digits {
                let lower = digit | 0x20
                let valueOfDigit: UInt32
                if digit >= 0x30 && digit <= 0x39 { valueOfDigit = UInt32(digit - 0x30) }
                else if radix == 16, lower >= 0x61, lower <= 0x66 { valueOfDigit = UInt32(lower - 0x61 + 10) }
                else { return nil }
                value = value * radix + valueOfDigit
                if value > 0x10FFFF { return (0xFFFD, length) }
            }
            if value == 0 || (value >= 0xD800 && value <= 0xDFFF) { return (0xFFFD, length) }
            return (value, length)
        }
        let table: [(StaticString, UInt32)] = [("amp", 0x26), ("lt", 0x3C), ("gt", 0x3E), ("quot", 0x22), ("apos", 0x27)]
        for (entity, scalar) in table where name.count == entity.utf8CodeUnitCount
            && name.starts(with: entity) {
            return (scalar, length)
        }
        return nil
    }
}

/// Names read from markup (styles, classes, speakers), each kept once and referred to by its
/// number, which costs nothing to copy where a `String` costs a retain and a release.
struct NameTable {
    private(set) var names: [String] = []
    private var recent: [(bytes: [UInt8], index: Int32)] = []
    private var table: [[UInt8]: Int32] = [:]

    /// The number of the name spelled by `bytes` (valid UTF-8), added if new.
    mutating func index(_ bytes: ByteView) -> Int32 {
        for entry in recent where entry.bytes.count == bytes.count {
            if entry.bytes.withByteView({ $0.elementsEqual(bytes) }) { return entry.index }
        }
        let key = bytes.array
        let index: Int32
        if let known = table[key] {
            index = known
        } else {
            index = Int32(names.count)
            names.append(bytes.string)
            table[key] = index
        }
        if recent.count < 32 { recent.append((key, index)) }
        return index
    }

    /// The name numbered `index`, or `nil` for a negative number (no name).
    subscript(index: Int32) -> String? { index < 0 ? nil : names[Int(index)] }
}
