// swift-tools-version:6.0
// Almanac: a declarative schedule compiler.
// source text → parse (libyaml events → located nodes) → validate (Schedule + diagnostics)
//             → expand (fire streams, merged) → plan (canonical writer) → executor | spy
import PackageDescription

let package = Package(
    name: "Almanac",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "almanac", targets: ["almanac"]),
        .executable(name: "almanac-exec", targets: ["almanac-exec"]),
        .library(name: "AlmanacSpec", targets: ["AlmanacSpec"]),
        .library(name: "AlmanacCompiler", targets: ["AlmanacCompiler"]),
        .library(name: "AlmanacPlan", targets: ["AlmanacPlan"]),
        .library(name: "AlmanacExecutor", targets: ["AlmanacExecutor"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
    ],
    targets: [
        // MARK: CYAML — system library over libyaml (Debian libyaml-dev, Homebrew libyaml)
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),

        // MARK: AlmanacTime — civil dates and times, zone offset tables, DST and invalid-date resolution
        .target(name: "AlmanacTime"),
        .testTarget(name: "AlmanacTimeTests", dependencies: ["AlmanacTime"], resources: [.copy("Fixtures")]),

        // MARK: AlmanacJSON — a JSON value, its canonical writer and a strict reader
        .target(name: "AlmanacJSON"),

        // MARK: AlmanacSpec — text → located YAML nodes → validated Schedule; diagnostics model and renderer
        .target(name: "AlmanacSpec", dependencies: ["CYAML", "AlmanacTime", "AlmanacJSON"]),
        .testTarget(name: "AlmanacSpecTests", dependencies: ["AlmanacSpec", "AlmanacTestSupport"], exclude: ["Fixtures"]),

        // MARK: AlmanacPlan — the plan model, canonical writer, reader and diff: the executors' only contract
        .target(name: "AlmanacPlan", dependencies: ["AlmanacTime", "AlmanacJSON"]),
        .testTarget(name: "AlmanacPlanTests", dependencies: ["AlmanacPlan", "AlmanacTestSupport"]),

        // MARK: AlmanacCompiler — per-kind fire streams merged over a window, budgets and lints → Plan
        .target(name: "AlmanacCompiler", dependencies: ["AlmanacSpec", "AlmanacPlan", "AlmanacTime"]),
        .testTarget(name: "AlmanacCompilerTests", dependencies: ["AlmanacCompiler", "AlmanacTestSupport"], exclude: ["Golden"], resources: [.copy("Fixtures")]),

        // MARK: AlmanacExecutor — reconciler, clocks, backends (spy, stdout, exec), journal; reads plans only
        .target(name: "AlmanacExecutor", dependencies: ["AlmanacPlan", "AlmanacTime", "AlmanacJSON"]),
        .testTarget(name: "AlmanacExecutorTests", dependencies: ["AlmanacExecutor", "AlmanacTestSupport"], exclude: ["Golden"]),

        // MARK: Executables — thin ArgumentParser front ends
        .executableTarget(
            name: "almanac",
            dependencies: [
                "AlmanacSpec", "AlmanacCompiler", "AlmanacPlan",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "almanac-exec",
            dependencies: [
                "AlmanacExecutor", "AlmanacPlan",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Tests shared — golden files (ALMANAC_RECORD=1) and running the built binaries
        .target(name: "AlmanacTestSupport", path: "Tests/AlmanacTestSupport"),
        .testTarget(name: "CLITests", dependencies: ["almanac", "almanac-exec", "AlmanacTestSupport"], exclude: ["Fixtures", "Golden"]),
    ]
)
