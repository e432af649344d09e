extension ByteView {
    /// Where a run of whole sixteen-byte blocks from `start` holding only ASCII digits, commas and
    /// spaces ends (a list of whole numbers as JSON writers lay it out: `50364, 1111, 1185`): the
    /// start of the first block holding any other byte, or of the last bytes left (fewer than
    /// sixteen). `start` when the block there holds another byte.
    ///
    /// - Complexity: O(length of the run), thirty-two bytes a step.
    @inlinable
    package func digitListRunEnd(from start: Int) -> Int {
        var place = start
        let zero = SIMD16<UInt8>(repeating: 0x30)
        let ten = SIMD16<UInt8>(repeating: 10)
        let comma = SIMD16<UInt8>(repeating: 0x2C)
        let space = SIMD16<UInt8>(repeating: 0x20)
        // A lane is another byte when it is no digit (below 10 once `0` is taken off), comma or space.
        @inline(__always) func others(_ chunk: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
            .!(((chunk &- zero) .< ten) .| (chunk .== comma) .| (chunk .== space))
        }
        while place + 32 <= count {
            let (low, high) = (others(load(at: place, as: SIMD16<UInt8>.self))
                .| others(load(at: place + 16, as: SIMD16<UInt8>.self))).words
            if low | high != 0 { break }
            place += 32
        }
        if place + 16 <= count {
            let (low, high) = others(load(at: place, as: SIMD16<UInt8>.self)).words
            if low | high == 0 { place += 16 }
        }
        return place
    }
}
