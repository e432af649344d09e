import SeekKit

/// Turns the bytes read from a terminal into keys.
///
/// Decoding is a pure function of the bytes; a sequence cut off at the end of
/// a read is kept in `pending` and completed by the next read. A lone Esc at the
/// end of a read is ambiguous (the Esc key, or the start of a sequence); the
/// reader calls `flush()` when no more bytes follow soon after.
public struct KeyDecoder: Sendable {
    /// Bytes of an incomplete sequence, waiting for the next read.
    public private(set) var pending: [UInt8] = []

    /// A paste longer than this is cut into several `.paste` keys, so memory stays bounded.
    public static let maximumPaste = 1 << 20

    public init() {}

    /// The keys in `bytes` (after any pending bytes); an incomplete tail is kept for next time.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        let (keys, rest) = Self.decode(pending[...])
        pending = Array(rest)
        return keys
    }

    /// The pending bytes decoded as if no more will come (a lone Esc becomes `.escape`).
    public mutating func flush() -> [Key] {
        guard !pending.isEmpty else { return [] }
        var keys: [Key] = []
        var rest = pending[...]
        pending = []
        while !rest.isEmpty {
            let (decoded, left) = Self.decode(rest)
            keys += decoded
            if left.isEmpty { break }
            if left.count == rest.count || decoded.isEmpty {
                keys.append(Self.forced(left.first!))
                rest = left.dropFirst()
            } else {
                rest = left
            }
        }
        return keys
    }

    /// Decodes as many complete keys as `bytes` holds; returns them and the undecoded tail.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public static func decode(_ bytes: ArraySlice<UInt8>) -> (keys: [Key], rest: ArraySlice<UInt8>) {
        var keys: [Key] = []
        var input = bytes
        while !input.isEmpty {
            guard let key = next(&input) else { break }
            keys.append(key)
        }
        return (keys, input)
    }

    /// A byte decoded on its own, for flushing a stale incomplete sequence.
    private static func forced(_ byte: UInt8) -> Key {
        byte == 0x1B ? .escape : .unknown([byte])
    }

    /// Consumes one key from the front of `input`; `nil` (consuming nothing) when it is incomplete.
    static func next(_ input: inout ArraySlice<UInt8>) -> Key? {
        guard let byte = input.first else { return nil }
        switch byte {
        case 0x1B:
            return escape(&input)
        case 0x0D, 0x0A:
            input.removeFirst()
            return .enter
        case 0x09:
            input.removeFirst()
            return .tab
        case 0x7F, 0x08:
            input.removeFirst()
            return .backspace
        case 0x00:
            input.removeFirst()
            return .control(" ")
        case 0x01...0x1A:
            input.removeFirst()
            return .control(Character(Unicode.Scalar(byte + 0x60)))
        case 0x1C...0x1F:
            input.removeFirst()
            return .control(Character(Unicode.Scalar(byte + 0x40)))
        default:
            return utf8Character(&input)
        }
    }

    /// One UTF-8 encoded character; invalid bytes become `.unknown`.
    private static func utf8Character(_ input: inout ArraySlice<UInt8>) -> Key? {
        guard let scalar = scalar(&input) else { return nil }
        switch scalar {
        case .invalid(let bytes): return .unknown(bytes)
        case .valid(let value): return .character(Character(value))
        }
    }

    private enum DecodedScalar {
        case valid(Unicode.Scalar)
        case invalid([UInt8])
    }

    /// Consumes one scalar with the standard library's UTF-8 parser; `nil` (consuming nothing) while
    /// a sequence that may still become valid is cut off by the end of the read. Invalid bytes are
    /// reported in Unicode's maximal subparts, as `String(decoding:as:)` replaces them.
    private static func scalar(_ input: inout ArraySlice<UInt8>) -> DecodedScalar? {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = input.makeIterator()
        switch parser.parseScalar(from: &bytes) {
        case .emptyInput:
            return nil
        case .valid(let encoded):
            input.removeFirst(encoded.count)
            return .valid(Unicode.UTF8.decode(encoded))
        case .error(let length):
            let isLead = (0xC2...0xF4).contains(input[input.startIndex])
            if isLead && length == input.count { return nil }
            let bad = Array(input.prefix(length))
            input.removeFirst(length)
            return .invalid(bad)
        }
    }

    private static func escape(_ input: inout ArraySlice<UInt8>) -> Key? {
        let start = input.startIndex
        guard input.count >= 2 else { return nil }
        let second = input[start + 1]
        switch second {
        case UInt8(ascii: "["):
            return csi(&input)
        case UInt8(ascii: "O"):
            guard input.count >= 3 else { return nil }
            let final = input[start + 2]
            input.removeFirst(3)
            return ss3(final) ?? .unknown([0x1B, second, final])
        case 0x1B:
            input.removeFirst()
            return .escape
        case 0x7F, 0x08:
            input.removeFirst(2)
            return .backspace
        default:
            var rest = input.dropFirst()
            if second < 0x20 {
                input.removeFirst()
                return .escape
            }
            guard let decoded = scalar(&rest) else { return nil }
            input = rest
            switch decoded {
            case .valid(let value): return .alt(Character(value))
            case .invalid(let bytes): return .unknown([0x1B] + bytes)
            }
        }
    }

    private static func ss3(_ final: UInt8) -> Key? {
        final == UInt8(ascii: "M") ? .enter : cursorKey(final)
    }

    /// The arrow, Home and End keys, named by the final byte both CSI and SS3 use for them.
    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        default: return nil
        }
    }

    /// `ESC [ params final`; bracketed paste and SGR mouse reports included.
    private static func csi(_ input: inout ArraySlice<UInt8>) -> Key? {
        let start = input.startIndex
        var index = start + 2
        while index < input.endIndex, (0x20...0x3F).contains(input[index]) { index += 1 }
        guard index < input.endIndex else {
            if input.count > 64 {
                let bad = Array(input)
                input = input[input.endIndex...]
                return .unknown(bad)
            }
            return nil
        }
        let final = input[index]
        let parameters = String(decoding: input[(start + 2)..<index], as: UTF8.self)
        let whole = Array(input[start...index])
        if parameters == "200" && final == UInt8(ascii: "~") {
            return paste(&input, contentStart: index + 1)
        }
        input = input[(index + 1)...]
        if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            return mouse(parameters.dropFirst(), released: final == UInt8(ascii: "m")) ?? .unknown(whole)
        }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        if let key = cursorKey(final) { return key }
        switch final {
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch fields.first.map(String.init) {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return .unknown(whole)
            }
        default:
            return .unknown(whole)
        }
    }

    private static func mouse(_ parameters: Substring, released: Bool) -> Key? {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
        let code = numbers[0]
        let button = code & 0b11
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            kind = button == 0 ? .wheelUp : .wheelDown
        } else if code & 32 != 0 {
            kind = .drag(button: button)
        } else {
            kind = released ? .release(button: button) : .press(button: button)
        }
        return .mouse(MouseEvent(kind: kind, row: numbers[2] - 1, column: numbers[1] - 1))
    }

    /// Text up to `ESC [ 201 ~`; kept whole until the end marker arrives (bounded by `maximumPaste`).
    private static func paste(_ input: inout ArraySlice<UInt8>, contentStart: Int) -> Key? {
        let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
        var index = contentStart
        while index + end.count <= input.endIndex {
            if input[index] == 0x1B && input[index..<index + end.count].elementsEqual(end) {
                let text = String(decoding: input[contentStart..<index], as: UTF8.self)
                input = input[(index + end.count)...]
                return .paste(text)
            }
            index += 1
        }
        if input.endIndex - contentStart > maximumPaste {
            var cut = input.endIndex - (end.count - 1)
            while cut > contentStart && input[cut] & 0xC0 == 0x80 { cut -= 1 }
            let text = String(decoding: input[contentStart..<cut], as: UTF8.self)
            // Keep the paste open: the rest arrives as a new bracketed paste.
            var rest: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]
            rest += input[cut...]
            input = ArraySlice(rest)
            return .paste(text)
        }
        return nil
    }
}
