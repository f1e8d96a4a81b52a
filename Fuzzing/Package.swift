// swift-tools-version:6.0
// Coverage-guided fuzz targets for Almanac (libFuzzer), kept out of the main package so `swift build`
// and `swift test` never build them. Run: scripts/tools/fuzz.sh [SECONDS] [TARGET...] (builds with
// -sanitize=fuzzer into .build-fuzz). Each target is a main.swift that hands one check to libFuzzer.
import PackageDescription

let targets = [
    "fuzz-spec", "fuzz-compile", "fuzz-recurrence", "fuzz-plan", "fuzz-executor-input", "fuzz-syntax", "fuzz-import", "fuzz-codegen",
]

let package = Package(
    name: "AlmanacFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Almanac", path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        .target(
            name: "FuzzChecks",
            dependencies: [
                "CFuzzDriver",
                .product(name: "AlmanacSpec", package: "Almanac"),
                .product(name: "AlmanacCore", package: "Almanac"),
                .product(name: "AlmanacExecutor", package: "Almanac"),
                .product(name: "AlmanacCommandLine", package: "Almanac"),
                .product(name: "AlmanacInterchange", package: "Almanac"),
                .product(name: "AlmanacCodegen", package: "Almanac"),
            ]
        ),
    ] + targets.map { .executableTarget(name: $0, dependencies: ["FuzzChecks"]) }
)
