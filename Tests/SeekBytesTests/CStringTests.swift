#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import SeekBytes

/// Bytes go to the C library NUL-terminated and come back the same.
@Suite struct CStringTests {
    @Test func copiesCStringsBothWays() {
        let bytes: [UInt8] = [0x2F, 0x74, 0xC3, 0xA9, 0x6D]
        #expect(bytes.withCString { [UInt8](cString: $0) } == bytes)
        #expect(bytes.withCString { strlen($0) } == 5)
        let vectorBytes = CStringVector.with([bytes, [0x61]]) { vector in
            vector.map { $0.map { [UInt8](cString: $0) } }
        }
        #expect(vectorBytes == [bytes, [0x61], nil])
        let kept = SignalSafeBytes(bytes)
        defer { kept.free() }
        #expect(kept.count == 5)
    }
}
