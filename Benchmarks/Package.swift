// swift-tools-version:6.0
// Benchmarks for Almanac, kept out of the main package so `swift test` never builds or times them.
// Run: scripts/bench/compiler.sh (release build, peers measured in the same run).
import PackageDescription

let package = Package(
    name: "AlmanacBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Almanac", path: "..")],
    targets: [
        .executableTarget(
            name: "almanac-bench",
            dependencies: [
                .product(name: "AlmanacSpec", package: "Almanac"),
                .product(name: "AlmanacCore", package: "Almanac"),
                .product(name: "AlmanacPlanDiff", package: "Almanac"),
            ],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        )
    ]
)
