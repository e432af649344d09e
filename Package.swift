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
        .executableTarget(
            name: "seek",
            dependencies: ["SeekKit"],
            // A release `seek` on Linux carries the Swift runtime and Foundation inside it:
            // loading them as shared libraries cost about 3.5 ms of every run, more than
            // grep's whole run on a small file. (Static linking is not offered on Apple's systems.)
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-Xlinker", "--start-group", "-lCoreFoundation", "-l_FoundationICU",
                     "-l_FoundationCShims", "-l_FoundationCollections", "-lswiftSynchronization",
                     "-Xlinker", "--end-group"],
                    .when(platforms: [.linux], configuration: .release)),
            ]
        ),
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
