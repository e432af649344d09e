// swift-tools-version: 6.0
import PackageDescription

// The benchmark, apart from the package so that a plain `swift build` does not build it.
// From this folder: swift build -c release && swift build -c release --product seek
// then .build/release/seek-bench (it runs the `seek` next to itself).
let package = Package(
    name: "SeekBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Seek", path: "..")],
    targets: [
        .executableTarget(
            name: "seek-bench",
            dependencies: [.product(name: "SeekKit", package: "Seek"), .product(name: "SeekViewer", package: "Seek")]
        ),
    ]
)
