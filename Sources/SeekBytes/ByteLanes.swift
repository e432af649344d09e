#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
import _Builtin_intrinsics.intel
#endif

/// Sixteen bytes worked on lane by lane, one instruction a step, and read back as sixteen bits.
///
/// On x86-64 each step is the SSE2 instruction for it (`pcmpeqb`, `pminub`, `pmovmskb`…): Swift's
/// own SIMD operators compile some of these steps (unsigned minimum, a mask's lanes as bits, and
/// at times even `.==`) one lane at a time. Elsewhere the same steps are written with Swift's SIMD
/// types (`portable…`), which the tests keep equal to the SSE2 ones.
///
///     // The line feeds among sixteen bytes, as bits: lane i is bit i.
///     let lineFeeds = bytes.lanes(at: position).equal(ByteLanes(repeating: 0x0A)).highBits
@frozen
public struct ByteLanes {
    @usableFromInline var vector: SIMD16<UInt8>

    @inlinable @inline(__always)
    package init(_ vector: SIMD16<UInt8>) { self.vector = vector }

    /// Sixteen lanes of `byte`.
    @inlinable @inline(__always)
    package init(repeating byte: UInt8) { vector = SIMD16(repeating: byte) }

    /// All ones in the lanes equal to `other`'s, zero in the others.
    @inlinable @inline(__always)
    package func equal(_ other: ByteLanes) -> ByteLanes {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        ByteLanes(_mm_cmpeq_epi8(vector.sse, other.vector.sse))
        #else
        portableEqual(other)
        #endif
    }

    /// Each lane held between `lower`'s and `upper`'s (unsigned): it is unchanged exactly where it lies
    /// between them.
    @inlinable @inline(__always)
    package func clamped(_ lower: ByteLanes, _ upper: ByteLanes) -> ByteLanes {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        ByteLanes(_mm_max_epu8(_mm_min_epu8(vector.sse, upper.vector.sse), lower.vector.sse))
        #else
        portableClamped(lower, upper)
        #endif
    }

    /// The high bit of each lane, lane i as bit i.
    @inlinable @inline(__always)
    package var highBits: UInt32 {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        UInt32(truncatingIfNeeded: _mm_movemask_epi8(vector.sse))
        #else
        portableHighBits
        #endif
    }

    @inlinable @inline(__always)
    package static func | (a: ByteLanes, b: ByteLanes) -> ByteLanes {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        ByteLanes(_mm_or_si128(a.vector.sse, b.vector.sse))
        #else
        ByteLanes(a.vector | b.vector)
        #endif
    }

    @inlinable @inline(__always)
    package static func & (a: ByteLanes, b: ByteLanes) -> ByteLanes {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        ByteLanes(_mm_and_si128(a.vector.sse, b.vector.sse))
        #else
        ByteLanes(a.vector & b.vector)
        #endif
    }

    @inlinable @inline(__always)
    package static func ^ (a: ByteLanes, b: ByteLanes) -> ByteLanes {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        ByteLanes(_mm_xor_si128(a.vector.sse, b.vector.sse))
        #else
        ByteLanes(a.vector ^ b.vector)
        #endif
    }

    /// These lanes with those set in `other` cleared (`self & ~other`).
    @inlinable @inline(__always)
    package func clearing(_ other: ByteLanes) -> ByteLanes {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        ByteLanes(_mm_andnot_si128(other.vector.sse, vector.sse))
        #else
        ByteLanes(vector & ~other.vector)
        #endif
    }

    /// The smaller of each lane and `other`'s (unsigned).
    @inlinable @inline(__always)
    package func minimum(_ other: ByteLanes) -> ByteLanes {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        ByteLanes(_mm_min_epu8(vector.sse, other.vector.sse))
        #else
        portableMinimum(other)
        #endif
    }

    /// The larger of each lane and `other`'s (unsigned).
    @inlinable @inline(__always)
    package func maximum(_ other: ByteLanes) -> ByteLanes {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        ByteLanes(_mm_max_epu8(vector.sse, other.vector.sse))
        #else
        portableMaximum(other)
        #endif
    }

    /// Each lane less `other`'s, or zero where it is not larger (unsigned, saturating).
    @inlinable @inline(__always)
    package func excess(over other: ByteLanes) -> ByteLanes {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        ByteLanes(_mm_subs_epu8(vector.sse, other.vector.sse))
        #else
        portableExcess(over: other)
        #endif
    }

    /// All ones in the lanes less than `other`'s read as signed bytes (so 0x80–0xBF are the lanes
    /// below 0xC0), zero in the others.
    @inlinable @inline(__always)
    package func signedLess(_ other: ByteLanes) -> ByteLanes {
        #if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
        ByteLanes(_mm_cmplt_epi8(vector.sse, other.vector.sse))
        #else
        portableSignedLess(other)
        #endif
    }

    // MARK: Portable steps (every platform; the only ones off x86-64)

    /// `minimum(_:)` with Swift's SIMD.
    @inlinable @inline(__always)
    package func portableMinimum(_ other: ByteLanes) -> ByteLanes { ByteLanes(pointwiseMin(vector, other.vector)) }

