import SeekBytes

/// Decodes HTML character references (`&amp;`, `&#233;`, `&#xE9;`, `&not`) the way HTML
/// does in text: named references from the WHATWG list (legacy ones even without `;`),
/// numeric ones with the HTML replacements (NUL, surrogates and out-of-range values
/// become U+FFFD; 0x80–0x9F are read as Windows-1252).
enum CharacterReference {
    /// Reference names (as bytes, with `;` when the name has it) to UTF-8 replacement bytes.
    private static let table: [[UInt8]: [UInt8]] = {
        var table: [[UInt8]: [UInt8]] = [:]
        for row in namedCharacterReferenceTable.split(separator: "\n") {
            let fields = row.split(separator: " ")
            guard fields.count == 2 else { continue }
            var value: [UInt8] = []
            for hex in fields[1].split(separator: ",") {
                guard let scalar = UInt32(hex, radix: 16) else { continue }
                UTF8Writer.append(scalar, to: &value)
            }
            table[Array(fields[0].utf8)] = value
        }
        return table
    }()

    private static let longestName = 32
    private static let longestLegacyName = 6

    /// Decodes the reference starting at `index` (an `&`) into `output`.
    ///
    /// - Returns: how many bytes it used, or `nil` when `&` starts no reference
    ///   (the caller then keeps the `&` as text).
    static func decode<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int, end: Int,
                                                            into output: inout [UInt8]) -> Int? where Bytes.Index == Int {
        var position = index + 1
        guard position < end else { return nil }
        if bytes[position] == UInt8(ascii: "#") {
            return decodeNumeric(bytes, at: index, end: end, into: &output)
        }
        let nameStart = position
        while position < end, position - nameStart < longestName, isAlphanumeric(bytes[position]) {
            position += 1
        }
        let name = Array(bytes[nameStart..<position])
        guard !name.isEmpty else { return nil }
        if position < end, bytes[position] == UInt8(ascii: ";"), let value = table[name + [UInt8(ascii: ";")]] {
            output.append(contentsOf: value)
            return position + 1 - index
        }
        var length = min(name.count, longestLegacyName)
        while length >= 2 {
            if let value = table[Array(name[0..<length])] {
                output.append(contentsOf: value)
                return length + 1
            }
            length -= 1
        }
        return nil
    }

    private static func decodeNumeric<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, at index: Int, end: Int, into output: inout [UInt8]
    ) -> Int? where Bytes.Index == Int {
        var position = index + 2
        var radix: UInt32 = 10
        if position < end, bytes[position] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            position += 1
        }
        let digitsStart = position
        var value: UInt32 = 0
        while position < end, let digit = digitValue(bytes[position], radix: radix) {
            value = min(value * radix + digit, 0x110000)
            position += 1
        }
        guard position > digitsStart else { return nil }
        if position < end, bytes[position] == UInt8(ascii: ";") { position += 1 }
        let scalar: UInt32
        switch value {
        case 0, 0xD800..<0xE000, 0x110000...: scalar = 0xFFFD
        case 0x80..<0xA0: scalar = TextDecoder.windows1252High[Int(value) - 0x80]
        default: scalar = value
        }
        UTF8Writer.append(scalar, to: &output)
        return position - index
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        if byte >= 0x30 && byte <= 0x39 { return UInt32(byte - 0x30) }
        let lower = byte | 0x20
        if radix == 16 && lower >= 0x61 && lower <= 0x66 { return UInt32(lower - 0x61 + 10) }
        return nil
    }
}
