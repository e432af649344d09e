import SeekBytes
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A connection to mpv's JSON IPC socket (`--input-ipc-server`): one JSON object a line each way.
///
/// Every wait is bounded (`timeout` milliseconds), so a player that hangs costs the
/// navigator a short wait and a message, never its responsiveness.
final class MPVConnection {
    private let socket: Int32
    private var pending: [UInt8] = []
    private var nextRequest = 1

    /// What went wrong talking to mpv.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// The longest socket path the system takes (`sun_path` less its NUL).
    static var maximumPathLength: Int { SystemFiles.maximumSocketPathLength }

    /// Connects to the socket at `path`.
    init(path: [UInt8]) throws(Failure) {
        guard path.count <= Self.maximumPathLength else {
            throw Failure(message: "the player's socket path is too long (\(path.count) bytes)")
        }
        let descriptor = unixStreamSocket()
        guard descriptor >= 0 else { throw Failure(message: "no socket: \(String(cString: strerror(errno)))") }
        guard SystemFiles.connect(descriptor, toSocketAt: path) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(message: "cannot reach the player: \(reason)")
        }
        socket = descriptor
    }

    deinit {
        close(socket)
    }

    /// Sends a command (its arguments as JSON values) and returns the reply's `data`.
    ///
    /// Events that arrive meanwhile are handed to `onEvent`.
    @discardableResult
    func command(_ arguments: [Any], timeout: Int32 = 2000, onEvent: (([String: Any]) -> Void)? = nil)
        throws(Failure) -> Any? {
        let id = nextRequest
        nextRequest += 1
        let message: [String: Any] = ["command": arguments, "request_id": id]
        guard var bytes = try? JSONSerialization.data(withJSONObject: message).map({ $0 }) else {
            throw Failure(message: "could not encode a player command")
        }
        bytes.append(UInt8(ascii: "\n"))
        try transmit(bytes)
        let deadline = Self.now() + Int(timeout)
        while true {
            let reply = try readObject(until: deadline)
            if reply["request_id"] as? Int == id {
                let error = reply["error"] as? String ?? "success"
                guard error == "success" else { throw Failure(message: "the player says: \(error)") }
                return reply["data"]
            }
            if reply["event"] != nil { onEvent?(reply) }
        }
    }

    /// Waits for an event for which `matches` holds; `nil` when `timeout` passes first.
    func waitForEvent(timeout: Int32, matching matches: ([String: Any]) -> Bool) throws(Failure) -> [String: Any]? {
        let deadline = Self.now() + Int(timeout)
        while true {
            let object: [String: Any]
            do {
                object = try readObject(until: deadline)
            } catch where error.message == Self.timedOut {
                return nil
            }
            if object["event"] != nil && matches(object) { return object }
        }
    }

    private static let timedOut = "the player did not answer in time"

    private func transmit(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let written = DescriptorIO.sendSome(socket, bytes[offset...], flags: flags)
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "the player closed its socket: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// Reads the next JSON object line, waiting until `deadline` (milliseconds, monotonic).
    private func readObject(until deadline: Int) throws(Failure) -> [String: Any] {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                if let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] {
                    return object
                }
                continue
            }
            let remaining = deadline - Self.now()
            guard remaining > 0 else { throw Failure(message: Self.timedOut) }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining, Int(Int32.max))))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw Failure(message: Self.timedOut) }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = DescriptorIO.receiveSome(socket, into: &chunk)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(message: "the player closed its socket") }
            pending.append(contentsOf: chunk[..<count])
        }
    }

    /// Milliseconds on a clock that never goes back.
    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000
    }
}

/// A Unix-domain stream socket that programs started later do not inherit and that never raises
/// SIGPIPE (on Linux each `send` passes `MSG_NOSIGNAL` instead); -1 with `errno` set on failure.
///
/// At file scope, where `socket` is the C library's call and not `MPVConnection.socket`.
private func unixStreamSocket() -> Int32 {
    #if canImport(Glibc)
    return socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #elseif canImport(Darwin)
    let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
    guard descriptor >= 0 else { return descriptor }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    var on: Int32 = 1
    _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    return descriptor
    #endif
}
