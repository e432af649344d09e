#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Data {
    /// Calls `body` with a view of the data's bytes (indexed from 0).
    @inlinable
    package func withByteView<Result, Failure>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        var result: Swift.Result<Result, Failure>?
        withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            result = Swift.Result { () throws(Failure) in try body(ByteView(raw)) }
        }
        return try result!.get()
    }
}
