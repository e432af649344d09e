// Decoding: UTF-16 and UTF-32 files, UTF-8 with bad bytes to repair, and a legacy code page, each
// decoded in process by `TextDecoder`, and a UTF-16 file counted by the binary for a word it does
// not hold: the time is decoding and parsing. In process the figure is this thread's CPU time
// (the machine this runs on is often shared; wall time is in the MB/s column), and the standard
// library's `transcode` decodes the UTF-16LE file too, for comparison with SeekBytes'
// hand-written `WideUnicodeDecoder`.

import Foundation
import SeekKit

func textDecoding(_ bench: Bench) {
    guard bench.wants("decoding") else { return }
    let russian = russianSRT(bytes: bench.options.size(20), seed: 21)
    let scalars = Array(russian.unicodeScalars)
    var utf16LE: [UInt8] = [0xFF, 0xFE]
    var utf16BE: [UInt8] = [0xFE, 0xFF]
    for unit in russian.utf16 {
        utf16LE += [UInt8(truncatingIfNeeded: unit), UInt8(truncatingIfNeeded: unit >> 8)]
        utf16BE += [UInt8(truncatingIfNeeded: unit >> 8), UInt8(truncatingIfNeeded: unit)]
    }
    var utf32LE: [UInt8] = [0xFF, 0xFE, 0, 0]
    for scalar in scalars { withUnsafeBytes(of: scalar.value.littleEndian) { utf32LE += $0 } }
    // Chinese in GB18030: random characters of GB2312's first level (lead 0xB0–0xD6, trail
    // 0xA1–0xFE, every pair assigned), twenty to a line.
    var random = SeededGenerator(seed: 22)
    var gb18030Chinese: [UInt8] = []
    while gb18030Chinese.count < bench.options.size(10) {
        for _ in 0..<20 {
            gb18030Chinese += [UInt8.random(in: 0xB0...0xD6, using: &random), UInt8.random(in: 0xA1...0xFE, using: &random)]
        }
        gb18030Chinese.append(0x0A)
    }
    // Mostly UTF-8, one bad byte in every 997: read as UTF-8 with each bad byte replaced.
    var damaged = Array(russian.utf8)
    for position in stride(from: 500, to: damaged.count, by: 997) where damaged[position] >= 0x80 {
        damaged[position] = 0xFF
    }
    let cases: [(String, [UInt8], TextEncoding?)] = [
        ("UTF-16LE", utf16LE, nil), ("UTF-16BE", utf16BE, nil), ("UTF-32LE", utf32LE, nil),
        ("UTF-8, bad bytes replaced", damaged, nil),
        ("windows-1251 (given)", windows1251(russian), TextEncoding(name: "windows-1251")),
        ("GB18030 (given)", gb18030Chinese, TextEncoding(name: "GB18030")),
    ]
    for (name, bytes, encoding) in cases {
        var times: [Double] = []
        var cpu: [Double] = []
        var decoded: DecodedText?
        for _ in 0..<bench.options.runs {
            let (start, startCPU) = (now(), threadCPUSeconds())
            decoded = try? TextDecoder.decode(bytes, encoding: encoding, fileName: name)
            (times, cpu) = (times + [now() - start], cpu + [threadCPUSeconds() - startCPU])
        }
        let same = decoded.map { String(decoding: $0.utf8, as: UTF8.self) == russian } ?? false
        bench.row("decode \(name) \(megabytes(bytes.count / 1024)) in process, CPU", seek: format(median(cpu)),
                  rg: String(format: "%.0f MB/s", Double(bytes.count) / 1e6 / max(median(times), 1e-9)),
                  matches: decoded?.encoding.name ?? "refused",
                  check: same ? "text as written" : name.hasPrefix("GB") || name.hasPrefix("UTF-8") ? "" : "TEXT DIFFERS")
    }
    var cpu: [Double] = []
    var transcoded: [UInt8] = []
    for _ in 0..<bench.options.runs {
        let startCPU = threadCPUSeconds()
        transcoded = transcodeUTF16LittleEndian(utf16LE[2...])
        cpu.append(threadCPUSeconds() - startCPU)
    }
    bench.row("  the same UTF-16LE by transcode(_:from:to:), CPU", seek: format(median(cpu)),
              check: transcoded == Array(russian.utf8) ? "text as written" : "TEXT DIFFERS")
    let path = bench.directory + "/russian-utf16le.srt"
    if !FileManager.default.fileExists(atPath: path) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(utf16LE))
    }
    var times: [Double] = []
    var count = ""
    for _ in 0..<bench.options.runs {
        let result = ProcessRun.run([bench.seek, "-c", "-e", "budget", path], keeping: true)
        times.append(result.seconds)
        count = String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    bench.row("UTF-16LE .srt \(megabytes(utf16LE.count / 1024)), 'budget' -c", seek: format(median(times)),
              matches: count)
}

/// This thread's CPU time in seconds.
private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// UTF-16LE bytes to UTF-8 by the standard library's `transcode` over an iterator of code units
/// (how `TextDecoder` read UTF-16 from 5df387c until `WideUnicodeDecoder`).
private func transcodeUTF16LittleEndian(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    struct Units: IteratorProtocol {
        let bytes: ArraySlice<UInt8>
        var index: Int
        mutating func next() -> UInt16? {
            guard bytes.endIndex - index >= 2 else { return nil }
            defer { index += 2 }
            return UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
        }
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    _ = transcode(Units(bytes: bytes, index: bytes.startIndex), from: UTF16.self, to: UTF8.self,
                  stoppingOnError: false) { output.append($0) }
    return output
}
