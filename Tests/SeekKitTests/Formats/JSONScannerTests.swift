import SeekBytes
import Testing
@testable import SeekKit

/// The pull reader under the JSON transcript parser: values, skipping, and errors with their offsets.
@Suite struct JSONScannerTests {
    static func withScanner<T>(_ text: String, _ body: (inout JSONScanner) throws(JSONScanner.Failure) -> T)
        -> Result<T, JSONScanner.Failure> {
        let bytes = Array(text.utf8)
        return bytes.withByteView { buffer in
            var scanner = JSONScanner(buffer)
            do throws(JSONScanner.Failure) {
                return .success(try body(&scanner))
            } catch {
                return .failure(error)
            }
        }
    }

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""caf\u00e9""#, "café"),
        (#""tab\there\nline""#, "tab\there\nline"),
        (#""\"quoted\" \\ \/""#, "\"quoted\" \\ /"),
        (#""\ud83d\ude00""#, "😀"),
        (#""lone \ud83d here""#, "lone \u{FFFD} here"),
        (#""low \ude00""#, "low \u{FFFD}"),
        (#""nul \u0000""#, "nul \u{FFFD}"),
    ])
    func stringsAreDecoded(json: String, expected: String) throws {
        let result = Self.withScanner(json) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) -> String in
            var out: [UInt8] = []
            try scanner.readString(into: &out)
            return String(decoding: out, as: UTF8.self)
        }
        #expect(try result.get() == expected)
    }

    @Test(arguments: [
        ("1.1799999999999993", 3, 1180 as Int?),
        ("16.0", 3, 16000),
        ("0.032", 3, 32),
        ("2", 3, 2000),
        ("-0.5", 3, -500),
        ("1.5e1", 3, 15000),
        ("5000", 0, 5000),
        ("0.0005", 3, 1),
        ("0.0004", 3, 0),
        ("1e400", 3, nil),
        ("1e-400", 3, 0),
        ("123456789012345678901234567890", 3, nil),
    ] as [(String, Int, Int?)])
    func numbersScaleToWholeUnits(json: String, scale: Int, expected: Int?) throws {
        let result = Self.withScanner(json) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) in
            try scanner.readNumber().scaled(by: scale)
        }
        #expect(try result.get() == expected)
    }

