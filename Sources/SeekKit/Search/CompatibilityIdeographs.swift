import Foundation

/// CJK compatibility ideographs (U+F900–U+FAFF, U+2F800–U+2FA1F): each is canonically
/// equivalent to one unified ideograph, so Regex finds it where the keyword has that twin.
enum CompatibilityIdeographs {
    static let ranges: [ClosedRange<UInt32>] = [0xF900...0xFAFF, 0x2F800...0x2FA1F]

    /// The unified ideographs that have a compatibility twin (about a thousand), worked
    /// out once from the canonical decompositions of the two blocks.
    static let twinned: Set<UInt32> = {
        var result: Set<UInt32> = []
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let composed = String(Character(scalar)).precomposedStringWithCanonicalMapping.unicodeScalars
                if let twin = composed.first, composed.count == 1, twin.value != value { result.insert(twin.value) }
            }
        }
        return result
    }()
}
