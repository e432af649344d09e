// swift-tools-version: 6.0
import PackageDescription

// The layers, each importing only those below it:
//   SeekBytes (byte-level scans, the only raw-pointer code) <- SeekKit (the library)
//   <- SeekViewer (the navigator as pure values) <- seek (the command).
// The benchmark is a package of its own, in Benchmarks/.
let package = Package(
    name: "Seek",
    // SeekKit's search model uses Observation: macOS 14, iOS 17 and their siblings; Linux too.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SeekKit", targets: ["SeekKit"]),
        .library(name: "SeekViewer", targets: ["SeekViewer"]),
        .executable(name: "seek", targets: ["seek"]),
    ],
    targets: [
        .target(name: "SeekBytes"),
        .target(name: "SeekKit", dependencies: ["SeekBytes"]),
        .target(name: "SeekViewer", dependencies: ["SeekKit"]),
        // The release binary is built as one static executable with cross-module optimization:
        // swift build -c release -Xswiftc -static-executable -Xswiftc -cross-module-optimization
        // (see .ci/run; why, with figures, in README's Performance section).
        .executableTarget(name: "seek", dependencies: ["SeekViewer", "SeekKit"]),
        .executableTarget(
            name: "seek-sample",
            dependencies: ["SeekKit"],
            path: "Samples/SampleProgram"
        ),
        .testTarget(name: "SeekBytesTests", dependencies: ["SeekBytes"]),
        .testTarget(name: "SeekKitTests", dependencies: ["SeekKit", "SeekBytes"]),
        .testTarget(name: "SeekViewerTests", dependencies: ["SeekViewer", "SeekKit"], exclude: ["Snapshots"]),
        .testTarget(name: "SeekCLITests", dependencies: ["seek", "seek-sample"], exclude: ["Snapshots"]),
    ]
)
