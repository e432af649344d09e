import SeekBytes
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run to its end with an argument vector (never through a shell), its standard
/// output and error collected, bounded in time and in output size.
struct ChildProcess {
    /// How a run ended.
    struct Completion {
        /// The exit status, or 128 + the signal number when it was killed.
        var status: Int32
        var output: [UInt8]
        /// The last few kilobytes of standard error.
        var errorOutput: [UInt8]
        var timedOut = false
        /// The output went past the limit; the program was stopped.
        var outputTooLarge = false
    }

    /// Why a program could not be started.
    enum StartFailure: Error, Equatable {
        /// No such program on `PATH`.
        case notFound
        case failed(String)
    }

    /// Runs `program` (looked up on `PATH`) with `arguments` (each the exact bytes of one
    /// argument), standard input from `/dev/null`.
    ///
    /// Killed when it runs longer than `timeout` seconds or writes more than `outputLimit` bytes.
    static func run(
        _ program: String, arguments: [[UInt8]], timeout: Double, outputLimit: Int
    ) throws(StartFailure) -> Completion {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        spawning.lock()
        guard makePipe(&outPipe), makePipe(&errPipe) else {
            spawning.unlock()
            throw .failed(String(cString: strerror(errno)))
        }
        let spawn = ProgramSpawn()
        spawn.open(0, path: "/dev/null", flags: O_RDONLY)
        spawn.duplicate(outPipe[1], as: 1)
        spawn.duplicate(errPipe[1], as: 2)
        let started = spawn.start([Array(program.utf8)] + arguments)
        spawning.unlock()
        close(outPipe[1])
        close(errPipe[1])
        let pid: pid_t
        switch started {
        case .success(let child): pid = child
        case .failure(let error):
            close(outPipe[0])
            close(errPipe[0])
            throw error.number == ENOENT ? .notFound : .failed(error.description)
        }
        var completion = collect(out: outPipe[0], err: errPipe[0], pid: pid, timeout: timeout, outputLimit: outputLimit)
        close(outPipe[0])
        close(errPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7F == 0
        completion.status = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return completion
    }

    /// A pipe whose ends are closed in any other program started meanwhile.
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Held from making a run's pipes to starting its program, so that no program started on
    /// another thread meanwhile inherits a pipe end before it is marked close-on-exec.
    private static let spawning = NSLock()

    /// Reads both pipes until they close, the time is up or the output is too large (then
    /// kills the program).
    private static func collect(out: Int32, err: Int32, pid: pid_t, timeout: Double, outputLimit: Int) -> Completion {
        var completion = Completion(status: 0, output: [], errorOutput: [])
        var open = [out, err]
        let deadline = monotonicSeconds() + timeout
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            let remaining = deadline - monotonicSeconds()
            if remaining <= 0 {
                completion.timedOut = true
                kill(pid, SIGKILL)
                break
            }
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining * 1000, 1_000)) + 1)
            if ready < 0 && errno != EINTR { break }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = DescriptorIO.readSome(descriptor.fd, into: &buffer)
                if count <= 0 {
                    if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                    open.removeAll { $0 == descriptor.fd }
                    continue
                }
                if descriptor.fd == out {
                    completion.output.append(contentsOf: buffer[..<count])
                } else {
                    completion.errorOutput.append(contentsOf: buffer[..<count])
                    if completion.errorOutput.count > 8_192 {
                        completion.errorOutput.removeFirst(completion.errorOutput.count - 8_192)
                    }
                }
            }
            if completion.output.count > outputLimit {
                completion.outputTooLarge = true
                kill(pid, SIGKILL)
                break
            }
        }
        return completion
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
