// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Seek",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "SeekKit", targets: ["SeekKit"]),
        .executable(name: "seek", targets: ["seek"]),
    ],
    targets: [
        .target(name: "SeekKit"),
        .executableTarget(name: "seek", dependencies: ["SeekKit"]),
        .executableTarget(
            name: "seek-sample",
            dependencies: ["SeekKit"],
            path: "Samples/SampleProgram"
        ),
        .executableTarget(name: "seek-bench", dependencies: ["SeekKit"]),
        .testTarget(name: "SeekKitTests", dependencies: ["SeekKit"]),
        .testTarget(name: "SeekCLITests", dependencies: ["seek"]),
    ]
)
