/// Finds the places where two bytes of a keyword stand at their distance apart, sixteen
/// places at a time: the candidates a literal search then checks byte by byte.
///
/// Each of the two bytes is compared after an OR with a mask, against a target and an
/// alternative: `0x20` and a lowercase letter find that letter in both ASCII cases, and an
/// alternative of `0x0A` lets a keyword's space stand for a line feed. Taking the keyword's
/// two rarest bytes, a few apart, leaves few candidates even where one of them is common.
///
///     let finder = BytePairFinder(.init(offset: 1, orMask: 0x20, target: 0x63),
///                                 .init(offset: 4, orMask: 0x20, target: 0x64))  // "sChEDule"
public struct BytePairFinder: Sendable {
    /// One byte of the pair: where it stands in the keyword and how text bytes are compared with it.
    public struct Byte: Sendable {
        package var offset: Int
        package var orMask: UInt8
        package var target: UInt8
        package var alternative: UInt8

        package init(offset: Int, orMask: UInt8 = 0, target: UInt8, alternative: UInt8? = nil) {
            self.offset = offset
            self.orMask = orMask
            self.target = target
            self.alternative = alternative ?? target
        }

        @inline(__always)
        func matches(_ byte: UInt8) -> Bool {
            let folded = byte | orMask
            return folded == target || folded == alternative
        }
    }

    @usableFromInline let first: Byte
    @usableFromInline let second: Byte
    /// Each byte's mask, target and alternative in every lane, made once rather than at each
    /// search (a search of a frequent keyword starts again after every candidate).
    @usableFromInline let firstMask: SIMD16<UInt8>
    @usableFromInline let firstTarget: SIMD16<UInt8>
    @usableFromInline let firstAlternative: SIMD16<UInt8>
    @usableFromInline let secondMask: SIMD16<UInt8>
    @usableFromInline let secondTarget: SIMD16<UInt8>
    @usableFromInline let secondAlternative: SIMD16<UInt8>
    @usableFromInline let hasAlternatives: Bool

    package init(_ first: Byte, _ second: Byte) {
        assert(first.offset >= 0 && second.offset >= 0, "offsets inside the keyword")
        self.first = first
        self.second = second
        firstMask = SIMD16(repeating: first.orMask)
        firstTarget = SIMD16(repeating: first.target)
        firstAlternative = SIMD16(repeating: first.alternative)
        secondMask = SIMD16(repeating: second.orMask)
        secondTarget = SIMD16(repeating: second.target)
        secondAlternative = SIMD16(repeating: second.alternative)
        // (Without alternatives, each byte is compared once: the compiler cannot know they are the same.)
        hasAlternatives = first.alternative != first.target || second.alternative != second.target
    }

    /// The first place `p` in `start..<limit` where `text[p + first.offset]` and
    /// `text[p + second.offset]` both match, or `limit` when there is none. Places whose
    /// bytes would lie past the end of `text` are not looked at.
    ///
    /// - Complexity: O(limit - start), sixty-four places per step.
    package func next(in text: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int) -> Int {
        guard let base = text.baseAddress else { return limit }
        assert(start >= 0 && limit <= text.count, "places inside the text")
        let reach = Swift.max(first.offset, second.offset)
        let (firstMask, firstTarget, firstAlternative) = (self.firstMask, self.firstTarget, self.firstAlternative)
        let (secondMask, secondTarget, secondAlternative) = (self.secondMask, self.secondTarget, self.secondAlternative)
        @inline(__always) func hits(at place: Int, alternatives: Bool) -> SIMDMask<SIMD16<Int8>> {
            assert(place + reach + 16 <= text.count)
            let a = UnsafeRawPointer(base + place + first.offset).loadUnaligned(as: SIMD16<UInt8>.self) | firstMask
            let b = UnsafeRawPointer(base + place + second.offset).loadUnaligned(as: SIMD16<UInt8>.self) | secondMask
            guard alternatives else { return (a .== firstTarget) .& (b .== secondTarget) }
            return ((a .== firstTarget) .| (a .== firstAlternative)) .& ((b .== secondTarget) .| (b .== secondAlternative))
        }
        // Sixty-four places a step, tested once (candidates are rare), then sixteen.
        let vectorEnd = Swift.min(limit, text.count - reach) - 16
        @inline(__always) func find(from place: inout Int, alternatives: Bool) -> Int? {
            // (Places lie inside the text: their sums cannot overflow, and are not checked.)
            while place &+ 48 <= vectorEnd {
                let first = hits(at: place, alternatives: alternatives)
                let second = hits(at: place + 16, alternatives: alternatives)
                let third = hits(at: place + 32, alternatives: alternatives)
                let fourth = hits(at: place + 48, alternatives: alternatives)
                let (a, b) = (first .| second .| third .| fourth).words
                if a | b != 0 {
                    if let lane = first.firstTrueLane { return place + lane }
                    if let lane = second.firstTrueLane { return place + 16 + lane }
                    if let lane = third.firstTrueLane { return place + 32 + lane }
                    if let lane = fourth.firstTrueLane { return place + 48 + lane }
                }
                place &+= 64
            }
            while place <= vectorEnd {
                if let lane = hits(at: place, alternatives: alternatives).firstTrueLane { return place + lane }
                place += 16
            }
            return nil
        }
        var place = start
        if let found = hasAlternatives ? find(from: &place, alternatives: true) : find(from: &place, alternatives: false) {
            return found
        }
        while place < limit && place + reach < text.count {
            if first.matches(base[place + first.offset]) && second.matches(base[place + second.offset]) { return place }
            place += 1
        }
        return limit
    }
}