    /// Numbers of every length of whole part and fraction (short ones are read a word at a time),
    /// with and without a sign and an exponent, followed by a value or at the very end: the sign,
    /// digits, exponent and end a digit-by-digit reading gives.
    @Test func numbersOfEveryLengthAreReadAsWritten() throws {
        var random = SeededRandom(seed: 77)
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) }) }
        for wholeCount in 1...9 {
            for fractionCount in 0...9 {
                for variant in 0..<4 {
                    let whole = digits(wholeCount)
                    let fraction = digits(fractionCount)
                    let negative = variant % 2 == 1
                    let exponent = variant == 2 ? Int.random(in: -5...5, using: &random) : 0
                    var text = (negative ? "-" : "") + whole + (fractionCount > 0 ? "." + fraction : "")
                    if variant == 2 { text += "e\(exponent)" }
                    for tail in [", 0, 1, 2, 3, 4, 5, 6, 7]", "}", ""] {
                        let read = Self.withScanner(text + tail) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) in
                            (try scanner.readNumber(), scanner.position)
                        }
                        let (number, end) = try read.get()
                        let expected = JSONScanner.Number(negative: negative, mantissa: UInt64(whole + fraction)!,
                                                          exponent: exponent - fractionCount)
                        #expect(number == expected, "\(text + tail)")
                        #expect(end == text.utf8.count, "\(text + tail)")
                    }
                }
            }
        }
        // A point with no digits after it, and a minus with none, are refused however long the text.
        for text in ["12., 0, 0, 0, 0, 0, 0, 0", "-x, 0, 0, 0, 0, 0, 0, 0, 0", "1.e5, 0, 0, 0, 0, 0, 0, 0"] {
            #expect(throws: JSONScanner.Failure.self, "\(text)") {
                try Self.withScanner(text) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) in try scanner.readNumber() }.get()
            }
        }
    }

    @Test(arguments: [
        (#"{"a": [1, 2, {"b": "c]}"}], "d": null} tail"#, 38),
        (#"[1e5, true, false, null, "x\"y"]"#, 32),
        ("  42 ", 4),
    ])
    func skippingStopsAfterTheValue(json: String, end: Int) throws {
        let result = Self.withScanner(json) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) -> Int in
            try scanner.skipValue()
            return scanner.position
        }
        #expect(try result.get() == end)
    }

    /// Whisper's `tokens`: an array of numbers is skipped in one pass; any other array is declined,
    /// nothing consumed, and left to `skipValue`, which refuses what it must.
    @Test func arraysOfNumbersAreSkippedAtOnce() throws {
        let cases: [(json: String, end: Int?)] = [
            ("[50364, 1000, -3.5e2, +1, .5] tail", 29), ("[] x", 2), ("[\n 1 ,\t2\r\n]", 11),
            ("[1, \"x\"]", nil), ("[1, [2]]", nil), ("[e1]", nil), ("[1, true]", nil), ("[1, 2", nil), ("[1}", nil),
        ]
        for (json, end) in cases {
            let result = Self.withScanner(json) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) -> Int? in
                scanner.skipArrayOfNumbers() ? scanner.position : (scanner.position == 0 ? nil : -1)
            }
            #expect(try result.get() == end, "\(json)")
        }
    }

    /// Keys are scanned eight bytes at a time, strings and arrays of numbers sixteen: the byte that
    /// ends the scan (a quote, a backslash, a byte no number has) is found at every place in a word
    /// or a chunk of sixteen, and in the bytes after the last whole one.
    @Test(arguments: 0..<40)
    func stopBytesAreFoundAtEveryPlaceInAWord(run: Int) throws {
        let a = String(repeating: "a", count: run)
        let keys = Self.withScanner(#"{"\#(a)": 1, "\#(a)\"q": 2, "k\#(a)":3}"#) {
            (scanner: inout JSONScanner) throws(JSONScanner.Failure) -> [String] in
            var keys: [String] = []
            var fields = try scanner.beginObject()
            while let key = try scanner.nextKey(&fields) {
                keys.append(scanner.bytes.string(in: key))
                _ = try scanner.readNumber()
            }
            return keys
        }
        #expect(try keys.get() == [a, a + #"\"q"#, "k" + a])

        let string = Self.withScanner(#""\#(a)\"\#(a)\\\#(a)" tail"#) {
            (scanner: inout JSONScanner) throws(JSONScanner.Failure) -> String in
            var out: [UInt8] = []
            try scanner.readString(into: &out)
            return String(decoding: out, as: UTF8.self)
        }
        #expect(try string.get() == a + "\"" + a + "\\" + a)

        let digits = String(repeating: "1", count: run)
        for (json, end) in [("[\(digits), 2, \(digits)3] x", run * 2 + 8), ("[\(digits)1, x\(digits)]", nil),
                            ("[ \(digits)5e2, 7]", run + 9), ("[\(digits), e2]", nil),
                            ("[\(digits)2\"]", nil)] as [(String, Int?)] {
            let result = Self.withScanner(json) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) -> Int? in
                scanner.skipArrayOfNumbers() ? scanner.position : (scanner.position == 0 ? nil : -1)
            }
            #expect(try result.get() == end, "\(json)")
        }
    }

    /// Arrays of numbers (passed over sixteen bytes, then a word, at a time) and skipped numbers
    /// (a word at a time) end where a byte-by-byte reading ends them, over generated texts whose
    /// runs of digits, commas and spaces are long and short, broken anywhere by the bytes that
    /// end or refuse them.
    @Test func numbersEndWhereAByteByByteReadingEndsThem() throws {
        let plain = Array("0123456789, ".utf8)
        let others = Array("-.+eE]}x\"\n\t/:[".utf8)
        var generator = SeededRandom(seed: 0x5EE_0016)
        for round in 0..<4000 {
            var body: [UInt8] = []
            let length = Int.random(in: 0...90, using: &generator)
            while body.count < length {
                let run = Int.random(in: 0...(round % 3 == 0 ? 40 : 6), using: &generator)
                body += (0..<run).map { _ in plain.randomElement(using: &generator)! }
                if Bool.random(using: &generator) { body.append(others.randomElement(using: &generator)!) }
            }
            let array = [UInt8(ascii: "[")] + body
            let arrayEnd = array.withByteView { buffer -> Int? in
                var scanner = JSONScanner(buffer)
                return scanner.skipArrayOfNumbers() ? scanner.position : (scanner.position == 0 ? nil : -1)
            }
            #expect(arrayEnd == Self.arrayOfNumbersEnd(array), "\(String(decoding: array, as: UTF8.self))")

            let number = Array(" 7".utf8) + body
            let numberEnd = number.withByteView { buffer -> Int? in
                var scanner = JSONScanner(buffer)
                do { try scanner.skipValue() } catch { return nil }
                return scanner.position
            }
            let run = number[2...].prefix { JSONScanner.isNumberByte($0) }.count
            #expect(numberEnd == 2 + run, "\(String(decoding: number, as: UTF8.self))")
        }
    }

    /// Strings of escapes (`\\uXXXX` runs read in one loop, four digits at once) and plain bytes
    /// read as a byte-by-byte decoder reads them: both cases of A to F, surrogate pairs joined and
    /// lone ones replaced, U+0000 replaced, and an error wherever a quad holds a byte that is no
    /// hex digit (those next to the digits and letters in value among them) or the text ends.
    @Test func escapedStringsAreReadAsAByteByByteDecoderReadsThem() throws {
        let digits = Array("0123456789abcdefABCDEF".utf8)
        let others = Array("gG@`:/ \"\u{7F}".utf8) + [0x80, 0xC3, 0x00, 0x10, 0x5B, 0x7B]
        let quads = ["d83d", "DE00", "dbff", "dfff", "0000", "00e9", "7684", "FFFF", "d800", "e000", "0041"]
        var generator = SeededRandom(seed: 0xE5C_0016)
        for _ in 0..<5000 {
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                switch Int.random(in: 0...9, using: &generator) {
                case 0...4:
                    var quad = Int.random(in: 0...2, using: &generator) == 0
                        ? Array(quads.randomElement(using: &generator)!.utf8)
                        : (0..<4).map { _ in digits.randomElement(using: &generator)! }
                    if Int.random(in: 0...12, using: &generator) == 0 {
                        quad[Int.random(in: 0..<4, using: &generator)] = others.randomElement(using: &generator)!
                    }
                    body += Array("\\u".utf8) + quad
                case 5, 6: body += Array("\\n\\\"\\\\\\/".utf8).prefix(Int.random(in: 1...2, using: &generator) * 2)
                default: body += Array("ab c".utf8).prefix(Int.random(in: 1...4, using: &generator))
                }
            }
            // Now and then the text ends inside the string or its last escape.
            let json = Array("\"".utf8) + body + (Int.random(in: 0...15, using: &generator) == 0 ? [] : Array("x\"".utf8))
            let result = json.withByteView { buffer -> [UInt8]? in
                var scanner = JSONScanner(buffer)
                var out: [UInt8] = []
                do throws(JSONScanner.Failure) { try scanner.readString(into: &out) } catch { return nil }
                return out
            }
            #expect(result == Self.decodedString(Array(json.dropFirst())), "\(String(decoding: json, as: UTF8.self))")
        }
    }

    /// A JSON string's bytes after its opening quote decoded a byte at a time as `readString`
    /// decodes them, or `nil` where it throws.
    static func decodedString(_ bytes: [UInt8]) -> [UInt8]? {
        func hex(at index: Int) -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                guard let digit = "0123456789abcdef".utf8.firstIndex(of: byte | (byte >= 0x41 && byte <= 0x46 ? 0x20 : 0))
                else { return nil }
                value = value << 4 | UInt32("0123456789abcdef".utf8.distance(from: "0123456789abcdef".utf8.startIndex, to: digit))
            }
            return value
        }
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return out }
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { return nil }
            let letter = bytes[index + 1]
            index += 2
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(letter)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var value = hex(at: index) else { return nil }
                index += 4
                if value >= 0xD800 && value < 0xDC00, index + 1 < bytes.count,
                   bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    guard let low = hex(at: index + 2) else { return nil }
                    if low >= 0xDC00 && low < 0xE000 {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                if (value >= 0xD800 && value < 0xE000) || value == 0 { value = 0xFFFD }
                out += Array(String(Unicode.Scalar(value)!).utf8)
            default:
                return nil
            }
        }
        return nil
    }

    /// Times read with word loads (`readMilliseconds`) have the value and end `readNumber().scaled(by: 3)`
    /// gives them, and whatever they decline (more digits, an exponent, a sign, the text's end near)
    /// is left unread.
    @Test func millisecondsAreReadAsANumberIsScaled() throws {
        var generator = SeededRandom(seed: 0x0516_3000)
        let tails = [", ", "}", "e5", "E-2", "0", ".5", "", " ", "x"]
        for _ in 0..<6000 {
            let whole = String((0..<Int.random(in: 0...9, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let fraction = String((0..<Int.random(in: 0...5, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            var text = (Bool.random(using: &generator) ? "" : " ") + (Int.random(in: 0...9, using: &generator) == 0 ? "-" : "")
            text += whole + (Int.random(in: 0...7, using: &generator) == 0 ? "" : ".") + fraction + tails.randomElement(using: &generator)!
            text += String(repeating: " ", count: Int.random(in: 0...20, using: &generator)) + "]"
            let bytes = Array(text.utf8)
            let (fast, fastEnd) = bytes.withByteView { buffer -> (Int?, Int) in
                var scanner = JSONScanner(buffer)
                let value = scanner.readMilliseconds()
                return (value, scanner.position)
            }
            guard let fast else {
                #expect(fastEnd == bytes.prefix { $0 == 0x20 }.count, "\(text)")
                continue
            }
            let (slow, slowEnd) = bytes.withByteView { buffer -> (Int??, Int) in
                var scanner = JSONScanner(buffer)
                do throws(JSONScanner.Failure) { return (try scanner.readNumber().scaled(by: 3), scanner.position) } catch { return (nil, -1) }
            }
            #expect(slow == .some(fast) && slowEnd == fastEnd, "\(text)")
        }
    }

    /// Where `skipArrayOfNumbers` ends the array `bytes` starts with, read a byte at a time: `nil`
    /// for an array it declines.
    static func arrayOfNumbersEnd(_ bytes: [UInt8]) -> Int? {
        var previous = UInt8(ascii: "[")
        for index in 1..<bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"),
                 UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
                break
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard previous >= UInt8(ascii: "0") && previous <= UInt8(ascii: "9") else { return nil }
            case UInt8(ascii: "]"):
                return index + 1
            default:
                return nil
            }
            previous = byte
        }
        return nil
    }

    @Test(arguments: [
        ("[[[[" + String(repeating: "[", count: 600), "nested deeper than 512"),
        ("[1, 2", "ends inside a value"),
        ("[1, 2}", "unexpected '}'"),
        (#"["open"#, "string not closed"),
        ("NaN", "expected a value, found 'NaN'"),
        ("[Infinity]", "expected a value, found 'Infinity'"),
    ])
    func skippingReportsBrokenJSON(json: String, message: String) {
        let result = Self.withScanner(json) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) in
            try scanner.skipValue()
        }
        guard case .failure(let failure) = result else {
            Issue.record("\(json.prefix(20)) was accepted")
            return
        }
        #expect(failure.message.contains(message), "\(failure.message)")
    }

    @Test func objectsAreReadKeyByKey() throws {
        let result = Self.withScanner(#" { "start" : 1.5 , "text": "hi", "skip": [1, {"x": 2}] } "#) {
            (scanner: inout JSONScanner) throws(JSONScanner.Failure) -> [String] in
            var keys: [String] = []
            var fields = try scanner.beginObject()
            while let key = try scanner.nextKey(&fields) {
                keys.append(scanner.bytes.string(in: key))
                if scanner.key(key, is: "skip") { try scanner.skipValue() } else if scanner.key(key, is: "text") {
                    var out: [UInt8] = []
                    try scanner.readString(into: &out)
                } else {
                    _ = try scanner.readNumber()
                }
            }
            #expect(scanner.peek() == nil)
            return keys
        }
        #expect(try result.get() == ["start", "text", "skip"])
    }

    @Test func aMissingCommaIsReportedWhereItShouldBe() {
        let result = Self.withScanner(#"{"a": 1 "b": 2}"#) { (scanner: inout JSONScanner) throws(JSONScanner.Failure) in
            var fields = try scanner.beginObject()
            while try scanner.nextKey(&fields) != nil { try scanner.skipValue() }
        }
        guard case .failure(let failure) = result else {
            Issue.record("accepted")
            return
        }
        #expect(failure.offset == 8)
        #expect(failure.message.contains("','"))
    }
}
