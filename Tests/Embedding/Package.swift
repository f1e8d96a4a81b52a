// swift-tools-version:6.1
// An app's view of Almanac: depends only on the core products (no YAML, no libyaml), builds a schedule
// in code, validates, compiles in process and hands the plan to a backend. `.ci/run` builds it and
// checks with ldd/nm that the binary links no libyaml (scripts/ci/embedding.sh).
import PackageDescription

let package = Package(
    name: "AlmanacEmbedding",
    platforms: [.macOS(.v13), .iOS(.v16)],
    // `traits: []`: nothing beyond the core is resolved (docs/embedding.md, "What an app builds").
    dependencies: [.package(name: "Almanac", path: "../..", traits: [])],
    targets: [
        .executableTarget(
            name: "embedding-example",
            dependencies: [
                .product(name: "AlmanacCore", package: "Almanac"),
                .product(name: "AlmanacExecutor", package: "Almanac"),
                .product(name: "AlmanacRegistration", package: "Almanac"),
            ]
        ),
        // The mistakes of mistakes.yaml, made in code: prints the codes `Schedule.validate()` gives.
        .executableTarget(name: "embedding-mistakes", dependencies: [.product(name: "AlmanacCore", package: "Almanac")]),
    ]
)
