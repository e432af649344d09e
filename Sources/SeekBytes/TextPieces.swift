import Dispatch

/// Cuts a large text into pieces that a parser reads exactly as it would inside the
/// whole text, and works on the pieces on all cores.
public enum TextPieces {
    /// About how many bytes go in one piece: small enough that a piece's cues stay in
    /// cache while they are searched, large enough that cutting costs nothing.
    package static let pieceSize = 1 << 20

    /// The piece boundaries of `count` bytes: `0`, each piece's end, and `count`
    /// (just `[0, count]` for text under two pieces' worth or with nowhere to cut).
    ///
    /// - Parameter pieceEnd: where a piece that reaches at least the given offset can end.
    package static func boundaries(count: Int, pieceSize: Int = TextPieces.pieceSize, pieceEnd: (Int) -> Int?) -> [Int] {
        var bounds = [0]
        while count - bounds[bounds.count - 1] >= 2 * pieceSize,
              let end = pieceEnd(bounds[bounds.count - 1] + pieceSize), end < count {
            bounds.append(end)
        }
        bounds.append(count)
        return bounds
    }

    /// `body(i)` for each `i` in `0..<count`, run concurrently; the results in order.
    ///
    /// `body` must be safe to call from several threads at once (here: it only reads
    /// the text and writes what it returns).
    package static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        if count == 1 { return [body(0)] }
        return withoutActuallyEscaping(body) { body in
            let slots = Slots(count: count, body: body)
            DispatchQueue.concurrentPerform(iterations: count) { i in slots.fill(i) }
            return slots.values
        }
    }
}

/// Result slots filled concurrently, each by exactly one worker.
private final class Slots<T>: @unchecked Sendable {
    private var storage: UnsafeMutableBufferPointer<T?>
    private let body: (Int) -> T

    init(count: Int, body: @escaping (Int) -> T) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
        self.body = body
    }

    func fill(_ i: Int) { storage[i] = body(i) }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    var values: [T] { storage.map { $0! } }
}