    /// `maximum(_:)` with Swift's SIMD.
    @inlinable @inline(__always)
    package func portableMaximum(_ other: ByteLanes) -> ByteLanes { ByteLanes(pointwiseMax(vector, other.vector)) }

    /// `excess(over:)` with Swift's SIMD.
    @inlinable @inline(__always)
    package func portableExcess(over other: ByteLanes) -> ByteLanes {
        ByteLanes(pointwiseMax(vector, other.vector) &- other.vector)
    }

    /// `signedLess(_:)` with Swift's SIMD.
    @inlinable @inline(__always)
    package func portableSignedLess(_ other: ByteLanes) -> ByteLanes {
        let signed = unsafeBitCast(vector, to: SIMD16<Int8>.self), others = unsafeBitCast(other.vector, to: SIMD16<Int8>.self)
        return ByteLanes(unsafeBitCast(signed .< others, to: SIMD16<UInt8>.self))
    }


    /// `equal(_:)` with Swift's SIMD.
    @inlinable @inline(__always)
    package func portableEqual(_ other: ByteLanes) -> ByteLanes {
        ByteLanes(unsafeBitCast(vector .== other.vector, to: SIMD16<UInt8>.self))
    }

    /// `clamped(_:_:)` with Swift's SIMD.
    @inlinable @inline(__always)
    package func portableClamped(_ lower: ByteLanes, _ upper: ByteLanes) -> ByteLanes {
        ByteLanes(pointwiseMax(pointwiseMin(vector, upper.vector), lower.vector))
    }

    /// `highBits` with two multiplications: each gathers the high bits of eight lanes into its
    /// top byte (the eight shifted copies of a bit land on distinct places, so nothing carries).
    @inlinable @inline(__always)
    package var portableHighBits: UInt32 {
        let words = unsafeBitCast(vector, to: SIMD2<UInt64>.self)
        let gather: UInt64 = 0x0002_0408_1020_4081
        let low = ((words[0] & 0x8080_8080_8080_8080) &* gather) &>> 56
        let high = ((words[1] & 0x8080_8080_8080_8080) &* gather) &>> 56
        return UInt32(truncatingIfNeeded: low | high &<< 8)
    }
}

#if arch(x86_64) && canImport(_Builtin_intrinsics.intel)
extension SIMD16 where Scalar == UInt8 {
    /// The same bytes as the SSE2 intrinsics' type.
    @inlinable @inline(__always)
    var sse: __m128i { unsafeBitCast(self, to: __m128i.self) }
}

extension ByteLanes {
    @inlinable @inline(__always)
    init(_ vector: __m128i) { self.vector = unsafeBitCast(vector, to: SIMD16<UInt8>.self) }
}
#endif

extension ByteView {
    /// The sixteen bytes at `position` (all asserted to lie in the view, so that the view has
    /// bytes: its address is not checked again in release builds).
    @inlinable @inline(__always)
    package func lanes(at position: Int) -> ByteLanes {
        assert(position >= 0 && position + 16 <= count, "sixteen bytes inside the view")
        return ByteLanes(UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
            .loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self))
    }
}

/// Sixteen bytes compared with a template at once: each place either any ASCII digit or a
/// given byte (compared after an OR with that place's mask, so `,` with `0x02` takes `.` too),
/// as `BytePattern16` compares them, in four steps: OR, clamp each lane to its range (a digit's,
/// or the one byte), compare with the unclamped bytes, read as bits.
///
///     let time = LanePattern16(Array("00:00:00,000 -->".utf8), digit: 0x30, orMasks: [8: 0x02])
///     time.fits(bytes, at: lineStart) == 0xFFFF   // a start time and its arrow
public struct LanePattern16: Sendable {
    @usableFromInline let orMask: SIMD16<UInt8>
    @usableFromInline let lower: SIMD16<UInt8>
    @usableFromInline let upper: SIMD16<UInt8>

    /// `template`'s places holding `digit` take any digit; `orMasks` by place.
    package init(_ template: [UInt8], digit: UInt8, orMasks: [Int: UInt8] = [:]) {
        precondition(template.count == 16, "a template of sixteen bytes")
        var orMask = SIMD16<UInt8>()
        var lower = SIMD16<UInt8>()
        var upper = SIMD16<UInt8>()
        for place in 0..<16 {
            orMask[place] = orMasks[place] ?? 0
            let isDigit = template[place] == digit
            lower[place] = isDigit ? 0x30 : template[place] | orMask[place]
            upper[place] = isDigit ? 0x39 : template[place] | orMask[place]
        }
        self.orMask = orMask
        self.lower = lower
        self.upper = upper
    }

    /// The places of the sixteen bytes at `position` that fit the template, as bits (place i as
    /// bit i): `0xFFFF` when all of them do. (Two templates' fits joined with `&` are tested at once.)
    @inlinable @inline(__always)
    package func fits(_ bytes: ByteView, at position: Int) -> UInt32 {
        let chunk = bytes.lanes(at: position) | ByteLanes(orMask)
        return chunk.clamped(ByteLanes(lower), ByteLanes(upper)).equal(chunk).highBits
    }

    /// Whether the sixteen bytes at `position` fit the template.
    @inlinable @inline(__always)
    package func matches(_ bytes: ByteView, at position: Int) -> Bool {
        fits(bytes, at: position) == 0xFFFF
    }
}
